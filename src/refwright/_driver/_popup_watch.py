"""The tabs that refwright's tabs open in a lent browser, held at their start and checked from their first
request, while the person's own tabs go on untouched.

Playwright routes only whole contexts from a tab's start, which would route the person's tabs too. This
watch has a DevTools connection of its own (``CdpSocket``) that auto-attaches to each new tab, paused before
it runs (``waitForDebuggerOnStart``). A tab whose opener (Chromium's ``openerId``, set for ``noopener``
links too) is one of refwright's becomes refwright's: its requests are intercepted (``Fetch``) and checked
with the guard's verdicts before it is resumed. Any other tab is resumed and let go at once.

It runs on a thread of its own with its own loop and resolver (as the filtering proxy does), so the async
and the sync API share it.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine
from typing import Any

from .._errors import BrowserError, PolicyDeniedError
from ..safety import CachingResolver, check_url_async
from ._cdp_socket import HANDSHAKE_SECONDS, CdpSocket

__all__ = ["PopupWatch"]

# (allow_private, allowed_domains) as the guard has them now: read on each check, so settings changed
# during the session apply.
Settings = Callable[[], tuple[Any, tuple[str, ...]]]
# How many openers up a tab's chain is followed.
_DEPTH = 16


class PopupWatch:
    """``start()`` connects (blocking, bounded); ``ours`` holds refwright's target ids (the caller adds its
    tabs); ``on_refused(url, reason)`` hears each refused request; ``stop()`` disconnects."""

    def __init__(self, ws_url: str, settings: Settings, on_refused: Callable[[str, str], None]) -> None:
        self.ws_url = ws_url
        self.settings = settings
        self.on_refused = on_refused
        self.ours: set[str] = set()
        self._openers: dict[str, str] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._socket: CdpSocket | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._failure: BaseException | None = None
        self._done: asyncio.Event | None = None
        self._resolver = CachingResolver()
        self._tasks: set[asyncio.Task[None]] = set()

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="refwright-popup-watch", daemon=True)
        self._thread.start()
        if not self._ready.wait(HANDSHAKE_SECONDS + 5) and self._failure is None:
            self._failure = BrowserError(f"The DevTools connection to {self.ws_url} did not open within "
                                         f"{HANDSHAKE_SECONDS + 5:.0f} s.")
        if self._failure is not None:
            self.stop()
            raise BrowserError(f"refwright could not watch the tabs its own tabs open ({self._failure}), so it "
                               "cannot guard them; nothing was attached. Check that the browser still runs.")

    def descends(self, target_id: str) -> bool:
        """Whether ``target_id`` was opened, at any depth, by one of refwright's tabs."""
        for _ in range(_DEPTH):
            target_id = self._openers.get(target_id, "")
            if not target_id:
                return False
            if target_id in self.ours:
                return True
        return False

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._main())
        finally:
            loop.run_until_complete(self._resolver.close())
            loop.close()

    async def _main(self) -> None:
        self._done = asyncio.Event()
        try:
            self._socket = await CdpSocket.open(self.ws_url, self._event)
            await self._socket.send("Target.setAutoAttach", {
                "autoAttach": True, "waitForDebuggerOnStart": True, "flatten": True,
                "filter": [{"type": "page", "exclude": False}, {"exclude": True}]})
        except BaseException as exc:  # said by start(), in the caller's thread
            self._failure = exc
            self._ready.set()
            return
        self._ready.set()
        await self._done.wait()
        await self._socket.close()

    def stop(self) -> None:
        loop, done = self._loop, self._done
        if loop is not None and done is not None and not loop.is_closed():
            loop.call_soon_threadsafe(done.set)
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(10)

    def _event(self, method: str, params: dict[str, Any], session_id: str | None) -> None:
        if method == "Target.attachedToTarget":
            self._later(self._attached(str(params["sessionId"]), params.get("targetInfo", {})))
        elif method == "Fetch.requestPaused" and session_id:
            self._later(self._paused(session_id, params))

    def _later(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _attached(self, session_id: str, info: dict[str, Any]) -> None:
        assert self._socket is not None
        target_id = str(info.get("targetId", ""))
        self._openers[target_id] = str(info.get("openerId", ""))
        try:
            if self.descends(target_id):
                self.ours.add(target_id)
                await self._socket.send("Fetch.enable", {"patterns": [{"urlPattern": "*"}]}, session_id)
                await self._socket.send("Runtime.runIfWaitingForDebugger", {}, session_id)
                return
            await self._socket.send("Runtime.runIfWaitingForDebugger", {}, session_id)
            await self._socket.send("Target.detachFromTarget", {"sessionId": session_id})
        except BrowserError:
            return  # the tab closed meanwhile

    async def _paused(self, session_id: str, params: dict[str, Any]) -> None:
        assert self._socket is not None
        url = str(params.get("request", {}).get("url", ""))
        allow_private, allowed_domains = self.settings()
        reason: str | None = None
        if url.split(":", 1)[0].lower() in ("http", "https", "ws", "wss"):
            try:
                await check_url_async(url.replace("ws", "http", 1) if url.startswith("ws") else url,
                                      allow_private=allow_private, allowed_domains=allowed_domains,
                                      resolver=self._resolver)
            except PolicyDeniedError as exc:
                reason = exc.message
        try:
            if reason is None:
                await self._socket.send("Fetch.continueRequest", {"requestId": params["requestId"]}, session_id)
                return
            self.on_refused(url, reason)
            await self._socket.send("Fetch.failRequest", {"requestId": params["requestId"],
                                                          "errorReason": "BlockedByClient"}, session_id)
        except BrowserError:
            return  # the tab closed meanwhile
