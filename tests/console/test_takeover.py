"""A person's turn with a run's page, in real Chromium: the agent asks with `handoff`, the console page
(driven by Playwright, as a person drives it) shows "Waiting for you", Take over sends a click on the live
view into the run's page where the picture shows its button, and Hand back lets the agent go on, told what
the person did. A take-over the agent did not ask for makes its next command wait, and that answer says so."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
from playwright.async_api import Page as PlaywrightPage
from playwright.async_api import expect

import refwright
from refwright._async.tab._handover import hand_back, take_over
from refwright.agent import Assistant, ScriptedLlm, ToolCall, ToolResult
from refwright.console import Console, ConsoleServer, run_reported

from ..server import TestServer

pytestmark = pytest.mark.asyncio(loop_scope="session")

# A button at a known place of a 1280x720 viewport, which says who pressed it.
BUTTON_PAGE = """<title>Needs a person</title>
<style>body { margin: 0 } #big { position: absolute; left: 400px; top: 300px; width: 300px; height: 120px;
font-size: 30px }</style>
<button id=big>I am not a robot</button><p id=status>Not pressed</p>
<script>big.onclick = (e) => { document.getElementById("status").textContent = "Pressed " +
  (e.isTrusted ? "by a person" : "by a script"); };</script>
<input id=name aria-label=Name
  style="position: absolute; left: 400px; top: 500px; width: 300px; height: 40px">"""


@pytest_asyncio.fixture(loop_scope="session")
async def console(browser: refwright.Browser) -> AsyncIterator[ConsoleServer]:
    async with ConsoleServer(Console(browser, approval_timeout=60, fps=10)) as server:
        yield server


@pytest_asyncio.fixture(loop_scope="session")
async def tab(page: refwright.Page, console: ConsoleServer) -> PlaywrightPage:
    pw = page.playwright_page
    await pw.set_viewport_size({"width": 1280, "height": 1000})
    await pw.goto(console.url)
    return pw


def _answers(llm: ScriptedLlm) -> list[str]:
    turns = llm.calls[-1][1] if llm.calls else []
    return [t.output for t in turns if isinstance(t, ToolResult)]


async def test_handoff_waits_for_the_person_whose_click_lands_on_the_page_and_the_agent_is_told(
        tab: PlaywrightPage, console: ConsoleServer, server: TestServer) -> None:
    url = server.html("/needs-a-person", BUTTON_PAGE)
    llm = ScriptedLlm([
        [ToolCall("1", "handoff Press the I am not a robot button for me")],
        [ToolCall("2", "get text #status"), ToolCall("3", "get value #name")],
        [Assistant("Done.")],
    ])
    run = console.console.start("Get past the robot check", url, llm=llm)
    await tab.reload()
    await tab.get_by_role("row").filter(has_text="Get past the robot check").get_by_role("button", name="Open").click()
    await expect(tab.get_by_role("alert").filter(has_text="Waiting for you")).to_have_text(
        "Waiting for you: Press the I am not a robot button for me", timeout=20_000)
    await tab.get_by_role("button", name="Take over").click()
    await expect(tab.get_by_role("button", name="Hand back")).to_be_visible()
    live = tab.locator("#frame")
    await expect(live).to_be_visible()
    box = await live.bounding_box()
    assert box is not None
    # The button's middle (550, 360) of the run's 1280x720 viewport, as the picture shows it.
    await tab.mouse.click(box["x"] + box["width"] * 550 / 1280, box["y"] + box["height"] * 360 / 720)
    # Then a field, and keys: they go to the page's focused field.
    await tab.mouse.click(box["x"] + box["width"] * 550 / 1280, box["y"] + box["height"] * 520 / 720)
    await tab.keyboard.type("Ann")
    await asyncio.sleep(0.5)
    assert console.console.book.get(run.id).state == "running", "the agent is still waiting"  # type: ignore[union-attr]
    await tab.get_by_role("button", name="Hand back").click()
    await asyncio.wait_for(console.console.tasks[run.id], 30) if run.id in console.console.tasks else None
    done = console.console.book.get(run.id)
    assert done is not None and done.state == "answered" and done.answer == "Done."
    handed, status, typed = _answers(llm)
    assert handed.startswith("A person had the page for ")
    assert "(you asked: \"Press the I am not a robot button for me\")" in handed
    assert "They did: clicked button \"I am not a robot\"; clicked textbox \"Name\"; typed into textbox \"Name\"." \
        in handed
    assert typed == "Ann", "the person's keys went into the page's field"
    assert "Ann" not in handed, "what the person typed is never told"
    assert status == "Pressed by a person", handed + " / the click landed on the page's button as a trusted click"
    await expect(tab.get_by_role("alert").filter(has_text="Waiting for you")).to_be_hidden()


async def test_a_take_over_makes_the_next_command_wait_and_its_answer_says_a_person_acted(
        page: refwright.Page, server: TestServer) -> None:
    url = server.html("/taken", BUTTON_PAGE)
    await page.run_command(f"open {url}")
    await take_over(page.playwright_page)
    command = asyncio.ensure_future(page.run_command("get text #status"))
    # Longer than the command's own time limit (the tests' action timeout, 2 s): a person's time is not a hang.
    await asyncio.sleep(page.config.timeouts.action / 1000 + 1.5)
    assert not command.done(), "the agent's command waits while the person has the page"
    await page.playwright_page.click("#big")  # the person, in the page
    await page.playwright_page.goto(server.url("/empty.html"))
    note = await hand_back(page.playwright_page)
    result = await asyncio.wait_for(command, 15)
    assert note in result.output
    assert f"The page went from {url}" in note and "empty.html" in note
    assert "Refs from before may be stale" in note


async def test_handoff_with_no_one_to_ask_says_so_and_does_nothing(page: refwright.Page) -> None:
    with pytest.raises(refwright.RefwrightError, match="There is no person to hand the page to here"):
        await page.run_command("handoff Solve the CAPTCHA")


async def test_a_reported_run_waits_for_you_on_the_console_and_hand_back_reaches_its_process(
        browser: refwright.Browser, tab: PlaywrightPage, console: ConsoleServer, server: TestServer) -> None:
    url = server.html("/reported-handoff", "<title>Consent</title><p>Accept on your phone")
    worker = await browser.new_page(isolated=True)
    llm = ScriptedLlm([
        [ToolCall("1", f"open {url}")],
        [ToolCall("2", "handoff Approve the sign-in on your phone")],
        [Assistant("Signed in.")],
    ])
    try:
        running = asyncio.ensure_future(run_reported(console.url, worker, llm, "Sign in (reported)"))
        await tab.reload()
        row = tab.get_by_role("row").filter(has_text="Sign in (reported)")
        await row.get_by_role("button", name="Open").click()
        await expect(tab.get_by_role("alert").filter(has_text="Waiting for you")).to_have_text(
            "Waiting for you: Approve the sign-in on your phone", timeout=20_000)
        await expect(tab.get_by_role("button", name="Take over")).to_be_hidden()  # its page is in another process
        await tab.get_by_role("button", name="Hand back").click()
        outcome = await asyncio.wait_for(running, 30)
    finally:
        await worker.close()
    assert outcome.answer == "Signed in."
    handed = [t.output for t in outcome.turns if isinstance(t, ToolResult)][-1]
    assert handed.startswith("A person had the page for ")
    assert f'The page is still {url} ("Consent")' in handed
    await expect(tab.get_by_role("list", name="Steps")).to_contain_text("(a person handed the page back)")
