"""Refs: the observe-act loop, stability, staleness, and refs as Playwright locators."""

from __future__ import annotations

import pytest

from refwright import Page, RefwrightError, StaleRefError

from ..conftest import run
from ..server import TestServer

LIST = """<ul id="list"><li><button id="a" onclick="this.textContent += '!'">Alpha</button></li>
<li><button id="b">Beta</button></li></ul>
<script>
function replaceAlpha() {
  const old = document.getElementById('a');
  const fresh = document.createElement('button');
  fresh.textContent = 'Alpha';
  fresh.onclick = () => { window.freshClicked = true; };
  old.replaceWith(fresh);
}
</script>"""


@pytest.fixture
async def listing(page: Page, server: TestServer) -> Page:
    await run(page, f"open {server.html('/list.html', LIST)}")
    return page


async def test_run_command_never_resnapshots(listing: Page) -> None:
    with pytest.raises(RefwrightError, match=r"There is no ref @e1 on this page\. Take a snapshot"):
        await listing.run_command("click @e1")


async def test_ref_spellings(listing: Page) -> None:
    await run(listing, "snapshot -i")
    assert await run(listing, "click @e2") == "Clicked @e2"
    assert await run(listing, "click e2") == "Clicked e2"
    assert await run(listing, "click ref=e2") == "Clicked ref=e2"
    assert await run(listing, "click @e1") == "Clicked @e1"
    assert await run(listing, "get text @e1") == "Alpha!"


async def test_refs_are_stable_across_snapshots(listing: Page) -> None:
    first = await run(listing, "snapshot -i")
    await listing.playwright_page.evaluate(
        "document.getElementById('list').insertAdjacentHTML('afterbegin', '<li><button>Zero</button></li>')")
    second = await run(listing, "snapshot -i")
    assert first == '@e1 [button] "Alpha"\n@e2 [button] "Beta"'
    # The new button gets a new ref; the old ones keep theirs.
    assert second == '@e3 [button] "Zero"\n@e1 [button] "Alpha"\n@e2 [button] "Beta"'


async def test_removed_element_fails_with_the_documented_message(listing: Page) -> None:
    await run(listing, "snapshot -i")
    await listing.playwright_page.evaluate("document.getElementById('b').remove()")
    with pytest.raises(StaleRefError) as info:
        await listing.run_command("click @e2")
    assert str(info.value) == (
        "@e2 is gone: the page removed that element (or replaced it in a re-render) since the snapshot that "
        "listed it. Take a new snapshot (`snapshot -i`) and use the refs it lists.")
    # Queries answer as the missing-target table says.
    assert await run(listing, "get text @e2") == ""
    assert await run(listing, "is visible @e2") == "false"
    assert await run(listing, "get count @e2") == "0"


async def test_ref_never_acts_on_a_lookalike(listing: Page) -> None:
    await run(listing, "snapshot -i")
    await listing.playwright_page.evaluate("replaceAlpha()")
    with pytest.raises(StaleRefError, match="@e1 is gone: the page removed that element"):
        await listing.run_command("click @e1")
    assert await listing.playwright_page.evaluate("window.freshClicked") is None
    # A new snapshot gives the lookalike a new ref, never the old one.
    out = await run(listing, "snapshot -i")
    assert out == '@e3 [button] "Alpha"\n@e2 [button] "Beta"'


async def test_refs_after_navigation_are_stale(listing: Page, server: TestServer) -> None:
    await run(listing, "snapshot -i")
    await run(listing, f"open {server.html('/list2.html', LIST)}")
    with pytest.raises(StaleRefError) as info:
        await listing.run_command("fill @e1 x")
    assert str(info.value) == (
        "@e1 is from an earlier page: the page navigated (or reloaded) since the snapshot that listed it, so it "
        "names nothing now. Take a new snapshot (`snapshot -i`) and use the refs it lists.")
    # After navigation refs are numbered on, never reused.
    assert (await run(listing, "snapshot -i")).splitlines()[0] == '@e3 [button] "Alpha"'


