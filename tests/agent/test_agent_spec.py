"""Model specs, and the promise that the agent package imports without its optional dependencies."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

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
    with pytest.raises(RefwrightError, match=r"Unknown model spec 'gemini:pro'.*installed providers: local, openai"):
        llm_from_spec("gemini:pro")
    with pytest.raises(RefwrightError, match=r"Did you mean openai\?"):
        llm_from_spec("opanai:gpt-4o")


def test_a_third_party_provider_plugs_in_by_entry_point(tmp_path: Path) -> None:
    """A package that declares a ``refwright.providers`` entry point is a provider, without refwright being
    edited: the spec names it, and the factory gets the model and the stream flag."""
    (tmp_path / "rw_echo_provider.py").write_text(
        "from refwright.agent import Assistant, ScriptedLlm\n"
        "def make(model, *, stream):\n"
        "    return ScriptedLlm([[Assistant(f'{model} stream={stream}')]])\n", encoding="utf-8")
    info = tmp_path / "rw_echo_provider-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: rw-echo-provider\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[refwright.providers]\necho = rw_echo_provider:make\n",
                                           encoding="utf-8")
    code = ("import asyncio\nfrom refwright.agent import llm_from_spec, provider_names, User\n"
            "llm = llm_from_spec('echo:tiny-1', stream=True)\n"
            "print(provider_names())\n"
            "print(asyncio.run(llm.next('', [User('hi')]))[0].text)\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), *sys.path])}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.splitlines() == ["['local', 'openai', 'anthropic', 'echo']", "tiny-1 stream=True"]


def test_the_providers_are_plain_imports() -> None:
    # httpx is a dependency: the HTTP providers are ordinary names of the package, with no lazy hook.
    import refwright.agent
    import refwright.agent.providers as providers

    for name in ("AnthropicMessages", "OpenAIChat", "RetryPolicy"):
        assert getattr(refwright.agent, name) is getattr(providers, name)
    assert not hasattr(refwright.agent, "__getattr__") and not hasattr(providers, "__getattr__")
