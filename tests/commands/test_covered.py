"""A click on a covered element fails at once and says what to do, naming the cover's close button by ref
(tests/test_blocked_actions.py has the other covers)."""

from __future__ import annotations

import pytest

import refwright
from refwright._errors import CoveredError

from ..conftest import run
from ..server import TestServer

OVERLAY = """<title>Covered</title><button id=buy>Buy</button>
<div style="position:fixed;inset:0;background:rgba(0,0,0,.5)">
  <div style="margin:200px auto;width:200px;background:#fff">Subscribe?
    <button onclick="this.closest('div[style*=fixed]').remove()">Close</button></div></div>"""

HEADER = """<title>Header</title><div style="height:40px"></div><button id=buy>Buy</button>
<div style="position:fixed;top:0;left:0;right:0;height:120px;background:#ccc">Site header</div>"""


async def test_a_cover_with_a_close_button_names_its_ref(page: refwright.Page, server: TestServer) -> None:
    await run(page, f"open {server.html('/overlay.html', OVERLAY)}")
    assert await run(page, "snapshot -i") == '@e1 [button] "Buy"\n@e2 [button] "Close"'
    with pytest.raises(CoveredError) as info:
        await page.run_command("click @e1")
    assert str(info.value) == (
        '@e1 [button] "Buy" is covered by an overlay over the whole page (<div> "Subscribe? Close"), so a click '
        'would land on the cover instead. Close it first: click @e2 [button] "Close".')
    # The advice works.
    assert await run(page, "click @e2") == "Clicked @e2"
    assert await run(page, "click @e1") == "Clicked @e1"


async def test_a_fixed_header_says_scroll(page: refwright.Page, server: TestServer) -> None:
    await run(page, f"open {server.html('/header.html', HEADER)}")
    await run(page, "snapshot -i")
    with pytest.raises(CoveredError) as info:
        await page.run_command("click #buy")
    assert str(info.value) == (
        '#buy [button] "Buy" is covered by a fixed element (<div> "Site header"), so a click would land on the '
        "cover instead. `scroll` so that it no longer covers it, or close it if it can be closed.")
