"""inspect on real Chromium: what is listed, how it is labelled, what is never read, and shared refs."""

from __future__ import annotations

import re

from refwright import Page
from refwright.resolve import value_hash

from ..conftest import run
from ..server import TestServer

CONTROLS = """
<form action="/done" onsubmit="return false">
  <label>Name <input id="name" value="Ann"></label>
  <label>Secret <input type="password" value="hunter2"></label>
  <input type="hidden" name="csrf" value="tok">
  <input type="file" aria-label="Upload">
  <label><input type="checkbox" checked> Remember me</label>
  <label><input type="radio" name="r"> Red</label>
  <select aria-label="Plan"><option>Free</option><option disabled>Team</option><option>Pro</option></select>
  <label>Volume <input type="range" min="0" max="50" step="5" value="20"></label>
  <input type="date" aria-label="Start">
  <button type="button">Save</button>
  <button type="submit">Go</button>
  <button disabled>Later</button>
</form>
<a href="/next">Next page</a>
<div style="display:none"><button>Hidden one</button></div>
<div style="visibility:hidden"><button>Invisible</button></div>
<span class="link" style="cursor:pointer" onclick="void 0">styled link</span>
<div style="cursor:pointer" id="group"><span>Alpha</span><span>Beta</span></div>
<button style="width:24px;height:24px;background:url(/img/icon-trash_can.png)"></button>
<p><label>Username</label><input id="user"></p>
<div class="ui-slider" style="width:100px"><span class="ui-slider-handle" tabindex="0">|</span></div>
<div id="val">7</div>
"""


async def test_inspect_lists_visible_controls_with_kinds_labels_and_risk(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.html('/inspect.html', CONTROLS)}")
    out = await run(page, "inspect")
    lines = out.splitlines()
    assert re.match(r"^\d+ visible controls, fingerprint [0-9a-f]{8}:[0-9a-f]{8}:$", lines[0])
    body = "\n".join(lines[1:])
    assert re.search(r'@e\d+ text field "Name"', body)
    assert re.search(r'@e\d+ checkbox "Remember me" \[checked\]', body)
    assert re.search(r'@e\d+ radio "Red"', body)
    assert re.search(r'@e\d+ select "Plan" options: "Free", "Team" \(disabled\), "Pro"', body)
    assert re.search(r'@e\d+ range slider "Volume" min 0, max 50, step 5', body)
    assert re.search(r'@e\d+ date field "Start"', body)
    assert re.search(r'@e\d+ button "Save"\n', body + "\n")
    assert re.search(r'@e\d+ button "Go" \[approval-required\]', body)
    assert re.search(r'@e\d+ button "Later" \[disabled, approval-required\]', body)
    assert re.search(r'@e\d+ link "Next page"', body)
    assert re.search(r'@e\d+ clickable "styled link" \[approval-required\]', body)
    # A clickable container with distinct labelled children is split into them.
    assert re.search(r'@e\d+ clickable "Alpha"', body) and re.search(r'@e\d+ clickable "Beta"', body)
    # Icon-only buttons are named from their image file name.
    assert re.search(r'@e\d+ button "icon trash can"', body)
    # A label that is only next to a field still names it.
    assert re.search(r'@e\d+ text field "Username"', body)
    assert re.search(r'@e\d+ slider handle "slider" keyboard-operated with a visible readout', body)
    for never in ("hunter2", "Secret", "csrf", "tok", "Upload", "Hidden one", "Invisible", "Ann", "20"):
        assert never not in body.replace("Volume", ""), never
    assert "1 password field(s) are never listed or read" in out


async def test_inspect_refs_are_snapshot_refs_and_work_with_click(page: Page, server: TestServer) -> None:
    html = '<button onclick="this.textContent=\'Clicked\'">Press</button><input aria-label="Q">'
    await run(page, f"open {server.html('/refs.html', html)}")
    snap = await run(page, "snapshot -i")
    ref = re.search(r'@(e\d+) \[button\] "Press"', snap)
    assert ref is not None
    inspected = await run(page, "inspect")
    # The same element keeps the ref the snapshot gave it.
    assert f'@{ref.group(1)} button "Press"' in inspected
    assert await run(page, f"click @{ref.group(1)}") == f"Clicked @{ref.group(1)}"
    assert "Clicked" in await run(page, "get text button")


async def test_fingerprint_follows_visible_and_private_state(page: Page, server: TestServer) -> None:
    html = '<input aria-label="Q"><label><input type="checkbox"> A</label>'
    await run(page, f"open {server.html('/fp.html', html)}")
    first = await page.inspect()
    again = await page.inspect()
    assert first.fingerprint == again.fingerprint
    await page.playwright_page.fill("input[aria-label=Q]", "typed")
    typed = await page.inspect()
    visible, private = typed.fingerprint.split(":")
    assert visible == first.fingerprint.split(":")[0] and private != first.fingerprint.split(":")[1]
    # The page's hash of a value is the one Python computes, salted with the document's token.
    field = next(c for c in typed.controls if c.label == "Q")
    assert field.value_hash == value_hash(typed.token, "typed")
    await page.playwright_page.check("input[type=checkbox]")
    checked = await page.inspect()
    assert checked.fingerprint.split(":")[0] != visible


async def test_tabs_and_menu_items_act_through_their_inner_link(page: Page, server: TestServer) -> None:
    html = """<ul role="tablist"><li role="tab" aria-selected="true"><a href="#a">Tab #1</a></li>
      <li role="tab"><a href="#b">Tab #2</a></li></ul>"""
    await run(page, f"open {server.html('/tabs.html', html)}")
    inspection = await page.inspect()
    tabs = [c for c in inspection.controls if c.kind == "tab"]
    assert [c.label for c in tabs] == ["Tab #1", "Tab #2"]
    assert [c.tag for c in tabs] == ["a", "a"]
    assert len(inspection.controls) == 2


async def test_inspect_caps_at_80(page: Page, server: TestServer) -> None:
    html = "".join(f"<button>B{i}</button>" for i in range(120))
    await run(page, f"open {server.html('/many.html', html)}")
    out = await run(page, "inspect")
    assert out.splitlines()[0].startswith("80 visible controls (of 120; the first 80 in page order)")
    assert len(out.splitlines()) == 81
