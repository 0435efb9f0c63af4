"""The live view: a run's page as CDP screencast frames, sent only while someone watches.

Frames are throttled at the source: Chromium sends more frames only as earlier ones are acknowledged, so
spacing the acknowledgements ``1/fps`` apart caps both the encoding work in the browser and the traffic to
viewers. The last frame is kept for late viewers and for after the run.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from playwright.async_api import CDPSession
from playwright.async_api import Page as PlaywrightPage

from .._async.pipeline._translate import best_effort

__all__ = ["DEFAULT_FPS", "Screencast"]

DEFAULT_FPS = 8.0


class Screencast:
    """``watchers(n)`` starts the CDP screencast for the first viewer and stops it after the last; ``on_frame``
    gets each frame as base64 JPEG."""

    def __init__(self, page: PlaywrightPage, on_frame: Callable[[str], None], *, fps: float = DEFAULT_FPS,
                 max_width: int = 1280, max_height: int = 800) -> None:
        self.page = page
        self.on_frame = on_frame
        self.interval = 1.0 / fps
        self.max_width = max_width
        self.max_height = max_height
        self.viewers = 0
        self.last: str | None = None
        self.frames = 0
        self.closed = False
        self._cdp: CDPSession | None = None
        self._next_ack = 0.0
        self._lock = asyncio.Lock()
        self._acks: set[asyncio.Task[None]] = set()

    @property
    def running(self) -> bool:
        return self._cdp is not None

    async def watchers(self, count: int) -> None:
        """``count`` people watch now: stream while it is above 0."""
        async with self._lock:
            self.viewers = count
            if count > 0 and self._cdp is None and not self.closed:
                await self._start()
            elif count == 0:
                await self._stop()

    async def close(self) -> None:
        """The page is going away: stop for good, keeping the last frame."""
        async with self._lock:
            self.closed = True
            await self._stop()

    async def _start(self) -> None:
        with best_effort():  # the page closed meanwhile: the last frame stays what it was
            cdp = await self.page.context.new_cdp_session(self.page)
            cdp.on("Page.screencastFrame", self._frame)
            await cdp.send("Page.startScreencast", {"format": "jpeg", "quality": 60, "maxWidth": self.max_width,
                                                    "maxHeight": self.max_height, "everyNthFrame": 1})
            self._cdp = cdp

    async def _stop(self) -> None:
        cdp, self._cdp = self._cdp, None
        if cdp is None:
            return
        with best_effort():  # gone with its page
            await cdp.send("Page.stopScreencast")
            await cdp.detach()

    def _frame(self, params: dict[str, Any]) -> None:
        self.last = params["data"]
        self.frames += 1
        self.on_frame(self.last)
        task = asyncio.ensure_future(self._ack(self._cdp, params["sessionId"]))
        self._acks.add(task)
        task.add_done_callback(self._acks.discard)

    async def _ack(self, cdp: CDPSession | None, session_id: int) -> None:
        # Chromium keeps more than one frame in flight: each ack takes the next free slot, so acks (and
        # with them frames) are at least ``interval`` apart however many frames are waiting.
        now = time.monotonic()
        due = max(now, self._next_ack)
        self._next_ack = due + self.interval
        if due > now:
            await asyncio.sleep(due - now)
        if cdp is None or cdp is not self._cdp:
            return
        with best_effort():  # stopped meanwhile
            await cdp.send("Page.screencastFrameAck", {"sessionId": session_id})
