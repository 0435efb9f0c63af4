"""Working in a browser the person lent (``Config.auto_connect``): attaching to it over CDP, the tabs
refwright drives (its own, the popups they open, or the person's active tab with ``attach_tab="current"``),
the guard over exactly those, and leaving everything else open.

The person's cookies live in the browser's first context (a new context has none of them), so refwright's
tabs open there. On a CDP connection ``browser.close()`` only disconnects; the tabs refwright opened are
closed one by one before that, unless ``keep_tabs``.
"""

from __future__ import annotations

import weakref

from playwright.async_api import Browser as PlaywrightBrowser
from playwright.async_api import BrowserContext, BrowserType
from playwright.async_api import Page as PlaywrightPage

from ..._bridge import off_loop
from ..._config import Config
from ..._driver._devtools_port import find_endpoint
from ..._driver._popup_watch import PopupWatch
from ..._errors import BrowserError
from ..pipeline._translate import best_effort, first_line, mapped
from ._guard_wiring import NetworkGuard

__all__ = ["Attachment", "keeps_open"]

# How long attaching may take. Chrome 144+'s chrome://inspect toggle asks the person to allow each
# connection, and connect_over_cdp has been seen to hang there.
CONNECT_SECONDS = 15.0

# Pages refwright must leave open when a tab closes on its side: the person's own (attach_tab="current")
# and, with keep_tabs, its own too. Closing a tab in refwright then only forgets it.
_KEEP_OPEN: weakref.WeakSet[PlaywrightPage] = weakref.WeakSet()


def keeps_open(pw: PlaywrightPage) -> bool:
    """Whether closing ``pw``'s tab in refwright must leave the page itself open (it is the person's)."""
    return pw in _KEEP_OPEN


class Attachment:
    """The lent browser: where its DevTools listen, the tabs refwright drives, and the ones it opened.

    refwright's own tabs are routed page by page; the tabs they open (Chromium's ``openerId``, set for
    ``noopener`` links too) are held at their start and checked by the popup watch. The person's context is
    never routed, so their tabs go on untouched."""

    def __init__(self, config: Config) -> None:
        value = config.auto_connect
        self.user_data_dir: str | None = value if isinstance(value, str) and value.strip() else None
        self.tab = config.attach_tab
        self.keep_tabs = config.keep_tabs
        self.endpoint = ""
        # Tabs refwright drives, and the ones it opened (closed at exit); the tabs those open join at exit.
        self._driven: weakref.WeakSet[PlaywrightPage] = weakref.WeakSet()
        self._opened: list[PlaywrightPage] = []
        self._first_taken = False
        self._browser: PlaywrightBrowser | None = None
        self._guard: NetworkGuard | None = None
        self._watch: PopupWatch | None = None

    async def connect(self, chromium: BrowserType, guard: NetworkGuard) -> tuple[PlaywrightBrowser, BrowserContext]:
        """Attach (bounded in time) and start watching the tabs refwright's tabs will open."""
        folder = self.user_data_dir
        found = await off_loop(lambda: find_endpoint(folder))
        self.endpoint = found.ws_url
        where = f"the browser on {found.user_data_dir} ({found.ws_url})"
        slow = (f"Attaching to {where} did not finish within {CONNECT_SECONDS:.0f} s. If the browser asks whether "
                "to allow remote debugging (Chrome's chrome://inspect toggle), click Allow and try again; otherwise "
                "restart it with --remote-debugging-port=0 --user-data-dir=DIR.")
        with mapped(lambda exc: BrowserError(
                slow if "Timeout" in first_line(str(exc)) else
                f"Could not attach to {where}: {first_line(str(exc))}. Check that it still runs with remote "
                "debugging (docs/attach.md).")):
            browser = await chromium.connect_over_cdp(found.ws_url, timeout=CONNECT_SECONDS * 1000)
        self._browser = browser
        self._guard = guard
        if not browser.contexts:
            with best_effort():
                await browser.close()
            raise BrowserError(f"{where} has no browser context to work in (an incognito-only window?). Open a "
                               "normal window and try again.")
        watch = PopupWatch(found.ws_url, lambda: (guard.allow_private, guard.allowed_domains), guard.note_refusal)
        try:
            await off_loop(watch.start)
        except BrowserError:
            with best_effort():
                await browser.close()
            raise
        self._watch = watch
        return browser, browser.contexts[0]

    async def _drive(self, page: PlaywrightPage, *, opened: bool) -> None:
        assert self._guard is not None and self._watch is not None
        self._watch.ours.add(await _target_id(page))
        self._driven.add(page)
        await self._guard.intercept(page, service_workers=False)
        if opened:
            self._opened.append(page)
            if self.keep_tabs:
                _KEEP_OPEN.add(page)
        else:
            _KEEP_OPEN.add(page)

    async def page(self, context: BrowserContext) -> PlaywrightPage:
        """The tab for the next refwright page: the person's active one once (attach_tab="current"), else a
        new tab of refwright's own."""
        if self.tab == "current" and not self._first_taken:
            self._first_taken = True
            current = await _active_tab(context)
            await self._drive(current, opened=False)
            return current
        self._first_taken = True
        page = await context.new_page()
        await self._drive(page, opened=True)
        return page

    async def release(self) -> None:
        """Close the tabs refwright opened and the tabs they opened (not with keep_tabs); the person's stay as
        they are, and the watch stops."""
        watch, self._watch = self._watch, None
        if watch is not None and self._browser is not None and self._browser.is_connected():
            with best_effort():  # disconnected meanwhile: nothing more is found
                for context in self._browser.contexts:
                    for page in context.pages:
                        if page not in self._driven and not page.is_closed() \
                                and await _target_id(page) in watch.ours:
                            self._opened.append(page)
        if watch is not None:
            await off_loop(watch.stop)
        opened, self._opened = self._opened, []
        if self.keep_tabs:
            return
        for page in opened:
            if not page.is_closed():
                with best_effort():  # closed by the person meanwhile
                    await page.close()


async def _target_id(page: PlaywrightPage) -> str:
    session = await page.context.new_cdp_session(page)
    try:
        info = await session.send("Target.getTargetInfo")
    finally:
        with best_effort():
            await session.detach()
    return str(info["targetInfo"]["targetId"])


async def _active_tab(context: BrowserContext) -> PlaywrightPage:
    """The tab the person looks at: the focused one, else a visible one, else the last opened."""
    pages = [p for p in context.pages if not p.is_closed()]
    if not pages:
        raise BrowserError("--tab current: the attached browser has no open tab. Open one, or leave out "
                           "--tab current to work in a tab of refwright's own.")
    visible: list[PlaywrightPage] = []
    for page in pages:
        with best_effort():  # a tab closing meanwhile is not the one looked at
            state = await page.evaluate("() => [document.visibilityState === 'visible', document.hasFocus()]")
            if state[1]:
                return page
            if state[0]:
                visible.append(page)
    return (visible or pages)[-1]
