"""A listed element whose own box is empty is still clicked: through its visible content, or for a link
with no visible content, by focus and Enter."""

from __future__ import annotations

import refwright

from ..conftest import run
from ..server import TestServer

PIXEL = ("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGA"
         "hKmMIQAAAABJRU5ErkJggg==")


async def test_link_around_a_floated_image(page: refwright.Page, server: TestServer) -> None:
    landed = server.html("/story.html", "<title>Story</title><p>the story</p>")
    body = (f"<title>Front</title><a title='Read the story' href='/story.html'>"
            f"<img style='float:left' width=60 height=40 alt='' src='{PIXEL}'></a><p>after</p>")
    await run(page, f"open {server.html('/front.html', body)}")
    box = await page.playwright_page.locator("a").bounding_box()
    assert box is not None and box["width"] == 0  # the page really has the empty box
    assert await run(page, "snapshot -i") == '@e1 [link] "Read the story"'
    # The answer tells where the click went.
    assert await run(page, "click @e1") == f"Clicked @e1\nNote: The page navigated to {landed} — Story."
    assert page.url == landed


async def test_empty_logo_link_is_followed_by_keyboard(page: refwright.Page, server: TestServer) -> None:
    home = server.html("/home.html", "<title>Home</title>")
    body = ("<title>Logo</title><header><a id=logo href='/home.html' aria-label='Home' "
            f"style=\"background:url('{PIXEL}')\"></a></header><p>text</p>")
    await run(page, f"open {server.html('/logo.html', body)}")
    # Whether the snapshot lists such a link is perception's call; by selector it is clicked either way.
    assert await run(page, "click #logo") == (
        "Clicked #logo (it shows no box of its own: refwright focused the link and pressed Enter)\n"
        f"Note: The page navigated to {home} — Home.")
    await page.playwright_page.wait_for_url(home, timeout=5_000)


async def test_a_hidden_element_still_fails_clearly(page: refwright.Page, server: TestServer) -> None:
    body = "<title>H</title><a id=gone href='/x' style='display:none'>Gone</a><button>ok</button>"
    await run(page, f"open {server.html('/hidden.html', body)}")
    try:
        await page.run_command("click #gone")
    except refwright.RefwrightError as exc:
        assert "#gone [link] is hidden: it is not displayed" in str(exc)
    else:
        raise AssertionError("a hidden link was clicked")
