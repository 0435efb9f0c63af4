# Generated from src/refwright/_async/tab/_listeners.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""What a page tells refwright as it runs: its console and errors, dialogs (answered or kept open, as the
policy says), downloads (refused, or saved as the policy says), popups (closed, or handed to the session as
new tabs), each left as a note for the answer, and the hosts it contacted. What an action sets off is also
recorded in ``watch``, which the settle step after the action waits on."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import CDPSession, ConsoleMessage, Dialog, Download, Request, WebSocket
from playwright.sync_api import Page as PlaywrightPage

from ..._driver._notes import reason_sentence
from ...safety import clean_line, clean_text
from ...snapshot._format import quote
from ..launch._guard_wiring import NetworkGuard, target_key
from ..pipeline._translate import best_effort
from ..pipeline._watch import ActionWatch

__all__ = ["Navigation", "PageEvents", "dialog_warning"]

# How many distinct hosts a page remembers having requested (for telling its refusals from others').
_MAX_REMEMBERED_TARGETS = 512
# A page's console is kept to its latest messages. Each message is a protocol event (with a handle per
# argument) for refwright's process, so a page that logs faster than this many a second is no longer
# listened to until its next document: a page logging in a loop would otherwise bury the session.
_MAX_CONSOLE = 1_000
_CONSOLE_FLOOD_PER_SECOND = 300


class Navigation:
    """Navigation state the listeners and the navigation commands share."""

    def __init__(self) -> None:
        # True while `open` navigates: it checks its own redirect chain.
        self.opening = False
        # Set when a beforeunload dialog was dismissed (the page asked to be kept).
        self.kept_by_beforeunload = False


def dialog_warning(dialog: Dialog) -> str:
    """agent-browser's words for a dialog that is open and waits for an answer."""
    return (f"A JavaScript {dialog.type} dialog is blocking the page: {quote(clean_line(dialog.message))} — use "
            "`dialog accept` or `dialog dismiss` to resolve it")


@dataclass
class EventHooks:
    """What the session does with some of the page's events; each unset means the default."""

    # Told when a dialog is kept open (the session stops a command the dialog blocks).
    on_held: Callable[[Dialog], None] | None = None
    # Takes a popup as a new tab (Config.popups == "tab"); without it popups are closed.
    adopt: Callable[[PlaywrightPage], None] | None = None
    # Told when the main frame navigates (the session leaves a frame it had switched to).
    on_main_navigation: Callable[[], None] | None = None
    # Saves a download and says where (Config.downloads == "save"); without it downloads are refused.
    save_download: Callable[[Download], str] | None = None
    # How the user has downloads saved instead, as a refused download's note says it.
    save_downloads_with: str = "--downloads save"


@dataclass
class _Flood:
    """The console's flood control: messages counted per second, and whether collecting is paused until
    the next document."""

    second: float = 0.0
    count: int = 0
    muted: bool = False
    # Subscribed again at the main frame's navigation request while muted: Playwright applies a new
    # subscription only after a delay (up to ~200 ms under load), which would lose the first messages
    # of the next document. Until it commits, the old document's messages are dropped.
    waking: bool = False


