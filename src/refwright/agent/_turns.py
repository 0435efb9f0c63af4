"""The conversation between the loop and a model: turns, token usage and their JSON form."""

from __future__ import annotations

import base64
from dataclasses import dataclass
from typing import Any

__all__ = [
    "Assistant",
    "Reply",
    "ToolCall",
    "ToolResult",
    "Turn",
    "Usage",
    "User",
    "turn_from_json",
    "turn_to_json",
]


@dataclass(frozen=True)
class User:
    """Text from the person: the task, or a follow-up."""

    text: str


@dataclass(frozen=True)
class Assistant:
    """Text the model wrote. In a reply without tool calls it is the final answer."""

    text: str


@dataclass(frozen=True)
class ToolCall:
    """The model asking to run one command line.

    ``arguments`` keeps the arguments exactly as the provider sent them (the JSON string of an OpenAI
    call, the JSON text of an Anthropic ``input`` object) because the APIs expect the call replayed
    verbatim. ``name`` is the tool the model named, which is not always ``browser``. ``error`` is set
    by an adapter when the call could not be understood; the loop answers it with that error instead
    of running anything.
    """

    id: str
    command: str
    arguments: str | None = None
    name: str = "browser"
    error: str | None = None


@dataclass(frozen=True)
class ToolResult:
    """The text answer to one ``ToolCall`` (same ``id``), with the PNG when the command took one."""

    id: str
    output: str
    image: bytes | None = None


Turn = User | Assistant | ToolCall | ToolResult


@dataclass(frozen=True)
class Usage:
    """Tokens as the provider counted them."""

    input_tokens: int = 0
    output_tokens: int = 0

    def __add__(self, other: Usage) -> Usage:
        return Usage(self.input_tokens + other.input_tokens, self.output_tokens + other.output_tokens)


class Reply(list[Turn]):
    """A model's reply: a plain ``list[Turn]`` that also carries the usage the provider reported.

    Being a list keeps ``Llm.next`` returning ``list[Turn]``, so any adapter that returns a bare list
    still works; the loop just counts no tokens for it.
    """

    def __init__(self, turns: list[Turn] | tuple[Turn, ...] = (), usage: Usage | None = None) -> None:
        super().__init__(turns)
        self.usage = usage


def turn_to_json(turn: Turn) -> dict[str, Any]:
    """One turn as a JSON object (one line of a JSONL transcript); images are base64 PNG."""
    if isinstance(turn, User):
        return {"type": "user", "text": turn.text}
    if isinstance(turn, Assistant):
        return {"type": "assistant", "text": turn.text}
    if isinstance(turn, ToolCall):
        out: dict[str, Any] = {"type": "tool_call", "id": turn.id, "command": turn.command}
        if turn.arguments is not None:
            out["arguments"] = turn.arguments
        if turn.name != "browser":
            out["name"] = turn.name
        if turn.error is not None:
            out["error"] = turn.error
        return out
    if isinstance(turn, ToolResult):
        out = {"type": "tool_result", "id": turn.id, "output": turn.output}
        if turn.image is not None:
            out["image_png_base64"] = base64.b64encode(turn.image).decode("ascii")
        return out
    raise TypeError(f"not a Turn: {turn!r}")


def turn_from_json(data: dict[str, Any]) -> Turn:
    """The inverse of ``turn_to_json``, for replaying a saved transcript."""
    kind = data.get("type")
    if kind == "user":
        return User(str(data["text"]))
    if kind == "assistant":
        return Assistant(str(data["text"]))
    if kind == "tool_call":
        return ToolCall(
            id=str(data["id"]),
            command=str(data["command"]),
            arguments=data.get("arguments"),
            name=str(data.get("name", "browser")),
            error=data.get("error"),
        )
    if kind == "tool_result":
        image = data.get("image_png_base64")
        return ToolResult(str(data["id"]), str(data["output"]), base64.b64decode(image) if image else None)
    raise ValueError(f"unknown turn type {kind!r}")
