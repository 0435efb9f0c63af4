"""Anthropic's Messages API with tool use."""

from __future__ import annotations

import base64
import json
from typing import Any

import httpx

from ..._errors import ProviderError
from .._tool import anthropic_tool, parse_tool_arguments
from .._turns import Assistant, Reply, ToolCall, ToolResult, Turn, Usage, User
from ._http import HttpLlm, RetryPolicy, SseEvent, StreamFailedError, endpoint

__all__ = ["AnthropicMessages", "anthropic_messages"]

DEFAULT_BASE_URL = "https://api.anthropic.com"
API_VERSION = "2023-06-01"

# Errors a stream can report that a new attempt may not meet again.
_RETRYABLE_STREAM_ERRORS = frozenset({"overloaded_error", "api_error", "rate_limit_error"})


class AnthropicMessages(HttpLlm):
    """A ``Llm`` over ``POST {base_url}/v1/messages``.

    The key comes from ``api_key`` or ``ANTHROPIC_API_KEY`` and the server from ``base_url`` or
    ``ANTHROPIC_BASE_URL``. ``max_tokens`` is required by the API and is sent on every request.
    ``vision=False`` leaves screenshots out; ``extra_body`` is merged into every request.
    """

    def __init__(
        self,
        model: str,
        api_key: str | None = None,
        base_url: str | None = None,
        max_tokens: int = 4096,
        stream: bool = False,
        *,
        vision: bool = True,
        extra_body: dict[str, Any] | None = None,
        timeout: float = 120.0,
        retry: RetryPolicy | None = None,
        http_client: httpx.AsyncClient | None = None,
    ) -> None:
        base, key = endpoint(base_url, api_key, base_env="ANTHROPIC_BASE_URL", key_env="ANTHROPIC_API_KEY",
                             default=DEFAULT_BASE_URL)
        if not key and base == DEFAULT_BASE_URL:
            raise ProviderError("No Anthropic API key: set ANTHROPIC_API_KEY.", provider="Anthropic")
        if max_tokens < 1:
            raise ValueError("max_tokens must be at least 1")
        self.model = model
        self.max_tokens = max_tokens
        self.stream = stream
        self.vision = vision
        self.extra_body = dict(extra_body or {})
        self._key = key
        self._connect("Anthropic", base, key_env="ANTHROPIC_API_KEY",
                      base_env="ANTHROPIC_BASE_URL", timeout=timeout, retry=retry, http_client=http_client)

    def __repr__(self) -> str:
        return f"AnthropicMessages(model={self.model!r}, base_url={self._http.base_url!r}, stream={self.stream})"

    async def next(self, system: str, turns: list[Turn]) -> list[Turn]:
        body: dict[str, Any] = {
            "model": self.model,
            "max_tokens": self.max_tokens,
            "system": system,
            "messages": anthropic_messages(turns, vision=self.vision),
            # tool_choice stays "auto": forcing a tool would leave the model no way to answer.
            "tools": [anthropic_tool()],
        }
        if self.stream:
            body["stream"] = True
        body.update(self.extra_body)
        headers = {
            "content-type": "application/json",
            "anthropic-version": API_VERSION,
        }
        if self._key:
            headers["x-api-key"] = self._key
        if self.stream:
            return await self._http.post_stream("/v1/messages", headers, body, _StreamReader)
        return _parse_message(await self._http.post_json("/v1/messages", headers, body))


def _tool_input(call: ToolCall) -> dict[str, Any]:
    if call.arguments is not None:
        try:
            value = json.loads(call.arguments)
        except ValueError:
            value = None
        if isinstance(value, dict):
            return value
        # A streamed input that never became valid JSON: the API only takes an object back, and the
        # tool result already tells the model what went wrong.
        return {}
    return {"command": call.command}


def anthropic_messages(turns: list[Turn], *, vision: bool = True) -> list[dict[str, Any]]:
    """The conversation as Messages API messages.

    The API wants strictly alternating roles (so consecutive turns of one side share a message), every
    ``tool_use`` answered by a ``tool_result`` at the start of the next user message, ``tool_use``
    replayed with the same id and its input as an object, and no empty text blocks.
    """
    messages: list[dict[str, Any]] = []

    def add(role: str, block: dict[str, Any]) -> None:
        if messages and messages[-1]["role"] == role:
            messages[-1]["content"].append(block)
        else:
            messages.append({"role": role, "content": [block]})

    for turn in turns:
        if isinstance(turn, User):
            if turn.text.strip():
                add("user", {"type": "text", "text": turn.text})
        elif isinstance(turn, Assistant):
            if turn.text.strip():
                add("assistant", {"type": "text", "text": turn.text})
        elif isinstance(turn, ToolCall):
            add(
                "assistant",
                {"type": "tool_use", "id": turn.id, "name": turn.name, "input": _tool_input(turn)},
            )
        elif isinstance(turn, ToolResult):
            block: dict[str, Any] = {"type": "tool_result", "tool_use_id": turn.id}
            content: list[dict[str, Any]] = []
            if turn.output:
                content.append({"type": "text", "text": turn.output})
            if turn.image is not None and vision:
                data = base64.b64encode(turn.image).decode("ascii")
                content.append({"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": data}})
            if content:
                block["content"] = content
            if turn.output.startswith("Error:"):
                block["is_error"] = True
            add("user", block)
    for message in messages:
        if message["role"] == "user":
            # tool_result blocks must open the user message that follows the tool_use.
            message["content"].sort(key=lambda b: b["type"] != "tool_result")
    return messages


