# Generated from src/refwright/_async by scripts/unasync.py: edit the async code, not this file.
"""Working in a browser the person lent (``Config.auto_connect``): attaching to it over CDP, the tabs
refwright drives (its own, the popups they open, or the person's active tab with ``attach_tab="current"``),
the guard over exactly those, and leaving everything else open.

The person's cookies live in the browser's first context (a new context has none of them), so refwright's
tabs open there. On a CDP connection ``browser.close()`` only disconnects; the tabs refwright opened are
closed one by one before that, unless ``keep_tabs``.
"""

from __future__ import annotations

import weakref

from playwright.sync_api import Browser as PlaywrightBrowser
from playwright.sync_api import BrowserContext, BrowserType, CDPSession, Request
from playwright.sync_api import Page as PlaywrightPage

from .._bridge import called
from .._browser._devtools_port import find_endpoint
from .._config import Config
from .._errors import BrowserError
from ._guard import NetworkGuard
from ._translate import best_effort, first_line, mapped

__all__ = ["Attachment", "keeps_open"]

# How long attaching may take. Chrome 144+'s chrome://inspect toggle asks the person to allow each
# connection, and connect_over_cdp has been seen to hang there.
CONNECT_SECONDS = 15.0
# How many openers up a tab's chain is followed to find the tab refwright drives.
_OPENER_DEPTH = 16

# Pages refwright must leave open when a tab closes on its side: the person's own (attach_tab="current")
# and, with keep_tabs, its own too. Closing a tab in refwright then only forgets it.
_KEEP_OPEN: weakref.WeakSet[PlaywrightPage] = weakref.WeakSet()


def keeps_open(pw: PlaywrightPage) -> bool:
    """Whether closing ``pw``'s tab in refwright must leave the page itself open (it is the person's)."""
    return pw in _KEEP_OPEN


