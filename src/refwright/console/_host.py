"""Serving the console with uvicorn on the caller's event loop (the one its browser runs on)."""

from __future__ import annotations

import asyncio
import os
import secrets
import socket
from types import TracebackType

import uvicorn

from .._errors import RefwrightError
from ._app import build_app
from ._console import Console

__all__ = ["ConsoleServer"]


class ConsoleServer:
    """``async with ConsoleServer(console) as server: print(server.url)``.

    Binds 127.0.0.1 unless ``host`` says otherwise; ``port`` 0 takes a free port. ``url`` carries the token.
    """

    def __init__(self, console: Console, *, host: str = "127.0.0.1", port: int = 0, token: str | None = None) -> None:
        self.console = console
        self.host = host
        self.token = token or secrets.token_urlsafe(24)
        self.port = port
        app = build_app(console, self.token, lambda: self.port)
        self._server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, ws="wsproto", lifespan="off",
                                                     log_level="warning", access_log=False))
        self._task: asyncio.Task[None] | None = None

    @property
    def url(self) -> str:
        shown = f"[{self.host}]" if ":" in self.host else self.host
        shown = "127.0.0.1" if self.host in ("0.0.0.0", "::") else shown
        return f"http://{shown}:{self.port}/?token={self.token}"

    async def start(self) -> None:
        # Bound here rather than by uvicorn, whose failure to bind exits the whole process.
        try:
            family = socket.AF_INET6 if ":" in self.host else socket.AF_INET
            sock = socket.create_server((self.host, self.port), family=family, reuse_port=False)
        except OSError as exc:
            # create_server's own message repeats the address; the system's words for the errno do not.
            reason = os.strerror(exc.errno) if exc.errno else str(exc)
            raise RefwrightError(f"The console cannot listen on {self.host}:{self.port} ({reason}). "
                                 "Pick another --port, or free that one.") from exc
        self.port = int(sock.getsockname()[1])
        self._task = asyncio.create_task(self._server.serve(sockets=[sock]))
        while not self._server.started:
            if self._task.done():
                sock.close()
                raise RefwrightError("The console's server stopped while starting; run it again.")
            await asyncio.sleep(0.02)

    async def stop(self) -> None:
        for task in list(self.console.tasks.values()):
            task.cancel()
        await asyncio.gather(*self.console.tasks.values(), return_exceptions=True)
        self._server.should_exit = True
        if self._task is not None:
            await asyncio.gather(self._task, return_exceptions=True)

    async def __aenter__(self) -> ConsoleServer:
        await self.start()
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        await self.stop()