def _anthropic_usage(data: Any, previous: Usage | None = None) -> Usage:
    base = previous or Usage()
    if not isinstance(data, dict):
        return base
    # Cached prompt tokens are counted apart from input_tokens; they are still tokens in.
    inputs = [data.get(k) for k in ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")]
    input_tokens = sum(int(v or 0) for v in inputs) if any(v is not None for v in inputs) else base.input_tokens
    output = data.get("output_tokens")
    return Usage(input_tokens, int(output) if output is not None else base.output_tokens)


def _tool_call(call_id: str, name: str, arguments: str) -> ToolCall:
    command, error = parse_tool_arguments(arguments)
    return ToolCall(id=call_id, command=command, arguments=arguments, name=name, error=error)


def _parse_message(data: Any) -> Reply:
    if not isinstance(data, dict) or not isinstance(data.get("content"), list):
        raise ProviderError(f"The reply has no content: {json.dumps(data)[:300]}", provider="Anthropic")
    turns: list[Turn] = []
    for block in data["content"]:
        kind = block.get("type")
        if kind == "text" and block.get("text"):
            turns.append(Assistant(block["text"]))
        elif kind == "tool_use":
            turns.append(_tool_call(block["id"], block.get("name", "browser"), json.dumps(block.get("input", {}))))
    return Reply(turns, _anthropic_usage(data.get("usage")))


class _StreamReader:
    """Assembles a streamed message from content_block_start/delta/stop events; a tool's input arrives
    as pieces of JSON text (``input_json_delta``)."""

    def __init__(self) -> None:
        self._blocks: dict[int, dict[str, Any]] = {}
        self._usage: Usage | None = None
        self._done = False

    def event(self, event: SseEvent) -> None:
        try:
            data = json.loads(event.data)
        except ValueError as exc:
            raise StreamFailedError(
                f"a stream event is not JSON ({exc}): {event.data[:200]!r}", retryable=False) from None
        kind = data.get("type") if isinstance(data, dict) else None
        if kind == "message_start":
            self._usage = _anthropic_usage((data.get("message") or {}).get("usage"))
        elif kind == "content_block_start":
            block = data.get("content_block") or {}
            self._blocks[int(data["index"])] = {
                "type": block.get("type"),
                "id": block.get("id", ""),
                "name": block.get("name", "browser"),
                "text": [block.get("text", "")],
                "json": [],
            }
        elif kind == "content_block_delta":
            slot = self._blocks.get(int(data["index"]))
            delta = data.get("delta") or {}
            if slot is None:
                return
            if delta.get("type") == "text_delta":
                slot["text"].append(delta.get("text", ""))
            elif delta.get("type") == "input_json_delta":
                slot["json"].append(delta.get("partial_json", ""))
        elif kind == "message_delta":
            # message_delta's usage is cumulative for the message.
            self._usage = _anthropic_usage(data.get("usage"), self._usage)
        elif kind == "message_stop":
            self._done = True
        elif kind == "error":
            error = data.get("error") or {}
            raise StreamFailedError(
                f"{error.get('type', 'error')}: {error.get('message', '')}",
                retryable=error.get("type") in _RETRYABLE_STREAM_ERRORS,
            )

    def result(self) -> Reply:
        if not self._done:
            raise StreamFailedError("the stream ended before message_stop", retryable=True)
        turns: list[Turn] = []
        for index in sorted(self._blocks):
            slot = self._blocks[index]
            if slot["type"] == "text":
                text = "".join(slot["text"])
                if text:
                    turns.append(Assistant(text))
            elif slot["type"] == "tool_use":
                # A tool without parameters streams no JSON at all: its input is {}.
                turns.append(_tool_call(slot["id"], slot["name"], "".join(slot["json"]) or "{}"))
        return Reply(turns, self._usage)
