"""Model providers behind the ``Llm`` protocol.

The HTTP adapters are imported on first use, so that ``import refwright.agent`` works without the
optional ``httpx`` dependency and stays cheap.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ._local import LocalResolverLlm
from ._scripted import ScriptedLlm, ScriptedStep

if TYPE_CHECKING:
    from ._anthropic import AnthropicMessages
    from ._http import RetryPolicy
    from ._openai import OpenAIChat

__all__ = ["AnthropicMessages", "LocalResolverLlm", "OpenAIChat", "RetryPolicy", "ScriptedLlm", "ScriptedStep"]

_LAZY = {"OpenAIChat": "._openai", "AnthropicMessages": "._anthropic", "RetryPolicy": "._http"}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(module, __name__), name)
