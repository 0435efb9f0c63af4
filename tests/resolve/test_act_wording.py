"""Requests as people write them (issue #39), on real Chromium: each kind of wording that used to fail, on
tests/assets/act/settings.html, which keeps every click in `clicks`. Each test says what the page saw, so a
click the request did not ask for fails it."""

from __future__ import annotations

import pytest

from refwright import Page, RefwrightError

from ..conftest import run
from ..server import TestServer
from .test_act_kinds import until_done


async def settings(page: Page, server: TestServer, query: str = "") -> None:
    await run(page, f"open {server.url('/act/settings.html' + query)}")


async def clicks(page: Page) -> list[str]:
    return list(await page.playwright_page.evaluate("() => clicks"))


async def checked(page: Page) -> list[str]:
    return list(await page.playwright_page.evaluate(
        "() => [...document.querySelectorAll('input:checked')].map(b => b.value)"))


@pytest.mark.parametrize("request_text", [
    "please click Help",
    "could you please press Help for me?",
    "go ahead and tap the Help link, thanks!",
    "I'd like you to hit Help",
    "Just open the link Help (top of the page)",
    "follow Help, it is in the header",
    "pls click teh Help link",
])
async def test_wrappers_remarks_and_typos_around_one_label(page: Page, server: TestServer, request_text: str) -> None:
    await settings(page, server)
    await until_done(page, request_text)
    assert await clicks(page) == ["Help"]


@pytest.mark.parametrize(("request_text", "wanted"), [
    ("tick Email me and Call me", ["email", "call"]),
    ("please check the boxes Email me and Call me", ["email", "call"]),
    ("mark Text me", ["text"]),
    ("choose the Dark option", ["dark"]),
    ("pick option Dark", ["dark"]),
    ("set the theme to Dark", ["dark"]),
])
async def test_other_verbs_and_filler_around_boxes_and_radios(page: Page, server: TestServer, request_text: str,
                                                              wanted: list[str]) -> None:
    await settings(page, server)
    await until_done(page, request_text)
    assert await checked(page) == wanted
    assert await clicks(page) == []


@pytest.mark.parametrize("request_text", [
    "go to tab number 3", "switch to Tab #3", "open the third tab", "click on tab 3", "please open tab #3",
])
async def test_number_forms_name_a_tab(page: Page, server: TestServer, request_text: str) -> None:
    await settings(page, server)
    await until_done(page, request_text)
    assert await clicks(page) == ["Tab #3"]


@pytest.mark.parametrize("request_text", [
    "set Language to French", "choose French from the language list", "switch the language to French please",
])
async def test_a_list_set_to_an_option(page: Page, server: TestServer, request_text: str) -> None:
    await settings(page, server)
    await until_done(page, request_text)
    assert await page.playwright_page.evaluate("() => document.getElementById('lang').value") == "French"


@pytest.mark.parametrize("request_text", [
    "type Kiki into the field for Nickname and then save",
    "put Kiki in the nickname box followed by Save",
    "enter Kiki as the nickname, after that press Save",
    "Nickname \"Kiki\", then click Save.",
    "fill in nickname with Kiki before saving",
])
async def test_sequencing_words_and_fields_named_loosely(page: Page, server: TestServer, request_text: str) -> None:
    await settings(page, server)
    await until_done(page, request_text)
    assert await clicks(page) == ["Save nick=Kiki mail= boxes= theme= lang=English"]


@pytest.mark.parametrize("request_text", [
    "find Large in the third tab and click it",
    "open Tab #3, then choose Large",
    "go to the 3rd tab and pick the Large option",
])
async def test_pronouns_and_two_part_requests(page: Page, server: TestServer, request_text: str) -> None:
    await settings(page, server)
    await until_done(page, request_text)
    assert await clicks(page) == ["Tab #3", "Large"]


async def test_a_find_with_nothing_to_do_is_refused(page: Page, server: TestServer) -> None:
    await settings(page, server)
    with pytest.raises(RefwrightError, match="not what to do with it"):
        await run(page, "act find Large in the third tab")
    assert await clicks(page) == []


@pytest.mark.parametrize("request_text", [
    "In the dialog, press Cancel.", "please hit cancel in the popup", "click Cancel (in the dialog box)",
    "could you tap the Cancel button on that dialog?", "go ahead and tap Cancel on that thing, cheers",
])
async def test_a_place_before_the_label_is_not_a_target(page: Page, server: TestServer, request_text: str) -> None:
    # The bug: "In the dialog, press Cancel." dismissed the dialog with its Close button.
    await settings(page, server, "?modal=1")
    await until_done(page, request_text)
    assert await clicks(page) == ["Cancel"]


@pytest.mark.parametrize("request_text", [
    "In the dialog, press Maybe.", "press the Maybe button in the popup", "Maybe later, then Cancel",
    "frobnicate the dialog", "Whenever you are ready",
])
async def test_a_phrase_naming_nothing_is_refused_and_nothing_is_dismissed(page: Page, server: TestServer,
                                                                        request_text: str) -> None:
    # The dialog is all the page shows: closing it would be the only way to look further, and it is not taken.
    await settings(page, server, "?modal=1")
    with pytest.raises(RefwrightError) as info:
        await run(page, f"act {request_text}")
    assert "Nothing" in info.value.message or "does not understand" in info.value.message
    assert await clicks(page) == []
    assert await page.playwright_page.evaluate("() => !document.getElementById('dlg').hidden")


async def test_a_verb_that_does_not_fit_the_control_is_a_refusal(page: Page, server: TestServer) -> None:
    await settings(page, server)
    for request_text in ("tick Help", "uncheck Help"):
        with pytest.raises(RefwrightError, match=r"cannot be (?:checked|unchecked)"):
            await run(page, f"act --new {request_text}")
    assert await clicks(page) == []


async def test_several_named_controls_are_a_refusal_that_lists_them(page: Page, server: TestServer) -> None:
    await settings(page, server)
    with pytest.raises(RefwrightError) as info:
        await run(page, "act press Help and Home together")
    message = info.value.message
    assert "Nothing was done" in message and '"Help"' in message and '"Home"' in message
    assert await clicks(page) == []


async def test_a_remark_that_asks_for_something_stays_part_of_the_request(page: Page, server: TestServer) -> None:
    # "(type it twice)" asks for more than act can do: refused whole, never typed once and reported done.
    await settings(page, server)
    with pytest.raises(RefwrightError):
        await run(page, "act enter Kiki into the Nickname field (type it twice)")
    assert await page.playwright_page.evaluate("() => document.getElementById('nick').value") == ""


async def test_a_possessive_names_the_item_and_its_apostrophe_reaches_act(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/inbox.html')}")
    await until_done(page, "Forward Ines Park's email to Omar")
    assert (await run(page, "get text #log")).startswith("forward Ines Park to=Omar")
