"""OpenAI Chat Completions with tool calling, and so every OpenAI-compatible server.

Ollama, vLLM, llama.cpp and LM Studio speak the same protocol: point ``OPENAI_BASE_URL`` (or
``base_url``) at them.
"""

from __future__ import annotations

import base64
import json
from typing import Any

import httpx

from ..._errors import ProviderError
from .._tool import openai_tool, parse_tool_arguments
from .._turns import Assistant, Reply, ToolCall, ToolResult, Turn, Usage, User
from ._http import HttpLlm, RetryPolicy, SseEvent, StreamFailedError, endpoint

__all__ = ["OpenAIChat", "openai_messages"]

DEFAULT_BASE_URL = "https://api.openai.com/v1"


class OpenAIChat(HttpLlm):
    """A ``Llm`` over ``POST {base_url}/chat/completions``.

    The key comes from ``api_key`` or ``OPENAI_API_KEY`` and the server from ``base_url`` or
    ``OPENAI_BASE_URL``; a local server needs no key. ``stream=True`` reads the reply as server-sent
    events. ``vision=False`` leaves screenshots out, for text-only models that refuse images.
    ``extra_body`` is merged into every request (``temperature``, ``max_completion_tokens``, ...).
    """

    def __init__(
        self,
        model: str,
        api_key: str | None = None,
        base_url: str | None = None,
        stream: bool = False,
        *,
        vision: bool = True,
        extra_body: dict[str, Any] | None = None,
        timeout: float = 120.0,
        retry: RetryPolicy | None = None,
        http_client: httpx.AsyncClient | None = None,
    ) -> None:
        base, key = endpoint(base_url, api_key, base_env="OPENAI_BASE_URL", key_env="OPENAI_API_KEY",
                             default=DEFAULT_BASE_URL)
        if not key and base == DEFAULT_BASE_URL:
            raise ProviderError(
                "No OpenAI API key: set OPENAI_API_KEY, or set OPENAI_BASE_URL to an OpenAI-compatible "
                "server that needs none (Ollama, vLLM, llama.cpp, LM Studio).",
                provider="OpenAI",
            )
        self.model = model
        self.stream = stream
        self.vision = vision
        self.extra_body = dict(extra_body or {})
        self._key = key
        provider = "OpenAI" if base == DEFAULT_BASE_URL else f"The OpenAI-compatible server at {base}"
        self._connect(provider, base, key_env="OPENAI_API_KEY", base_env="OPENAI_BASE_URL", timeout=timeout,
                      retry=retry, http_client=http_client)

    def __repr__(self) -> str:
        return f"OpenAIChat(model={self.model!r}, base_url={self._http.base_url!r}, stream={self.stream})"

    async def next(self, system: str, turns: list[Turn]) -> list[Turn]:
        body: dict[str, Any] = {
            "model": self.model,
            "messages": openai_messages(system, turns, vision=self.vision),
            # tool_choice and parallel_tool_calls stay at their defaults: the model decides when it is
            # done, and the loop runs several calls of one reply in order.
            "tools": [openai_tool()],
        }
        if self.stream:
            body["stream"] = True
            # Without this a stream carries no token counts.
            body["stream_options"] = {"include_usage": True}
        body.update(self.extra_body)
        headers = {"Content-Type": "application/json"}
        if self._key:
            headers["Authorization"] = f"Bearer {self._key}"
        if self.stream:
            return await self._http.post_stream("/chat/completions", headers, body, _StreamReader)
        return _parse_completion(await self._http.post_json("/chat/completions", headers, body))


def openai_messages(system: str, turns: list[Turn], *, vision: bool = True) -> list[dict[str, Any]]:
    """The conversation as Chat Completions messages.

    The API checks the tool protocol: an assistant message's ``tool_calls`` must be followed directly by
    one ``tool`` message per call, with nothing in between, and each call is replayed exactly as it was
    received. A ``tool`` message can only hold text, so a screenshot goes into a ``user`` message right
    after the batch of tool messages — the usual way to show a tool's image to a Chat Completions model.
    """
    messages: list[dict[str, Any]] = [{"role": "system", "content": system}]
    assistant: dict[str, Any] | None = None
    images: list[tuple[str, bytes]] = []

    def flush_assistant() -> None:
        nonlocal assistant
        if assistant is not None:
            messages.append(assistant)
            assistant = None

    def flush_images() -> None:
        if not images:
            return
        content: list[dict[str, Any]] = []
        for call_id, png in images:
            content.append({"type": "text", "text": f"Screenshot from tool call {call_id}:"})
            data = base64.b64encode(png).decode("ascii")
            content.append({"type": "image_url", "image_url": {"url": f"data:image/png;base64,{data}"}})
        messages.append({"role": "user", "content": content})
        images.clear()

    for turn in turns:
        if not isinstance(turn, ToolResult):
            flush_images()
        if isinstance(turn, User):
            flush_assistant()
            messages.append({"role": "user", "content": turn.text})
        elif isinstance(turn, Assistant | ToolCall):
            if assistant is None:
                assistant = {"role": "assistant", "content": None}
            if isinstance(turn, Assistant):
                assistant["content"] = (assistant["content"] or "") + turn.text
            else:
                assistant.setdefault("tool_calls", []).append(
                    {
                        "id": turn.id,
                        "type": "function",
                        "function": {
                            "name": turn.name,
                            "arguments": turn.arguments
                            if turn.arguments is not None
                            else json.dumps({"command": turn.command}),
                        },
                    }
                )
        elif isinstance(turn, ToolResult):
            flush_assistant()
            messages.append({"role": "tool", "tool_call_id": turn.id, "content": turn.output})
            if turn.image is not None and vision:
                images.append((turn.id, turn.image))
    flush_assistant()
    flush_images()
    return messages