class Attachment:
    """The lent browser: where its DevTools listen, the tabs refwright drives, and the ones it opened.

    Whose a tab is comes from Chromium's own record of who opened it (CDP ``TargetInfo.openerId``, set for
    ``noopener`` links too): a tab opened from one of refwright's, at any depth, is refwright's."""

    def __init__(self, config: Config) -> None:
        value = config.auto_connect
        self.user_data_dir: str | None = value if isinstance(value, str) and value.strip() else None
        self.tab = config.attach_tab
        self.keep_tabs = config.keep_tabs
        self.endpoint = ""
        # Tabs refwright drives (guarded), by page and by CDP target id; the ones it opened (closed at exit).
        self._driven: weakref.WeakSet[PlaywrightPage] = weakref.WeakSet()
        self._ours: set[str] = set()
        self._opened: list[PlaywrightPage] = []
        self._persons: weakref.WeakSet[PlaywrightPage] = weakref.WeakSet()
        self._first_taken = False
        self._browser: PlaywrightBrowser | None = None
        self._cdp: CDPSession | None = None

    def connect(self, chromium: BrowserType, guard: NetworkGuard) -> tuple[PlaywrightBrowser, BrowserContext]:
        """Attach (bounded in time) and route the person's context through the guard for refwright's tabs."""
        folder = self.user_data_dir
        found = called(lambda: find_endpoint(folder))
        self.endpoint = found.ws_url
        where = f"the browser on {found.user_data_dir} ({found.ws_url})"
        slow = (f"Attaching to {where} did not finish within {CONNECT_SECONDS:.0f} s. If the browser asks whether "
                "to allow remote debugging (Chrome's chrome://inspect toggle), click Allow and try again; otherwise "
                "restart it with --remote-debugging-port=0 --user-data-dir=DIR.")
        with mapped(lambda exc: BrowserError(
                slow if "Timeout" in first_line(str(exc)) else
                f"Could not attach to {where}: {first_line(str(exc))}. Check that it still runs with remote "
                "debugging (docs/attach.md).")):
            browser = chromium.connect_over_cdp(found.ws_url, timeout=CONNECT_SECONDS * 1000)
            self._browser = browser
            self._cdp = browser.new_browser_cdp_session()
        if not browser.contexts:
            with best_effort():
                browser.close()
            raise BrowserError(f"{where} has no browser context to work in (an incognito-only window?). Open a "
                               "normal window and try again.")
        context = browser.contexts[0]
        guard.intercept(context, only=self.drives)
        return browser, context

    def _own(self, page: PlaywrightPage, target_id: str | None = None) -> None:
        self._driven.add(page)
        self._ours.add(target_id or _target_id(page))
        if page not in self._opened:
            self._opened.append(page)
        if self.keep_tabs:
            _KEEP_OPEN.add(page)

    def _targets(self) -> list[dict[str, str]]:
        assert self._cdp is not None
        infos = (self._cdp.send("Target.getTargets"))["targetInfos"]
        return [t for t in infos if t.get("type") == "page"]

    def _openers(self) -> dict[str, str]:
        """Each page target's opener, as Chromium records it (target id -> opener's target id, or "")."""
        return {t["targetId"]: t.get("openerId", "") for t in self._targets()}

    def _descends(self, target_id: str, openers: dict[str, str]) -> bool:
        for _ in range(_OPENER_DEPTH):
            target_id = openers.get(target_id, "")
            if not target_id:
                return False
            if target_id in self._ours:
                return True
        return False

    def drives(self, request: Request) -> bool:
        """Whether ``request`` comes from a tab refwright drives, or from a tab one of them opened."""
        if request.service_worker is not None:
            return False
        page: PlaywrightPage | None = None
        with best_effort():  # no frame yet (a new window's first navigation) or none at all (a worker)
            page = request.frame.page
        if page is None:
            if not request.is_navigation_request():
                return False
            # A window's first navigation comes before its frame: checked when a window refwright's tabs
            # opened is still loading its first page (an empty URL); the person's own go by.
            targets = self._targets()
            openers = {t["targetId"]: t.get("openerId", "") for t in targets}
            return any(t.get("url") == "" and self._descends(t["targetId"], openers) for t in targets)
        if page in self._driven:
            return True
        if page in self._persons:
            return False
        target_id = _target_id(page)
        if self._descends(target_id, self._openers()):
            self._own(page, target_id)
            return True
        # Asked once per tab: the person's tabs are not looked up again on each of their requests.
        self._persons.add(page)
        return False

    def page(self, context: BrowserContext) -> PlaywrightPage:
        """The tab for the next refwright page: the person's active one once (attach_tab="current"), else a
        new tab of refwright's own."""
        for existing in context.pages:
            if existing not in self._driven:
                self._persons.add(existing)
        if self.tab == "current" and not self._first_taken:
            self._first_taken = True
            current = _active_tab(context)
            self._persons.discard(current)
            self._driven.add(current)
            self._ours.add(_target_id(current))
            _KEEP_OPEN.add(current)
            return current
        self._first_taken = True
        page = context.new_page()
        self._own(page)
        return page

    def release(self) -> None:
        """Close the tabs refwright opened and the tabs they opened (not with keep_tabs); the person's stay as
        they are. A popup that made no request yet is found here, by its opener."""
        if self._browser is not None and self._browser.is_connected() and self._cdp is not None:
            with best_effort():  # disconnected meanwhile: nothing more is found
                openers = self._openers()
                for context in self._browser.contexts:
                    for page in context.pages:
                        if page in self._driven or page.is_closed():
                            continue
                        target_id = _target_id(page)
                        if self._descends(target_id, openers):
                            self._own(page, target_id)
        opened, self._opened = self._opened, []
        if self.keep_tabs:
            return
        for page in opened:
            if not page.is_closed():
                with best_effort():  # closed by the person meanwhile
                    page.close()


def _target_id(page: PlaywrightPage) -> str:
    session = page.context.new_cdp_session(page)
    try:
        info = session.send("Target.getTargetInfo")
    finally:
        with best_effort():
            session.detach()
    return str(info["targetInfo"]["targetId"])


def _active_tab(context: BrowserContext) -> PlaywrightPage:
    """The tab the person looks at: the focused one, else a visible one, else the last opened."""
    pages = [p for p in context.pages if not p.is_closed()]
    if not pages:
        raise BrowserError("--tab current: the attached browser has no open tab. Open one, or leave out "
                           "--tab current to work in a tab of refwright's own.")
    visible: list[PlaywrightPage] = []
    for page in pages:
        with best_effort():  # a tab closing meanwhile is not the one looked at
            state = page.evaluate("() => [document.visibilityState === 'visible', document.hasFocus()]")
            if state[1]:
                return page
            if state[0]:
                visible.append(page)
    return (visible or pages)[-1]
