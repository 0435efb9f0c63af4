"""What the local resolver does beyond one click or one field is kept in a saved run too: a calendar's
arrows and day, sliders (a range input's value, a drawn slider's keys), a collapsed section opened first. A
step no locator can find is written as a raise that says so, never left out."""

from __future__ import annotations

from pathlib import Path

import pytest

import refwright
from refwright.replay import Step, parse_script, write_script
from refwright.replay._run import Replayer, ReplayError

from ..server import TestServer


async def _record(page: refwright.Page, url: str, request: str, tmp_path: Path) -> str:
    await page.goto(url)
    page.recording(request)
    for _ in range(8):
        out = (await page.act(request)).output
        if out.startswith("Needs approval:"):
            token = out.split("`confirm ")[1].split("`")[0]
            out = (await page.confirm(token)).output
        if out.startswith("Done"):
            break
    assert out.startswith("Done"), out
    return (await page.save_recording(tmp_path / "run.py")).read_text(encoding="utf-8")


async def _replayed(browser: refwright.Browser, url: str, script: str, read: str, heal: str | None = None) -> object:
    """Replay ``script`` on a fresh page at ``url``, then what the page says to ``read`` (a JS expression)."""
    fresh = await browser.new_page(isolated=True)
    try:
        await fresh.goto(url)
        steps = [s for s in parse_script(script) if not (isinstance(s, Step) and s.action == "goto")]
        await Replayer(fresh, heal=heal).run(steps)
        return await fresh.playwright_page.evaluate(read)
    finally:
        await fresh.close()


async def test_a_calendar_pick_is_kept_as_the_date_picked(page: refwright.Page, browser: refwright.Browser,
                                                           server: TestServer, tmp_path: Path) -> None:
    url = server.url("/act/calendar.html")
    script = await _record(page, url, "Select 01/15/2021 as the arrival date", tmp_path)
    # The date is the step's value (a parameter); the arrows and the day are the way there from this month.
    assert 'pick_date(page.get_by_role("textbox", name="Arrival"), arrival)' in script, script
    assert 'arrival: str = "01/15/2021"' in script and "Previous month" not in script, script
    assert "def pick_date(field: Locator, date: str) -> None:" in script
    assert await _replayed(browser, url, script, "document.querySelector('#when').value") == "01/15/2021"


async def test_range_sliders_are_kept_as_their_values(page: refwright.Page, browser: refwright.Browser,
                                                      server: TestServer, tmp_path: Path) -> None:
    url = server.url("/act/agreement.html")
    script = await _record(page, url, "Set the sliders to [4, 17]", tmp_path)
    assert script.count('get_by_role("slider"') == 2 and '.fill(red)' in script and '.fill(blue)' in script, script
    assert 'red: str = "4", blue: str = "17"' in script
    ranges = "[...document.querySelectorAll('input[type=range]')].map(r => r.value)"
    assert await _replayed(browser, url, script, ranges) == ["4", "17"]


async def test_a_drawn_slider_is_kept_as_its_value_and_its_handle_as_a_step_not_kept(
        page: refwright.Page, browser: refwright.Browser, server: TestServer, tmp_path: Path) -> None:
    url = server.url("/replay/handle.html")
    script = await _record(page, url, "Select -4 with the slider and hit Done", tmp_path)
    # The handle has nothing a locator finds it by: the script says so where the step was, with the value it
    # sets as a parameter (the arrow presses that got there are not kept: another value needs others).
    assert 'slider: str = "-4"' in script and "keyboard.press" not in script, script
    assert 'raise RuntimeError(\n        f"Not kept: set slider \'slider\' to {slider}, which has no' in script, script
    with pytest.raises(ReplayError, match=r"line \d+: Not kept: set slider .* replay with --heal local"):
        await _replayed(browser, url, script, "1")
    assert await _replayed(browser, url, script, "document.querySelector('#log').innerText", heal="local") == "at -4"


async def test_a_section_opened_first_is_kept(page: refwright.Page, browser: refwright.Browser,
                                             server: TestServer, tmp_path: Path) -> None:
    url = server.url("/act/accordion.html")
    script = await _record(page, url, "Expand the section below and click Confirm", tmp_path)
    steps = [s for s in parse_script(script) if isinstance(s, Step) and s.action != "goto"]
    assert (steps[0].action, steps[0].meant or steps[0].name) == ("click", "Shipping details"), script
    log = "document.querySelector('#log').innerText"
    assert await _replayed(browser, url, script, log) == "confirmed the order"


def test_repeated_and_unkept_steps_read_back_as_written() -> None:
    steps = [Step("goto", value="https://example.test/"), Step("click", by="title", name="Next month", repeat=3),
             Step("press", value="ArrowLeft", repeat=2),
             Step("focus", role="slider", by="none", meant="Volume", request="Set the volume to 4"),
             Step("drag", by="text", name="Card", to=Step("", role="listbox", name="Done"))]
    script = write_script(steps, [], task="t", start_url="https://example.test/", date="2026-12-04 00:00 UTC")
    assert "    for _ in range(3):\n        page.get_by_title(\"Next month\").click()" in script
    back = [s for s in parse_script(script) if isinstance(s, Step)]
    assert [(s.action, s.by, s.repeat, s.role, s.meant or s.name) for s in back] == [
        ("goto", "role", 1, "", ""), ("click", "title", 3, "", "Next month"), ("press", "role", 2, "", ""),
        ("focus", "none", 1, "slider", "Volume"), ("drag", "text", 1, "", "Card")]
    assert back[-1].to is not None and (back[-1].to.role, back[-1].to.name) == ("listbox", "Done")


