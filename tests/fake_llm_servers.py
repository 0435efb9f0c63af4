"""Local stand-ins for the OpenAI Chat Completions and Anthropic Messages APIs.

Each is a real HTTP server on 127.0.0.1 that speaks the provider's wire format, JSON and server-sent
events, and rejects a malformed request with a 400 in the provider's error format, the way the real API
does: a tool result without its call, a call without its result, a tool message that does not follow its
assistant message, roles out of order, arguments or input of the wrong type, a missing max_tokens.
Rejections are also recorded in ``rejections`` so a test can assert there were none.

A server answers from a script: each step is a ``ModelReply`` (text and tool calls), an ``HttpError``,
or a function of the request body returning one of those. Streams are cut into deliberately awkward
pieces (mid-line, mid-JSON, mid-UTF-8 character) and sent as separate HTTP chunks.
"""

from __future__ import annotations

import itertools
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

__all__ = [
    "AnthropicServer",
    "Call",
    "HttpError",
    "ModelReply",
    "OpenAIServer",
    "anthropic_problems",
    "awkward_chunks",
    "openai_problems",
]


@dataclass(frozen=True)
class Call:
    """A tool call the fake model makes. ``raw`` replaces the arguments text (OpenAI) to send bad JSON;
    ``input`` replaces the input object (Anthropic)."""

    command: str | None = None
    raw: str | None = None
    input: Any = None
    name: str = "browser"


@dataclass(frozen=True)
class ModelReply:
    text: str = ""
    calls: tuple[Call, ...] = ()
    input_tokens: int = 11
    output_tokens: int = 7
    # For streams: send only this many bytes, or fail inside the stream with this error type.
    cut_after: int | None = None
    stream_error: str | None = None


@dataclass(frozen=True)
class HttpError:
    status: int
    body: dict[str, Any]
    headers: dict[str, str] = field(default_factory=dict)


Step = ModelReply | HttpError | Callable[[dict[str, Any]], "ModelReply | HttpError"]

# Sizes that put cuts in the middle of "data:", of JSON strings and of multi-byte characters.
_CHUNK_SIZES = (1, 2, 5, 3, 11, 1, 7, 2, 19, 4, 1, 13, 6)


def awkward_chunks(data: bytes) -> Iterator[bytes]:
    pos = 0
    for size in itertools.cycle(_CHUNK_SIZES):
        if pos >= len(data):
            return
        yield data[pos : pos + size]
        pos += size


