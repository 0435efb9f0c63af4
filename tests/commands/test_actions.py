"""Interaction commands: outputs, effects, and failures written for the model."""

from __future__ import annotations

import pytest

from refwright import CoveredError, NotActionableError, Page, RefwrightError, RefwrightTimeoutError

from ..conftest import run
from ..server import TestServer


async def log(page: Page) -> list[str]:
    return await page.playwright_page.locator("#log .entry").all_text_contents()


@pytest.fixture
async def controls(page: Page, server: TestServer) -> Page:
    await run(page, f"open {server.url('/controls.html')}")
    return page


async def test_click_family(controls: Page) -> None:
    page = controls
    assert await run(page, "click #b") == "Clicked #b"
    assert await run(page, "dblclick #b") == "Double-clicked #b"
    assert await run(page, "hover #b") == "Hovered #b"
    assert await run(page, "focus #t") == "Focused #t"
    assert await run(page, "is focused #t") == "true"
    entries = await log(page)
    assert entries.count("click") == 3  # one click, then the two clicks of a double-click
    assert "dblclick" in entries and "hover" in entries


async def test_check_uncheck(controls: Page) -> None:
    assert await run(controls, "check #c") == "Checked #c"
    assert await run(controls, "is checked #c") == "true"
    assert await run(controls, "uncheck #c") == "Unchecked #c"
    assert await run(controls, "is checked #c") == "false"
    await run(controls, "check #r2")
    assert await run(controls, "is checked #r2") == "true"


async def test_fill_type_press(controls: Page) -> None:
    page = controls
    assert await run(page, "fill #t hello world") == "Filled #t"
    assert await run(page, "get value #t") == "hello world"
    await run(page, 'fill #t "two  spaces"')
    assert await run(page, "get value #t") == "two  spaces"
    await run(page, "fill #t")  # no text clears
    assert await run(page, "get value #t") == ""
    assert await run(page, "type #t abc") == "Typed into #t"
    assert await run(page, "get value #t") == "abc"
    assert [e for e in await log(page) if e.startswith("key:")][-3:] == ["key:a", "key:b", "key:c"]
    assert await run(page, "press Backspace #t") == "Pressed Backspace"
    assert await run(page, "get value #t") == "ab"
    assert await run(page, "key Control+A") == "Pressed Control+A"
    await run(page, "press Delete")
    assert await run(page, "get value #t") == ""


async def test_type_requires_text(controls: Page) -> None:
    with pytest.raises(RefwrightError, match=r"^Usage: type <target> <text>$"):
        await controls.run_command("type #t")


async def test_unknown_key(controls: Page) -> None:
    with pytest.raises(RefwrightError, match=r"^Unknown key `Foo`\."):
        await controls.run_command("press Foo")


async def test_select_by_value_or_label(controls: Page) -> None:
    assert await run(controls, "select #s San Francisco") == "Selected San Francisco in #s"
    assert await run(controls, "get value #s") == "sf"
    assert await run(controls, "select #s ny") == "Selected ny in #s"
    assert await run(controls, "get value #s") == "ny"


async def test_drag(controls: Page) -> None:
    assert await run(controls, "drag #src #dst") == "Dragged #src to #dst"
    assert "drop" in await log(controls)


async def test_scroll(controls: Page) -> None:
    page = controls

    async def y() -> float:
        return float(await page.playwright_page.evaluate("scrollY"))

    assert await run(page, "scroll down") == "Scrolled down"
    assert await y() == 300
    assert await run(page, "scroll down 500") == "Scrolled down"
    assert await y() == 800
    assert await run(page, "scroll up abc") == "Scrolled up"  # non-numeric falls back to 300
    assert await y() == 500
    assert await run(page, "scroll bottom") == "Scrolled bottom"
    assert await y() > 2000
    assert await run(page, "scroll TOP 50") == "Scrolled top"
    assert await y() == 0
    with pytest.raises(RefwrightError, match=r"^Usage: scroll <up\|down\|left\|right\|top\|bottom> \[pixels\]$"):
        await page.run_command("scroll sideways")


async def test_scrollintoview_and_highlight(controls: Page) -> None:
    assert await run(controls, "scrollintoview #far") == "Scrolled #far into view"
    assert await run(controls, "scrollinto #far") == "Scrolled #far into view"
    assert await run(controls, "highlight #b") == "Highlighted #b"


async def test_missing_target_fails_once_the_page_is_settled(controls: Page) -> None:
    with pytest.raises(RefwrightTimeoutError) as info:
        await controls.run_command("click #nothing")
    assert str(info.value).startswith("Element #nothing was not found: nothing on the page matches it (looked "
                                      "for 2 s, and the page had finished loading), so refwright cannot click it.")


async def test_disabled_target_says_why(controls: Page) -> None:
    with pytest.raises(NotActionableError) as info:
        await controls.run_command("click #dis")
    assert str(info.value).startswith('#dis [button] "Disabled" is disabled, so refwright cannot click it.')


async def test_covered_target_says_what_covers_it(controls: Page) -> None:
    await controls.playwright_page.evaluate(
        "document.body.insertAdjacentHTML('beforeend', '<div id=cover>modal</div>')")
    with pytest.raises(CoveredError, match=r'^#b \[button\] "Action" is covered by an overlay over the whole page '
                                           r'\(<div> "modal"\)'):
        await controls.run_command("click #b")


async def test_several_matches_is_a_strict_error(controls: Page) -> None:
    with pytest.raises(RefwrightError, match=r"^Selector \.dup matches 2 elements\."):
        await controls.run_command("click .dup")


async def test_invalid_selector(controls: Page) -> None:
    with pytest.raises(RefwrightError, match=r"is not a valid target"):
        await controls.run_command("click [[[")


async def test_fill_on_a_non_field(controls: Page) -> None:
    with pytest.raises(RefwrightError):
        await controls.run_command("fill #para x")


async def test_selector_kinds(controls: Page) -> None:
    page = controls
    assert await run(page, "click text=Action") == "Clicked text=Action"
    # Quotes inside a word are grouping quotes; single quotes keep the double ones.
    assert await run(page, 'click role=button[name="Action"]') == "Clicked role=button[name=Action]"
    assert await run(page, "click 'role=button[name=\"Action\"]'") == 'Clicked role=button[name="Action"]'
    assert await run(page, "fill label=Name hi") == "Filled label=Name"
    assert await run(page, "get value #t") == "hi"
    assert await run(page, "click \"xpath=//button[@id='b']\"") == "Clicked xpath=//button[@id='b']"
    assert await run(page, "get text \"body >> #para\"") == "Some bold text"


async def test_fill_says_when_the_page_sent_the_text_elsewhere(page: Page, server: TestServer) -> None:
    await run(page, f"""open {server.html('/steal.html', '''<input id=name aria-label=Name>
      <input id=notes aria-label=Notes value=Draft><div id=region contenteditable>x</div><script>
      document.getElementById('name').addEventListener('focus', () => notes.focus());</script>''')}""")
    with pytest.raises(RefwrightError, match=r"^The text did not reach #name: it still holds what it held before\. "
                                             r"The page moved the focus"):
        await run(page, "fill #name Ann")
    assert await run(page, "get value #name") == ""
    # Text that changes nothing (the value it already has, or clearing an empty field) is no failure.
    assert await run(page, "fill #name ''") == "Filled #name"
    assert await run(page, "fill #notes Draft") == "Filled #notes"
    # An editable region has no value to compare: filled as before.
    assert await run(page, "fill #region Hello") == "Filled #region"
    assert await run(page, "get text #region") == "Hello"
