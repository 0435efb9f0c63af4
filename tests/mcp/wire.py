"""What the MCP tests read from a tool's answer."""

from __future__ import annotations

from typing import Any


def text(result: Any) -> str:
    """The text parts of an MCP tool result, one per line."""
    return "\n".join(c.text for c in result.content if c.type == "text")
