"""One browser per MCP server process: launched on the first call, replaced after a crash, closed at exit."""

from __future__ import annotations

import asyncio
from typing import Any

from .._async import Browser, Page, launch
from .._errors import BrowserError

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
        self._kwargs = launch_kwargs
        self._browser: Browser | None = None
        self._page: Page | None = None
        self.lock = asyncio.Lock()

    @property
    def started(self) -> bool:
        return self._page is not None

    @property
    def browser(self) -> Browser | None:
        return self._browser

    async def page(self) -> Page:
        """The current page, launching the browser first when there is none."""
        if self._page is not None and not self._page.playwright_page.is_closed():
            return self._page
        if self._browser is None:
            self._browser = launch(**self._kwargs)
        try:
            self._page = await self._browser.new_page()
        except BaseException:
            await self.reset()
            raise
        return self._page

    async def reset(self) -> None:
        """Drop the browser (after a crash or hang, or on ``close``); the next call launches a fresh one."""
        browser, self._browser, self._page = self._browser, None, None
        if browser is not None:
            try:
                await asyncio.wait_for(browser.close(), 10)
            except Exception:  # a dead browser may fail to close; it is dropped either way
                pass

    async def close(self) -> None:
        await self.reset()
