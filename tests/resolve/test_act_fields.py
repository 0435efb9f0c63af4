"""Values said with the field they go into, on real Chromium (issue #39): a field's name then its value, a
value "for" or "as" a field, "my X is Y", a login said before what it is done with, and a popup closed in
other words."""

from __future__ import annotations

import pytest

from refwright import Page, RefwrightError

from ..conftest import run
from ..server import TestServer
from .test_act_kinds import until_done


async def log(page: Page) -> str:
    return str(await page.playwright_page.evaluate("() => document.getElementById('log').textContent"))


@pytest.mark.parametrize("request_text", [
    "username kiki, password: s3cret, press Enter",
    "Please sign me in. My username is kiki and the password is s3cret, then press Enter.",
    "put kiki for the username and s3cret for the password, hit Enter",
])
async def test_a_value_after_its_field(page: Page, server: TestServer, request_text: str) -> None:
    await run(page, f"open {server.url('/act/signin.html')}")
    await until_done(page, request_text)
    assert await log(page) == "signed in kiki with a password"


async def test_a_field_name_with_more_than_one_value_types_nothing(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/signin.html')}")
    try:
        await run(page, "act username kiki the great")
    except RefwrightError:
        pass
    assert await page.playwright_page.evaluate("() => document.getElementById('user').value") == ""


@pytest.mark.parametrize("request_text", ["nickname Kiki, language French, save", "language: French, then Save"])
async def test_a_list_and_a_field_named_without_a_verb(page: Page, server: TestServer, request_text: str) -> None:
    await run(page, f"open {server.url('/act/settings.html')}")
    await until_done(page, request_text)
    assert await page.playwright_page.evaluate("() => document.getElementById('lang').value") == "French"


async def test_that_popup_closed(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/settings.html?dialog=1')}")
    await until_done(page, "shut this pop-up")
    assert await page.playwright_page.evaluate("() => clicks") == ["Close"]


@pytest.mark.parametrize("request_text", ["follow Privacy policy on tab number 2",
                                          "tap the Privacy policy link, it's under the 2nd tab"])
async def test_a_tab_named_as_where_a_link_is(page: Page, server: TestServer, request_text: str) -> None:
    await run(page, f"open {server.url('/act/settings.html')}")
    await until_done(page, request_text)
    assert await page.playwright_page.evaluate("() => clicks") == ["Tab #2", "Privacy policy"]


async def test_an_item_named_first_then_what_to_do_with_it(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/inbox.html')}")
    await until_done(page, "the mail from Omar: star it")
    assert await log(page) == "starred Omar Díaz"
    await run(page, f"open {server.url('/act/inbox.html')}")
    await until_done(page, "i'd like the message from Omar forwarded to Ada")
    assert (await log(page)).startswith("forward Omar Díaz to=Ada")


async def test_a_parenthesis_says_which_kind_of_control(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/accordion.html')}")
    await until_done(page, "open Shipping details, then press Confirm (it's the button)")
    assert await log(page) == "confirmed the order"
