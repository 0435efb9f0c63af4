"""The session pool for sync code: ``refwright.sync_api.SessionPool``.

A thin wrapper, not generated: the async pool runs on an event loop of its own, in one daemon thread,
and each session is handed out as a :class:`PooledPage` whose methods wait for the async page's answer.
Sync Playwright objects belong to the thread that made them, so this is also what lets many threads of
a sync program each drive their own session at the same time.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import threading
from collections.abc import Coroutine, Iterator, Sequence
from types import TracebackType
from typing import Any, TypeVar

from .._async import Page
from .._capabilities import Capabilities
from .._config import Config
from .._errors import BrowserError
from .._result import CommandResult, ScreenshotResult
from ._sessions import SessionPool as AsyncSessionPool

__all__ = ["PooledPage", "SessionPool"]

T = TypeVar("T")


class _LoopThread:
    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name="refwright-pool", daemon=True)
        self._thread.start()

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        if threading.current_thread() is self._thread:
            coro.close()
            raise BrowserError("A pooled page was used from inside the pool's own loop; use the async "
                               "refwright.SessionPool there.")
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result()

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout=10)
        if not self._thread.is_alive():
            self.loop.close()


class PooledPage:
    """One pooled session, for sync code: the async :class:`refwright.Page`'s methods, each waiting for its
    answer. The common ones are typed here; any other method of ``refwright.Page`` is reached the same way
    (a coroutine method returns its result)."""

    def __init__(self, page: Page, runner: _LoopThread) -> None:
        self._page = page
        self._runner = runner

    @property
    def url(self) -> str:
        return self._page.url

    def run_command(self, command: str) -> CommandResult:
        return self._runner.run(self._page.run_command(command))

    def goto(self, url: str) -> str:
        return self._runner.run(self._page.goto(url))

    def title(self) -> str:
        return self._runner.run(self._page.title())

    def screenshot(self, *, full_page: bool = False, annotate: bool = False) -> ScreenshotResult:
        return self._runner.run(self._page.screenshot(full_page=full_page, annotate=annotate))

    def capabilities(self) -> Capabilities:
        return self._page.capabilities()

    def __getattr__(self, name: str) -> Any:
        return _on_loop(getattr(self._page, name), self._runner)


class _OnLoop:
    """A part of a pooled page (``page.keyboard``, ``page.tabs``, ``page.storage``...) whose methods wait for
    their answers on the pool's loop, like the page's own."""

    def __init__(self, part: object, runner: _LoopThread) -> None:
        self._part = part
        self._runner = runner

    def __getattr__(self, name: str) -> Any:
        return _on_loop(getattr(self._part, name), self._runner)

    def __getitem__(self, key: object) -> Any:
        return _on_loop(self._part[key], self._runner)  # type: ignore[index]

    def __iter__(self) -> Iterator[Any]:
        return (_on_loop(item, self._runner) for item in self._part)  # type: ignore[attr-defined]

    def __len__(self) -> int:
        return len(self._part)  # type: ignore[arg-type]


def _on_loop(value: Any, runner: _LoopThread) -> Any:
    """What a pooled page hands out: a method's answer waited for, and refwright's own async parts wrapped so
    that none of them escapes to sync code."""
    if inspect.iscoroutine(value):
        return runner.run(value)
    if callable(value) and not isinstance(value, type):
        def call(*args: Any, **kwargs: Any) -> Any:
            return _on_loop(value(*args, **kwargs), runner)

        return call
    if type(value).__module__.startswith("refwright._async"):
        return _OnLoop(value, runner)
    return value


class SessionPool:
    """``with refwright.sync_api.SessionPool(endpoints=["local", "ws://fleet:3000/"]) as pool:``
    ``with pool.session() as page: page.run_command("open https://example.com")``

    The same pool as :class:`refwright.SessionPool` (same arguments), safe to share between threads: a
    thread that asks for a session while every browser is at its cap waits for one to be freed.
    """

    def __init__(self, endpoints: Sequence[str] = ("local",), *, sessions_per_browser: int = 8,
                 config: Config | None = None, executable_path: str | None = None, headless: bool = True,
                 guard_listen: str | None = None, guard_host: str | None = None) -> None:
        self._runner = _LoopThread()
        try:
            self._pool = self._runner.run(self._make(endpoints, sessions_per_browser, config, executable_path,
                                                     headless, guard_listen, guard_host))
        except BaseException:
            self._runner.stop()
            raise
        self._closed = False

    @staticmethod
    async def _make(endpoints: Sequence[str], sessions_per_browser: int, config: Config | None,
                    executable_path: str | None, headless: bool, guard_listen: str | None,
                    guard_host: str | None) -> AsyncSessionPool:
        # Made on the pool's loop, so its locks and conditions belong there.
        return AsyncSessionPool(endpoints, sessions_per_browser=sessions_per_browser, config=config,
                                executable_path=executable_path, headless=headless, guard_listen=guard_listen,
                                guard_host=guard_host)

    @property
    def config(self) -> Config:
        """The configuration every pooled page runs with (as :attr:`refwright.SessionPool.config`)."""
        return self._pool.config

    def __enter__(self) -> SessionPool:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def capabilities(self) -> list[Capabilities]:
        return self._pool.capabilities()

    def stats(self) -> list[dict[str, object]]:
        return self._pool.stats()

    @contextlib.contextmanager
    def session(self) -> Iterator[PooledPage]:
        """An isolated page (its own context) for this block, closed after it."""
        if self._closed:
            raise BrowserError("The session pool is closed; open a new SessionPool.")
        manager = self._pool.session()
        page = self._runner.run(manager.__aenter__())
        try:
            yield PooledPage(page, self._runner)
        except BaseException as exc:
            # A session still open when the pool closed (its page closed with the pool, the pool's loop is
            # gone) ends here when it is dropped: nothing is left to give back.
            if self._closed:
                raise
            # The async pool turns a lost browser's error into its own clear one: let it see this one.
            if not self._runner.run(manager.__aexit__(type(exc), exc, exc.__traceback__)):
                raise
        else:
            if not self._closed:
                self._runner.run(manager.__aexit__(None, None, None))

    def close(self) -> None:
        """Close every browser and stop the pool's thread. Safe to call twice."""
        if self._closed:
            return
        self._closed = True
        try:
            self._runner.run(self._pool.close())
        finally:
            self._runner.stop()