class _FakeServer:
    """The HTTP plumbing both fakes share."""

    path = ""
    api_key = "test-key"

    def __init__(self, steps: list[Step] | None = None) -> None:
        self.steps: list[Step] = list(steps or [])
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self.rejections: list[str] = []
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        owner = self

        class Handler(_Handler):
            server_owner = owner

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self.port = self._httpd.server_address[1]
        threading.Thread(target=self._httpd.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    def script(self, *steps: Step) -> None:
        with self._lock:
            self.steps = list(steps)
            self.requests.clear()
            self.headers.clear()
            self.rejections.clear()

    def new_id(self) -> int:
        return next(self._ids)

    # Provider-specific parts.
    def problems(self, body: dict[str, Any], headers: dict[str, str]) -> list[str]:
        raise NotImplementedError

    def auth_error(self, headers: dict[str, str]) -> HttpError | None:
        raise NotImplementedError

    def invalid_request(self, message: str) -> HttpError:
        raise NotImplementedError

    def json_reply(self, reply: ModelReply, body: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    def sse_reply(self, reply: ModelReply, body: dict[str, Any]) -> bytes:
        raise NotImplementedError

    def answer(self, body: dict[str, Any], headers: dict[str, str]) -> tuple[HttpError | None, bytes, bool]:
        """(error, payload, is_stream) for one request."""
        with self._lock:
            self.requests.append(body)
            self.headers.append(headers)
        denied = self.auth_error(headers)
        if denied is not None:
            return denied, b"", False
        problems = self.problems(body, headers)
        if problems:
            with self._lock:
                self.rejections.extend(problems)
            return self.invalid_request("; ".join(problems)), b"", False
        with self._lock:
            if not self.steps:
                self.rejections.append("the script has no step left")
                return (
                    HttpError(500, {"error": {"message": "script exhausted", "type": "server_error"}}),
                    b"",
                    False,
                )
            step = self.steps.pop(0)
        outcome = step(body) if callable(step) else step
        if isinstance(outcome, HttpError):
            return outcome, b"", False
        if body.get("stream"):
            payload = self.sse_reply(outcome, body)
            return None, payload[: outcome.cut_after] if outcome.cut_after is not None else payload, True
        return None, json.dumps(self.json_reply(outcome, body)).encode(), False


class _Handler(BaseHTTPRequestHandler):
    server_owner: _FakeServer
    protocol_version = "HTTP/1.1"
    # Head and body go out in two writes: without this the body waits for the client's delayed ACK (~40 ms).
    disable_nagle_algorithm = True

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_POST(self) -> None:
        owner = self.server_owner
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length)
        headers = {k.lower(): v for k, v in self.headers.items()}
        if self.path != owner.path:
            self._send(404, json.dumps({"error": {"message": f"no route {self.path}"}}).encode(), {})
            return
        try:
            body = json.loads(raw)
        except ValueError:
            error = owner.invalid_request("the body is not valid JSON")
            self._send(error.status, json.dumps(error.body).encode(), error.headers)
            return
        error, payload, stream = owner.answer(body, headers)
        if error is not None:
            self._send(error.status, json.dumps(error.body).encode(), error.headers)
        elif stream:
            self._stream(payload)
        else:
            self._send(200, payload, {})

    def _send(self, status: int, payload: bytes, headers: dict[str, str]) -> None:
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        for k, v in headers.items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(payload)

    def _stream(self, payload: bytes) -> None:
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        self.wfile.flush()
        for i, piece in enumerate(awkward_chunks(payload)):
            self.wfile.write(f"{len(piece):x}\r\n".encode() + piece + b"\r\n")
            self.wfile.flush()
            if i % 3 == 0:
                # Give the client a chance to read a piece on its own.
                time.sleep(0.0005)
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()


def _pieces(text: str, size: int = 4) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)] or [""]


def _sse(data: dict[str, Any] | str, event: str | None = None) -> bytes:
    text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
    head = f"event: {event}\n" if event else ""
    return f"{head}data: {text}\n\n".encode()


# --------------------------------------------------------------------------------------------- OpenAI


