"""Many isolated sessions (a browser context each) spread over local and remote browsers.

For sync code, ``refwright.sync_api.SessionPool`` (``_sync_pool``) runs this pool on a loop thread of its own.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from types import TracebackType

from .._async import Browser, Page
from .._async.launch._remote import endpoint_kind, parse_listen, redact, selenium_hub
from .._async.pipeline._translate import best_effort, first_line, from_playwright
from .._capabilities import Capabilities
from .._config import Config
from .._errors import BrowserError

__all__ = ["SessionPool"]

# An endpoint that failed is left alone this long before a session tries it again.
_COOLDOWN = 5.0


@dataclass
class _Slot:
    endpoint: str
    browser: Browser
    active: int = 0
    down_until: float = 0.0
    failures: int = 0
    start_lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class SessionPool:
    """``async with SessionPool(endpoints=["local", "ws://fleet:3000/"]) as pool:``
    ``async with pool.session() as page: ...``

    Each endpoint is ``"local"`` (a Chromium refwright launches), a Playwright server's ``ws://`` URL or a
    Chrome's CDP ``http://`` URL. At most ``sessions_per_browser`` sessions run on one browser; more wait.
    A browser that crashes or becomes unreachable fails the sessions that were on it (each with a
    BrowserError saying so) and is replaced by a fresh connection; new sessions go to the others meanwhile.
    ``guard_listen``/``guard_host`` put remote browsers behind refwright's filtering proxy (see
    :func:`refwright.launch`); port 0 gives each remote browser a free port of its own. ``console`` (the URL
    ``refwright console`` printed) lists each session there as a run while it is open.
    """

    def __init__(self, endpoints: Sequence[str] = ("local",), *, sessions_per_browser: int = 8,
                 config: Config | None = None, executable_path: str | None = None,
                 headless: bool = True, guard_listen: str | None = None, guard_host: str | None = None,
                 console: str | None = None) -> None:
        if not endpoints:
            raise BrowserError('SessionPool needs at least one endpoint, e.g. endpoints=["local"].')
        if sessions_per_browser < 1:
            raise BrowserError("sessions_per_browser must be at least 1.")
        remote = [e for e in endpoints if endpoint_kind(e) != "local" or selenium_hub()]
        if guard_listen and parse_listen(guard_listen)[1] != 0 and len(remote) > 1:
            raise BrowserError(f"guard_listen {guard_listen!r} names one port, but {len(remote)} remote browsers each "
                               "need a proxy of their own: give port 0 (a free port each), e.g. 0.0.0.0:0.")
        self._guard_listen = guard_listen
        self._guard_host = guard_host
        self._console = console
        self.config = config or Config()
        self.sessions_per_browser = sessions_per_browser
        self._executable_path = executable_path
        self._headless = headless
        self._slots = [_Slot(e, self._new_browser(e)) for e in endpoints]
        self._freed = asyncio.Condition()
        self._closed = False

    def _new_browser(self, endpoint: str) -> Browser:
        kind = endpoint_kind(endpoint)
        remote = kind != "local" or selenium_hub() is not None
        return Browser(config=self.config, executable_path=self._executable_path, headless=self._headless,
                       cdp_url=endpoint if kind == "cdp" else None,
                       connect_url=endpoint if kind == "connect" else None,
                       guard_listen=self._guard_listen if remote else None,
                       guard_host=self._guard_host if remote else None)

    async def __aenter__(self) -> SessionPool:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        await self.close()

    def capabilities(self) -> list[Capabilities]:
        """Per endpoint, what the network guard enforces for its sessions and what it leaves open."""
        return [s.browser.capabilities() for s in self._slots]

    def stats(self) -> list[dict[str, object]]:
        """Per endpoint (credentials and query removed): active sessions, failures, whether it is up."""
        now = time.monotonic()
        return [{"endpoint": redact(s.endpoint), "active": s.active, "failures": s.failures,
                 "up": s.down_until <= now} for s in self._slots]

    async def _acquire(self) -> _Slot:
        async with self._freed:
            while True:
                if self._closed:
                    raise BrowserError("The session pool is closed; open a new SessionPool.")
                now = time.monotonic()
                open_slots = [s for s in self._slots if s.active < self.sessions_per_browser]
                up = [s for s in open_slots if s.down_until <= now]
                if up:
                    slot = min(up, key=lambda s: s.active)
                    slot.active += 1
                    return slot
                if open_slots and all(s.active == 0 for s in self._slots):
                    # Every browser is down and idle: try the one that comes back soonest.
                    slot = min(open_slots, key=lambda s: s.down_until)
                    slot.active += 1
                    return slot
                try:
                    await asyncio.wait_for(self._freed.wait(), timeout=1.0)
                except TimeoutError:
                    pass

    async def _release(self, slot: _Slot) -> None:
        async with self._freed:
            slot.active -= 1
            self._freed.notify_all()

    async def _open(self, slot: _Slot) -> Page:
        async with slot.start_lock:
            # One start at a time per browser, so engines are registered before any of its contexts exist.
            return await slot.browser.new_page(isolated=True)

    async def _mark_down(self, slot: _Slot) -> None:
        slot.failures += 1
        slot.down_until = time.monotonic() + _COOLDOWN
        old, slot.browser = slot.browser, self._new_browser(slot.endpoint)
        with best_effort(TimeoutError, BrowserError):  # it is replaced whether or not it closed
            await asyncio.wait_for(old.close(), timeout=10)

    async def _new_session(self) -> tuple[_Slot, Page]:
        errors: list[str] = []
        for _ in range(len(self._slots) + 1):
            slot = await self._acquire()
            with best_effort(BrowserError) as opening:  # said below, with every other endpoint's failure
                return slot, await self._open(slot)
            errors.append(f"{redact(slot.endpoint)}: {first_line(str(opening.error))}")
            await self._mark_down(slot)
            await self._release(slot)
        raise BrowserError("No browser in the pool could open a session (" + "; ".join(errors) + "). Check "
                           "that the endpoints run and are reachable, then try again.")

    @asynccontextmanager
    async def session(self) -> AsyncIterator[Page]:
        """An isolated page (its own context), closed on exit. Waits while every browser is at its cap."""
        slot, page = await self._new_session()
        browser = slot.browser
        watch = None
        if self._console:
            from ..console._pool_watch import watch_session

            watch = await watch_session(self._console, page)
        failure: BaseException | None = None
        try:
            yield page
        except BaseException as exc:
            failure = exc
            if (isinstance(exc, BrowserError) or from_playwright(exc)) and not browser.connected:
                raise BrowserError(f"The browser at {redact(slot.endpoint)} went away during this session "
                                   f"({first_line(str(exc))}). Its other sessions failed too; start this "
                                   "session again and the pool gives it a working browser.") from exc
            raise
        finally:
            if watch is not None:
                await watch.close(failure)
            with best_effort(TimeoutError, BrowserError):  # gone with its browser, which is seen to below
                await asyncio.wait_for(page.close(), timeout=10)
            if browser is slot.browser and browser.started and not browser.connected:
                await self._mark_down(slot)
            await self._release(slot)

    async def close(self) -> None:
        """Close every browser (remote ones are disconnected) and stop refwright's local ones."""
        async with self._freed:
            self._closed = True
            self._freed.notify_all()
        for slot in self._slots:
            with best_effort(TimeoutError, BrowserError):  # the pool is closing: a dead browser is done too
                await asyncio.wait_for(slot.browser.close(), timeout=15)
