"""Serving a :class:`RefwrightMcp` until the client goes away or a stop signal comes, then closing its browser."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import signal
import sys
from typing import Any

from ._server import RefwrightMcp

__all__ = ["serve"]

# How long closing the browsers may take once serving stopped: a stop signal must end the server within 2 s.
_CLOSE_LIMIT = 1.5
# How long the HTTP server has to stop on its own after a stop signal (its open event streams get 1 s).
_HTTP_STOP_LIMIT = 1.5


async def _after(stop: asyncio.Event, seconds: float) -> None:
    await stop.wait()
    await asyncio.sleep(seconds)


async def serve(server: RefwrightMcp, *, port: int | None = None, **http: Any) -> None:
    """Serve over stdio, or streamable HTTP on 127.0.0.1:``port`` (``http``: see :func:`http_app`).

    SIGTERM and SIGINT stop serving; the browser is then closed by this task, which nothing cancels.
    """
    # What is loaded by now (the modules, the server) lives as long as the process. Frozen, it is left out
    # of the collector's full passes, which would otherwise scan all of it: about 80 ms, a stall in
    # whichever tool call a pass fell in.
    gc.collect()
    gc.freeze()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(signum, stop.set)
    serving = asyncio.create_task(_stdio(server) if port is None else _http(server, port, http, stop))
    # Over HTTP the server stops itself on the signal (cancelled mid-shutdown, its lifespan task would
    # print a CancelledError traceback); it is cancelled only if it has not stopped in time.
    stopping = asyncio.create_task(stop.wait() if port is None else _after(stop, _HTTP_STOP_LIMIT))
    try:
        await asyncio.wait({serving, stopping}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in (serving, stopping):
            task.cancel()
        await asyncio.gather(serving, stopping, return_exceptions=True)
        try:
            await asyncio.wait_for(server.aclose(), _CLOSE_LIMIT)
        except TimeoutError:
            # A browser that does not close in time goes with this process: Playwright's driver, whose
            # pipe closes when it exits, takes its Chromium down.
            pass


async def _stdio(server: RefwrightMcp) -> None:
    if sys.platform == "win32":  # no fcntl there; the SDK's transport (a stop signal waits for stdin)
        from mcp.server.stdio import stdio_server as stdio_streams
    else:
        from ._stdio import stdio_streams

    async with stdio_streams() as (read, write):
        await server.server.run(read, write, server.server.create_initialization_options())


async def _http(server: RefwrightMcp, port: int, options: dict[str, Any], stop: asyncio.Event) -> None:
    import uvicorn

    from ._http_transport import http_app

    config = uvicorn.Config(http_app(server, **options), host="127.0.0.1", port=port, log_level="warning",
                            lifespan="on", timeout_graceful_shutdown=1)
    # uvicorn handles SIGTERM itself while it serves (a graceful stop, which open event streams of connected
    # clients cannot hold up for more than a second), then serve() closes the browsers. The loop's own
    # handler sees the signal too (and SIGINT's second press): either way, this asks uvicorn to stop.
    http = uvicorn.Server(config)

    async def on_stop() -> None:
        await stop.wait()
        http.should_exit = True

    watcher = asyncio.create_task(on_stop())
    try:
        await http.serve()
    finally:
        watcher.cancel()
