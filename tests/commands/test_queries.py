"""get and is, including every row of the missing-target table."""

from __future__ import annotations

import pytest

from refwright import Page, RefwrightError

from ..conftest import run
from ..server import TestServer


@pytest.fixture
async def controls(page: Page, server: TestServer) -> Page:
    await run(page, f"open {server.url('/controls.html')}")
    return page


async def test_get_fields(controls: Page, server: TestServer) -> None:
    page = controls
    assert await run(page, "get text #para") == "Some bold text"
    assert await run(page, "get html #para") == "Some <b>bold</b> text"
    assert await run(page, "get value #ro") == "fixed"
    assert await run(page, "get attr #para data-kind") == "intro"
    assert await run(page, "get attr #para nope") == "null"
    assert await run(page, "get count .dup") == "2"
    assert await run(page, "get title") == "Controls"
    assert await run(page, "get url") == server.url("/controls.html")
    assert await run(page, "GET TEXT #para") == "Some bold text"
    box = await run(page, "get box #b")
    assert box.startswith("x=8 y=") and " width=" in box and " height=" in box


async def test_get_box_of_an_invisible_element_is_null(controls: Page) -> None:
    await controls.playwright_page.evaluate("document.getElementById('b').style.display = 'none'")
    assert await run(controls, "get box #b") == "null"


@pytest.mark.parametrize(
    ("command", "answer"),
    [
        ("get text #missing", ""),
        ("get html #missing", ""),
        ("get value #missing", ""),
        ("get attr #missing id", "null"),
        ("get box #missing", "null"),
        ("get count #missing", "0"),
        ("is visible #missing", "false"),
        ("is focused #missing", "false"),
    ],
)
async def test_missing_target_answers(controls: Page, command: str, answer: str) -> None:
    assert await run(controls, command) == answer


@pytest.mark.parametrize("state", ["enabled", "checked", "editable"])
async def test_missing_target_throws_for_these_states(controls: Page, state: str) -> None:
    with pytest.raises(RefwrightError) as info:
        await controls.run_command(f"is {state} #missing")
    assert str(info.value) == "No element found for '#missing'. Refresh the snapshot if this is a stale reference."


async def test_is_states(controls: Page) -> None:
    page = controls
    assert await run(page, "is visible #b") == "true"
    assert await run(page, "is enabled #b") == "true"
    assert await run(page, "is enabled #dis") == "false"
    assert await run(page, "is editable #t") == "true"
    assert await run(page, "is editable #ro") == "false"
    assert await run(page, "is checked #c") == "false"
    assert await run(page, "is focused #t") == "false"
    await run(page, "focus #t")
    assert await run(page, "is focused #t") == "true"
    assert await run(page, "Is Visible #b") == "true"


async def test_is_checked_on_a_non_checkbox(controls: Page) -> None:
    with pytest.raises(RefwrightError) as info:
        await controls.run_command("is checked #b")
    assert str(info.value) == "Element #b is not a checkbox or radio button"


async def test_unknown_fields(controls: Page) -> None:
    with pytest.raises(RefwrightError) as info:
        await controls.run_command("get foo #b")
    assert str(info.value) == "Unknown `get foo`. Try text, html, value, attr, count, box, title or url."
    with pytest.raises(RefwrightError) as info:
        await controls.run_command("is foo #b")
    assert str(info.value) == "Unknown `is foo`. Try visible, enabled, checked, focused or editable."


async def test_usage_errors(controls: Page) -> None:
    for command, usage in [("get", "Usage: get <text|html|value|attr|count|box|title|url> [target]"),
                           ("get text", "Usage: get text <target>"),
                           ("get attr #b", "Usage: get attr <target> <name>"),
                           ("is", "Usage: is <visible|enabled|checked|focused|editable> <target>"),
                           ("is visible", "Usage: is visible <target>")]:
        with pytest.raises(RefwrightError) as info:
            await controls.run_command(command)
        assert str(info.value) == usage


async def test_strict_mode_for_queries_but_not_count(controls: Page) -> None:
    assert await run(controls, "get count .dup") == "2"
    for command in ("get text .dup", "is visible .dup", "is focused .dup", "get attr .dup class"):
        with pytest.raises(RefwrightError, match=r"^Selector \.dup matches 2 elements"):
            await controls.run_command(command)


async def test_get_value_of_a_non_field(controls: Page) -> None:
    with pytest.raises(RefwrightError, match="is not an input, textarea or select"):
        await controls.run_command("get value #para")
