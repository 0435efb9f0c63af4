"""The client's pipes for ``refwright mcp`` over stdio, read so that a stop signal ends the server at once.

The SDK's own stdio transport reads stdin in a worker thread that task cancellation waits for: while the
client holds stdin open, SIGTERM never completes (measured: still running 15 s later). Here a daemon
thread reads the lines and hands them to the event loop, so cancelling the reader cancels a queue wait
and nothing else; the thread, blocked in ``read``, goes with the process.

While serving, fd 0 reads the null device and fd 1 writes to stderr (as the SDK's own transport arranges),
so a child (Playwright's driver, Chromium) can neither read the wire nor write into it, and the private
copies of the wire are close-on-exec, so no child holds the client's pipes open after the server exits.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import io
import os
import threading
from collections.abc import AsyncIterator
from typing import Any, cast

import anyio
from mcp.server.stdio import stdio_server

__all__ = ["stdio_streams"]


class _Lines:
    """stdin's lines as an async iterator, read by a daemon thread the event loop never waits for."""

    def __init__(self, fd: int) -> None:
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._loop = asyncio.get_running_loop()
        threading.Thread(target=self._read, args=(fd,), name="refwright-mcp-stdin", daemon=True).start()

    def _read(self, fd: int) -> None:
        # closefd=False: the descriptor must outlive this reader (the thread may still be blocked on it).
        with open(fd, encoding="utf-8", errors="replace", closefd=False) as wire:
            for line in wire:
                if not self._hand_over(line):
                    return
        self._hand_over(None)

    def _hand_over(self, line: str | None) -> bool:
        try:
            self._loop.call_soon_threadsafe(self._queue.put_nowait, line)
        except RuntimeError:  # the loop closed: the server is stopping, nobody reads any more
            return False
        return True

    def __aiter__(self) -> _Lines:
        return self

    async def __anext__(self) -> str:
        line = await self._queue.get()
        if line is None:
            raise StopAsyncIteration
        return line


def _private_copy(fd: int) -> int:
    return fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 3)


@contextlib.asynccontextmanager
async def stdio_streams() -> AsyncIterator[tuple[Any, Any]]:
    """The SDK's read and write streams over this process's stdin and stdout."""
    wire_in, wire_out = _private_copy(0), _private_copy(1)
    null = os.open(os.devnull, os.O_RDONLY)
    try:
        os.dup2(null, 0)
        os.dup2(2, 1)
    finally:
        os.close(null)
    try:
        writer = io.TextIOWrapper(os.fdopen(wire_out, "wb", closefd=False), encoding="utf-8")
        stdin = cast("anyio.AsyncFile[str]", _Lines(wire_in))
        async with stdio_server(stdin=stdin, stdout=anyio.wrap_file(writer)) as streams:
            yield streams
    finally:
        os.dup2(wire_out, 1)
