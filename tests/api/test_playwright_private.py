"""Each use of Playwright's private API (``refwright._driver._playwright_private``), checked on a real page: a
Playwright release that moves one of them fails here, by name, rather than somewhere downstream."""

from __future__ import annotations

import asyncio

from playwright.async_api import Dialog

import refwright
from refwright import Config, sync_api
from refwright._driver._playwright_private import (
    answers,
    close_target,
    device_descriptors,
    dismiss,
    impl_of,
    loop_of,
    page_guid,
    selectors_of_page,
)

from ..server import TestServer


async def test_the_implementation_object_and_its_loop(page: refwright.Page) -> None:
    impl = impl_of(page.playwright_page)
    assert impl is not page.playwright_page and hasattr(impl, "main_frame")
    assert loop_of(impl) is asyncio.get_running_loop()


async def test_a_live_page_answers_and_a_closed_target_is_gone(browser: refwright.Browser) -> None:
    page = await browser.new_page(isolated=True)
    impl = impl_of(page.playwright_page)
    assert await answers(impl, 5.0)
    await close_target(impl)
    for _ in range(100):
        if page.playwright_page.is_closed():
            break
        await asyncio.sleep(0.05)
    assert page.playwright_page.is_closed()
    await page.close()


async def test_a_dialog_is_dismissed_through_its_implementation(browser: refwright.Browser,
                                                               server: TestServer) -> None:
    # dialogs="wait": refwright leaves the dialog open, so only the call under test can answer it.
    page = await browser.new_page(isolated=True, config=Config(dialogs="wait", allow_private=True))
    pw = page.playwright_page
    await pw.goto(server.html("/private-dialog", "<title>d</title>"))
    seen: list[Dialog] = []
    pw.on("dialog", lambda dialog: seen.append(dialog))
    answer = asyncio.ensure_future(pw.evaluate("confirm('sure?')"))
    for _ in range(100):
        if seen:
            break
        await asyncio.sleep(0.02)
    assert seen
    await dismiss(seen[0])
    assert await asyncio.wait_for(answer, 5) is False
    await page.close()


async def test_devices_selectors_and_guid_come_from_the_page(page: refwright.Page) -> None:
    pw = page.playwright_page
    devices = device_descriptors(pw)
    assert "iPhone 13" in devices and devices["iPhone 13"]["viewport"]["width"] > 0
    selectors = selectors_of_page(pw)
    assert type(selectors).__module__.startswith("playwright.async_api")
    guid = page_guid(pw)
    assert guid is not None and guid.startswith("page@")


def test_the_sync_api_gets_its_own_selectors() -> None:
    with sync_api.launch() as browser:
        page = browser.new_page(isolated=True)
        selectors = selectors_of_page(page.playwright_page)
        assert type(selectors).__module__.startswith("playwright.sync_api")
        assert device_descriptors(page.playwright_page)
        page.close()
