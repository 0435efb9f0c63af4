"""Resolver VII (issue #39): no step drops what its clause says, a multiple select keeps every option named,
and no section is opened that the request does not name. Each request is run to its end (proposals confirmed)
or to its first refusal: whatever it does, the page never ends in a state the request did not ask for."""

from __future__ import annotations

import pytest

from refwright import Page

from ..conftest import run
from ..server import TestServer
from .test_act_kinds import token


async def drive(page: Page, request: str, limit: int = 8) -> list[str]:
    """``act request`` until ``Done:`` or a refusal (anything that is no step), confirming proposals."""
    answers: list[str] = []
    for _ in range(limit):
        try:
            out = await run(page, f"act {request}")
        except Exception as exc:  # a refusal ends the run: nothing more may happen
            answers.append(f"refused: {exc}")
            return answers
        answers.append(out)
        if out.startswith("Needs approval:"):
            answers.append(await run(page, f"confirm {token(out)}"))
            continue
        if out.startswith(("Done:", "Error", "Refused")) or "Nothing was done" in out or "nothing was" in out:
            return answers
    return answers


async def text_of(page: Page, selector: str) -> str:
    return str(await page.playwright_page.evaluate("s => document.querySelector(s)?.textContent ?? ''", selector))


@pytest.mark.parametrize(("query", "request_text"), [
    ("", "Fill the Username box with maria and the Password box with pw77, then the Enter button."),
    ("?login=1", "log in maria / pw77"),
    ("?login=1", "Hey, could you log me in? Username's maria and the password is pw77, then just hit Log in. Ta!"),
    ("?login=1", "Could you log me in? The username is maria and the password is pw77, then press Log in."),
])
async def test_a_submit_never_sends_a_form_whose_values_were_dropped(page: Page, server: TestServer, query: str,
                                                                      request_text: str) -> None:
    await run(page, f"open {server.url('/act/signin.html' + query)}")
    answers = await drive(page, request_text)
    assert await text_of(page, "#log") in ("", "signed in maria with a password"), answers


async def test_a_value_said_without_a_verb_is_typed_not_dropped(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/wizard.html')}")
    answers = await drive(page, "type Bo in the Full name box and click Next, then Lima for City and Next again")
    assert await text_of(page, "#step") == "All set, Bo from Lima. Next", answers


@pytest.mark.parametrize("request_text", [
    "in the Countries list pick Chile and Togo, then press the Submit button",
    "list: Chile and Togo; submit",
])
async def test_every_option_named_for_a_multiple_select_stays_selected(page: Page, server: TestServer,
                                                                       request_text: str) -> None:
    await run(page, f"open {server.url('/act/countries.html')}")
    answers = await drive(page, request_text)
    assert await text_of(page, "#log") == "sent Chile,Togo", answers


@pytest.mark.parametrize("request_text", [
    "Click the Confirm button inside Shipping details (open that section first).",
    "Press Confirm, which you'll find after expanding the section.",
    "hit the Confirm button",
])
async def test_a_header_sharing_the_targets_name_is_never_opened_or_clicked(page: Page, server: TestServer,
                                                                            request_text: str) -> None:
    await run(page, f"open {server.url('/act/accordion.html')}")
    answers = await drive(page, request_text)
    expanded = await page.playwright_page.evaluate("() => document.getElementById('h2').getAttribute('aria-expanded')")
    assert expanded == "false", answers
    assert await text_of(page, "#log") in ("", "toggled Shipping details", "confirmed the order"), answers


async def test_a_target_inside_a_named_section_is_clicked_once_that_section_is_open(page: Page,
                                                                                    server: TestServer) -> None:
    await run(page, f"open {server.url('/act/accordion.html')}")
    answers = await drive(page, "Click the Confirm button that sits inside Shipping details (open that section first).")
    assert await text_of(page, "#log") == "confirmed the order", answers
