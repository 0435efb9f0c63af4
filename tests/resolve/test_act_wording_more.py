"""More requests as people write them (resolver IV, issue #39), on real Chromium: searching, copying, menus
named by their heading, every field, suggestions said without quotes, options of a multiple select named in a
row, a user's item, a key read from the page, and a word of the request that must never be typed."""

from __future__ import annotations

import pytest

from refwright import Page, RefwrightError

from ..conftest import run
from ..server import TestServer
from .test_act_kinds import until_done


async def log(page: Page) -> str:
    return str(await page.playwright_page.evaluate("() => document.getElementById('log').textContent"))


async def value(page: Page, selector: str) -> str:
    return str(await page.playwright_page.evaluate("s => document.querySelector(s).value", selector))


@pytest.mark.parametrize("request_text", [
    "search for Dune and open result number 6",
    'Please look up "Dune" and click on the sixth result.',
    "enter Dune as the title, hit Find and open result #6",
])
async def test_a_search_then_a_result(page: Page, server: TestServer, request_text: str) -> None:
    await run(page, f"open {server.url('/act/catalog.html')}")
    await until_done(page, request_text)
    assert await log(page) == "opened Dune volume 6"


async def test_an_entry_chosen_from_a_menu_named_by_its_heading(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/menu.html')}")
    await until_done(page, "choose Zoom in from the View menu")
    assert await log(page) == "chose Zoom in"


@pytest.mark.parametrize("request_text", ["type kiki in both boxes", "fill both fields with kiki",
                                          "put the name kiki in the two fields"])
async def test_every_field_named_by_how_many(page: Page, server: TestServer, request_text: str) -> None:
    await run(page, f"open {server.url('/act/settings.html')}")
    await until_done(page, request_text)
    assert (await value(page, "#nick"), await value(page, "#mail")) == ("kiki", "kiki")
    assert await page.playwright_page.evaluate("() => clicks") == []


async def test_the_answer_is_computed_and_the_word_result_is_never_typed(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/quiz.html?p=2%20%2B%203')}")
    with pytest.raises(RefwrightError, match="not what to compute or read"):
        await run(page, "act enter the result in the box")
    assert await value(page, "#answer") == ""
    await until_done(page, "work out the sum and enter the result in the box")
    assert await value(page, "#answer") == "5"


@pytest.mark.parametrize("request_text", [
    "copy what's in the text area into the Word field",
    "Please copy the text area's text to the Word field.",
    "copy the textarea text and paste it into the Word field",
])
async def test_copy_said_in_other_words(page: Page, server: TestServer, request_text: str) -> None:
    await run(page, f"open {server.url('/act/article.html')}")
    await until_done(page, request_text)
    assert await value(page, "#word") == await value(page, "#notes")


@pytest.mark.parametrize("request_text", [
    "pick the suggestion beginning with Sa and ending in ndal",
    'type something that starts with "Sa" and ends with "ndal"',
])
async def test_a_suggestion_said_without_quotes_or_as_beginning_with(page: Page, server: TestServer,
                                                                     request_text: str) -> None:
    await run(page, f"open {server.url('/act/suggest.html')}")
    await until_done(page, request_text)
    assert await log(page) == "chose Sandal"


async def test_options_of_a_multiple_select_named_in_a_row_are_chosen_together(page: Page,
                                                                                server: TestServer) -> None:
    await run(page, f"open {server.url('/act/countries.html')}")
    answers = await until_done(page, "choose Brazil and Mauritania (scroll if needed) and press submit")
    assert await log(page) == "sent Brazil,Mauritania", answers


async def test_for_a_handle_any_of_its_items(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/feed.html')}")
    await until_done(page, "For @bob, click like.")
    assert await log(page) == "like @bob Lunch?"


@pytest.mark.parametrize("request_text", [
    "type the City value from the table into the Notes field",
    "find the City in the table, enter it in the Notes field",
])
async def test_a_key_read_from_the_page(page: Page, server: TestServer, request_text: str) -> None:
    await run(page, f"open {server.url('/act/profile.html')}")
    await until_done(page, request_text)
    assert await value(page, "#free") == "Lisbon"
