"""The translating boundary: whatever happens underneath, a caller of the public API only ever sees
refwright's errors, each a sentence that says what to do."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest
from playwright.async_api import Error as PlaywrightError

import refwright
from refwright import BrowserError, RefwrightError

CALLS: dict[str, Callable[[refwright.Page], Awaitable[object]]] = {
    "title": lambda p: p.title(),
    "screenshot": lambda p: p.screenshot(),
    "annotated screenshot": lambda p: p.screenshot(annotate=True),
    "snapshot": lambda p: p.snapshot(),
    "goto": lambda p: p.goto("about:blank"),
    "bounded_content": lambda p: p.bounded_content(),
    "inspect": lambda p: p.inspect(),
    "act": lambda p: p.act("click Go"),
}


@pytest.mark.parametrize("name", sorted(CALLS))
async def test_a_page_closed_underneath_raises_refwright_errors_only(browser: refwright.Browser, name: str) -> None:
    page = await browser.new_page(isolated=True)
    try:
        await page.playwright_page.close()  # gone without refwright knowing
        with pytest.raises(RefwrightError) as info:
            await CALLS[name](page)
        assert not isinstance(info.value, PlaywrightError)
        assert isinstance(info.value, BrowserError), info.value
        assert "closed" in str(info.value)
    finally:
        await page.close()
