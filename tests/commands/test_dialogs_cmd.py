"""`dialog accept [text]`, `dialog dismiss`, `dialog status` and the dialog policy (Config.dialogs): alert,
confirm and prompt accepted and dismissed, kept open under "wait" without hanging any command."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from dataclasses import replace

import pytest
import pytest_asyncio

import refwright
from refwright import ActionType, Config, Page, RefwrightError, TimeoutConfig
from refwright.commands import lookup

from ..conftest import TEST_CONFIG, run
from ..server import TestServer

DIALOGS = """<title>Dialogs</title><script>window.results = {};</script>
<button id=alert onclick="alert('Hello'); results.alert = 'returned'">alert</button>
<button id=confirm onclick="results.confirm = confirm('Delete everything?')">confirm</button>
<button id=prompt onclick="results.prompt = prompt('Your name?', 'bob')">prompt</button>
"""

BLOCKING = 'A JavaScript {kind} dialog is blocking the page: "{message}" — use `dialog accept` or `dialog dismiss` ' \
           "to resolve it"


@pytest_asyncio.fixture(loop_scope="session")
async def waiting(browser: refwright.Browser) -> AsyncIterator[Page]:
    """A page whose dialogs stay open until a `dialog` command answers them."""
    # A long action timeout, so that "answers soon" below is far from "waited for its deadline" even on a
    # loaded machine.
    p = await browser.new_page(config=replace(TEST_CONFIG, dialogs="wait", timeouts=TimeoutConfig(action=10_000)),
                               isolated=True)
    yield p
    await p.close()


async def results(page: Page) -> dict[str, object]:
    value = await page.playwright_page.evaluate("window.results")
    assert isinstance(value, dict)
    return value


CASES = [
    ("alert", "alert", "Hello", "returned", "returned"),
    ("confirm", "confirm", "Delete everything?", True, False),
    ("prompt", "prompt", "Your name?", "alice", None),
]


@pytest.mark.parametrize(("button", "kind", "message", "accepted", "dismissed"), CASES)
async def test_wait_keeps_the_dialog_open_until_answered(waiting: Page, server: TestServer, button: str, kind: str,
                                                         message: str, accepted: object, dismissed: object) -> None:
    page = waiting
    for answer, expected in (("accept alice" if kind == "prompt" else "accept", accepted), ("dismiss", dismissed)):
        await run(page, f"open {server.html('/dialogs.html', DIALOGS)}")
        started = time.monotonic()
        # The click that opens the dialog answers soon, saying so, instead of waiting for its deadline.
        assert await run(page, f"click #{button}") == BLOCKING.format(kind=kind, message=message)
        assert time.monotonic() - started < 5
        status = await run(page, "dialog status")
        assert status.splitlines()[0] == f'JavaScript {kind} dialog is open: "{message}"'
        assert status.splitlines()[-1] == "  Use `dialog accept [text]` or `dialog dismiss` to resolve it"
        if kind == "prompt":
            assert status.splitlines()[1] == '  Default prompt text: "bob"'
        # Other commands say a dialog is open, and how to answer it, at once.
        with pytest.raises(RefwrightError) as info:
            await run(page, "snapshot -i")
        assert str(info.value) == BLOCKING.format(kind=kind, message=message)
        assert await run(page, f"dialog {answer}") == "Done"
        assert await run(page, "dialog status") == "No dialog is currently open"
        assert (await results(page))[button] == expected


async def test_a_dialog_opened_by_eval_does_not_hang(waiting: Page, server: TestServer) -> None:
    await run(waiting, f"open {server.html('/dialogs.html', DIALOGS)}")
    assert await run(waiting, "eval \"confirm('Sure?')\"") == BLOCKING.format(kind="confirm", message="Sure?")
    # The tab lists and switches while the dialog waits.
    assert (await run(waiting, "tab")).startswith("→ [t1] ")
    assert await run(waiting, "dialog accept") == "Done"
    assert await run(waiting, "get title") == "Dialogs"


async def test_a_dialog_from_a_timer_is_named_after_the_next_answer(waiting: Page, server: TestServer) -> None:
    body = "<title>Later</title><script>setTimeout(() => window.answer = confirm('Later?'), 30)</script>"
    # Chromium holds back a background tab's dialogs.
    await waiting.playwright_page.bring_to_front()
    text = await run(waiting, f"open {server.html('/later.html', body)}")
    for _ in range(60):
        if "blocking the page" in text:
            break
        text = await run(waiting, "wait 50")
    assert BLOCKING.format(kind="confirm", message="Later?") in text
    with pytest.raises(RefwrightError, match="confirm dialog is blocking the page"):
        await run(waiting, "get title")
    assert await run(waiting, "dialog dismiss") == "Done"
    assert await waiting.playwright_page.evaluate("window.answer") is False


async def test_the_accept_policy_and_a_command_chosen_answer(browser: refwright.Browser, server: TestServer) -> None:
    page = await browser.new_page(config=replace(TEST_CONFIG, dialogs="accept"), isolated=True)
    try:
        assert not page.capabilities().dialogs_dismissed
        await run(page, f"open {server.html('/dialogs.html', DIALOGS)}")
        assert await run(page, "click #confirm") == \
            'Clicked #confirm\nNote: A JavaScript confirm dialog was accepted: "Delete everything?"'
        assert (await results(page))["confirm"] is True
        # With no dialog open, the command says how the next one is answered.
        assert await run(page, "dialog dismiss") == "No dialog is currently open; the next one will be dismissed"
        await run(page, "click #confirm")
        assert (await results(page))["confirm"] is False
    finally:
        await page.close()


async def test_the_default_dismisses_and_dialog_accept_answers_the_next_prompt(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.html('/dialogs.html', DIALOGS)}")
    assert await run(page, "dialog status") == "No dialog is currently open"
    assert await run(page, "dialog accept carol") == "No dialog is currently open; the next one will be accepted"
    assert await run(page, "click #prompt") == 'Clicked #prompt\nNote: A JavaScript prompt dialog was accepted: ' \
                                               '"Your name?"'
    assert (await results(page))["prompt"] == "carol"
    # Only the next one: the default is back.
    await run(page, "click #prompt")
    assert (await results(page))["prompt"] is None
    with pytest.raises(RefwrightError, match=r"^Usage: dialog"):
        await run(page, "dialog maybe")


def test_config_and_actions() -> None:
    with pytest.raises(ValueError, match=r"Config.dialogs must be one of dismiss, accept, wait"):
        Config(dialogs="ignore")
    spec = lookup("dialog")
    assert spec is not None
    assert spec.action_for(("accept",)) is ActionType.CLICK
    assert spec.action_for(("dismiss",)) is ActionType.CLICK
    assert spec.action_for(("status",)) is ActionType.READ_CONTENT


async def test_typed_api(waiting: Page, server: TestServer) -> None:
    await run(waiting, f"open {server.html('/dialogs.html', DIALOGS)}")
    assert waiting.dialogs.open is None
    await run(waiting, "click #prompt")
    assert waiting.dialogs.open == refwright.DialogInfo("prompt", "Your name?", "bob")
    await waiting.dialogs.accept("dora")
    assert waiting.dialogs.open is None and (await results(waiting))["prompt"] == "dora"
