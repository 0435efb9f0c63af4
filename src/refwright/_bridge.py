"""Where the async implementation and the sync API it generates must differ, and nowhere else.

``scripts/unasync.py`` writes ``_sync`` from ``_async`` by renaming: ``await_coroutine`` becomes
``run_coroutine`` and ``off_loop`` becomes ``called``. Each pair below is one step said two ways, so a
module of ``_async`` never keeps a hand-written twin of its own (the architecture test holds every other
module to that).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, TypeVar

__all__ = ["await_coroutine", "called", "off_loop", "run_coroutine"]

T = TypeVar("T")


async def await_coroutine(work: Awaitable[T]) -> T:
    """Wait for asyncio work (a model provider, the DNS resolver) from the async implementation."""
    return await work


def run_coroutine(work: Coroutine[Any, Any, T]) -> T:
    """The same from sync code: the sync API's thread already runs Playwright's own loop, so the work runs
    to completion on a loop of its own in a worker thread."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, work).result()


async def off_loop(fn: Callable[[], T]) -> T:
    """Run blocking work (OCR) off the event loop."""
    return await asyncio.to_thread(fn)


def called(fn: Callable[[], T]) -> T:
    """The same in sync code, where there is no loop to keep free."""
    return fn()