def _text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(p.get("text", "") for p in content if isinstance(p, dict) and p.get("type") == "text")
    return ""


def _tool_call(index: int, call_id: str | None, name: str | None, arguments: Any) -> ToolCall:
    # Some compatible servers send the arguments as an object; the API itself takes them back only as
    # a string, so that is what is kept for the replay.
    raw = arguments if isinstance(arguments, str) else json.dumps(arguments if arguments is not None else {})
    command, error = parse_tool_arguments(raw)
    return ToolCall(
        id=call_id or f"call_{index}",
        command=command,
        arguments=raw,
        name=name or "browser",
        error=error,
    )


def _usage(data: Any) -> Usage | None:
    if not isinstance(data, dict):
        return None
    return Usage(int(data.get("prompt_tokens") or 0), int(data.get("completion_tokens") or 0))


def _parse_completion(data: Any) -> Reply:
    choices = data.get("choices") if isinstance(data, dict) else None
    if not choices:
        raise ProviderError(f"The reply has no choices: {json.dumps(data)[:300]}", provider="OpenAI")
    message = choices[0].get("message") or {}
    turns: list[Turn] = []
    text = _text_of(message.get("content"))
    if text:
        turns.append(Assistant(text))
    for i, call in enumerate(message.get("tool_calls") or []):
        fn = call.get("function") or {}
        turns.append(_tool_call(i, call.get("id"), fn.get("name"), fn.get("arguments")))
    return Reply(turns, _usage(data.get("usage")))


class _StreamReader:
    """Assembles a streamed reply: text deltas, and tool calls whose pieces arrive by ``index``,
    possibly interleaved with other calls' pieces."""

    def __init__(self) -> None:
        self._text: list[str] = []
        self._calls: dict[int, dict[str, Any]] = {}
        self._usage: Usage | None = None
        self._finished = False

    def event(self, event: SseEvent) -> None:
        if event.data.strip() == "[DONE]":
            self._finished = True
            return
        try:
            chunk = json.loads(event.data)
        except ValueError as exc:
            raise StreamFailedError(
                f"a stream event is not JSON ({exc}): {event.data[:200]!r}", retryable=False) from None
        if not isinstance(chunk, dict):
            return
        error = chunk.get("error")
        if error:
            message = error.get("message") if isinstance(error, dict) else str(error)
            kind = error.get("type") if isinstance(error, dict) else ""
            raise StreamFailedError(str(message), retryable=kind in ("server_error", "overloaded_error"))
        if chunk.get("usage"):
            self._usage = _usage(chunk["usage"])
        for choice in chunk.get("choices") or []:
            if choice.get("index", 0) != 0:
                continue
            delta = choice.get("delta") or {}
            text = _text_of(delta.get("content"))
            if text:
                self._text.append(text)
            for piece in delta.get("tool_calls") or []:
                slot = self._calls.setdefault(
                    int(piece.get("index", len(self._calls))), {"id": None, "name": None, "arguments": []}
                )
                if piece.get("id"):
                    slot["id"] = piece["id"]
                fn = piece.get("function") or {}
                if fn.get("name"):
                    slot["name"] = fn["name"]
                arguments = fn.get("arguments")
                if isinstance(arguments, str):
                    slot["arguments"].append(arguments)
                elif arguments is not None:
                    slot["arguments"].append(json.dumps(arguments))
            if choice.get("finish_reason"):
                self._finished = True

    def result(self) -> Reply:
        if not self._finished:
            raise StreamFailedError("the stream ended before the reply was complete", retryable=True)
        turns: list[Turn] = []
        if self._text:
            turns.append(Assistant("".join(self._text)))
        for index in sorted(self._calls):
            slot = self._calls[index]
            turns.append(_tool_call(index, slot["id"], slot["name"], "".join(slot["arguments"])))
        return Reply(turns, self._usage)
