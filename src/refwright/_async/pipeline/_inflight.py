"""The page's requests still in flight: while one is, a blocked target may be about to change (a button
that a pending request enables, a list it fills), so an action waits for it instead of failing at once."""

from __future__ import annotations

import time

from playwright.async_api import Page as PlaywrightPage
from playwright.async_api import Request

__all__ = ["InFlight"]

# Requests a page makes to change itself; a document, image or font load does not enable a control.
_KINDS = frozenset({"fetch", "xhr"})
# A request open longer than this is a stream or a long poll, which never ends: not worth waiting for.
_LONGEST = 10.0


class InFlight:
    """The fetch and XHR requests one Playwright page has started and not yet finished."""

    def __init__(self, pw: PlaywrightPage) -> None:
        self._open: dict[Request, float] = {}
        pw.on("request", self._started)
        pw.on("requestfinished", self._ended)
        pw.on("requestfailed", self._ended)

    def _started(self, request: Request) -> None:
        if request.resource_type in _KINDS:
            self._open[request] = time.monotonic()

    def _ended(self, request: Request) -> None:
        self._open.pop(request, None)

    def busy(self) -> bool:
        """Whether a request the page may still be waiting for is open."""
        now = time.monotonic()
        for request, started in list(self._open.items()):
            if now - started > _LONGEST:
                del self._open[request]
        return bool(self._open)