async def test_a_drag_is_kept_as_drag_to_and_heals_its_drop_place(page: refwright.Page, browser: refwright.Browser,
                                                                   server: TestServer, tmp_path: Path) -> None:
    page.recording("Move the bank call to Done")
    await page.run_command(f"open {server.url('/replay/board.html')}")
    snap = (await page.run_command("snapshot -i")).snapshot
    assert snap is not None
    ref = {e.name: "@" + e.ref for e in snap.refs.values()}
    await page.run_command(f"drag {ref['Call the bank']} {ref['Drop a card here']}")
    script = (await page.save_recording(tmp_path / "board.py")).read_text(encoding="utf-8")
    assert ('page.get_by_role("option", name="Call the bank").drag_to(\n'
            '        page.get_by_role("option", name="Drop a card here"),\n    )') in script, script
    for version, heal, status in (("", None, "replayed"), ("?v=2", "local", "healed")):
        fresh = await browser.new_page(isolated=True)
        try:
            await fresh.goto(server.url("/replay/board.html" + version))
            steps = [s for s in parse_script(script) if isinstance(s, Step) and s.action != "goto"]
            outcomes = await Replayer(fresh, heal=heal).run(steps)
            assert [o.status for o in outcomes] == [status]
            assert await fresh.playwright_page.locator("#log").inner_text() == "done: Call the bank"
        finally:
            await fresh.close()


async def test_steps_inside_iframes_are_kept_with_the_iframes_on_the_way(
        page: refwright.Page, browser: refwright.Browser, server: TestServer, cross_server: TestServer,
        tmp_path: Path) -> None:
    inner = cross_server.html("/pay.html", "<label>Card number <input id=card></label>"
                                           "<button onclick=\"document.body.dataset.paid = card.value\">Pay</button>")
    url = server.html("/checkout.html", "<title>Checkout</title><h1>Checkout</h1>"
                                        f"<iframe title='Payment' src='{inner}'></iframe>"
                                        f"<iframe src='{inner}'></iframe>")
    page.recording("Pay with the card 4242")
    await page.run_command(f"open {url}")
    snap = (await page.run_command("snapshot -i")).snapshot
    assert snap is not None
    fields = [e for e in snap.refs.values() if e.name == "Card number"]
    buttons = [e for e in snap.refs.values() if e.name == "Pay"]
    assert len(fields) == 2 and len(buttons) == 2
    # The titled iframe by a ref from the whole page's snapshot; the untitled one after `frame`.
    await page.run_command(f"fill @{fields[0].ref} 4242")
    await page.run_command(f"click @{buttons[0].ref}")
    iframes = [e for e in snap.refs.values() if e.role == "iframe"]
    await page.run_command(f"frame @{iframes[1].ref}")
    inside = (await page.run_command("snapshot -i")).snapshot
    assert inside is not None
    ref = {e.name: "@" + e.ref for e in inside.refs.values()}
    await page.run_command(f"fill {ref['Card number']} 1111")
    script = (await page.save_recording(tmp_path / "pay.py")).read_text(encoding="utf-8")
    # The titled iframe by its title, the untitled one by its place among the page's iframes; each named once.
    assert '    frame1 = page.get_by_title("Payment").content_frame\n' in script, script
    assert 'frame1.get_by_role("button", name="Pay").click()' in script
    assert '    frame2 = page.locator("iframe").nth(1).content_frame\n' in script
    # Two fields with one label: two parameters, the second numbered.
    assert 'frame2.get_by_role("textbox", name="Card number").fill(card_number_2)' in script
    assert 'card_number: str = "4242", card_number_2: str = "1111"' in script
    assert "raise RuntimeError" not in script
    fresh = await browser.new_page(isolated=True)
    try:
        await fresh.goto(url)
        steps = [s for s in parse_script(script) if isinstance(s, Step) and s.action != "goto"]
        assert [(len(s.frames), s.meant or s.name) for s in steps] == [(1, "Card number"), (1, "Pay"),
                                                                       (1, "Card number")]
        await Replayer(fresh).run(steps)
        frames = fresh.playwright_page.frames[1:]
        assert [await f.locator("#card").input_value() for f in frames] == ["4242", "1111"]
        assert await frames[0].evaluate("document.body.dataset.paid") == "4242"
    finally:
        await fresh.close()



