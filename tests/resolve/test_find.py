"""find: each semantic locator, its actions, the first of several matches, and the errors."""

from __future__ import annotations

import pytest

from refwright import ActionType, Page, RefwrightError
from refwright.commands import parse

from ..conftest import run
from ..server import TestServer

_PAGE = """<h1>Welcome</h1>
<button onclick="log('save')">Save</button> <button onclick="log('save all')">Save all</button>
<label>Email <input id=email></label>
<input id=q placeholder="Search...">
<img alt="Company logo" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" onclick="log('logo')" width=20 height=20>
<span title="Close dialog" onclick="log('close')">x</span>
<div data-testid="promo" onclick="log('promo')">Promo</div>
<label><input type=checkbox id=agree> I agree</label>
<a href="#" onmouseover="log('hover')">Help</a>
<p id=log></p>
<script>function log(s) { document.getElementById('log').textContent += s + ';' }</script>"""


@pytest.fixture
async def found(page: Page, server: TestServer) -> Page:
    await run(page, f"open {server.html('/find.html', _PAGE)}")
    return page


async def logged(page: Page) -> str:
    return await run(page, "get text #log")


async def test_each_locator(found: Page) -> None:
    page = found
    assert await run(page, "find role button click --name Save --exact") == 'Clicked role button "Save"'
    assert await run(page, "find text Promo click") == 'Clicked text "Promo"'
    assert await run(page, "find label Email fill user@example.com") == 'Filled label "Email"'
    assert await run(page, "get value #email") == "user@example.com"
    assert await run(page, 'find placeholder "Search..." fill shoes') == 'Filled placeholder "Search..."'
    assert await run(page, "get value #q") == "shoes"
    assert await run(page, 'find alt "Company logo" click') == 'Clicked alt "Company logo"'
    assert await run(page, 'find title "Close dialog"') == 'Clicked title "Close dialog"'
    assert await run(page, "find testid promo click") == 'Clicked testid "promo"'
    assert await logged(page) == "save;promo;logo;close;promo;"


async def test_check_hover_and_text(found: Page) -> None:
    page = found
    assert await run(page, 'find label "I agree" check') == 'Checked label "I agree"'
    assert await run(page, "is checked #agree") == "true"
    assert await run(page, "find role link hover --name Help") == 'Hovered role link "Help"'
    assert "hover;" in await logged(page)
    assert await run(page, "find role heading text") == "Welcome"


async def test_first_of_several_says_so(found: Page) -> None:
    out = await run(found, "find role button click --name save")
    assert out == 'Clicked role button "save" (the first of 2 matches; `snapshot -i` lists them with refs)'
    assert await logged(found) == "save;"


async def test_errors(found: Page) -> None:
    with pytest.raises(RefwrightError, match="No element found by text 'Nothing here'"):
        await run(found, 'find text "Nothing here" click')
    with pytest.raises(RefwrightError, match=r"Unknown action 'type' for find\. Valid actions: click, fill, check, "
                                             r"hover, text\."):
        await run(found, "find text Promo type x")
    with pytest.raises(RefwrightError, match="Unknown locator `css`"):
        await run(found, "find css .x click")
    with pytest.raises(RefwrightError, match="Usage: find"):
        await run(found, "find role")
    assert await logged(found) == ""


async def test_exact_is_case_sensitive(found: Page) -> None:
    with pytest.raises(RefwrightError, match="No element found"):
        await run(found, "find text promo click --exact")
    assert await run(found, "find text promo click") == 'Clicked text "promo"'


async def test_typed_api(found: Page) -> None:
    assert await found.find("role", "button", name="Save").count() == 2
    await found.find("testid", "promo").first.click()
    assert await logged(found) == "promo;"


@pytest.mark.parametrize(("line", "action"), [
    ("find role button", ActionType.CLICK), ("find text x click", ActionType.CLICK),
    ("find label x fill y", ActionType.FILL), ("find label x check", ActionType.CLICK),
    ("find text x hover", ActionType.HOVER), ("find role heading text", ActionType.READ_CONTENT),
])
def test_policy_judges_the_inner_action(line: str, action: ActionType) -> None:
    parsed = parse(line)
    assert parsed.spec.action_for(parsed.args) is action


async def test_first_last_nth(found: Page) -> None:
    page = found
    assert await run(page, "find first button") == "Clicked first button"
    assert await run(page, "find last button hover") == "Hovered last button"
    assert await run(page, "find nth 1 button click") == "Clicked nth 1 button"
    assert await run(page, "find nth 0 button text") == "Save"
    assert await logged(page) == "save;save all;"
    with pytest.raises(RefwrightError, match="No element found by nth 5 'button'"):
        await run(page, "find nth 5 button")
    with pytest.raises(RefwrightError, match="Usage: find nth <index>"):
        await run(page, "find nth x button")
    parsed = parse("find nth 2 .card fill x")
    assert parsed.spec.action_for(parsed.args) is ActionType.FILL
