"""Bounded actions on real Chromium: each does one narrow thing, never submits, and refuses bad targets."""

from __future__ import annotations

import re

import pytest

from refwright import Page, RefwrightError

from ..conftest import run
from ..server import TestServer

FORM = """<form onsubmit="document.title='SUBMITTED'; return false">
  <label>From <input id=a value="copy me"></label>
  <label>To <input id=b></label>
  <label>Secret <input id=pw type=password value="hunter2"></label>
  <input id=hid type=hidden value="h">
  <label>Upload <input id=f type=file></label>
  <label>Off <input id=dis disabled></label>
  <label>When <input id=d type=date></label>
  <label><input type=checkbox id=c1> Alpha</label>
  <label><input type=checkbox id=c2 checked> Beta</label>
  <label><input type=checkbox id=c3> Buy insurance</label>
  <select id=s aria-label="Size"><option>Small</option><option>Large</option><option disabled>Huge</option></select>
  <label>Level <input id=r type=range min=10 max=20 step=2 value=12></label>
  <button>Submit</button>
</form>
<div draggable="true" id=card ondragstart="event.dataTransfer.setData('text','x')">Card</div>
<div id=bin dropzone="move" style="width:80px;height:40px;border:1px solid"
  ondragover="event.preventDefault()" ondrop="this.textContent='dropped'">Bin</div>"""


async def open_form(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.html('/bounded.html', FORM)}")
    await run(page, "inspect")


async def value(page: Page, css: str) -> str:
    return await run(page, f"get value {css}")


async def test_setfield_and_copyfield_never_show_or_submit(page: Page, server: TestServer) -> None:
    await open_form(page, server)
    out = await run(page, "setfield To hello there")
    assert out.startswith('Filled @') and "11 characters" in out and "hello" not in out
    assert await value(page, "#b") == "hello there"
    out = await run(page, "copyfield From To")
    assert out.startswith("Copied the text of @") and "copy me" not in out
    assert await value(page, "#b") == "copy me"
    assert await run(page, "setfield When 2024-02-29") and await value(page, "#d") == "2024-02-29"
    assert await page.title() != "SUBMITTED"


async def test_password_file_hidden_and_disabled_targets_are_refused(page: Page, server: TestServer) -> None:
    await open_form(page, server)
    snap = await run(page, "snapshot -i")
    refs = {name: m.group(1) for name in ("Secret", "Upload", "Off")
            if (m := re.search(rf'@(e\d+) \[[^\]]+\] "{name}"', snap))}
    with pytest.raises(RefwrightError, match="is a password field: refwright never fills, copies or reads"):
        await run(page, f"setfield @{refs['Secret']} x")
    with pytest.raises(RefwrightError, match="password field \\(never copied\\)"):
        await run(page, f"copyfield @{refs['Secret']} To")
    with pytest.raises(RefwrightError, match="is a file input"):
        await run(page, f"setfield @{refs['Upload']} x")
    with pytest.raises(RefwrightError, match=r'text field "Off" is disabled'):
        await run(page, f"setfield @{refs['Off']} x")
    with pytest.raises(RefwrightError, match="No visible control matches a text"):
        await run(page, "setfield hid x")
    with pytest.raises(RefwrightError, match="There is no ref @e999"):
        await run(page, "setfield @e999 x")
    assert await value(page, "#pw") == "hunter2"


async def test_setchecks(page: Page, server: TestServer) -> None:
    await open_form(page, server)
    out = await run(page, "setchecks Alpha Beta=off")
    assert out.startswith("Set 2 checkbox(es): 1 checked, 1 cleared; 2 changed")
    assert await run(page, "is checked #c1") == "true" and await run(page, "is checked #c2") == "false"
    assert (await run(page, "setchecks Alpha")).startswith("Set 1 checkbox(es): 1 checked, 0 cleared; 0 changed")
    with pytest.raises(RefwrightError, match=r"approval-required .* setchecks leaves it alone"):
        await run(page, '"setchecks" "Buy insurance"')
    with pytest.raises(RefwrightError, match="at most 40"):
        await page.set_checks([f"x{i}" for i in range(41)])
    with pytest.raises(RefwrightError, match="No visible control matches a checkbox labelled 'Gamma'"):
        await run(page, "setchecks Gamma")
    assert await run(page, "is checked #c3") == "false"


async def test_selectexact_and_setrange(page: Page, server: TestServer) -> None:
    await open_form(page, server)
    assert (await run(page, "selectexact Size Large")).startswith("Selected 'Large' in @")
    assert await value(page, "#s") == "Large"
    with pytest.raises(RefwrightError, match=r"'Huge' of .* is disabled"):
        await run(page, "selectexact Size Huge")
    with pytest.raises(RefwrightError, match="has no option 'Larg'"):
        await run(page, "selectexact Size Larg")
    assert (await run(page, "setrange Level 18")).startswith("Set @")
    assert await value(page, "#r") == "18"
    with pytest.raises(RefwrightError, match="outside the bounds"):
        await run(page, "setrange Level 30")
    with pytest.raises(RefwrightError, match="not reachable with the step"):
        await run(page, "setrange Level 15")
    assert await value(page, "#r") == "18"
    assert await page.title() != "SUBMITTED"


async def test_dragto_is_always_a_proposal(page: Page, server: TestServer) -> None:
    await open_form(page, server)
    out = await run(page, "dragto Card Bin")
    token = re.search(r"`confirm (p-[\w-]+)`", out)
    assert out.startswith('Needs approval: drag @') and 'onto @' in out and token is not None
    assert await run(page, "get text #bin") == "Bin"
    await run(page, f"confirm {token.group(1)}")
    assert await run(page, "get text #bin") == "dropped"
    with pytest.raises(RefwrightError, match="No visible control matches a declared drop target labelled 'Alpha'"):
        await run(page, "dragto Card Alpha")


async def test_setfield_says_when_the_page_sent_the_text_elsewhere(page: Page, server: TestServer) -> None:
    await run(page, f"""open {server.html('/bounded-steal.html', '''<label>To <input id=b></label>
      <label>Notes <input id=n></label><script>
      document.getElementById('b').addEventListener('focus', () => document.getElementById('n').focus());
      </script>''')}""")
    await run(page, "inspect")
    with pytest.raises(RefwrightError, match=r'^The text did not reach @e\d+ text field "To": it still holds what '
                                             r"it held before\. .* Nothing was done\. Run `inspect`"):
        await run(page, "setfield To hello")
    assert await value(page, "#b") == ""
