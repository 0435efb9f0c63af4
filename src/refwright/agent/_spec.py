"""``--model`` specs: ``openai:MODEL``, ``anthropic:MODEL`` or ``local``."""

from __future__ import annotations

import os

from .._errors import RefwrightError
from ._loop import Llm

__all__ = ["DEFAULT_ANTHROPIC_MODEL", "DEFAULT_OPENAI_MODEL", "default_spec", "llm_from_spec"]

DEFAULT_OPENAI_MODEL = "gpt-4o-mini"
DEFAULT_ANTHROPIC_MODEL = "claude-sonnet-4-5"


def default_spec() -> str:
    """The provider whose key is set: OpenAI first, then Anthropic, else the local resolver."""
    if os.environ.get("OPENAI_API_KEY"):
        return "openai"
    if os.environ.get("ANTHROPIC_API_KEY"):
        return "anthropic"
    return "local"


def llm_from_spec(spec: str | None = None, *, stream: bool = False) -> Llm:
    """A ``Llm`` from a spec such as ``openai:gpt-4o-mini`` or ``anthropic:claude-sonnet-4-5``.

    Only the first colon separates the provider, so ``openai:llama3.1:8b`` names an Ollama model. A bare
    ``openai`` or ``anthropic`` uses a default model; no spec picks the provider from the keys that are set.
    """
    spec = (spec or default_spec()).strip()
    provider, _, model = spec.partition(":")
    provider = provider.lower()
    model = model.strip()
    if provider == "local" and model in ("", "auto-approve"):
        # No model at all: each step is `act <task>` on refwright's local resolver. `local:auto-approve`
        # also confirms approval-required steps, for demos where the person has approved in advance.
        from .providers._local import LocalResolverLlm

        return LocalResolverLlm(confirm_proposals=model == "auto-approve")
    if provider == "openai":
        from .providers._openai import OpenAIChat

        return OpenAIChat(model or DEFAULT_OPENAI_MODEL, stream=stream)
    if provider == "anthropic":
        from .providers._anthropic import AnthropicMessages

        return AnthropicMessages(model or DEFAULT_ANTHROPIC_MODEL, stream=stream)
    raise RefwrightError(
        f"Unknown model spec {spec!r}. Use openai:MODEL (any OpenAI-compatible server), anthropic:MODEL, or local."
    )
