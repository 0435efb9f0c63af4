"""What both HTTP adapters share: endpoint and key from the environment, retries with backoff, error
messages, an SSE decoder, and closing."""

from __future__ import annotations

import asyncio
import codecs
import email.utils
import json
import os
import random
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, Self, TypeVar

import httpx

from ..._errors import ContextLengthError, ProviderError, StreamFailedError
from .._turns import Reply

__all__ = [
    "HttpLlm",
    "HttpTransport",
    "RetryPolicy",
    "SseDecoder",
    "SseEvent",
    "StreamFailedError",
    "StreamReader",
    "parse_retry_after",
]

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)

# What the official SDKs retry: timeouts, lock conflicts, rate limits and server errors (529 included).
_RETRY_STATUSES = frozenset({408, 409, 429})

_CONTEXT_CODES = frozenset({"context_length_exceeded", "exceed_context_size_error", "request_too_large"})
_CONTEXT_WORDS = re.compile(
    r"context length|context window|context size|prompt is too long|maximum context|too many tokens"
    r"|reduce the length",
    re.IGNORECASE,
)

SNAPSHOT_ADVICE = (
    "Ask for smaller snapshots: `snapshot -i` lists only interactive elements, `snapshot -i -s <css>` "
    "only one part of the page, and `snapshot -d <n>` limits the depth; or start a new run with a "
    "narrower task."
)


@dataclass(frozen=True)
class RetryPolicy:
    """At most ``attempts`` tries; between them exponential backoff with jitter, or the server's
    ``retry-after`` when it sends one (never more than ``max_retry_after`` seconds)."""

    attempts: int = 4
    base_delay: float = 0.5
    max_delay: float = 16.0
    max_retry_after: float = 60.0

    def delay(self, attempt: int, retry_after: float | None) -> float:
        if retry_after is not None:
            return max(0.0, min(retry_after, self.max_retry_after))
        ceiling = min(self.max_delay, self.base_delay * 2.0 ** (attempt - 1))
        # Half fixed, half random: clients that failed together do not retry together, and none retries
        # at once.
        return ceiling / 2 + random.uniform(0, ceiling / 2)


def parse_retry_after(headers: Any, now: float | None = None) -> float | None:
    """Seconds to wait from ``retry-after-ms`` or ``retry-after`` (seconds, or an HTTP date)."""
    ms = headers.get("retry-after-ms")
    if ms:
        try:
            return max(0.0, float(ms) / 1000)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        return None
    return max(0.0, when.timestamp() - (time.time() if now is None else now))


@dataclass(frozen=True)
class SseEvent:
    event: str
    data: str


_LINE_END = re.compile(r"\r\n|\r|\n")


class SseDecoder:
    """Server-sent events from bytes that arrive in arbitrary pieces.

    A read may end inside a UTF-8 character, a line, or a CRLF pair; nothing is decoded or dispatched
    until it is complete.
    """

    def __init__(self) -> None:
        self._utf8 = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._buffer = ""
        self._event = ""
        self._data: list[str] = []

    def feed(self, chunk: bytes) -> list[SseEvent]:
        self._buffer += self._utf8.decode(chunk)
        events: list[SseEvent] = []
        pos = 0
        while True:
            match = _LINE_END.search(self._buffer, pos)
            if match is None:
                break
            if match.group() == "\r" and match.end() == len(self._buffer):
                # The "\n" of a "\r\n" may be in the next read.
                break
            self._line(self._buffer[pos : match.start()], events)
            pos = match.end()
        self._buffer = self._buffer[pos:]
        return events

    def close(self) -> list[SseEvent]:
        """End of the stream. As the spec says, an event without its closing blank line is dropped: the
        connection broke in the middle of it, and the reader then sees an incomplete reply."""
        self._buffer = ""
        self._event, self._data = "", []
        return []

    def _line(self, line: str, events: list[SseEvent]) -> None:
        if not line:
            if self._data:
                events.append(SseEvent(self._event or "message", "\n".join(self._data)))
            self._event, self._data = "", []
            return
        if line.startswith(":"):
            return
        name, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if name == "event":
            self._event = value
        elif name == "data":
            self._data.append(value)


class StreamReader(Protocol[T_co]):
    """Builds one reply from a stream's events; a fresh one is made for each attempt."""

    def event(self, event: SseEvent) -> None: ...

    def result(self) -> T_co: ...


class _Retry(Exception):
    def __init__(self, error: ProviderError, retry_after: float | None = None) -> None:
        super().__init__(str(error))
        self.error = error
        self.retry_after = retry_after


def error_details(body: bytes) -> tuple[str, str]:
    """``(message, code)`` from an error body in OpenAI's, Anthropic's or a local server's format."""
    text = body.decode("utf-8", "replace").strip()
    try:
        data = json.loads(text)
    except ValueError:
        return text[:500], ""
    error = data.get("error") if isinstance(data, dict) else None
    if isinstance(error, str):
        return error, ""
    if isinstance(error, dict):
        message = error.get("message")
        code = error.get("code") or error.get("type") or ""
        if isinstance(message, str):
            return message, str(code)
    if isinstance(data, dict) and isinstance(data.get("message"), str):
        return data["message"], str(data.get("code", ""))
    return text[:500], ""