def openai_problems(body: dict[str, Any]) -> list[str]:
    """What Chat Completions would reject in this request (plus the things this agent must never send)."""
    out: list[str] = []
    if not isinstance(body.get("model"), str):
        out.append("Missing required parameter: 'model'.")
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        return [*out, "Invalid 'messages': expected a non-empty array."]
    for key in ("tool_choice", "parallel_tool_calls", "functions"):
        if key in body:
            out.append(f"the agent must not send {key!r}")
    if "stream_options" in body and not body.get("stream"):
        out.append("The 'stream_options' parameter is only allowed when 'stream' is enabled.")
    if body.get("stream") and not (body.get("stream_options") or {}).get("include_usage"):
        out.append("a streaming request must ask for usage (stream_options.include_usage)")
    for i, tool in enumerate(body.get("tools") or []):
        fn = tool.get("function") if isinstance(tool, dict) else None
        if tool.get("type") != "function" or not isinstance(fn, dict) or not isinstance(fn.get("name"), str):
            out.append(f"Invalid 'tools[{i}]': expected a function tool.")
        elif not isinstance(fn.get("parameters"), dict):
            out.append(f"Invalid 'tools[{i}].function.parameters': expected an object.")

    batch: set[str] = set()  # ids of the assistant message the current run of tool messages answers
    pending: set[str] = set()  # of those, the ones still unanswered
    previous_role = None
    for i, m in enumerate(messages):
        role = m.get("role") if isinstance(m, dict) else None
        if pending and role != "tool":
            out.append(
                "An assistant message with 'tool_calls' must be followed by tool messages responding to "
                "each 'tool_call_id'. The following tool_call_ids did not have response messages: "
                f"{sorted(pending)}"
            )
            pending = set()
        if role in ("system", "developer"):
            if not _text_content(m.get("content")):
                out.append(f"Invalid 'messages[{i}].content': expected text.")
        elif role == "user":
            content = m.get("content")
            if isinstance(content, list):
                for j, part in enumerate(content):
                    kind = part.get("type")
                    if kind == "image_url":
                        url = (part.get("image_url") or {}).get("url")
                        if not isinstance(url, str) or not url.startswith(("data:image/", "http")):
                            out.append(f"Invalid 'messages[{i}].content[{j}].image_url.url'.")
                    elif kind != "text" or not isinstance(part.get("text"), str):
                        out.append(f"Invalid 'messages[{i}].content[{j}]'.")
            elif not isinstance(content, str):
                out.append(f"Invalid 'messages[{i}].content': expected a string or an array.")
        elif role == "assistant":
            calls = m.get("tool_calls")
            content = m.get("content")
            if calls is None and not isinstance(content, str | list):
                out.append(f"Invalid value for 'messages[{i}].content': expected a string, got null.")
            if content is not None and not isinstance(content, str | list):
                out.append(f"Invalid 'messages[{i}].content'.")
            batch = set()
            if calls is not None:
                if not isinstance(calls, list) or not calls:
                    out.append(f"Invalid 'messages[{i}].tool_calls': empty array.")
                    calls = []
                for j, call in enumerate(calls):
                    fn = call.get("function") or {}
                    if not isinstance(call.get("id"), str):
                        out.append(f"Missing required parameter: 'messages[{i}].tool_calls[{j}].id'.")
                    if call.get("type") != "function":
                        out.append(f"Missing required parameter: 'messages[{i}].tool_calls[{j}].type'.")
                    if not isinstance(fn.get("name"), str):
                        out.append(f"Missing required parameter: 'messages[{i}].tool_calls[{j}].function.name'.")
                    if not isinstance(fn.get("arguments"), str):
                        out.append(
                            f"Invalid type for 'messages[{i}].tool_calls[{j}].function.arguments': expected "
                            f"a string, but got {type(fn.get('arguments')).__name__} instead."
                        )
                    if isinstance(call.get("id"), str):
                        batch.add(call["id"])
                pending = set(batch)
        elif role == "tool":
            call_id = m.get("tool_call_id")
            if previous_role not in ("assistant", "tool") or not batch:
                out.append(
                    "Invalid parameter: messages with role 'tool' must be a response to a preceeding message "
                    "with 'tool_calls'."
                )
            elif not isinstance(call_id, str):
                out.append(f"Missing required parameter: 'messages[{i}].tool_call_id'.")
            elif call_id not in batch:
                out.append(
                    f"Invalid parameter: 'tool_call_id' of '{call_id}' not found in 'tool_calls' of previous message."
                )
            pending.discard(call_id if isinstance(call_id, str) else "")
            content = m.get("content")
            if isinstance(content, list):
                if any(part.get("type") != "text" for part in content):
                    out.append(f"Invalid 'messages[{i}].content': a tool message can only contain text.")
            elif not isinstance(content, str):
                out.append(f"Invalid 'messages[{i}].content': expected a string.")
        else:
            out.append(f"Invalid value: '{role}'. Supported values are: 'system', 'user', 'assistant' and 'tool'.")
        if role != "tool" and role != "assistant":
            batch = set()
        previous_role = role
    if pending:
        out.append(
            "An assistant message with 'tool_calls' must be followed by tool messages responding to each "
            f"'tool_call_id'. The following tool_call_ids did not have response messages: {sorted(pending)}"
        )
    return out


def _text_content(content: Any) -> bool:
    if isinstance(content, str):
        return True
    return isinstance(content, list) and all(p.get("type") == "text" for p in content)


