"""A browser for an MCP client: its own Chromium (stdio, ``--shared-session``), or a browser context of its own
on one Chromium shared by every MCP session of an HTTP server. Started on the first call, replaced after a
crash, closed at exit."""

from __future__ import annotations

import asyncio
from typing import Any

from playwright.async_api import BrowserContext, Playwright, async_playwright

from .._async import Browser, Page, launch, wrap
from .._async.pipeline._translate import best_effort
from .._config import Config, LaunchOptions
from .._errors import BrowserError, RefwrightError
from ._current_call import permit_through_client

__all__ = ["ClientBrowser", "SharedBrowser", "launch_options"]

# What closing a browser, a context or Playwright may fail with when it already died: it is dropped either way.
# (Playwright's own errors are best_effort's to swallow.)
_CLOSE_ERRORS = (RefwrightError, TimeoutError, OSError)

# Playwright's words for a page, context or browser that went away under a call.
_GONE = ("target page, context or browser has been closed", "browser has been closed", "target closed",
         "page has been closed", "browser has disconnected", "crashed")


def is_gone(error: BaseException) -> bool:
    """Whether ``error`` says the browser or its page died (then the next call starts a fresh one)."""
    if isinstance(error, BrowserError):
        return True
    text = str(error).lower()
    return any(word in text for word in _GONE)


def launch_options(options: LaunchOptions | None, launch_kwargs: dict[str, Any]) -> LaunchOptions:
    """The typed launch options: ``options`` as given, or made from :func:`refwright.launch`'s keyword
    arguments (an unknown one is a TypeError here, at once, rather than at the first tool call)."""
    if options is not None:
        if launch_kwargs:
            raise TypeError(f"give launch options or keyword arguments, not both ({', '.join(launch_kwargs)})")
        return options
    return LaunchOptions(**launch_kwargs)


class SharedBrowser:
    """One Chromium for every MCP session of a server, each session on a browser context of its own (its own
    cookies, storage and tabs). ``options`` (or :func:`refwright.launch`'s keyword arguments) launch it."""

    def __init__(self, options: LaunchOptions | None = None, **launch_kwargs: Any) -> None:
        self.options = launch_options(options, launch_kwargs)
        self._browser: Browser | None = None
        # Contexts are made one at a time: the first launches the browser, and a selector engine registered
        # while another context is being made would miss it.
        self._lock = asyncio.Lock()

    async def new_page(self) -> Page:
        """A page in a new browser context; a browser that crashed is launched again first."""
        async with self._lock:
            if self._browser is None:
                self._browser = launch(**self.options.launch_kwargs())
            return await self._browser.new_page(isolated=True)

    async def close(self) -> None:
        """Close the browser (every session's context with it); the next page launches a fresh one."""
        browser, self._browser = self._browser, None
        if browser is not None:
            with best_effort(*_CLOSE_ERRORS):
                await asyncio.wait_for(browser.close(), 10)


class ClientBrowser:
    """One MCP client's browser and its page, launched with ``options`` (or :func:`refwright.launch`'s keyword
    arguments); with ``shared``, the page is in a browser context of its own on that browser instead.

    Calls are serialised: MCP clients may send several at once, and one page cannot do two things.
    """

    def __init__(self, options: LaunchOptions | None = None, *, shared: SharedBrowser | None = None,
                 **launch_kwargs: Any) -> None:
        self.options = shared.options if shared is not None else launch_options(options, launch_kwargs)
        self._shared = shared
        self._browser: Browser | None = None
        self._page: Page | None = None
        # The page's own context on the shared browser: a page found in any other one (a crash recovered in
        # the browser's default context) is not this client's any more.
        self._context: BrowserContext | None = None
        # Set while attached to a tab of the person's own Chrome (browser_connect).
        self._playwright: Playwright | None = None
        self.lock = asyncio.Lock()

    @property
    def config(self) -> Config:
        """The configuration its pages get (their secrets, which the server's answers are scrubbed of)."""
        return self.options.config

    @property
    def started(self) -> bool:
        return self._page is not None

    @property
    def attached(self) -> bool:
        """Whether the page is a tab of the person's own Chrome (browser_connect)."""
        return self._playwright is not None

    @property
    def browser(self) -> Browser | None:
        return self._browser

    async def page(self) -> Page:
        """The current page, launching the browser first when there is none."""
        if self._page is not None:
            pw = self._page.playwright_page
            alive = not pw.is_closed() and (pw.context.browser is None or pw.context.browser.is_connected())
            if alive and (self._context is None or pw.context is self._context):
                return self._page
            await self.reset()
            raise BrowserError("The browser crashed or was closed since the last call, so this call did nothing. "
                               "It was shut down; the next call starts a fresh browser on a blank page: open the "
                               "page again.")
        if self._playwright is not None:
            await self.reset()
            raise BrowserError("The attached Chrome tab was closed. Call browser_connect to pick another tab, or "
                               "browser_launch for refwright's own browser.")
        try:
            if self._shared is not None:
                self._page = await self._shared.new_page()
                self._context = self._page.playwright_page.context
            else:
                if self._browser is None:
                    self._browser = launch(**self.options.launch_kwargs())
                self._page = await self._browser.new_page()
        except BaseException:
            await self.reset()
            raise
        self._page.set_permit_callback(permit_through_client)
        return self._page

    async def attach(self, endpoint: str, index: int, url: str, title: str) -> Page:
        """Drive tab ``index`` of a Chrome already running with remote debugging (matched by URL and title)."""
        await self.reset()
        manager = async_playwright()
        playwright = await manager.start()
        self._playwright = playwright
        try:
            chrome = await playwright.chromium.connect_over_cdp(endpoint)
            tabs = [p for c in chrome.contexts for p in c.pages]
            same = [p for p in tabs if p.url == url] or tabs[index:index + 1]
            for tab in same:
                if await tab.title() == title:
                    same = [tab]
                    break
            if not same:
                raise BrowserError(f"Tab {index} is gone from Chrome at {endpoint}. Call browser_connect again to "
                                   "list the tabs.")
            self._page = await wrap(same[0], config=self.options.config, playwright=playwright,
                                    action_policy=self.options.action_policy, confirm=self.options.confirm)
        except BaseException:
            await self.reset()
            raise
        self._page.set_permit_callback(permit_through_client)
        return self._page

    async def reset(self) -> None:
        """Drop the browser (after a crash or hang, or on ``close``); the next call launches a fresh one.
        An attached Chrome is only disconnected, never closed."""
        browser, self._browser, page, self._page = self._browser, None, self._page, None
        playwright, self._playwright = self._playwright, None
        own_context, self._context = self._context, None
        if own_context is not None and page is not None:
            try:  # the page's context closes with it; the shared browser stays for the other sessions
                with best_effort(RefwrightError):  # gone with a crashed browser
                    await asyncio.wait_for(page.close(), 10)
            except TimeoutError:  # the browser itself hung: every session needs a fresh one
                assert self._shared is not None
                await self._shared.close()
        if browser is not None:
            with best_effort(*_CLOSE_ERRORS):
                await asyncio.wait_for(browser.close(), 10)
        if playwright is not None:
            with best_effort(*_CLOSE_ERRORS):
                await asyncio.wait_for(playwright.stop(), 10)

    async def close(self) -> None:
        await self.reset()
