"""Where the async implementation and the sync API it generates must differ, and nowhere else.

``scripts/unasync.py`` writes ``_sync`` from ``_async`` by renaming: ``await_coroutine`` becomes
``run_coroutine`` and ``off_loop`` becomes ``called``. Each pair below is one step said two ways, so a
module of ``_async`` never keeps a hand-written twin of its own (the architecture test holds every other
module to that).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, TypeVar

__all__ = ["async_event", "async_lock", "await_coroutine", "await_event", "await_within", "called", "off_loop",
           "run_coroutine", "sync_event", "sync_lock", "sync_wait_event", "sync_within"]

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


async def await_within(work: Awaitable[T], seconds: float) -> T:
    """Wait for ``work`` at most ``seconds`` (``TimeoutError`` past that)."""
    return await asyncio.wait_for(work, seconds)


def sync_within(work: T, seconds: float) -> T:
    """The same in sync code: the call has already run, bounded by Playwright's own timeouts."""
    return work


def async_lock() -> asyncio.Lock:
    """A lock for callbacks that interleave on the event loop."""
    return asyncio.Lock()


def sync_lock() -> threading.RLock:
    """The same for sync code, where Playwright runs callbacks on the caller's thread (re-entrantly)."""
    return threading.RLock()


def async_event() -> asyncio.Event:
    """A flag a coroutine can wait for."""
    return asyncio.Event()


def sync_event() -> threading.Event:
    """The same for sync code."""
    return threading.Event()


async def await_event(event: asyncio.Event, seconds: float) -> None:
    """Wait until ``event`` is set, at most ``seconds`` (``TimeoutError`` past that)."""
    await asyncio.wait_for(event.wait(), seconds)


def sync_wait_event(event: threading.Event, seconds: float) -> None:
    """The same in sync code."""
    if not event.wait(seconds):
        raise TimeoutError
