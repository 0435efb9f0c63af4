"""One browser per MCP server process: launched on the first call, replaced after a crash, closed at exit."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

from playwright.async_api import Playwright, async_playwright

from .._async import Browser, Page, launch, wrap
from .._config import Config
from .._errors import BrowserError
from ..safety._secrets import Secrets

__all__ = ["BrowserSession"]

# Playwright's words for a page, context or browser that went away under a call.
_GONE = ("target page, context or browser has been closed", "browser has been closed", "target closed",
         "page has been closed", "browser has disconnected", "crashed")


def is_gone(error: BaseException) -> bool:
    """Whether ``error`` says the browser or its page died (then the next call starts a fresh one)."""
    if isinstance(error, BrowserError):
        return True
    text = str(error).lower()
    return any(word in text for word in _GONE)


class BrowserSession:
    """The server's browser and its one page. ``launch_kwargs`` go to :func:`refwright.launch`.

    Calls are serialised: MCP clients may send several at once, and one page cannot do two things.
    """

    def __init__(self, **launch_kwargs: Any) -> None:
        secrets = launch_kwargs.pop("secrets", None)
        if secrets is not None:
            # Kept in the config, which both a launched browser and an attached Chrome tab use.
            launch_kwargs["config"] = replace(launch_kwargs.get("config") or Config(), secrets=Secrets.of(secrets))
        self._kwargs = launch_kwargs
        self._browser: Browser | None = None
        self._page: Page | None = None
        # Set while attached to a tab of the person's own Chrome (browser_connect).
        self._playwright: Playwright | None = None
        self.lock = asyncio.Lock()

    @property
    def config(self) -> Config:
        """The configuration its pages get (their secrets, which the server's answers are scrubbed of)."""
        config = self._kwargs.get("config")
        return config if isinstance(config, Config) else Config()

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
            if not pw.is_closed() and (pw.context.browser is None or pw.context.browser.is_connected()):
                return self._page
            await self.reset()
            raise BrowserError("The browser crashed or was closed since the last call, so this call did nothing. "
                               "It was shut down; the next call starts a fresh browser on a blank page: open the "
                               "page again.")
        if self._playwright is not None:
            await self.reset()
            raise BrowserError("The attached Chrome tab was closed. Call browser_connect to pick another tab, or "
                               "browser_launch for refwright's own browser.")
        if self._browser is None:
            self._browser = launch(**self._kwargs)
        try:
            self._page = await self._browser.new_page()
        except BaseException:
            await self.reset()
            raise
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
            config = self._kwargs.get("config") or Config()
            self._page = await wrap(same[0], config=config, playwright=playwright,
                                    action_policy=self._kwargs.get("action_policy"),
                                    confirm=self._kwargs.get("confirm"))
        except BaseException:
            await self.reset()
            raise
        return self._page

    async def reset(self) -> None:
        """Drop the browser (after a crash or hang, or on ``close``); the next call launches a fresh one.
        An attached Chrome is only disconnected, never closed."""
        browser, self._browser, self._page = self._browser, None, None
        playwright, self._playwright = self._playwright, None
        if browser is not None:
            try:
                await asyncio.wait_for(browser.close(), 10)
            except Exception:  # a dead browser may fail to close; it is dropped either way
                pass
        if playwright is not None:
            try:
                await asyncio.wait_for(playwright.stop(), 10)
            except Exception:
                pass

    async def close(self) -> None:
        await self.reset()
