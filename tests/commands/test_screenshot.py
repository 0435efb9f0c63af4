"""screenshot, --full and --annotate."""

from __future__ import annotations

from refwright import Page

from ..conftest import run
from ..server import TestServer

TALL = "<title>Tall</title><h1>Top</h1><div style='height:3000px'></div><button>Bottom</button>"


async def test_viewport_and_full_page(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.html('/tall.html', TALL)}")
    shot = await page.run_command("screenshot")
    assert shot.output == "Screenshot 1280×720"
    assert shot.screenshot is not None and shot.screenshot.bytes[:8] == b"\x89PNG\r\n\x1a\n"
    full = await page.run_command("screenshot --full")
    assert full.screenshot is not None
    assert full.screenshot.width == 1280 and full.screenshot.height > 3000
    assert full.output == f"Screenshot 1280×{full.screenshot.height}"
    assert (await page.run_command("screenshot -f")).output == full.output


async def test_annotate_legend_and_labels_removed(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/signup.html')}")
    before = (await page.run_command("screenshot")).screenshot
    result = await page.run_command("screenshot --annotate")
    lines = result.output.splitlines()
    assert lines[0] == "Screenshot 1280×720"
    assert lines[1:] == [
        '[1] @e1 heading "Create your account"',
        '[2] @e2 textbox "Email"',
        '[3] @e3 textbox "Password"',
        '[4] @e4 checkbox "I agree to the terms"',
        '[5] @e5 combobox "Country"',
        # The options of a closed dropdown have no box on screen, so they get no label.
        '[9] @e9 button "Later"',
        '[10] @e10 button "Create account"',
        '[11] @e11 link "Learn more"',
    ]
    assert result.screenshot is not None
    annotations = result.screenshot.annotations
    assert [a.ref for a in annotations] == [f"e{i}" for i in (1, 2, 3, 4, 5, 9, 10, 11)]
    assert all(a.box[2] > 0 and a.box[3] > 0 for a in annotations)
    # The labels were drawn for the capture only: the page looks as before afterwards.
    after = (await page.run_command("screenshot")).screenshot
    assert before is not None and after is not None
    assert after.bytes == before.bytes
    assert result.screenshot.bytes != before.bytes
    # -a is --annotate, and it replaced the refs with a fresh snapshot's.
    assert (await page.run_command("screenshot -a")).output == result.output
    assert await run(page, "get text @e10") == "Create account"