class HttpTransport(Generic[T]):
    """POSTs JSON to one provider, with retries, and turns failures into ``ProviderError``s."""

    def __init__(
        self,
        *,
        provider: str,
        base_url: str,
        key_env: str,
        base_env: str,
        timeout: float,
        retry: RetryPolicy,
        http_client: httpx.AsyncClient | None,
    ) -> None:
        self.provider = provider
        self.base_url = base_url.rstrip("/")
        self.key_env = key_env
        self.base_env = base_env
        self.timeout = timeout
        self.retry = retry
        self._given = http_client
        self._own: httpx.AsyncClient | None = None
        self._own_loop: asyncio.AbstractEventLoop | None = None

    def _client(self) -> httpx.AsyncClient:

        if self._given is not None:
            return self._given
        loop = asyncio.get_running_loop()
        # A client's connections belong to the event loop that opened them; an adapter reused under a
        # new asyncio.run() needs a new client.
        if self._own is None or self._own_loop is not loop:
            self._own = httpx.AsyncClient(timeout=httpx.Timeout(self.timeout, connect=min(self.timeout, 15.0)))
            self._own_loop = loop
        return self._own

    async def aclose(self) -> None:
        if self._own is not None and self._own_loop is asyncio.get_running_loop():
            await self._own.aclose()
        self._own = None

    async def post_json(self, path: str, headers: dict[str, str], body: dict[str, Any]) -> Any:
        async def attempt() -> Any:
            response = await self._client().post(self.base_url + path, headers=headers, json=body)
            if response.status_code >= 400:
                raise self._status_error(response.status_code, response.content, response.headers)
            try:
                return response.json()
            except ValueError:
                snippet = response.text[:300]
                raise ProviderError(
                    f"{self.provider} answered with something that is not JSON: {snippet!r}. Check {self.base_env}.",
                    provider=self.provider,
                    status=response.status_code,
                ) from None

        return await self._with_retries(attempt)

    async def post_stream(
        self,
        path: str,
        headers: dict[str, str],
        body: dict[str, Any],
        new_reader: Callable[[], StreamReader[T]],
    ) -> T:
        async def attempt() -> T:
            async with self._client().stream("POST", self.base_url + path, headers=headers, json=body) as r:
                if r.status_code >= 400:
                    raise self._status_error(r.status_code, await r.aread(), r.headers)
                reader = new_reader()
                sse = SseDecoder()
                try:
                    async for chunk in r.aiter_bytes():
                        for event in sse.feed(chunk):
                            reader.event(event)
                    for event in sse.close():
                        reader.event(event)
                    return reader.result()
                except StreamFailedError as exc:
                    error = ProviderError(f"{self.provider} stream failed: {exc}", provider=self.provider)
                    if exc.retryable:
                        # Nothing of the reply has been used yet, so the whole request can be repeated.
                        raise _Retry(error) from exc
                    raise error from exc

        return await self._with_retries(attempt)

    async def _with_retries(self, attempt: Callable[[], Awaitable[T]]) -> T:
        tries = max(1, self.retry.attempts)
        for n in range(1, tries + 1):
            try:
                return await attempt()
            except _Retry as exc:
                failure, wait = exc.error, exc.retry_after
            except httpx.TransportError as exc:
                failure = ProviderError(
                    f"Could not reach {self.provider} at {self.base_url} ({type(exc).__name__}: {exc}). "
                    f"Check the network and {self.base_env}.",
                    provider=self.provider,
                )
                wait = None
            if n == tries:
                if tries > 1:
                    raise ProviderError(
                        f"{failure.message} (gave up after {tries} attempts)",
                        provider=self.provider,
                        status=failure.status,
                    ) from None
                raise failure
            await asyncio.sleep(self.retry.delay(n, wait))
        raise AssertionError("unreachable")

    def _status_error(self, status: int, body: bytes, headers: Any) -> Exception:
        message, code = error_details(body)
        where = f"{self.provider} (HTTP {status})"
        if status in _RETRY_STATUSES or status >= 500:
            return _Retry(
                ProviderError(f"{where} failed: {message}", provider=self.provider, status=status),
                parse_retry_after(headers),
            )
        if status == 413 or code in _CONTEXT_CODES or (status == 400 and _CONTEXT_WORDS.search(message)):
            return ContextLengthError(
                f"The conversation is too long for the model's context window. {where} said: {message}. "
                + SNAPSHOT_ADVICE,
                provider=self.provider,
                status=status,
            )
        if status == 401:
            return ProviderError(
                f"{where} rejected the API key: {message}. Check {self.key_env}.",
                provider=self.provider,
                status=status,
            )
        if status == 403:
            return ProviderError(
                f"{where} refused the request: {message}. Check that the key in {self.key_env} may use this model.",
                provider=self.provider,
                status=status,
            )
        if status == 404:
            return ProviderError(
                f"{where} found nothing at {self.base_url}: {message}. Check the model name and {self.base_env}.",
                provider=self.provider,
                status=status,
            )
        return ProviderError(f"{where} rejected the request: {message}", provider=self.provider, status=status)


def endpoint(base_url: str | None, api_key: str | None, *, base_env: str, key_env: str,
             default: str) -> tuple[str, str]:
    """The base URL and key: as given, else from the environment, else the provider's own URL and no key."""
    base = (base_url or os.environ.get(base_env) or default).rstrip("/")
    key = api_key if api_key is not None else os.environ.get(key_env, "")
    return base, key


class HttpLlm:
    """The part of an HTTP adapter that is not its wire format: the transport, and closing it."""

    _http: HttpTransport[Reply]

    def _connect(self, provider: str, base_url: str, *, key_env: str, base_env: str, timeout: float,
                 retry: RetryPolicy | None, http_client: httpx.AsyncClient | None) -> None:
        self._http = HttpTransport(provider=provider, base_url=base_url, key_env=key_env, base_env=base_env,
                                   timeout=timeout, retry=retry or RetryPolicy(), http_client=http_client)

    async def aclose(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()
