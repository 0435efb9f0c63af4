"""refwright's filtering HTTP proxy: the browser reaches nothing the SSRF and domain checks refused.

Checking a URL before ``goto`` leaves three holes: what the page itself loads (fetch, images, WebSockets,
preconnects, iframes, redirects), the browser resolving the name again later (DNS rebinding), and names
that resolve differently for the browser than for the check. Chromium is therefore launched with this
proxy for *every* request, loopback included (``--proxy-bypass-list=<-loopback>``), and the proxy:

* resolves the host once, itself, and checks every address with :mod:`._hosts` (and the host against the
  allowed domains with :mod:`._domains`);
* refuses with ``403`` and a short plain-text reason, recording the refusal for the core to report;
* otherwise connects to the *checked address* — never to the name — so a second, different DNS answer
  cannot reach anything the check did not see.

It speaks plain HTTP/1.x proxy requests (absolute-form, bodies streamed both ways, client keep-alive,
WebSocket upgrades) and ``CONNECT`` tunnels (https, wss). Upstream connections are one per request with
``Connection: close``, so every request is checked on its own.

It runs in a daemon thread with its own event loop, so it works the same under the sync and async APIs
and never competes with the caller's loop. Settings can change while it runs.

Testing without a network: everything here is loopback, which is forbidden. Tests either allow a single
``HOST:PORT`` with ``allow_private`` (real configuration, the honest option) or inject ``resolver`` and
``forbidden_reason`` to make, say, ``127.0.0.2`` play a public host while ``127.0.0.1`` stays forbidden.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from ipaddress import IPv6Address
from typing import TYPE_CHECKING

from .._errors import PolicyDeniedError
from ._access import PrivateAccess
from ._addresses import IPAddress, ReasonFn, forbidden_reason
from ._hosts import HostCheck, resolve_checked
from ._names import AsyncResolver
from ._sanitize import clean_line
from ._url import host_text, parse_host, parse_port, split_authority, split_url

if TYPE_CHECKING:
    from playwright.async_api import ProxySettings

__all__ = ["CHROMIUM_ARGS", "FilteringProxy", "ProxyStats", "Refusal"]

_log = logging.getLogger(__name__)

CHROMIUM_ARGS = (
    # WebRTC sends STUN/TURN over UDP straight to any address a page names, ignoring the proxy;
    # this policy leaves WebRTC only TURN over TCP, which goes through the proxy.
    "--webrtc-ip-handling-policy=disable_non_proxied_udp",
    # QUIC is UDP; Chromium does not use it through an HTTP proxy, but nothing should depend on that.
    "--disable-quic",
    # Everything goes through the proxy, which resolves names itself; a browser that cannot resolve
    # anything cannot leak a lookup or reach a name by a path that skips the proxy.
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
)

_LIMIT = 64 * 1024  # longest request/status line, header block or chunk-size line
_CHUNK = 64 * 1024
_TOKEN = frozenset("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_OWN_HEADERS = frozenset({"x-refwright-refused", "x-refwright-proxy-error"})
_HOP_BY_HOP = frozenset(
    {
        "connection",
        "keep-alive",
        "proxy-connection",
        "proxy-authorization",
        "proxy-authenticate",
        "te",
        "upgrade",
    }
)


@dataclass(frozen=True)
class Refusal:
    """A request or tunnel the proxy refused. ``reason`` is ready to show to a model.

    ``target`` is the URL of a plain-HTTP request or ``host:port`` of a tunnel (https, wss); ``host`` and
    ``port`` let the caller match it against the requests a page made, since Chromium's own background
    requests (component updates, sign-in checks) go through the proxy too.
    """

    target: str
    host: str
    port: int
    reason: str
    time: float


@dataclass(frozen=True)
class ProxyStats:
    """Counts since start: upstream connections made, and requests or tunnels refused."""

    allowed: int
    refused: int


class _HTTPError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass
class _Head:
    start: list[str]  # request line or status line, split in three
    headers: list[tuple[str, str]]

    def values(self, name: str) -> list[str]:
        return [v for k, v in self.headers if k.lower() == name]

    def tokens(self, name: str) -> set[str]:
        return {t.strip().lower() for v in self.values(name) for t in v.split(",") if t.strip()}


_REASONS = {
    400: "Bad Request",
    403: "Forbidden",
    431: "Request Header Fields Too Large",
    502: "Bad Gateway",
    504: "Gateway Timeout",
    505: "HTTP Version Not Supported",
}


def _parse_head(raw: bytes, *, request: bool) -> _Head:
    text = raw.decode("latin-1")
    lines = text[: -len("\r\n\r\n")].lstrip("\r\n").split("\r\n")
    start = lines[0].split(" ", 2)
    if not request and len(start) == 2:
        start.append("")  # "HTTP/1.1 200" with no reason phrase is common enough
    if len(start) != 3 or any("\n" in p or "\r" in p for p in start):
        raise _HTTPError(400, "malformed request line" if request else "malformed status line")
    if request:
        if not start[0] or any(c not in _TOKEN for c in start[0]) or start[2] not in ("HTTP/1.1", "HTTP/1.0"):
            raise _HTTPError(400, "malformed request line")
    elif not start[0].startswith("HTTP/1.") or not (len(start[1]) == 3 and start[1].isdigit()):
        raise _HTTPError(502, "the upstream server sent a malformed response")
    headers = []
    for line in lines[1:]:
        name, sep, value = line.partition(":")
        # Obsolete line folding, bare CR/LF and odd names are how requests get smuggled: refuse them.
        if not sep or not name or any(c not in _TOKEN for c in name) or "\r" in value or "\n" in value:
            raise _HTTPError(400 if request else 502, "malformed header line")
        headers.append((name, value.strip(" \t")))
    return _Head(start, headers)


def _body_framing(head: _Head, *, request: bool) -> tuple[str, int]:
    """("none"|"length"|"chunked"|"close", length)."""
    te = [t.strip().lower() for v in head.values("transfer-encoding") for t in v.split(",") if t.strip()]
    lengths = {v.strip() for value in head.values("content-length") for v in value.split(",")}
    if te:
        if lengths and request:
            raise _HTTPError(400, "both Transfer-Encoding and Content-Length")
        if te[-1] == "chunked":
            return "chunked", 0
        if request:
            raise _HTTPError(400, "a request body must be chunked or have a Content-Length")
        return "close", 0
    if lengths:
        if len(lengths) != 1 or not next(iter(lengths)).isdigit():
            raise _HTTPError(400 if request else 502, "invalid Content-Length")
        return "length", int(next(iter(lengths)))
    return ("none", 0) if request else ("close", 0)


def _serialize(start: str, headers: Iterable[tuple[str, str]]) -> bytes:
    lines = [start, *(f"{k}: {v}" for k, v in headers), "", ""]
    return "\r\n".join(lines).encode("latin-1")


class FilteringProxy:
    """An HTTP/HTTPS proxy on loopback that only connects where the safety checks allow.

    ``allow_private`` and ``allowed_domains`` mean what they mean for :func:`._hosts.check_url` and can be
    changed while the proxy runs. ``resolver`` and ``forbidden_reason`` are for tests. Every wait is
    bounded: ``header_timeout`` for a request head, ``connect_timeout`` per upstream address,
    ``resolve_timeout`` for DNS and ``idle_timeout`` for any read or write after that.
    """

    def __init__(
        self,
        *,
        allow_private: bool | Iterable[str] | PrivateAccess = False,
        allowed_domains: Iterable[str] = (),
        host: str = "127.0.0.1",
        port: int = 0,
        resolver: AsyncResolver | None = None,
        forbidden_reason: ReasonFn = forbidden_reason,
        connect_timeout: float = 10.0,
        resolve_timeout: float = 10.0,
        header_timeout: float = 30.0,
        idle_timeout: float = 300.0,
        max_refusals: int = 1000,
    ) -> None:
        self._reason = forbidden_reason
        self._lock = threading.Lock()
        self._check = HostCheck.build(allow_private, allowed_domains, forbidden_reason)
        self._bind_host = host
        self._port = port
        self._resolver = resolver
        self._connect_timeout = connect_timeout
        self._resolve_timeout = resolve_timeout
        self._header_timeout = header_timeout
        self._idle_timeout = idle_timeout
        self._refusals: deque[Refusal] = deque(maxlen=max_refusals)
        self._allowed = 0
        self._refused = 0
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._startup_error: BaseException | None = None

    # ---------------------------------------------------------------------------------------------
    # Thread-safe API
    # ---------------------------------------------------------------------------------------------

    @property
    def url(self) -> str:
        """``http://127.0.0.1:PORT``, for ``--proxy-server``. Only valid after :meth:`start`."""
        if self._thread is None:
            raise RuntimeError("the proxy is not running; call start() first")
        return f"http://{host_text(parse_host(self._bind_host))}:{self._port}"

    @property
    def port(self) -> int:
        return self._port

    def playwright_proxy(self) -> ProxySettings:
        """The ``proxy=`` launch option. ``bypass="<-loopback>"`` sends loopback through the proxy too;
        Playwright would add it by itself, unless ``PLAYWRIGHT_DISABLE_FORCED_CHROMIUM_PROXIED_LOOPBACK``
        is set, so it is not left to chance."""
        return {"server": self.url, "bypass": "<-loopback>"}

    @staticmethod
    def chromium_args() -> list[str]:
        """Extra Chromium switches that close the paths around an HTTP proxy (see :data:`CHROMIUM_ARGS`)."""
        return list(CHROMIUM_ARGS)

    def set_allow_private(self, value: bool | Iterable[str] | PrivateAccess) -> None:
        """Change which private targets are allowed; raises ``ValueError`` for a bad entry."""
        with self._lock:
            self._check = HostCheck.build(value, self._check.allowed_domains, self._reason)

    def set_allowed_domains(self, domains: Iterable[str]) -> None:
        """Change the domain allow-list (empty: no restriction); raises ``ValueError`` for a bad entry."""
        with self._lock:
            self._check = HostCheck.build(self._check.access, domains, self._reason)

    def drain_refusals(self) -> list[Refusal]:
        """The refusals since the last call, oldest first (at most ``max_refusals`` are kept)."""
        with self._lock:
            refusals = list(self._refusals)
            self._refusals.clear()
        return refusals

    @property
    def stats(self) -> ProxyStats:
        with self._lock:
            return ProxyStats(self._allowed, self._refused)

    def start(self, timeout: float = 10.0) -> None:
        """Bind and start serving in a daemon thread; returns once the port is open."""
        if self._thread is not None:
            raise RuntimeError("the proxy is already running")
        ready = threading.Event()
        thread = threading.Thread(target=self._run, args=(ready,), name="refwright-proxy", daemon=True)
        thread.start()
        if not ready.wait(timeout):
            raise RuntimeError("the proxy did not start in time")
        if self._startup_error is not None:
            thread.join(timeout)
            raise self._startup_error
        self._thread = thread

    def stop(self, timeout: float = 5.0) -> None:
        """Close every connection and stop the thread. Safe to call twice."""
        thread, loop = self._thread, self._loop
        if thread is None or loop is None:
            return
        with contextlib.suppress(RuntimeError):  # the loop already stopped
            loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout)
        self._thread = None

    def __enter__(self) -> FilteringProxy:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # ---------------------------------------------------------------------------------------------
    # The proxy's own thread and loop
    # ---------------------------------------------------------------------------------------------

    def _run(self, ready: threading.Event) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            server = loop.run_until_complete(
                asyncio.start_server(self._serve, self._bind_host, self._port, limit=_LIMIT)
            )
        except BaseException as e:  # reported to start()'s caller
            self._startup_error = e
            ready.set()
            loop.close()
            return
        self._port = server.sockets[0].getsockname()[1]
        ready.set()
        try:
            loop.run_forever()
        finally:
            loop.run_until_complete(self._shutdown(server))
            loop.close()

    async def _shutdown(self, server: asyncio.Server) -> None:
        server.close()
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.wait(tasks, timeout=2.0)
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(1.0):
                await server.wait_closed()
        # A getaddrinfo stuck in the default executor must not hold the thread.
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(1.0):
                await asyncio.get_running_loop().shutdown_default_executor()

    def _record(self, target: str, host: str, port: int, reason: str) -> None:
        with self._lock:
            self._refused += 1
            self._refusals.append(Refusal(target, host, port, reason, time.time()))

    # ---------------------------------------------------------------------------------------------
    # Connections
    # ---------------------------------------------------------------------------------------------

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        try:
            timeout = self._header_timeout
            while True:
                head = await self._read_head(reader, timeout, request=True)
                if head is None:
                    return
                timeout = self._idle_timeout
                if head.start[0] == "CONNECT":
                    await self._tunnel(head, reader, writer)
                    return
                if not await self._forward(head, reader, writer):
                    return
        except _HTTPError as e:
            with contextlib.suppress(OSError, TimeoutError):
                await self._send_text(writer, e.status, e.message)
                await self._linger(reader, writer)
        except (OSError, TimeoutError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
            pass  # the client went away or stalled; nothing to tell it
        except Exception:
            # A bug here must cost one connection, not the proxy.
            _log.exception("refwright proxy: unexpected error")
        except asyncio.CancelledError:
            # Only stop() cancels these tasks. Ending normally keeps Python 3.11's stream callback,
            # which calls task.exception() without checking for cancellation, from logging it.
            pass
        finally:
            self._tasks.discard(task)
            writer.close()

    async def _read_head(
        self, reader: asyncio.StreamReader, timeout: float, *, request: bool
    ) -> _Head | None:
        try:
            async with asyncio.timeout(timeout):
                raw = await reader.readuntil(b"\r\n\r\n")
        except asyncio.IncompleteReadError as e:
            if e.partial.strip():
                raise _HTTPError(400 if request else 502, "incomplete message head") from None
            return None
        except asyncio.LimitOverrunError:
            raise _HTTPError(431 if request else 502, "message head too large") from None
        except TimeoutError:
            if request:
                return None  # an idle keep-alive connection, or a client that never spoke
            raise _HTTPError(504, "the upstream server did not answer in time") from None
        return _parse_head(raw, request=request)

    async def _linger(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        # Closing with unread request bytes (a refused POST's body) makes the kernel send a reset, and the
        # client can lose the refusal it has not read yet. Read and drop the rest, within bounds, first.
        if writer.can_write_eof():
            writer.write_eof()
        with contextlib.suppress(TimeoutError, OSError):
            async with asyncio.timeout(2.0):
                total = 0
                while total < 8 * 1024 * 1024 and (data := await reader.read(_CHUNK)):
                    total += len(data)

    async def _send_text(self, writer: asyncio.StreamWriter, status: int, message: str) -> None:
        body = (clean_line(message) + "\n").encode("utf-8")
        writer.write(
            _serialize(
                f"HTTP/1.1 {status} {_REASONS.get(status, 'Error')}",
                [
                    ("Content-Type", "text/plain; charset=utf-8"),
                    ("Content-Length", str(len(body))),
                    ("Cache-Control", "no-store"),
                    ("Connection", "close"),
                    # Lets refwright tell its own refusal or error page from a site's 403 or 502.
                    ("X-Refwright-Refused" if status == 403 else "X-Refwright-Proxy-Error", "1"),
                ],
            )
            + body
        )
        async with asyncio.timeout(self._idle_timeout):
            await writer.drain()

    async def _checked_addresses(self, label: str, raw_host: str, port: int) -> list[IPAddress]:
        with self._lock:
            check = self._check
        try:
            try:
                host = parse_host(raw_host)
            except ValueError as e:
                raise PolicyDeniedError(f"Refused {label}: the host is not valid ({e}).") from None
            addresses = check.before_resolving(label, raw_host, host, port)
            if addresses is None:
                assert isinstance(host, str)
                addresses = await resolve_checked(
                    check, label, raw_host, host, port, self._resolver, self._resolve_timeout
                )
            if port == self._port and any(_is_local(ip) for ip in addresses):
                raise PolicyDeniedError(f"Refused {label}: that is refwright's own proxy.")
        except PolicyDeniedError as e:
            self._record(label, clean_line(raw_host)[:200], port, e.message)
            raise _HTTPError(403, e.message) from None
        return addresses

    async def _connect(
        self, addresses: list[IPAddress], port: int, label: str
    ) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        error: BaseException | None = None
        for ip in addresses:
            try:
                async with asyncio.timeout(self._connect_timeout):
                    # A numeric host: asyncio connects to exactly this address, with no DNS lookup.
                    streams = await asyncio.open_connection(str(ip), port, limit=_LIMIT)
            except OSError as e:  # includes TimeoutError
                error = e
                continue
            with self._lock:
                self._allowed += 1
            return streams
        detail = clean_line(str(error) or type(error).__name__) if error else "no address"
        raise _HTTPError(502, f"Could not connect to {label} ({detail}).")

    async def _tunnel(self, head: _Head, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        authority = head.start[1]
        raw_host, port_text = split_authority(authority)
        label = clean_line(authority)[:200]
        try:
            port = parse_port(port_text, 0)
        except ValueError:
            port = 0
        if not raw_host or port == 0:
            raise _HTTPError(400, "CONNECT needs host:port")
        addresses = await self._checked_addresses(label, raw_host, port)
        up_reader, up_writer = await self._connect(addresses, port, label)
        try:
            writer.write(b"HTTP/1.1 200 Connection Established\r\n\r\n")
            async with asyncio.timeout(self._idle_timeout):
                await writer.drain()
            await self._pipe(reader, writer, up_reader, up_writer)
        finally:
            up_writer.close()

    async def _forward(self, head: _Head, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> bool:
        """Relay one plain-HTTP request; return whether the client connection can take another."""
        method, target, version = head.start
        label = clean_line(target)[:200]
        if not target.lower().startswith("http://"):
            raise _HTTPError(400, "this proxy takes absolute http:// URLs, or CONNECT for https")
        try:
            url = split_url(target)
        except ValueError as e:
            raise _HTTPError(400, f"invalid URL ({e})") from None
        framing, length = _body_framing(head, request=True)
        addresses = await self._checked_addresses(label, url.raw_host, url.port)

        path = url.rest.partition("#")[0]
        path = "/" + path if not path.startswith("/") else path
        authority = host_text(url.host) + ("" if url.port == 80 else f":{url.port}")
        connection = head.tokens("connection")
        upgrade = "upgrade" in connection and bool(head.values("upgrade"))
        dropped = _HOP_BY_HOP | connection | {"host"}
        headers = [("Host", authority)] + [(k, v) for k, v in head.headers if k.lower() not in dropped]
        if upgrade:
            headers += [("Upgrade", head.values("upgrade")[0]), ("Connection", "Upgrade")]
        else:
            headers.append(("Connection", "close"))
        keep_alive = version == "HTTP/1.1" and "close" not in connection and not upgrade

        up_reader, up_writer = await self._connect(addresses, url.port, label)
        body_task: asyncio.Task[None] | None = None
        try:
            up_writer.write(_serialize(f"{method} {path} HTTP/1.1", headers))
            # The body streams while the response is read, so an early answer (401, 413) or an
            # Expect: 100-continue exchange cannot deadlock the two directions.
            body_task = asyncio.create_task(self._send_body(reader, up_writer, framing, length))
            while True:
                response = await self._read_head(up_reader, self._idle_timeout, request=False)
                if response is None:
                    raise _HTTPError(502, f"The server at {label} closed the connection without answering.")
                status = int(response.start[1])
                if status == 101 and upgrade:
                    writer.write(_serialize(" ".join(response.start), response.headers))
                    await self._finish(body_task)
                    await self._pipe(reader, writer, up_reader, up_writer)
                    return False
                if 100 <= status < 200:
                    if status != 101 and version == "HTTP/1.1":
                        writer.write(_serialize(" ".join(response.start), response.headers))
                    continue
                break
            if method == "HEAD" or status in (204, 304):
                out_framing, out_length = "none", 0
            else:
                out_framing, out_length = _body_framing(response, request=False)
            keep_alive = keep_alive and out_framing != "close"
            # X-Refwright-* marks refwright's own refusal and error pages; a server may not forge them.
            dropped = _HOP_BY_HOP | response.tokens("connection") | _OWN_HEADERS
            if response.values("transfer-encoding"):
                dropped |= {"content-length"}  # Transfer-Encoding wins; two framings invite smuggling
            out_headers = [(k, v) for k, v in response.headers if k.lower() not in dropped]
            if not keep_alive:
                out_headers.append(("Connection", "close"))
            writer.write(_serialize(" ".join(response.start), out_headers))
            try:
                await self._copy_body(up_reader, writer, out_framing, out_length)
            except _HTTPError as e:
                # The response has begun; all that is left is to cut the connection.
                raise ConnectionAbortedError(e.message) from None
            if not body_task.done():
                # The server answered before reading the whole body: the client's stream position is
                # unknown, so this connection cannot carry another request.
                body_task.cancel()
                keep_alive = False
            await self._finish(body_task)
            return keep_alive
        finally:
            if body_task is not None:
                if not body_task.done():
                    body_task.cancel()
                    with contextlib.suppress(asyncio.CancelledError, Exception):
                        await body_task
                elif not body_task.cancelled():
                    body_task.exception()  # retrieved, so asyncio does not log it as lost
            up_writer.close()

    async def _finish(self, task: asyncio.Task[None]) -> None:
        try:
            async with asyncio.timeout(self._idle_timeout):
                await task
        except asyncio.CancelledError:
            if not task.cancelled():
                raise

    async def _send_body(
        self, reader: asyncio.StreamReader, up_writer: asyncio.StreamWriter, framing: str, length: int
    ) -> None:
        try:
            await self._copy_body(reader, up_writer, framing, length)
        except (OSError, TimeoutError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, _HTTPError):
            # The client stopped sending mid-body: end the upstream exchange so the response read
            # fails now instead of waiting out its timeout.
            up_writer.transport.abort()
            raise

    async def _copy_body(
        self, src: asyncio.StreamReader, dst: asyncio.StreamWriter, framing: str, length: int
    ) -> None:
        if framing == "length":
            await self._copy_exact(src, dst, length)
        elif framing == "chunked":
            while True:
                line = await self._readline(src)
                size_text = line.split(b";", 1)[0].strip()
                if (
                    not size_text
                    or len(size_text) > 16
                    or any(c not in b"0123456789abcdefABCDEF" for c in size_text)
                ):
                    raise _HTTPError(400, "malformed chunk size")
                dst.write(line)
                size = int(size_text, 16)
                if size == 0:
                    while (line := await self._readline(src)) != b"\r\n":
                        dst.write(line)
                    dst.write(line)
                    break
                await self._copy_exact(src, dst, size)
                crlf = await self._readline(src)
                if crlf != b"\r\n":
                    raise _HTTPError(400, "malformed chunk")
                dst.write(crlf)
        elif framing == "close":
            while True:
                async with asyncio.timeout(self._idle_timeout):
                    data = await src.read(_CHUNK)
                if not data:
                    break
                dst.write(data)
                await self._drain(dst)
        await self._drain(dst)

    async def _readline(self, src: asyncio.StreamReader) -> bytes:
        async with asyncio.timeout(self._idle_timeout):
            return await src.readuntil(b"\r\n")

    async def _copy_exact(self, src: asyncio.StreamReader, dst: asyncio.StreamWriter, length: int) -> None:
        while length > 0:
            async with asyncio.timeout(self._idle_timeout):
                data = await src.read(min(length, _CHUNK))
            if not data:
                raise asyncio.IncompleteReadError(b"", length)
            length -= len(data)
            dst.write(data)
            await self._drain(dst)

    async def _drain(self, dst: asyncio.StreamWriter) -> None:
        async with asyncio.timeout(self._idle_timeout):
            await dst.drain()

    async def _pipe(
        self,
        a_reader: asyncio.StreamReader,
        a_writer: asyncio.StreamWriter,
        b_reader: asyncio.StreamReader,
        b_writer: asyncio.StreamWriter,
    ) -> None:
        """Copy both ways until both sides are done or nothing moved for ``idle_timeout``."""
        loop = asyncio.get_running_loop()
        last = [loop.time()]

        async def one_way(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            while data := await src.read(_CHUNK):
                last[0] = loop.time()
                dst.write(data)
                await dst.drain()
                last[0] = loop.time()
            if dst.can_write_eof():
                dst.write_eof()  # half-close: the other direction may still have data to deliver

        tasks = {
            asyncio.create_task(one_way(a_reader, b_writer)),
            asyncio.create_task(one_way(b_reader, a_writer)),
        }
        pending = set(tasks)
        try:
            while pending:
                remaining = self._idle_timeout - (loop.time() - last[0])
                if remaining <= 0:
                    return
                done, pending = await asyncio.wait(pending, timeout=min(remaining, 1.0))
                if any(not t.cancelled() and t.exception() is not None for t in done):
                    return
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)


def _is_local(ip: IPAddress) -> bool:
    if isinstance(ip, IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback or ip.is_unspecified
