"""A small CDP client of refwright's own, on its own WebSocket to a browser's DevTools endpoint (asyncio +
wsproto), for what Playwright's CDP sessions cannot do: commands to flat child sessions (``sessionId``).

Used to hold the popups of refwright's tabs in a lent browser at their start and check their requests,
without routing the person's own tabs through anything.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from wsproto import ConnectionType, WSConnection
from wsproto.events import AcceptConnection, CloseConnection, Message, Ping, RejectConnection, Request, TextMessage

from .._errors import BrowserError

__all__ = ["CdpSocket"]

Handler = Callable[[str, dict[str, Any], str | None], None]
HANDSHAKE_SECONDS = 60.0


class CdpSocket:
    """``await CdpSocket.open(ws_url, on_event)``; ``send(method, params, session_id)``; ``close()``."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, ws: WSConnection,
                 on_event: Handler) -> None:
        self._reader = reader
        self._writer = writer
        self._ws = ws
        self._on_event = on_event
        self._next = 0
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._pump = asyncio.ensure_future(self._read())

    @classmethod
    async def open(cls, ws_url: str, on_event: Handler) -> CdpSocket:
        parts = urlsplit(ws_url)
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(parts.hostname or "127.0.0.1", parts.port or 80), 10)
        except (OSError, TimeoutError) as exc:
            raise BrowserError(f"Could not open a DevTools connection to {ws_url}: {exc}.") from exc
        ws = WSConnection(ConnectionType.CLIENT)
        writer.write(ws.send(Request(host=parts.netloc, target=parts.path or "/")))
        await writer.drain()
        while True:
            # Chrome's chrome://inspect toggle asks the person to allow each connection: give them time.
            data = await asyncio.wait_for(reader.read(65536), HANDSHAKE_SECONDS)
            if not data:
                raise BrowserError(f"The browser closed the DevTools connection to {ws_url} at once.")
            ws.receive_data(data)
            for event in ws.events():
                if isinstance(event, AcceptConnection):
                    return cls(reader, writer, ws, on_event)
                if isinstance(event, RejectConnection):
                    raise BrowserError(f"The browser refused a DevTools connection to {ws_url} "
                                       f"(HTTP {event.status_code}).")

    async def send(self, method: str, params: dict[str, Any] | None = None,
                   session_id: str | None = None) -> dict[str, Any]:
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params or {}}
        if session_id:
            message["sessionId"] = session_id
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[self._next] = future
        self._writer.write(self._ws.send(Message(data=json.dumps(message))))
        await self._writer.drain()
        return await asyncio.wait_for(future, 30)

    async def _read(self) -> None:
        parts: list[str] = []
        try:
            while True:
                data = await self._reader.read(1 << 20)
                if not data:
                    break
                self._ws.receive_data(data)
                for event in self._ws.events():
                    if isinstance(event, TextMessage):
                        parts.append(event.data)
                        if event.message_finished:
                            self._dispatch(json.loads("".join(parts)))
                            parts = []
                    elif isinstance(event, Ping):
                        self._writer.write(self._ws.send(event.response()))
                    elif isinstance(event, CloseConnection):
                        return
        except (OSError, ValueError):
            return
        finally:
            for future in self._waiting.values():
                if not future.done():
                    future.set_exception(BrowserError("The DevTools connection closed."))

    def _dispatch(self, message: dict[str, Any]) -> None:
        if "id" in message:
            future = self._waiting.pop(int(message["id"]), None)
            if future is not None and not future.done():
                if "error" in message:
                    future.set_exception(BrowserError(str(message["error"].get("message", message["error"]))))
                else:
                    future.set_result(message.get("result", {}))
            return
        self._on_event(str(message.get("method", "")), message.get("params", {}), message.get("sessionId"))

    async def close(self) -> None:
        self._pump.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._pump
        with contextlib.suppress(OSError):
            self._writer.close()
