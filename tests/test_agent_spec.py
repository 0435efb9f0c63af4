"""Model specs, and the promise that the agent package imports without its optional dependencies."""

from __future__ import annotations

import subprocess
import sys

import pytest

from refwright._errors import RefwrightError
from refwright.agent import AnthropicMessages, LocalResolverLlm, OpenAIChat, llm_from_spec

KEYS = ("OPENAI_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL")


@pytest.fixture(autouse=True)
def _no_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in KEYS:
        monkeypatch.delenv(var, raising=False)


def test_openai_spec(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    llm = llm_from_spec("openai:gpt-4o-mini", stream=True)
    assert isinstance(llm, OpenAIChat)
    assert (llm.model, llm.stream) == ("gpt-4o-mini", True)
    # Only the first colon separates the provider: Ollama tags keep theirs.
    ollama = llm_from_spec("openai:llama3.1:8b")
    assert isinstance(ollama, OpenAIChat) and ollama.model == "llama3.1:8b"


def test_anthropic_spec(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    llm = llm_from_spec("anthropic:claude-haiku-4-5")
    assert isinstance(llm, AnthropicMessages)
    assert llm.model == "claude-haiku-4-5" and llm.max_tokens == 4096


def test_default_follows_the_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    # No key at all: the model-free local resolver.
    assert isinstance(llm_from_spec(None), LocalResolverLlm)
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    assert isinstance(llm_from_spec(None), AnthropicMessages)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    assert isinstance(llm_from_spec(None), OpenAIChat)
    assert isinstance(llm_from_spec("anthropic"), AnthropicMessages)


def test_local_is_the_model_free_resolver() -> None:
    llm = llm_from_spec("local")
    assert isinstance(llm, LocalResolverLlm) and not llm.confirm_proposals
    approving = llm_from_spec("local:auto-approve")
    assert isinstance(approving, LocalResolverLlm) and approving.confirm_proposals
    with pytest.raises(RefwrightError, match="Unknown model spec 'local:gpt'"):
        llm_from_spec("local:gpt")


def test_unknown_spec() -> None:
    with pytest.raises(RefwrightError, match="Unknown model spec 'gemini:pro'"):
        llm_from_spec("gemini:pro")


def test_importing_the_agent_does_not_import_httpx_or_rich() -> None:
    code = (
        "import sys, refwright, refwright.agent, refwright.agent.providers\n"
        "from refwright.agent import run_agent, ScriptedLlm, llm_from_spec, tool_json_schema\n"
        "tool_json_schema()\n"
        "print(sorted(m for m in ('httpx', 'rich', 'anyio') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
    # The adapters themselves still load httpx only when they send a request.
    code = "import sys\nfrom refwright.agent import OpenAIChat\nprint('httpx' in sys.modules)\n"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
