# Generated from src/refwright/_async by scripts/unasync.py: edit the async code, not this file.
"""open, back, forward, reload."""

from __future__ import annotations

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page as PlaywrightPage

from ..._errors import RefwrightError
from ..._url import normalize_url
from ...commands import ParsedCommand
from .._page import Page
from .._translate import first_line, is_closed_error, translate


def _titled(page: Page, prefix: str) -> str:
    title = (page.title()).strip()
    return f"{prefix} {page.url} — {title}" if title else f"{prefix} {page.url}"


def _settle_error_page(pw: PlaywrightPage) -> None:
    """Chromium commits its error page just after a failed load; wait for it so that it cannot
    interrupt the next `open`."""
    try:
        pw.wait_for_url(lambda u: u.startswith("chrome-error:"), wait_until="commit", timeout=1_500)
    except PlaywrightError:
        pass


def open_(page: Page, cmd: ParsedCommand) -> str:
    url = normalize_url(cmd.args[0])
    pw = page.playwright_page
    for attempt in range(2):
        try:
            response = pw.goto(url, wait_until="load", timeout=page.config.timeouts.navigation)
            break
        except PlaywrightError as exc:
            if is_closed_error(exc):
                raise translate(exc) from exc
            # A load interrupted by a leftover error page goes through when tried again.
            if attempt == 0 and "is interrupted by another navigation" in str(exc):
                continue
            if "net::ERR_" in str(exc):
                _settle_error_page(pw)
            reason = first_line(str(exc)).removeprefix("Page.goto: ")
            raise RefwrightError(f"Navigation to {url} failed: {reason}") from exc
    if response is not None and not response.ok:
        # The reference treats a non-ok response as a failed navigation; the page still shows it.
        raise RefwrightError(f"Navigation to {url} failed with HTTP {response.status}")
    return _titled(page, "Opened")


def back(page: Page, cmd: ParsedCommand) -> str:
    page.playwright_page.go_back(timeout=page.config.timeouts.navigation)
    return f"Went back to {page.url}"


def forward(page: Page, cmd: ParsedCommand) -> str:
    page.playwright_page.go_forward(timeout=page.config.timeouts.navigation)
    return f"Went forward to {page.url}"


def reload(page: Page, cmd: ParsedCommand) -> str:
    page.playwright_page.reload(timeout=page.config.timeouts.navigation)
    return f"Reloaded {page.url}"


HANDLERS = {"open": open_, "back": back, "forward": forward, "reload": reload}