class PageEvents:
    """The listeners of one refwright page, kept across the Playwright pages it replaces."""

    def __init__(self, guard: NetworkGuard, nav: Navigation, dialogs: str = "dismiss") -> None:
        self._guard = guard
        self.nav = nav
        # The dialog policy: "dismiss", "accept" or "wait" (Config.dialogs).
        self.dialogs = dialogs
        # The dialog kept open under "wait", until `dialog accept|dismiss` answers it.
        self.dialog: Dialog | None = None
        # How `dialog accept [text]` / `dialog dismiss` said to answer the next dialog, when none was open.
        self.next_answer: tuple[bool, str | None] | None = None
        # How many dialogs the page opened (a read that a dialog interrupted is worth doing again).
        self.dialogs_seen = 0
        self.hooks = EventHooks()
        # What the current action set off (see _settle).
        self.watch = ActionWatch()
        self._pw: PlaywrightPage | None = None
        # The CDP session that tells of windows the page asks to open, and the page it belongs to.
        self._windows: tuple[PlaywrightPage, CDPSession | None] | None = None
        self.console: deque[str] = deque(maxlen=_MAX_CONSOLE)
        self._flood = _Flood()
        self.errors: list[str] = []
        # Notes for the next answer (dialogs, downloads, popups, redirects).
        self.notes: list[str] = []
        # (host, port) of every request and WebSocket this page made, newest last, so refusals recorded by
        # the session-wide proxy can be told apart from other pages' and from Chromium's own.
        self._requested: dict[tuple[str, int], None] = {}

    def attach(self, pw: PlaywrightPage) -> None:
        self._pw = pw
        self._flood.muted = self._flood.waking = False
        pw.on("console", self._on_console)
        pw.on("pageerror", self._on_page_error)
        pw.on("framenavigated", self._on_navigated)
        pw.on("dialog", self._on_dialog)
        pw.on("download", self._on_download)
        pw.on("popup", self._on_popup)
        pw.on("request", self._on_request)
        pw.on("requestfinished", self.watch.request_done)
        pw.on("requestfailed", self.watch.request_done)
        pw.on("load", lambda _: self.watch.main_frame_loaded())
        pw.on("websocket", self._on_websocket)
        if not self._guard.capabilities().redirects_checked:
            pw.on("request", self._check_redirect_hop)

    def watch_browser(self) -> None:
        """Be told at once when the page asks for a new window or a new document: Playwright reports a popup
        only once it has set it up, and a script's navigation only once its request starts, either of which
        can be after the action that caused it returned. Once per Playwright page."""
        pw = self._pw
        if pw is None or (self._windows is not None and self._windows[0] is pw):
            return
        cdp: CDPSession | None = None
        with best_effort(KeyError, TypeError) as watching:
            cdp = pw.context.new_cdp_session(pw)
            tree = cdp.send("Page.getFrameTree")
            main = tree["frameTree"]["frame"]["id"]
            cdp.on("Page.windowOpen", lambda _: self.watch.window_opening())
            cdp.on("Page.frameRequestedNavigation",
                   lambda event: self.watch.navigation_asked()
                   if event.get("frameId") == main and event.get("disposition") == "currentTab" else None)
            cdp.on("Page.navigatedWithinDocument",
                   lambda event: self.watch.navigation_settled() if event.get("frameId") == main else None)
            cdp.send("Page.enable")
        if watching.failed:
            cdp = None  # not Chromium, or the page is gone: what it set off is told when Playwright reports it
        self._windows = (pw, cdp)

    def drain(self) -> list[str]:
        notes, self.notes = self.notes, []
        return notes

    def remember_target(self, url: str) -> None:
        parts = urlsplit(url)
        if parts.hostname:
            default = 443 if parts.scheme in ("https", "wss") else 80
            try:
                port = parts.port or default
            except ValueError:
                port = default
            key = target_key(parts.hostname, port)
            self._requested.pop(key, None)
            self._requested[key] = None
            if len(self._requested) > _MAX_REMEMBERED_TARGETS:
                del self._requested[next(iter(self._requested))]

    def requested(self, host: str, port: int) -> bool:
        return target_key(host, port) in self._requested

    def _on_request(self, request: Request) -> None:
        self.remember_target(request.url)
        main = request.is_navigation_request() and self._pw is not None and request.frame == self._pw.main_frame
        self.watch.request_started(request, main)
        if (self._flood.muted and not self._flood.waking and self._pw is not None
                and request.is_navigation_request() and request.frame == self._pw.main_frame):
            self._flood.waking = True
            self._flood.count = 0
            self._pw.on("console", self._on_console)

    def _check_redirect_hop(self, request: Request) -> None:
        # Request interception (a wrapped page, --cdp) is not asked about redirect hops: the browser
        # follows them by itself. What cannot be stopped is at least reported; `open` turns a refused hop
        # of its own navigation into an error instead.
        if request.redirected_from is None:
            return
        if (self.nav.opening and request.is_navigation_request() and self._pw is not None
                and request.frame == self._pw.main_frame):
            return
        reason = self._guard.verdict(request.url)
        if reason is not None:
            self.notes.append(
                f"A redirect reached {quote(clean_line(request.url)[:200])}, which refwright refuses: "
                f"{reason_sentence(reason)} This page is not behind refwright's proxy (a wrapped page or --cdp), and "
                "request interception cannot stop a redirect hop.")

    def _on_websocket(self, websocket: WebSocket) -> None:
        self.remember_target(websocket.url)

    def _on_console(self, message: ConsoleMessage) -> None:
        if self._flood.muted:
            # Still in the pipe when the listener went, or the old document's while the next one loads. A
            # navigation that never commits (a download, a 204) must not reopen the flood: past the limit
            # the listener goes again.
            if self._flood.waking and self._over_limit():
                self._flood.waking = False
                self._unsubscribe()
            return
        self.console.append(f"[{message.type}] {clean_text(message.text)}")
        if self._over_limit() and self._pw is not None:
            self._flood.muted = True
            self._unsubscribe()
            self.console.append(f"[refwright] The page logs more than {_CONSOLE_FLOOD_PER_SECOND} messages a second; "
                                "later ones are not collected until it loads a new document.")
            self.notes.append(f"The page logs more than {_CONSOLE_FLOOD_PER_SECOND} console messages a second, so "
                              "refwright stopped collecting them until the page loads a new document.")

    def _over_limit(self) -> bool:
        now = time.monotonic()
        if now - self._flood.second >= 1.0:
            self._flood.second, self._flood.count = now, 0
        self._flood.count += 1
        return self._flood.count > _CONSOLE_FLOOD_PER_SECOND

    def _unsubscribe(self) -> None:
        if self._pw is not None:
            self._pw.remove_listener("console", self._on_console)

    def _on_page_error(self, error: Exception) -> None:
        self.errors.append(clean_text(str(error) or repr(error)))

    def _on_navigated(self, frame: Any) -> None:
        if self._pw is not None and frame == self._pw.main_frame:
            self.watch.main_frame_navigated()
            self.console.clear()
            self.errors.clear()
            if self._flood.muted:
                if not self._flood.waking:
                    self._pw.on("console", self._on_console)
                self._flood.muted = self._flood.waking = False
                self._flood.count = 0
            if self.hooks.on_main_navigation is not None:
                self.hooks.on_main_navigation()

    def _on_dialog(self, dialog: Dialog) -> None:
        self.dialogs_seen += 1
        # By default dismissed, never accepted: confirm() gets false and prompt() null, and no command hangs.
        accept, text = False, None
        if dialog.type == "beforeunload":
            # Dismissing "Leave site?" keeps the page; `open` then moves to a fresh tab (escape_trap).
            self.nav.kept_by_beforeunload = True
        elif self.next_answer is not None:
            (accept, text), self.next_answer = self.next_answer, None
        elif self.dialogs == "wait" and self.dialog is None:
            self.dialog = dialog
            if self.hooks.on_held is not None:
                self.hooks.on_held(dialog)
            return
        else:
            accept = self.dialogs == "accept"
        verb = "accepted" if accept else "dismissed"
        self.notes.append(f"A JavaScript {dialog.type} dialog was {verb}: {quote(clean_line(dialog.message))}")
        with best_effort():  # answered already, or gone with its page
            if not accept:
                dialog.dismiss()
            elif text is None:
                dialog.accept()
            else:
                dialog.accept(text)

    def release(self, dialog: Dialog) -> None:
        """Forget the kept dialog (it was answered, or dismissed because nothing could wait for it)."""
        if self.dialog is dialog:
            self.dialog = None

    def _on_download(self, download: Download) -> None:
        self.watch.download_started()
        try:
            if self.hooks.save_download is not None:
                self.notes.append(self.hooks.save_download(download))
                return
            self.notes.append(
                f"A download of {quote(clean_line(download.suggested_filename))} was refused; nothing was saved. "
                f"The user can have downloads saved with {self.hooks.save_downloads_with}.")
            with best_effort():  # finished or failed meanwhile: nothing was kept either way
                download.cancel()
        finally:
            self.watch.download_handled()

    def _on_popup(self, popup: PlaywrightPage) -> None:
        try:
            if self.hooks.adopt is not None:
                self.hooks.adopt(popup)
                return
            self.notes.append(
                f"A popup window or new tab ({quote(clean_line(popup.url))}) was closed; this page stays in control.")
            with best_effort():  # it closed itself meanwhile
                popup.close()
        finally:
            self.watch.window_handled()
