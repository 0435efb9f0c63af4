"""Resolver VIII (issue #39), on real Chromium: a field and its value said without a usual verb, fields named
by their kind ("the date box", "the time input"), ordinals, a password said twice, a login's values with a
slash, a value written in capitals, chat beside the request, and a popup said with a condition, whose named
button is the only way out act takes."""

from __future__ import annotations

import pytest

from refwright import Page

from ..conftest import run
from ..server import TestServer
from .test_act_kinds import until_done
from .test_act_no_drop import drive, text_of


@pytest.mark.parametrize(("request_text", "expected"), [
    ("passcode k9z twice, then register", "user= pw=same born= alarm= plan="),
    ("Could you set my password to k9z? Put it into both fields, then press Register.",
     "user= pw=same born= alarm= plan="),
    ("Press Register after entering k9z into the Password field and once more into the repeat field.",
     "user= pw=same born= alarm= plan="),
    ("05/06/2020 into the date box, alarm: 7:15 AM, register", "user= pw=none born=2020-05-06 alarm=07:15 plan="),
    ("would you mind filling the time input with 6:40 PM and picking 01/02/2003 on the calendar? Then register.",
     "user= pw=none born=2003-01-02 alarm=18:40 plan="),
    ("textbox 1 = bo, radio 3, register", "user=bo pw=none born= alarm= plan=team"),
    ("Put bo in the first text box, choose the second radio option and press Register.",
     "user=bo pw=none born= alarm= plan=pro"),
    ("bo written entirely in upper case in Username, then register", "user=BO pw=none born= alarm= plan="),
])
async def test_fields_said_without_the_usual_words(page: Page, server: TestServer, request_text: str,
                                                   expected: str) -> None:
    await run(page, f"open {server.url('/act/register.html')}")
    answers = await until_done(page, request_text)
    assert await text_of(page, "#log") == expected, answers


async def test_the_cursor_goes_in_the_field_its_ordinal_names(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/register.html')}")
    await until_done(page, "the cursor into textbox 1 please")
    assert await page.playwright_page.evaluate("() => document.activeElement.id") == "user"


@pytest.mark.parametrize("request_text", [
    "bo / k9 and log in",
    "Sign in as bo / k9, thanks.",
])
async def test_a_login_said_with_a_slash(page: Page, server: TestServer, request_text: str) -> None:
    await run(page, f"open {server.url('/act/signin.html?login=1')}")
    answers = await until_done(page, request_text)
    assert await text_of(page, "#log") == "signed in bo with a password", answers


async def test_a_popup_said_with_a_condition_is_closed_only_by_the_button_it_names(page: Page,
                                                                                   server: TestServer) -> None:
    await run(page, f"open {server.url('/act/popup.html')}")
    answers = await until_done(page, "77@x.io in Email, 4321 into Code, then Continue. If an ad for the app pops "
                                     "up, just press Not now.")
    assert await text_of(page, "#log") == "continued with 77@x.io 4321", answers


async def test_a_popup_whose_named_button_is_not_there_stays_open(page: Page, server: TestServer) -> None:
    # The notice offers Log out and Close; the request names only "Not now": nothing else is pressed.
    await run(page, f"open {server.url('/act/signin.html?login=1&popup=1')}")
    answers = await drive(page, "bo / k9, log in. If a popup shows up, just say Not now.")
    assert "refused" in answers[-1] or "Nothing was done" in answers[-1], answers
    assert await page.playwright_page.evaluate("() => !!document.getElementById('notice')"), answers
    assert await text_of(page, "#log") == "", answers


async def test_a_popup_said_with_a_condition_is_closed_as_asked(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/signin.html?login=1&popup=1')}")
    answers = await until_done(page, "bo / k9, log in. If a popup shows up, just close it and go on.")
    assert await text_of(page, "#log") == "signed in bo with a password", answers


@pytest.mark.parametrize("request_text", [
    "Hiya! Pick Dark and press Save.",
    "Morning. My old phone broke. Could you set the nickname to Bo and then save? It might be further down.",
])
async def test_chat_beside_the_request_is_no_step(page: Page, server: TestServer, request_text: str) -> None:
    await run(page, f"open {server.url('/act/settings.html')}")
    answers = await until_done(page, request_text)
    assert "Save" in await text_of(page, "#log"), answers


async def test_a_remark_that_names_a_label_no_other_clause_names_is_not_dropped(page: Page,
                                                                                server: TestServer) -> None:
    # "the dark theme" names the radio Dark, which nothing else in the request asks for: never silently lost.
    await run(page, f"open {server.url('/act/settings.html')}")
    answers = await drive(page, "I'd love the dark theme. Press Save.")
    assert "Save" not in await text_of(page, "#log"), answers
