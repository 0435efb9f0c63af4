"""``--model`` specs: ``PROVIDER:MODEL``, such as ``openai:gpt-4o-mini``, ``anthropic:MODEL`` or ``local``.

Providers are a registry, as simonw/llm's plugins are: the built-in ones below, and any a third party
installs under the ``refwright.providers`` entry-point group. An entry point names a callable
``factory(model: str, *, stream: bool) -> Llm``; ``model`` is what follows the first colon (empty for a
bare name). A third-party provider never needs refwright edited::

    [project.entry-points."refwright.providers"]
    mistral = "refwright_mistral:make_llm"
"""

from __future__ import annotations

import difflib
import functools
import os
from collections.abc import Callable
from importlib.metadata import entry_points
from typing import Protocol

from .._errors import RefwrightError
from ._loop import Llm

__all__ = ["DEFAULT_ANTHROPIC_MODEL", "DEFAULT_OPENAI_MODEL", "ENTRY_POINT_GROUP", "ProviderFactory",
           "default_spec", "llm_from_spec", "provider_names"]

DEFAULT_OPENAI_MODEL = "gpt-4o-mini"
DEFAULT_ANTHROPIC_MODEL = "claude-sonnet-4-5"
ENTRY_POINT_GROUP = "refwright.providers"


class ProviderFactory(Protocol):
    def __call__(self, model: str, *, stream: bool) -> Llm: ...


def _local(model: str, *, stream: bool) -> Llm:
    # No model at all: each step is `act <task>` on refwright's local resolver. `local:auto-approve` also
    # confirms approval-required steps, for demos where the person has approved in advance.
    from .providers._local import LocalResolverLlm

    if model not in ("", "auto-approve"):
        raise RefwrightError(f"Unknown model spec {'local:' + model!r}. Use local, or local:auto-approve.")
    return LocalResolverLlm(confirm_proposals=model == "auto-approve")


def _openai(model: str, *, stream: bool) -> Llm:
    from .providers._openai import OpenAIChat

    return OpenAIChat(model or DEFAULT_OPENAI_MODEL, stream=stream)


def _anthropic(model: str, *, stream: bool) -> Llm:
    from .providers._anthropic import AnthropicMessages

    return AnthropicMessages(model or DEFAULT_ANTHROPIC_MODEL, stream=stream)


_BUILT_IN: dict[str, ProviderFactory] = {"local": _local, "openai": _openai, "anthropic": _anthropic}


def _registry() -> dict[str, Callable[[], ProviderFactory]]:
    """Every provider by name, loaded only when asked for; a built-in name cannot be taken over."""
    found: dict[str, Callable[[], ProviderFactory]] = {
        ep.name.lower(): ep.load for ep in entry_points(group=ENTRY_POINT_GROUP)}
    found.update({name: functools.partial(_given, factory) for name, factory in _BUILT_IN.items()})
    return found


def _given(factory: ProviderFactory) -> ProviderFactory:
    return factory


def provider_names() -> list[str]:
    """The providers a ``--model`` spec can name: the built-in ones, then those installed as plugins."""
    return list(_BUILT_IN) + sorted(set(_registry()) - set(_BUILT_IN))


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
    registry = _registry()
    load = registry.get(provider.strip().lower())
    if load is None:
        close = difflib.get_close_matches(provider.strip().lower(), list(registry), n=1)
        hint = f" Did you mean {close[0]}?" if close else ""
        raise RefwrightError(
            f"Unknown model spec {spec!r}.{hint} Use openai:MODEL (any OpenAI-compatible server), "
            f"anthropic:MODEL, or local; installed providers: {', '.join(provider_names())}.")
    return load()(model.strip(), stream=stream)
