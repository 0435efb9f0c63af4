"""``browser_handoff`` (coding profile) and ``handoff`` through the ``browser`` tool (commands profile) over
MCP: the person is asked through the client (elicitation), acts on the page meanwhile, and accepts to hand it
back; the wait does not count against the hang limit, and the answer says what changed."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio

import mcp
from refwright import Config
from refwright.mcp import RefwrightMcp, create_server

from ..server import TestServer
from .wire import text

pytestmark = pytest.mark.asyncio(loop_scope="session")


@pytest_asyncio.fixture(loop_scope="session")
async def srv() -> AsyncIterator[RefwrightMcp]:
    server = create_server("coding", config=Config(allow_private=True), hang_limit=8.0)
    yield server
    await server.aclose()


class Person:
    """Answers the hand-over after acting on the page for longer than the hang limit."""

    def __init__(self, srv: RefwrightMcp, answer: str | None, url: str) -> None:
        self.srv = srv
        self.answer = answer
        self.url = url
        self.questions: list[str] = []

    async def __call__(self, ctx: Any, params: Any) -> mcp.types.ElicitResult:
        self.questions.append(params.message)
        if self.answer is None:
            return mcp.types.ElicitResult(action="decline")
        page = (await self.srv.session.page()).playwright_page
        if len(self.questions) == 1:
            await asyncio.sleep(9.0)  # longer than the hang limit
            await page.goto(self.url)
        return mcp.types.ElicitResult(action="accept", content={"decision": self.answer})


@pytest.mark.parametrize("era", ["auto", "legacy"])
async def test_the_person_is_asked_acts_and_hands_the_page_back(srv: RefwrightMcp, server: TestServer,
                                                               era: str) -> None:
    start = server.html("/mcp-handoff-start", "<title>Start</title><p>captcha here")
    done = server.html("/mcp-handoff-done", "<title>Solved</title><p>thanks")
    person = Person(srv, "allow", done)
    async with mcp.Client(srv.server, mode=era, elicitation_callback=person) as client:
        opened = await client.call_tool("browser_navigate", {"url": start})
        assert not opened.is_error, text(opened)
        handed = await client.call_tool("browser_handoff", {"reason": "Solve the CAPTCHA"})
    assert not handed.is_error, text(handed)
    assert person.questions and person.questions[0].startswith(
        f"Waiting for you: Solve the CAPTCHA (the page: {start}).")
    said = text(handed)
    assert "A person had the page for" in said and "(you asked: \"Solve the CAPTCHA\")" in said
    # The modern protocol asks in a round of its own, so the call that answers may start on the new page.
    assert f"to {done} (\"Solved\")" in said or f"The page is still {done} (\"Solved\")" in said


async def test_a_person_who_declines_is_said_plainly(srv: RefwrightMcp, server: TestServer) -> None:
    start = server.html("/mcp-handoff-declined", "<title>Start</title>")
    person = Person(srv, None, start)
    async with mcp.Client(srv.server, mode="legacy", elicitation_callback=person) as client:
        await client.call_tool("browser_navigate", {"url": start})
        declined = await client.call_tool("browser_handoff", {"reason": "Approve the sign-in on your phone"})
    assert declined.is_error and "The person declined to take the page" in text(declined)


async def test_the_commands_profile_hands_over_through_its_browser_tool(server: TestServer) -> None:
    commands = create_server("commands", config=Config(allow_private=True), hang_limit=8.0)
    start = server.html("/mcp-handoff-commands", "<title>Consent</title>")
    person = Person(commands, "allow", start)
    try:
        async with mcp.Client(commands.server, mode="legacy", elicitation_callback=person) as client:
            await client.call_tool("browser", {"command": f"open {start}"})
            handed = await client.call_tool("browser", {"command": "handoff Accept the consent screen"})
    finally:
        await commands.aclose()
    assert not handed.is_error, text(handed)
    assert person.questions[0].startswith("Waiting for you: Accept the consent screen")
    assert "A person had the page for" in text(handed)
