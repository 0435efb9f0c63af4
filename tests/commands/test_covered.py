"""A click that another element intercepts says what to do, naming the cover's close button by ref."""

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
    message = str(info.value)
    assert message.startswith("Element @e1 was found but could not click it within 2000ms: <div")
    assert "intercepts pointer events. Another element covers it: close that cover first (`press Escape`" in message
    assert message.endswith('The last snapshot lists @e2 [button] "Close", which is on top now: click it to '
                            "close the cover.")
    # The advice works.
    assert await run(page, "click @e2") == "Clicked @e2"
    assert await run(page, "click @e1") == "Clicked @e1"


async def test_a_fixed_header_says_scroll(page: refwright.Page, server: TestServer) -> None:
    await run(page, f"open {server.html('/header.html', HEADER)}")
    await run(page, "snapshot -i")
    with pytest.raises(CoveredError) as info:
        await page.run_command("click #buy")
    message = str(info.value)
    assert "`scroll` so that a fixed header no longer covers it" in message
    assert "The last snapshot lists" not in message
