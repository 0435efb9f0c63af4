"""One client connection of the filtering proxy: read requests, have them checked, relay the exchange.

Framing is h11's (:mod:`._http1`); what stays here is the relay: each request head is screened and
parsed, its target checked by the proxy (``check``), and only then is an upstream connection opened
(``connect``, to the checked address only). Bodies stream both ways, the client connection is kept
alive between requests, and ``CONNECT`` tunnels and WebSocket upgrades become a byte pipe once the
check passed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import h11

from ._addresses import IPAddress
from ._http1 import HttpStatusError, client_connection, parse_request_head, server_connection, text_response
from ._sanitize import clean_line
from ._url import host_text, parse_port, split_authority, split_url

_log = logging.getLogger(__name__)

__all__ = ["Relay", "Timeouts"]

_CHUNK = 64 * 1024
_OWN_HEADERS = frozenset({b"x-refwright-refused", b"x-refwright-proxy-error"})
_HOP_BY_HOP = frozenset(
    {
        b"connection",
        b"keep-alive",
        b"proxy-connection",
        b"proxy-authorization",
        b"proxy-authenticate",
        b"te",
        b"upgrade",
        b"transfer-encoding",  # h11 frames every message it writes itself
    }
)

Check = Callable[[str, str, int], Awaitable[list[IPAddress]]]
Connect = Callable[[list[IPAddress], int, str], Awaitable[tuple[asyncio.StreamReader, asyncio.StreamWriter]]]
# Whether a request's headers carry the credential the proxy demands (``None``: no credential needed).
Authorize = Callable[[list[tuple[bytes, bytes]]], bool]


@dataclass(frozen=True)
class Timeouts:
    header: float
    idle: float


def _tokens(headers: list[tuple[bytes, bytes]], name: bytes) -> set[bytes]:
    return {t.strip().lower() for k, v in headers if k == name for t in v.split(b",") if t.strip()}


def _values(headers: list[tuple[bytes, bytes]], name: bytes) -> list[bytes]:
    return [v for k, v in headers if k == name]


def _upstream_headers(request: h11.Request, host: str, port: int) -> tuple[list[tuple[bytes, bytes]], bool, bool]:
    """The headers sent upstream (hop-by-hop ones dropped, ``Host`` from the checked URL), whether the client
    asked to upgrade, and whether its connection may stay open after this request."""
    headers = list(request.headers.raw_items())
    lower = [(k.lower(), v) for k, v in headers]
    connection = _tokens(lower, b"connection")
    upgrade = b"upgrade" in connection and bool(_values(lower, b"upgrade"))
    dropped = _HOP_BY_HOP | connection | {b"host"}
    authority = host + ("" if port == 80 else f":{port}")
    out = [(b"Host", authority.encode("ascii"))] + [(k, v) for k, v in headers if k.lower() not in dropped]
    if _values(lower, b"transfer-encoding"):
        out.append((b"Transfer-Encoding", b"chunked"))  # the only coding h11 let through
    if upgrade:
        out += [(b"Upgrade", _values(lower, b"upgrade")[0]), (b"Connection", b"Upgrade")]
    else:
        out.append((b"Connection", b"close"))
    keep_alive = request.http_version == b"1.1" and b"close" not in connection and not upgrade
    return out, upgrade, keep_alive


def _client_headers(request: h11.Request, response: h11.Response,
                    keep_alive: bool) -> tuple[list[tuple[bytes, bytes]], bool]:
    """The response headers passed to the client, and whether its connection may stay open."""
    resp_headers = list(response.headers.raw_items())
    resp_lower = [(k.lower(), v) for k, v in resp_headers]
    # X-Refwright-* marks refwright's own refusal and error pages; a server may not forge them.
    dropped = _HOP_BY_HOP | _tokens(resp_lower, b"connection") | _OWN_HEADERS
    if _values(resp_lower, b"transfer-encoding"):
        dropped |= {b"content-length"}  # h11 read it as chunked; it writes its own framing
    kept = [(k, v) for k, v in resp_headers if k.lower() not in dropped]
    bodiless = request.method == b"HEAD" or response.status_code in (204, 304)
    if not bodiless and not _values(resp_lower, b"content-length") and not _values(resp_lower, b"transfer-encoding"):
        keep_alive = False  # the body ends when the server closes, so the client's ends there too
    if not keep_alive:
        kept.append((b"Connection", b"close"))
    return kept, keep_alive


async def _settle(task: asyncio.Task[None]) -> None:
    """Stop a body task that is still running, and retrieve the outcome of one that ended, so asyncio
    does not log it as lost."""
    if not task.done():
        task.cancel()
        try:
            await task
        except (asyncio.CancelledError, Exception):  # its end, whatever it was, is not this connection's answer
            _log.debug("a relay body task ended with", exc_info=True)
    elif not task.cancelled():
        task.exception()


class Relay:
    """Serves one client connection; ``check`` raises :class:`HttpStatusError` (403) for a refused target."""

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        check: Check,
        connect: Connect,
        timeouts: Timeouts,
        authorize: Authorize | None = None,
    ) -> None:
        self._authorize = authorize
        self._reader = reader
        self._writer = writer
        self._check = check
        self._connect = connect
        self._timeouts = timeouts
        self._buffer = bytearray()  # client bytes read but not yet given to h11

    async def serve(self) -> None:
        try:
            timeout = self._timeouts.header
            while True:
                head = await self._read_head(timeout)
                if head is None:
                    return
                timeout = self._timeouts.idle
                conn = server_connection()
                request = parse_request_head(conn, head)
                if self._authorize is not None and not self._authorize(list(request.headers)):
                    # Before any check or lookup: a client without the session's credential learns nothing.
                    raise HttpStatusError(407, "This proxy needs the session's credential (Proxy-Authorization).")
                if request.method == b"CONNECT":
                    await self._tunnel(conn, request)
                    return
                if not await self._forward(conn, request):
                    return
        except HttpStatusError as e:
            with contextlib.suppress(OSError, TimeoutError):
                header = "X-Refwright-Refused" if e.status == 403 else "X-Refwright-Proxy-Error"
                # The header lets refwright tell its own refusal or error page from a site's 403 or 502.
                extra = [(header, "1")]
                if e.status == 407:
                    extra.append(("Proxy-Authenticate", 'Basic realm="refwright"'))
                self._writer.write(text_response(e.status, clean_line(e.message), extra))
                await self._drain(self._writer)
                await self._linger()

    # -- reading from the client --------------------------------------------------------------------

    async def _read(self, reader: asyncio.StreamReader, timeout: float) -> bytes:
        async with asyncio.timeout(timeout):
            return await reader.read(_CHUNK)

    async def _read_head(self, timeout: float) -> bytes | None:
        """The next request head, through its blank line (``None``: the client is done or idle)."""
        while True:
            while self._buffer.startswith(b"\r\n"):
                del self._buffer[:2]  # stray line ends between requests are allowed and ignored
            end = self._buffer.find(b"\r\n\r\n")
            if end >= 0:
                head = bytes(self._buffer[: end + 4])
                del self._buffer[: end + 4]
                return head
            if len(self._buffer) > 64 * 1024:
                raise HttpStatusError(431, "message head too large")
            try:
                data = await self._read(self._reader, timeout)
            except TimeoutError:
                return None  # an idle keep-alive connection, or a client that never spoke
            if not data:
                if self._buffer.strip():
                    raise HttpStatusError(400, "incomplete message head")
                return None
            self._buffer += data

    async def _client_event(self, conn: h11.Connection) -> object:
        """The next body event of the request h11 is reading, feeding it buffered bytes first."""
        while True:
            try:
                event = conn.next_event()
            except h11.RemoteProtocolError as e:
                raise HttpStatusError(400, f"malformed request body ({e})") from None
            if event is not h11.NEED_DATA:
                return event
            if self._buffer:
                data = bytes(self._buffer)
                self._buffer.clear()
            else:
                data = await self._read(self._reader, self._timeouts.idle)
            conn.receive_data(data)

    def _keep_unread(self, conn: h11.Connection) -> None:
        # What h11 was given beyond this request is the start of the next one: it goes back in front.
        self._buffer[:0] = conn.trailing_data[0]

    async def _linger(self) -> None:
        # Closing with unread request bytes (a refused POST's body) makes the kernel send a reset, and the
        # client can lose the refusal it has not read yet. Read and drop the rest, within bounds, first.
        if self._writer.can_write_eof():
            self._writer.write_eof()
        with contextlib.suppress(TimeoutError, OSError):
            async with asyncio.timeout(2.0):
                total = 0
                while total < 8 * 1024 * 1024 and (data := await self._reader.read(_CHUNK)):
                    total += len(data)

    async def _drain(self, writer: asyncio.StreamWriter) -> None:
        async with asyncio.timeout(self._timeouts.idle):
            await writer.drain()

    # -- CONNECT ------------------------------------------------------------------------------------

    async def _tunnel(self, conn: h11.Connection, request: h11.Request) -> None:
        authority = request.target.decode("latin-1")
        raw_host, port_text = split_authority(authority)
        label = clean_line(authority)[:200]
        try:
            port = parse_port(port_text, 0)
        except ValueError:
            port = 0
        if not raw_host or port == 0:
            raise HttpStatusError(400, "CONNECT needs host:port")
        while not isinstance(await self._client_event(conn), h11.EndOfMessage):
            pass  # a CONNECT body means nothing; h11 has framed it, and it is dropped
        addresses = await self._check(label, raw_host, port)
        up_reader, up_writer = await self._connect(addresses, port, label)
        try:
            self._writer.write(conn.send(h11.Response(status_code=200, headers=[], reason=b"Connection Established")))
            self._keep_unread(conn)
            await self._drain(self._writer)
            await self._pipe(up_reader, up_writer)
        finally:
            up_writer.close()

    # -- plain http ---------------------------------------------------------------------------------

    async def _forward(self, conn: h11.Connection, request: h11.Request) -> bool:
        """Relay one plain-HTTP request; return whether the client connection can take another."""
        target = request.target.decode("latin-1")
        label = clean_line(target)[:200]
        if not target.lower().startswith("http://"):
            raise HttpStatusError(400, "this proxy takes absolute http:// URLs, or CONNECT for https")
        try:
            url = split_url(target)
        except ValueError as e:
            raise HttpStatusError(400, f"invalid URL ({e})") from None
        addresses = await self._check(label, url.raw_host, url.port)
        out, upgrade, keep_alive = _upstream_headers(request, host_text(url.host), url.port)

        up_reader, up_writer = await self._connect(addresses, url.port, label)
        upstream = client_connection()
        body_task: asyncio.Task[None] | None = None
        try:
            up_writer.write(upstream.send(h11.Request(method=request.method, target=url.rest or "/", headers=out)))
            # The body streams while the response is read, so an early answer (401, 413) or an
            # Expect: 100-continue exchange cannot deadlock the two directions.
            body_task = asyncio.create_task(self._send_body(conn, upstream, up_writer))
            response = await self._final_response(conn, request, upgrade, upstream, up_reader, label)
            if response is None:  # the upstream switched protocols, as the client asked
                await self._finish(body_task)
                self._keep_unread(conn)
                await self._pipe(up_reader, up_writer, upstream.trailing_data[0])
                return False
            kept, keep_alive = _client_headers(request, response, keep_alive)
            self._writer.write(conn.send(h11.Response(
                status_code=response.status_code, headers=kept, reason=response.reason)))
            await self._relay_body(conn, upstream, up_reader, label)
            if not body_task.done():
                # The server answered before reading the whole body: the client's stream position is
                # unknown, so this connection cannot carry another request.
                body_task.cancel()
                keep_alive = False
            await self._finish(body_task)
            if keep_alive and conn.our_state is h11.DONE and conn.their_state is h11.DONE:
                self._keep_unread(conn)
                return True
            return False
        finally:
            if body_task is not None:
                await _settle(body_task)
            up_writer.close()

    async def _final_response(self, conn: h11.Connection, request: h11.Request, upgrade: bool,
                              upstream: h11.Connection, up_reader: asyncio.StreamReader,
                              label: str) -> h11.Response | None:
        """The upstream's final response, passing informational ones on to the client; None once a
        ``101 Switching Protocols`` the client asked for (``upgrade``) was passed on (the two streams are
        then piped)."""
        while True:
            response = await self._upstream_event(upstream, up_reader, label)
            if not isinstance(response, h11.InformationalResponse):
                assert isinstance(response, h11.Response)
                return response
            if response.status_code == 101 and upgrade:
                self._writer.write(conn.send(response))
                return None
            if response.status_code != 101 and request.http_version == b"1.1":
                self._writer.write(conn.send(h11.InformationalResponse(
                    status_code=response.status_code, headers=response.headers, reason=response.reason)))

    async def _relay_body(self, conn: h11.Connection, upstream: h11.Connection, up_reader: asyncio.StreamReader,
                          label: str) -> None:
        try:
            while not isinstance(event := await self._upstream_event(upstream, up_reader, label), h11.EndOfMessage):
                if isinstance(event, h11.Data):
                    self._writer.write(conn.send(event))
                    await self._drain(self._writer)
            self._writer.write(conn.send(h11.EndOfMessage()))
            await self._drain(self._writer)
        except (HttpStatusError, h11.LocalProtocolError) as e:
            # The response has begun; all that is left is to cut the connection.
            raise ConnectionAbortedError(str(e)) from None

    async def _upstream_event(self, upstream: h11.Connection, up_reader: asyncio.StreamReader, label: str) -> object:
        while True:
            try:
                event = upstream.next_event()
            except h11.RemoteProtocolError:
                raise HttpStatusError(502, f"The server at {label} sent a malformed response.") from None
            if event is h11.NEED_DATA:
                try:
                    data = await self._read(up_reader, self._timeouts.idle)
                except TimeoutError:
                    raise HttpStatusError(504, "the upstream server did not answer in time") from None
                upstream.receive_data(data)
                continue
            if isinstance(event, h11.ConnectionClosed):
                raise HttpStatusError(502, f"The server at {label} closed the connection without answering.")
            return event

    async def _send_body(self, conn: h11.Connection, upstream: h11.Connection, up_writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                event = await self._client_event(conn)
                if isinstance(event, h11.Data):
                    up_writer.write(upstream.send(event))
                    await self._drain(up_writer)
                elif isinstance(event, h11.EndOfMessage):
                    up_writer.write(upstream.send(h11.EndOfMessage()))
                    await self._drain(up_writer)
                    return
                else:
                    raise HttpStatusError(400, "malformed request body")
        except (OSError, TimeoutError, HttpStatusError, h11.LocalProtocolError):
            # The client stopped sending mid-body: end the upstream exchange so the response read
            # fails now instead of waiting out its timeout.
            up_writer.transport.abort()
            raise

    async def _finish(self, task: asyncio.Task[None]) -> None:
        try:
            async with asyncio.timeout(self._timeouts.idle):
                await task
        except asyncio.CancelledError:
            if not task.cancelled():
                raise

    # -- byte pipes (tunnels, upgraded connections) -------------------------------------------------

    async def _pipe(self, b_reader: asyncio.StreamReader, b_writer: asyncio.StreamWriter, b_early: bytes = b"") -> None:
        """Copy both ways until both sides are done or nothing moved for the idle timeout."""
        loop = asyncio.get_running_loop()
        last = [loop.time()]
        idle = self._timeouts.idle
        client_early = bytes(self._buffer)
        self._buffer.clear()

        async def one_way(early: bytes, src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            if early:
                dst.write(early)
                await dst.drain()
            while data := await src.read(_CHUNK):
                last[0] = loop.time()
                dst.write(data)
                await dst.drain()
                last[0] = loop.time()
            if dst.can_write_eof():
                dst.write_eof()  # half-close: the other direction may still have data to deliver

        tasks = {
            asyncio.create_task(one_way(client_early, self._reader, b_writer)),
            asyncio.create_task(one_way(b_early, b_reader, self._writer)),
        }
        pending = set(tasks)
        try:
            while pending:
                remaining = idle - (loop.time() - last[0])
                if remaining <= 0:
                    return
                done, pending = await asyncio.wait(pending, timeout=min(remaining, 1.0))
                if any(not t.cancelled() and t.exception() is not None for t in done):
                    return
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
