"""Links as real pages have them, listed as Chromium lists them and acted on through their refs."""

from __future__ import annotations

import refwright

from ..conftest import run
from ..server import TestServer


async def test_a_link_whose_icon_never_loaded_is_listed_and_followed(page: refwright.Page,
                                                                     server: TestServer) -> None:
    landed = server.html("/fb.html", "<title>FB</title><p>liked</p>")
    # The icon font's glyph would give the link its box; the font never arrives, so the box is empty.
    body = ("<title>Icons</title><style>.icon-facebook::before { font-family: nowhere; }</style>"
            "<p>Follow: <a class='icon-facebook' aria-label='Like us on Facebook' href='/fb.html'></a></p>")
    await run(page, f"open {server.html('/icons.html', body)}")
    box = await page.playwright_page.locator("a").bounding_box()
    assert box is not None and box["width"] == 0
    assert await run(page, "snapshot -i") == '@e1 [link] "Like us on Facebook"'
    assert await run(page, "click @e1") == (
        "Clicked @e1 (it shows no box of its own: refwright focused the link and pressed Enter)\n"
        f"Note: The page navigated to {landed} — FB.")
    await page.playwright_page.wait_for_url(landed, timeout=5_000)


async def test_a_link_without_a_name_is_listed_with_its_url_on_request(page: refwright.Page,
                                                                       server: TestServer) -> None:
    landed = server.html("/next.html", "<title>Next</title>")
    body = "<title>Blank</title><p>a <a href='/next.html'> </a> b <a href='/next.html'></a></p>"
    await run(page, f"open {server.html('/blank.html', body)}")
    # Chromium lists both with no name; a name made up from the URL would not be the page's.
    assert await run(page, "snapshot -i") == "@e1 [link]\n@e2 [link]"
    assert await run(page, "snapshot -i -u") == (
        f'@e1 [link] url="{landed}"\n@e2 [link] url="{landed}"')
    assert (await run(page, "click @e2")).startswith("Clicked @e2")
    await page.playwright_page.wait_for_url(landed, timeout=5_000)