async def test_a_list_that_takes_several_options_is_kept_as_each_of_them(
        page: refwright.Page, browser: refwright.Browser, server: TestServer, tmp_path: Path) -> None:
    url = server.url("/replay/multi.html")
    script = await _record(page, url, "Select Banana, Elderberry from the list", tmp_path)
    assert '.select_option(\n        fruits.split(", ") if fruits else [],\n' in script, script
    assert 'fruits: str = "Banana, Elderberry"' in script, script
    chosen = "[...document.querySelector('#fruit').selectedOptions].map(o => o.label)"
    assert await _replayed(browser, url, script, chosen) == ["Banana", "Elderberry"]
    # A list that no longer offers an option: the step says which, not that the list could not be used.
    other = await browser.new_page(isolated=True)
    try:
        await other.goto(url)
        await other.playwright_page.evaluate("document.querySelector('#fruit').options[4].remove()")
        steps = [s for s in parse_script(script) if isinstance(s, Step) and s.action != "goto"]
        with pytest.raises(ReplayError, match=r'the list "Fruits" offers no option "Elderberry" \(a value the step '
                                              r"was given or recorded; healing does not change data\)"):
            await Replayer(other, heal="local").run(steps)
    finally:
        await other.close()


def test_a_control_no_locator_found_heals_by_its_place_when_its_name_was_a_readout() -> None:
    from refwright.replay._heal import heal_match
    from refwright.resolve._model import Control

    handles = [Control(id=1, kind="handle", label="3", role="generic"),
               Control(id=2, kind="handle", label="7", role="generic")]
    step = Step("focus", role="slider", by="none", meant="5", place=(1, 2))
    assert heal_match(step, handles).control == handles[1]
    # A page with another number of sliders: the place means nothing there, and the readout matches none.
    assert heal_match(step, [*handles, Control(id=3, kind="handle", label="1")]).control is None


async def test_a_link_that_opens_a_new_tab_is_kept_as_expect_popup_and_the_steps_there_as_that_tab(
        page: refwright.Page, browser: refwright.Browser, server: TestServer, tmp_path: Path) -> None:
    docs = server.html("/docs.html", "<title>Docs</title><button onclick=\"document.title = 'Accepted'\">Accept"
                                     "</button>")
    url = server.html("/home.html", f"<title>Home</title><a href='{docs}' target=_blank>Open the docs</a>")
    page.recording("Accept the docs")
    await page.run_command(f"open {url}")
    await page.run_command("snapshot -i")
    assert "A new tab [t2] opened" in (await page.run_command("click @e1")).output
    await page.run_command("tab t2")
    await page.run_command("snapshot -i")
    await page.run_command("click @e1")
    script = (await page.save_recording(tmp_path / "tabs.py")).read_text(encoding="utf-8")
    assert ('    with page.expect_popup() as popup:\n'
            '        page.get_by_role("link", name="Open the docs").click()\n'
            '    page2 = popup.value\n') in script, script
    assert '    page2.get_by_role("button", name="Accept").click()\n' in script
    fresh = await browser.new_page(isolated=True)
    try:
        await fresh.goto(url)
        steps = [s for s in parse_script(script) if not (isinstance(s, Step) and s.action == "goto")]
        outcomes = await Replayer(fresh).run(steps)
        assert [o.status for o in outcomes if isinstance(o.item, Step)] == ["replayed", "replayed"]
        assert [await t.playwright_page.title() for t in fresh.tabs] == ["Home", "Accepted"]
    finally:
        await fresh.close()


def test_a_tab_the_run_opened_itself_starts_with_new_page() -> None:
    steps = [Step("goto", value="https://a.test/", tab="t1"), Step("goto", value="https://b.test/", tab="t3"),
             Step("click", "button", "Go", tab="t3")]
    script = write_script(steps, [], task="t", start_url="https://a.test/", date="d")
    assert ('    page2 = page.context.new_page()\n    page2.goto("https://b.test/")\n'
            '    # intent') in script, script
    back = [s for s in parse_script(script) if isinstance(s, Step)]
    assert [(s.action, s.tab) for s in back] == [("goto", ""), ("new_page", "page2"), ("goto", "page2"),
                                                 ("click", "page2")]


async def test_a_highlighted_paragraph_is_kept_as_select_text(page: refwright.Page, browser: refwright.Browser,
                                                              server: TestServer, tmp_path: Path) -> None:
    url = server.url("/act/article.html")
    script = await _record(page, url, "Highlight the text in the 3rd paragraph and press Check", tmp_path)
    assert 'page.get_by_text("Thanks to everyone who reported bugs this spring!").select_text()' in script, script
    assert await _replayed(browser, url, script, "document.querySelector('#log').innerText") == \
        "word selection Thanks to everyone who reported bugs this spring!"


async def test_a_box_scrolled_with_the_wheel_is_kept_as_hover_and_wheel(
        page: refwright.Page, browser: refwright.Browser, server: TestServer, tmp_path: Path) -> None:
    url = server.url("/act/agreement.html")
    script = await _record(page, url, "Scroll to the bottom of the Terms, then press Agree", tmp_path)
    assert ".hover()\n" in script and "    page.mouse.wheel(0, 100000)\n" in script, script
    assert await _replayed(browser, url, script, "document.querySelector('#log').innerText") == "agreed"
