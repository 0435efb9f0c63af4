"""The live view of a run in another process: its screencast, relayed to the console while someone watches.

The reporting process long-polls the console for its run's viewer count (and Stop); above 0 it runs the same
throttled CDP screencast as the console's own runs and posts each frame, one request at a time and only
the newest, so a slow link drops frames instead of queueing them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Protocol

from playwright.async_api import Page as PlaywrightPage

from .._async.tab._handover import hand_back
from .._errors import RefwrightError
from ._screencast import Screencast

__all__ = ["FrameRelay", "Poster"]


class Poster(Protocol):
    """Where the relay sends to: the console, through the reporting process's client (``ConsoleClient``)."""

    async def post(self, path: str, body: dict[str, Any], *, timeout: float | None = ...) -> dict[str, Any]: ...

# Seconds the console holds a watch request open before answering "no change".
WATCH_WAIT = 20.0


class FrameRelay:
    """Started by a ``RunReporter`` with a page; ``close`` stops it (and the screencast) for good."""

    def __init__(self, client: Poster, run_id: str, page: PlaywrightPage,
                 on_stop: Callable[[], None]) -> None:
        self.client = client
        self.on_stop = on_stop
        self.run_id = run_id
        self.cast = Screencast(page, self._frame)
        self._newest: str | None = None
        self._ready = asyncio.Event()
        self._tasks = [asyncio.ensure_future(self._watch()), asyncio.ensure_future(self._post())]

    def _frame(self, data: str) -> None:
        self._newest = data
        self._ready.set()

    async def _watch(self) -> None:
        known = -1
        while True:
            try:
                answer = await self.client.post(f"/api/report/{self.run_id}/watch", {"known": known},
                                                timeout=WATCH_WAIT + 10)
            except RefwrightError:
                await asyncio.sleep(2.0)  # the console is busy or gone: the run goes on either way
                continue
            if answer.get("handback"):
                await hand_back(self.cast.page)
            if answer.get("ended") or answer.get("stop"):
                await self.cast.close()
                if answer.get("stop"):
                    self.on_stop()
                return
            known = int(answer.get("viewers", 0))
            was = self.cast.running
            await self.cast.watchers(known)
            if self.cast.running != was:
                await self._say({"type": "screencast", "on": self.cast.running})

    async def _post(self) -> None:
        while True:
            await self._ready.wait()
            self._ready.clear()
            data, self._newest = self._newest, None
            if data is not None:
                await self._say({"type": "frame", "data": data})

    async def _say(self, event: dict[str, Any]) -> None:
        try:
            await self.client.post(f"/api/report/{self.run_id}", {"events": [event]})
        except RefwrightError:
            pass  # a lost frame is replaced by the next one

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await self.cast.close()
