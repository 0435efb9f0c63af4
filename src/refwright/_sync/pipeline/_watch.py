# Generated from src/refwright/_async/pipeline/_watch.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""What a page set off while an action ran: the page's listeners record it here, and the settle step after
the action (``_settle``) waits for what is still under way, so that the action's own answer can tell it."""

from __future__ import annotations

import time

from playwright.sync_api import Request

__all__ = ["ActionWatch"]

# Requests an action's answer does not wait for: streams and media that may never end, and fire-and-forget
# beacons, whose outcome changes nothing on the page.
_UNAWAITED = frozenset({"eventsource", "websocket", "media", "manifest", "texttrack", "ping"})
# Seconds a navigation the page asked for may take to start its request before it is given up (a
# navigation the page cancels, or one to a URL that makes no request).
_ASKED_WAIT = 1.0
# Seconds a click on a link marked for download (``<a download>``) may take to start its download: the
# browser reports it after the click returns, later on a busy machine than any grace would cover.
_DOWNLOAD_WAIT = 1.5


class ActionWatch:
    """One page's record of what the current action set off. Counters that a later event brings down (a
    window being opened, a download under way) are counted from the start of the action only: what an
    earlier action left is that action's news."""

    def __init__(self) -> None:
        self.active = False
        self.url_before = ""
        # Requests the action started that are still in flight (until a new document commits), and the main
        # frame's navigation request while it is.
        self.requests: set[Request] = set()
        self.navigation: Request | None = None
        # When the main frame asked for a navigation whose request has not started yet (CDP
        # Page.frameRequestedNavigation), or None.
        self.asked: float | None = None
        # The main frame asked for a new document, committed one (or changed its URL in place), and
        # reached its load event since.
        self.navigation_requested = False
        self.committed = False
        self.loaded = False
        # Windows the page asked to open (a CDP Page.windowOpen) that are not yet a tab or closed.
        self.opening = 0
        # Downloads being refused or saved, and when the action's target was found to be a download link
        # (its download not reported yet).
        self.downloads = 0
        self.download_expected: float | None = None

    def begin(self, url: str) -> None:
        self.active = True
        self.url_before = url
        self.requests.clear()
        self.navigation = None
        self.asked = None
        self.navigation_requested = self.committed = self.loaded = False
        self.opening = self.downloads = 0
        self.download_expected = None

    def end(self) -> None:
        self.active = False
        self.requests.clear()
        self.navigation = None
        self.asked = None

    def request_started(self, request: Request, main_navigation: bool) -> None:
        if not self.active:
            return
        if main_navigation:
            self.navigation = request
            self.asked = None
            self.navigation_requested = True
            self.loaded = False
        elif not self.committed and request.resource_type not in _UNAWAITED:
            # Once a new document commits, its load event stands for its own requests.
            self.requests.add(request)

    def request_done(self, request: Request) -> None:
        self.requests.discard(request)
        if request is self.navigation:
            self.navigation = None

    def navigation_asked(self) -> None:
        if self.active:
            self.asked = time.monotonic()

    def navigation_settled(self) -> None:
        self.asked = None

    def main_frame_navigated(self) -> None:
        if self.active:
            self.asked = None
            self.committed = True
            # The old document's requests no longer matter.
            self.requests.clear()

    def main_frame_loaded(self) -> None:
        if self.active:
            self.loaded = True

    def window_opening(self) -> None:
        if self.active:
            self.opening += 1

    def window_handled(self) -> None:
        self.opening = max(0, self.opening - 1)

    def download_expected_now(self) -> None:
        """The action's target is a link marked for download: its download is waited for, boundedly."""
        if self.active:
            self.download_expected = time.monotonic()

    def download_started(self) -> None:
        self.download_expected = None
        if self.active:
            self.downloads += 1

    def download_handled(self) -> None:
        self.downloads = max(0, self.downloads - 1)

    def loading(self) -> bool:
        """A new document was asked for and committed, and has not reached its load event yet."""
        return self.navigation_requested and self.committed and not self.loaded

    def busy(self, *, requests: bool) -> bool:
        """Whether something the action set off is still under way (its requests only if ``requests``)."""
        asked = self.asked is not None and time.monotonic() - self.asked < _ASKED_WAIT
        coming = self.download_expected is not None and time.monotonic() - self.download_expected < _DOWNLOAD_WAIT
        return bool(self.opening or self.downloads or asked or coming or self.navigation is not None
                    or self.loading() or (requests and self.requests))
