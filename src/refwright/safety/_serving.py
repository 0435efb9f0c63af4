"""An asyncio server on a daemon thread with an event loop of its own: the part of the network guard's
proxy that has nothing to do with checking requests.

A thread of its own makes the proxy work the same under the sync and async APIs, and it never competes
with the caller's loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Awaitable, Callable

from .._errors import BrowserError

__all__ = ["Handler", "ThreadedServer"]

Handler = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]


class ThreadedServer:
    """Serves ``handler`` on ``host:port`` (0: any free port) from :meth:`start` to :meth:`stop`.

    ``limit`` is the stream buffer size; ``on_shutdown`` runs on the loop after the server closed and
    every connection was cancelled, for resources that belong to that loop.
    """

    def __init__(self, handler: Handler, host: str, port: int, *, limit: int,
                 on_shutdown: Callable[[], Awaitable[None]] | None = None) -> None:
        self._handler = handler
        self.host = host
        self.port = port
        self._limit = limit
        self._on_shutdown = on_shutdown
        self.thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._startup_error: BaseException | None = None

    @property
    def running(self) -> bool:
        return self.thread is not None

    @property
    def connections(self) -> int:
        """How many connections are being served now."""
        return len(self._tasks)

    def start(self, timeout: float) -> None:
        """Bind and start serving; returns once the port is open."""
        if self.thread is not None:
            raise BrowserError("The network guard's proxy is already running; stop() it before starting it again.")
        ready = threading.Event()
        thread = threading.Thread(target=self._run, args=(ready,), name="refwright-proxy", daemon=True)
        thread.start()
        if not ready.wait(timeout):
            raise BrowserError(f"The network guard's proxy did not start within {timeout:g} s; the machine may be "
                               "overloaded. Try again, or raise the timeout.")
        if self._startup_error is not None:
            thread.join(timeout)
            raise self._startup_error
        self.thread = thread

    def stop(self, timeout: float) -> None:
        """Close every connection and stop the thread. Safe to call twice."""
        thread, loop = self.thread, self._loop
        if thread is None or loop is None:
            return
        with contextlib.suppress(RuntimeError):  # the loop already stopped
            loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout)
        self.thread = None

    def _run(self, ready: threading.Event) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            server = loop.run_until_complete(asyncio.start_server(self._serve, self.host, self.port, limit=self._limit))
        except BaseException as e:  # reported to start()'s caller
            self._startup_error = e
            ready.set()
            loop.close()
            return
        self.port = server.sockets[0].getsockname()[1]
        ready.set()
        try:
            loop.run_forever()
        finally:
            loop.run_until_complete(self._shutdown(server))
            loop.close()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        try:
            await self._handler(reader, writer)
        except asyncio.CancelledError:
            # Only stop() cancels these tasks. Ending normally keeps Python 3.11's stream callback,
            # which calls task.exception() without checking for cancellation, from logging it.
            pass
        finally:
            self._tasks.discard(task)
            writer.close()

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
        if self._on_shutdown is not None:
            await self._on_shutdown()
        # A getaddrinfo stuck in the default executor must not hold the thread.
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(1.0):
                await asyncio.get_running_loop().shutdown_default_executor()
