"""`set geo`: the page reads the position it sets (the permission is granted, and later grants, such as the
clipboard's for the page's origin, do not take it back), on this origin and on others."""

from __future__ import annotations

import pytest

from refwright import Page

from ..conftest import run
from ..server import TestServer

# The position as the page reads it, or why it could not (bounded: a position never answered is a defect).
POSITION = """new Promise(r => { setTimeout(() => r('no answer'), 3000);
  navigator.geolocation.getCurrentPosition(p => r(p.coords.latitude + ',' + p.coords.longitude),
                                           e => r('error: ' + e.message)); })"""


async def position(page: Page) -> object:
    return await page.playwright_page.evaluate(POSITION)


@pytest.mark.parametrize("before", [[], ["clipboard write hello"]])
async def test_the_page_reads_the_position_set(page: Page, server: TestServer, before: list[str]) -> None:
    await run(page, f"open {server.html('/geo.html', '<title>Geo</title>')}")
    for command in before:
        await run(page, command)
    assert await run(page, "set geo 48.8566 2.3522") == "Geolocation set to 48.8566, 2.3522"
    assert await position(page) == "48.8566,2.3522"


async def test_a_later_clipboard_grant_keeps_the_position_readable(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.html('/geo.html', '<title>Geo</title>')}")
    await run(page, "set geo -33.8688 151.2093")
    assert await run(page, "clipboard write hello") == "Wrote 5 characters to the clipboard"
    assert await run(page, "clipboard read") == "hello"
    assert await position(page) == "-33.8688,151.2093"


async def test_the_position_holds_across_origins_and_before_the_first_page(page: Page, server: TestServer,
                                                                           cross_server: TestServer) -> None:
    await run(page, "set geo 35.6762 139.6503")
    await run(page, f"open {server.html('/geo.html', '<title>Geo</title>')}")
    assert await position(page) == "35.6762,139.6503"
    await run(page, f"open {cross_server.html('/geo.html', '<title>Geo</title>')}")
    assert await position(page) == "35.6762,139.6503"
    await run(page, "set geo 0 0")
    assert await position(page) == "0,0"
