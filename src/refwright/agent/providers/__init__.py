"""Model providers behind the ``Llm`` protocol: the HTTP adapters (OpenAI-compatible, Anthropic), the local
resolver as a provider, and a scripted one for tests."""

from __future__ import annotations

from ._anthropic import AnthropicMessages
from ._http import RetryPolicy
from ._local import LocalResolverLlm
from ._openai import OpenAIChat
from ._scripted import ScriptedLlm, ScriptedStep

__all__ = ["AnthropicMessages", "LocalResolverLlm", "OpenAIChat", "RetryPolicy", "ScriptedLlm", "ScriptedStep"]