class OpenAIServer(_FakeServer):
    path = "/v1/chat/completions"

    @property
    def base_url(self) -> str:
        return self.url + "/v1"

    def problems(self, body: dict[str, Any], headers: dict[str, str]) -> list[str]:
        return openai_problems(body)

    def auth_error(self, headers: dict[str, str]) -> HttpError | None:
        if headers.get("authorization") == f"Bearer {self.api_key}":
            return None
        return HttpError(
            401,
            {
                "error": {
                    "message": "Incorrect API key provided: sk-wrong.",
                    "type": "invalid_request_error",
                    "param": None,
                    "code": "invalid_api_key",
                }
            },
        )

    def invalid_request(self, message: str) -> HttpError:
        return HttpError(
            400, {"error": {"message": message, "type": "invalid_request_error", "param": None, "code": None}}
        )

    def _calls(self, reply: ModelReply) -> list[tuple[str, str, str]]:
        out = []
        for call in reply.calls:
            arguments = call.raw if call.raw is not None else json.dumps({"command": call.command})
            out.append((f"call_{self.new_id()}", call.name, arguments))
        return out

    def json_reply(self, reply: ModelReply, body: dict[str, Any]) -> dict[str, Any]:
        message: dict[str, Any] = {"role": "assistant", "content": reply.text or None, "refusal": None}
        calls = self._calls(reply)
        if calls:
            message["tool_calls"] = [
                {"id": cid, "type": "function", "function": {"name": name, "arguments": args}}
                for cid, name, args in calls
            ]
        return {
            "id": f"chatcmpl-{self.new_id()}",
            "object": "chat.completion",
            "created": 1_700_000_000,
            "model": body["model"],
            "choices": [
                {
                    "index": 0,
                    "message": message,
                    "logprobs": None,
                    "finish_reason": "tool_calls" if calls else "stop",
                }
            ],
            "usage": {
                "prompt_tokens": reply.input_tokens,
                "completion_tokens": reply.output_tokens,
                "total_tokens": reply.input_tokens + reply.output_tokens,
            },
        }

    def sse_reply(self, reply: ModelReply, body: dict[str, Any]) -> bytes:
        base = {
            "id": f"chatcmpl-{self.new_id()}",
            "object": "chat.completion.chunk",
            "created": 1_700_000_000,
            "model": body["model"],
        }

        def chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
            return _sse({**base, "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}]})

        out = [chunk({"role": "assistant", "content": ""})]
        if reply.stream_error:
            error = {"error": {"message": "The server had an error", "type": reply.stream_error}}
            return b"".join([*out, _sse(error)])
        out += [chunk({"content": piece}) for piece in _pieces(reply.text, 3) if piece]
        calls = self._calls(reply)
        for index, (cid, name, _) in enumerate(calls):
            out.append(
                chunk(
                    {
                        "tool_calls": [
                            {
                                "index": index,
                                "id": cid,
                                "type": "function",
                                "function": {"name": name, "arguments": ""},
                            }
                        ]
                    }
                )
            )
        # Argument pieces of all calls, interleaved by index.
        pieces = [_pieces(args, 5) for _, _, args in calls]
        for round_ in range(max((len(p) for p in pieces), default=0)):
            for index, parts in enumerate(pieces):
                if round_ < len(parts):
                    out.append(chunk({"tool_calls": [{"index": index, "function": {"arguments": parts[round_]}}]}))
        out.append(chunk({}, "tool_calls" if calls else "stop"))
        out.append(
            _sse(
                {
                    **base,
                    "choices": [],
                    "usage": {
                        "prompt_tokens": reply.input_tokens,
                        "completion_tokens": reply.output_tokens,
                        "total_tokens": reply.input_tokens + reply.output_tokens,
                    },
                }
            )
        )
        out.append(_sse("[DONE]"))
        return b"".join(out)

    @staticmethod
    def tool_outputs(body: dict[str, Any]) -> list[str]:
        return [m["content"] for m in body["messages"] if m.get("role") == "tool"]


# ------------------------------------------------------------------------------------------ Anthropic


def anthropic_problems(body: dict[str, Any], headers: dict[str, str]) -> list[str]:
    """What the Messages API would reject in this request (plus what this agent must never send)."""
    out: list[str] = []
    if headers.get("anthropic-version") != "2023-06-01":
        out.append("anthropic-version: header is required and must be 2023-06-01")
    if not isinstance(body.get("model"), str):
        out.append("model: Field required")
    max_tokens = body.get("max_tokens")
    if not isinstance(max_tokens, int) or max_tokens < 1:
        out.append("max_tokens: Field required")
    if "tool_choice" in body:
        out.append("the agent must not send 'tool_choice'")
    system = body.get("system")
    if system is not None and not (
        isinstance(system, str) or (isinstance(system, list) and all(b.get("type") == "text" for b in system))
    ):
        out.append("system: Input should be a valid string or a list of text blocks")
    for i, tool in enumerate(body.get("tools") or []):
        if not isinstance(tool.get("name"), str) or not isinstance(tool.get("input_schema"), dict):
            out.append(f"tools.{i}: a tool needs a name and an input_schema object")
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        return [*out, "messages: at least one message is required"]
    if messages[0].get("role") != "user":
        out.append('messages: first message must use the "user" role')
    previous_uses: set[str] = set()
    for i, m in enumerate(messages):
        role = m.get("role")
        if role == "system":
            out.append(
                'messages: Unexpected role "system". The Messages API accepts a top-level `system` '
                'parameter, not "system" as an input message role.'
            )
            continue
        if role not in ("user", "assistant"):
            out.append(f"messages.{i}.role: Input should be 'user' or 'assistant'")
            continue
        if i > 0 and messages[i - 1].get("role") == role:
            out.append(
                f'messages: roles must alternate between "user" and "assistant", but found multiple "{role}" '
                "roles in a row"
            )
        content = m.get("content")
        if isinstance(content, str):
            blocks: list[dict[str, Any]] = [{"type": "text", "text": content}]
        elif isinstance(content, list) and content:
            blocks = content
        else:
            out.append(
                f"messages.{i}: all messages must have non-empty content except for the optional final "
                "assistant message"
            )
            blocks = []
        uses: set[str] = set()
        results: list[str] = []
        seen_other = False
        for j, block in enumerate(blocks):
            kind = block.get("type")
            where = f"messages.{i}.content.{j}"
            if kind == "text":
                if not isinstance(block.get("text"), str) or not block["text"].strip():
                    out.append(f"{where}: text content blocks must contain non-whitespace text")
                seen_other = True
            elif kind == "image":
                if role != "user" or not _valid_image(block):
                    out.append(f"{where}: invalid image block")
                seen_other = True
            elif kind == "tool_use":
                if role != "assistant":
                    out.append(f"{where}: tool_use blocks are only allowed in assistant messages")
                if not isinstance(block.get("id"), str) or not isinstance(block.get("name"), str):
                    out.append(f"{where}.tool_use: id and name are required")
                if not isinstance(block.get("input"), dict):
                    out.append(f"{where}.tool_use.input: Input should be a valid dictionary")
                if isinstance(block.get("id"), str):
                    uses.add(block["id"])
            elif kind == "tool_result":
                if role != "user":
                    out.append(f"{where}: tool_result blocks are only allowed in user messages")
                if seen_other:
                    out.append(f"{where}: tool_result blocks must come first in the user message")
                rid = block.get("tool_use_id")
                if not isinstance(rid, str):
                    out.append(f"{where}.tool_result.tool_use_id: Field required")
                else:
                    results.append(rid)
                inner = block.get("content")
                if (
                    inner is not None
                    and not isinstance(inner, str)
                    and (
                        not isinstance(inner, list)
                        or any(
                            b.get("type") not in ("text", "image")
                            or (b.get("type") == "image" and not _valid_image(b))
                            or (b.get("type") == "text" and not str(b.get("text", "")).strip())
                            for b in inner
                        )
                    )
                ):
                    out.append(f"{where}.tool_result.content: only text and image blocks are allowed")
                if "is_error" in block and not isinstance(block["is_error"], bool):
                    out.append(f"{where}.tool_result.is_error: Input should be a valid boolean")
            else:
                out.append(f"{where}: unknown block type {kind!r}")
        if role == "user":
            unexpected = [r for r in results if r not in previous_uses]
            if unexpected:
                out.append(
                    f"messages.{i}.content: unexpected `tool_use_id` found in `tool_result` blocks: "
                    f"{', '.join(unexpected)}. Each `tool_result` block must have a corresponding `tool_use` "
                    "block in the previous message."
                )
            missing = sorted(previous_uses - set(results))
            if missing:
                out.append(
                    f"messages.{i}: `tool_use` ids were found without `tool_result` blocks immediately "
                    f"after: {', '.join(missing)}. Each `tool_use` block must have a corresponding "
                    "`tool_result` block in the next message."
                )
            previous_uses = set()
        else:
            previous_uses = uses
    if previous_uses and messages[-1].get("role") == "assistant":
        # A final assistant message is a prefill; with tool_use in it nothing could answer.
        out.append(f"messages.{len(messages) - 1}: `tool_use` ids were found without `tool_result` blocks")
    return out


def _valid_image(block: dict[str, Any]) -> bool:
    source = block.get("source") or {}
    return (
        source.get("type") == "base64"
        and source.get("media_type") in ("image/png", "image/jpeg", "image/gif", "image/webp")
        and isinstance(source.get("data"), str)
    )


class AnthropicServer(_FakeServer):
    path = "/v1/messages"

    @property
    def base_url(self) -> str:
        return self.url

    def problems(self, body: dict[str, Any], headers: dict[str, str]) -> list[str]:
        return anthropic_problems(body, headers)

    def auth_error(self, headers: dict[str, str]) -> HttpError | None:
        if headers.get("x-api-key") == self.api_key:
            return None
        return HttpError(
            401, {"type": "error", "error": {"type": "authentication_error", "message": "invalid x-api-key"}}
        )

    def invalid_request(self, message: str) -> HttpError:
        return HttpError(400, {"type": "error", "error": {"type": "invalid_request_error", "message": message}})

    def _content(self, reply: ModelReply) -> list[dict[str, Any]]:
        content: list[dict[str, Any]] = []
        if reply.text:
            content.append({"type": "text", "text": reply.text})
        for call in reply.calls:
            value = call.input if call.input is not None else {"command": call.command}
            content.append({"type": "tool_use", "id": f"toolu_{self.new_id():04d}", "name": call.name, "input": value})
        return content

    def json_reply(self, reply: ModelReply, body: dict[str, Any]) -> dict[str, Any]:
        content = self._content(reply)
        return {
            "id": f"msg_{self.new_id()}",
            "type": "message",
            "role": "assistant",
            "model": body["model"],
            "content": content,
            "stop_reason": "tool_use" if reply.calls else "end_turn",
            "stop_sequence": None,
            "usage": {"input_tokens": reply.input_tokens, "output_tokens": reply.output_tokens},
        }

    def sse_reply(self, reply: ModelReply, body: dict[str, Any]) -> bytes:
        message = {
            "id": f"msg_{self.new_id()}",
            "type": "message",
            "role": "assistant",
            "model": body["model"],
            "content": [],
            "stop_reason": None,
            "stop_sequence": None,
            "usage": {"input_tokens": reply.input_tokens, "output_tokens": 1},
        }
        out = [
            _sse({"type": "message_start", "message": message}, "message_start"),
            _sse({"type": "ping"}, "ping"),
        ]
        if reply.stream_error:
            error = {"type": "error", "error": {"type": reply.stream_error, "message": "Overloaded"}}
            return b"".join([*out, _sse(error, "error")])
        for index, block in enumerate(self._content(reply)):
            if block["type"] == "text":
                start = {"type": "text", "text": ""}
                deltas = [{"type": "text_delta", "text": p} for p in _pieces(block["text"], 3)]
            else:
                start = {"type": "tool_use", "id": block["id"], "name": block["name"], "input": {}}
                deltas = [
                    {"type": "input_json_delta", "partial_json": p}
                    for p in ["", *_pieces(json.dumps(block["input"]), 6)]
                ]
            out.append(
                _sse(
                    {"type": "content_block_start", "index": index, "content_block": start},
                    "content_block_start",
                )
            )
            out += [
                _sse({"type": "content_block_delta", "index": index, "delta": d}, "content_block_delta") for d in deltas
            ]
            out.append(_sse({"type": "content_block_stop", "index": index}, "content_block_stop"))
        out.append(
            _sse(
                {
                    "type": "message_delta",
                    "delta": {
                        "stop_reason": "tool_use" if reply.calls else "end_turn",
                        "stop_sequence": None,
                    },
                    "usage": {"output_tokens": reply.output_tokens},
                },
                "message_delta",
            )
        )
        out.append(_sse({"type": "message_stop"}, "message_stop"))
        return b"".join(out)

    @staticmethod
    def tool_outputs(body: dict[str, Any]) -> list[str]:
        outputs = []
        for m in body["messages"]:
            if m["role"] != "user" or isinstance(m["content"], str):
                continue
            for block in m["content"]:
                if block.get("type") == "tool_result":
                    inner = block.get("content", "")
                    if isinstance(inner, list):
                        inner = "".join(b.get("text", "") for b in inner if b.get("type") == "text")
                    outputs.append(inner)
        return outputs


# ------------------------------------------------------------------------------ A scripted signup task

SIGNUP_EMAIL = "test@example.com"
SIGNUP_PASSWORD = "s3cret-pass"


def ref_for(snapshot: str, word: str) -> str:
    """The ref on the first snapshot line that mentions ``word``, as a model would pick it."""
    for line in snapshot.splitlines():
        if word.lower() in line.lower():
            for token in line.replace("[", " ").split():
                if token.startswith("@e"):
                    return token
    raise AssertionError(f"no ref for {word!r} in:\n{snapshot}")


def signup_brain(outputs: list[str]) -> ModelReply:
    """What a model does to sign up, given the tool outputs it has seen so far.

    It looks first (with some text alongside the call, which is not a final answer), then fills the
    form and submits it with four calls in one reply, reads the heading, and answers.
    """
    if not outputs:
        return ModelReply(text="I will look at the form first.", calls=(Call("snapshot -i"),))
    if len(outputs) == 1:
        snap = outputs[0]
        return ModelReply(
            calls=(
                Call(f"fill {ref_for(snap, 'email')} {SIGNUP_EMAIL}"),
                Call(f"fill {ref_for(snap, 'password')} {SIGNUP_PASSWORD}"),
                Call(f"check {ref_for(snap, 'terms')}"),
                Call(f"click {ref_for(snap, 'create account')}"),
            )
        )
    if len(outputs) == 5:
        return ModelReply(calls=(Call("get text h1"),))
    return ModelReply(text=f"Signed up. The page now says: {outputs[-1].strip()}")


class FakeSignupPage:
    """A page-shaped object with a signup form, for running the loop without a browser."""

    SNAPSHOT = "\n".join(
        [
            '@e1 [heading] "Create your account" [level=1]',
            '@e2 [textbox] "Email"',
            '@e3 [textbox] "Password"',
            '@e4 [checkbox] "I agree to the terms"',
            '@e5 [button] "Create account"',
        ]
    )

    def __init__(self) -> None:
        self.commands: list[str] = []
        self.values: dict[str, str] = {}
        self.checked = False
        self.submitted = False

    async def run_command(self, command: str) -> Any:
        from refwright._errors import RefwrightError
        from refwright._result import CommandResult, ScreenshotResult

        self.commands.append(command)
        verb, _, rest = command.partition(" ")
        target, _, text = rest.partition(" ")
        if verb == "snapshot":
            return CommandResult(command, self.SNAPSHOT)
        if verb == "screenshot":
            return CommandResult(command, "Screenshot 2×1", screenshot=ScreenshotResult(PNG_1PX, 2, 1))
        if verb == "get" and rest == "text h1":
            email = self.values.get("@e2", "")
            return CommandResult(command, f"Welcome, {email}" if self.submitted else "Create your account")
        if target not in ("@e2", "@e3", "@e4", "@e5"):
            raise RefwrightError(f"Element {target} was not found. Take a new snapshot.")
        if verb == "fill":
            self.values[target] = text
            return CommandResult(command, f"Filled {target}")
        if verb == "check":
            self.checked = True
            return CommandResult(command, f"Checked {target}")
        if verb == "click":
            self.submitted = self.checked and "@e2" in self.values
            return CommandResult(command, f"Clicked {target}")
        raise RefwrightError(f"Unknown command {verb!r}.")


# A real 1×1 PNG, so an image block carries valid data.
PNG_1PX = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082"
)
