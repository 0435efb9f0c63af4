"""The browser session: lazy start, recovery after a crash or close, CDP attach, discovery."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest

import refwright
from refwright import BrowserError, Config

from ..conftest import TEST_CONFIG, run
from ..fleet import cdp_chromium
from ..server import TestServer


async def test_nothing_starts_until_a_page_is_needed() -> None:
    browser = refwright.launch(config=TEST_CONFIG)
    assert not browser.started
    page = await browser.new_page()
    assert browser.started
    await page.close()
    await browser.close()
    assert not browser.started


async def test_a_closed_page_is_an_error_then_a_fresh_page(server: TestServer) -> None:
    async with refwright.launch(config=TEST_CONFIG) as browser:
        page = await browser.new_page()
        await run(page, f"open {server.url('/signup.html')}")
        await page.playwright_page.close()
        with pytest.raises(BrowserError, match="closed or crashed"):
            await page.run_command("snapshot -i")
        assert await run(page, f"open {server.empty_page}") == f"Opened {server.empty_page}"


async def test_a_crashed_browser_is_an_error_then_a_new_browser(server: TestServer) -> None:
    async with refwright.launch(config=TEST_CONFIG) as browser:
        page = await browser.new_page()
        await run(page, f"open {server.url('/signup.html')}")
        chromium = browser._impl.browser  # the implementation behind the Browser facade
        assert chromium is not None
        await chromium.close()  # the whole browser goes away underneath the page
        with pytest.raises(BrowserError):
            await page.run_command("get title")
        assert (await run(page, f"open {server.url('/signup.html')}")).endswith("— Sign up")
        assert (await run(page, "snapshot -i")).startswith('@e1 [heading] "Create your account"')


async def test_missing_browser_says_how_to_fix_it() -> None:
    browser = refwright.launch(executable_path="/nonexistent/chrome", config=TEST_CONFIG)
    with pytest.raises(BrowserError, match=r"did not start.*refwright doctor"):
        await browser.new_page()
    await browser.close()


async def test_network_settings_are_per_browser(browser: refwright.Browser) -> None:
    with pytest.raises(BrowserError, match="whole browser session"):
        await browser.new_page(config=Config(allow_private=False))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def chrome_with_cdp() -> Iterator[str]:
    chrome = cdp_chromium()
    yield chrome.endpoint
    chrome.kill()


async def test_attach_over_cdp(chrome_with_cdp: str, server: TestServer) -> None:
    async with refwright.launch(cdp_url=chrome_with_cdp, config=TEST_CONFIG) as browser:
        page = await browser.new_page()
        assert page.capabilities().request_filtering == "interception"
        assert await run(page, f"open {server.url('/signup.html')}") == f"Opened {server.url('/signup.html')} — Sign up"
        assert (await run(page, "snapshot -i")).startswith('@e1 [heading] "Create your account"')


async def test_attach_to_nothing_says_how_to_start_chrome() -> None:
    async with refwright.launch(cdp_url=f"http://127.0.0.1:{_free_port()}", config=TEST_CONFIG) as browser:
        with pytest.raises(BrowserError, match="--remote-debugging-port"):
            await browser.new_page()


async def test_isolated_pages_share_no_cookies_and_close_their_context(browser: refwright.Browser,
                                                                       server: TestServer) -> None:
    first = await browser.new_page(isolated=True)
    second = await browser.new_page(isolated=True)
    try:
        for page in (first, second):
            await page.run_command(f"open {server.url('/empty.html')}")
        await first.playwright_page.evaluate("document.cookie = 'who=first; path=/'")
        assert "who" in (await first.run_command("cookies")).output
        assert (await second.run_command("cookies")).output == "No cookies"
        context = first.playwright_page.context
    finally:
        await first.close()
        await second.close()
    # Closing the page closed its context too: nothing is left open in it.
    assert context.pages == []
    with pytest.raises(Exception, match="closed"):
        await context.new_page()