async def test_refs_only_from_the_latest_snapshot(listing: Page) -> None:
    await run(listing, "snapshot -i")
    await run(listing, "snapshot -i -s #b")
    # @e1 exists on the page but was not in the latest snapshot: queries find nothing, actions refuse it.
    assert await run(listing, "get count @e1") == "0"
    with pytest.raises(StaleRefError, match=r"^@e1 is not in the latest snapshot"):
        await listing.run_command("click @e1")
    assert await run(listing, "get text @e2") == "Beta"


async def test_page_cannot_forge_a_ref(listing: Page) -> None:
    await run(listing, "snapshot -i")
    # Attributes and globals are the page's own; none of them can redirect a ref.
    await listing.playwright_page.evaluate(
        "document.getElementById('b').setAttribute('data-ref', 'e1'); window.__refwright = {}")
    assert await run(listing, "get text @e1") == "Alpha"


async def test_locator_for_refs_is_a_playwright_locator(listing: Page) -> None:
    await listing.snapshot(interactive=True)
    locator = listing.locator("@e2")
    assert await locator.text_content() == "Beta"
    await locator.click()
    assert await listing.locator("#a").count() == 1
    with pytest.raises(RefwrightError, match="There is no ref @e9"):
        listing.locator("@e9")


async def test_typed_snapshot_api(listing: Page) -> None:
    snap = await listing.snapshot(interactive=True)
    assert snap.tree == '@e1 [button] "Alpha"\n@e2 [button] "Beta"'
    assert [(r.ref, r.role, r.name) for r in snap.refs.values()] == [
        ("e1", "button", "Alpha"), ("e2", "button", "Beta")]
    assert [(n.ref, n.role, n.name, n.interactive) for n in snap.nodes] == [
        ("e1", "button", "Alpha", True), ("e2", "button", "Beta", True)]
    full = await listing.snapshot(max_depth=5)
    # Each list item holds only its button, which takes the item's place.
    assert [n.role for n in full.nodes][:2] == ["list", "button"]
    compact = await listing.snapshot(compact=True, max_depth=5)
    assert "[list]" not in compact.tree
    # Nodes are the tree's lines as records: what -c drops is not among them either.
    assert len(compact.nodes) == len(compact.tree.splitlines())
    assert all(n.role not in ("list", "listitem") for n in compact.nodes)


async def test_an_element_moved_out_and_back_keeps_its_ref(listing: Page) -> None:
    await run(listing, "snapshot -i")
    # A framework parks a live element outside the document (a cached tab panel) and brings it back.
    await listing.playwright_page.evaluate("window.parked = document.getElementById('a'); window.parked.remove()")
    assert "Alpha" not in await run(listing, "snapshot -i")
    await listing.playwright_page.evaluate("document.getElementById('list').prepend(window.parked)")
    assert (await run(listing, "snapshot -i")).splitlines()[0] == '@e1 [button] "Alpha"'
    await run(listing, "click @e1")
    assert await run(listing, "get text @e1") == "Alpha!"


@pytest.mark.parametrize("command", ["snapshot -i", "inspect"])
async def test_refs_of_collected_elements_are_released(listing: Page, command: str) -> None:
    pw = listing.playwright_page
    await pw.evaluate("""() => { for (let i = 0; i < 60; i++) {
        const b = document.createElement('button'); b.className = 'temp'; b.textContent = 'T' + i;
        document.body.append(b); } }""")
    await run(listing, command)
    table = listing._impl.view.refs  # the session behind the page holds its refs
    assert sum(len(d) for d in table._docs.values()) == 62
    await pw.evaluate("document.querySelectorAll('.temp').forEach(b => b.remove())")
    cdp = await pw.context.new_cdp_session(pw)
    held = []
    try:
        # Collection is the browser's to schedule: ask for it until it happens (it nearly always does at once).
        for _ in range(8):
            await cdp.send("HeapProfiler.collectGarbage")
            await pw.wait_for_timeout(50)
            out = await run(listing, command)
            assert "T1" not in out and "Alpha" in out
            held.append(sum(len(d) for d in table._docs.values()))
            if held[-1] == 2:
                break
    finally:
        await cdp.detach()
    assert held[-1] == 2, held
    # Refs are never reused: the next new element gets a number after every one handed out.
    await pw.evaluate("document.body.append(Object.assign(document.createElement('button'), {textContent: 'New'}))")
    assert '@e63 button "New"' in (await run(listing, command)).replace("[button]", "button")
