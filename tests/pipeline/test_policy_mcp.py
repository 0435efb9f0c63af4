"""The coding profile of the MCP server under an action policy (issue 38), through the official MCP client:
``browser_action`` with a request and with a ref, and ``browser_fill``, are refused by ``--action-policy``,
and ``--confirm-actions click`` asks the person (elicitation) before it refuses. The page sees nothing."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import mcp
from refwright import ActionPolicy, ActionType, Config
from refwright.mcp import create_server

from ..mcp.wire import text
from ..server import TestServer
from .reached import reached, serve

A = ActionType
DENY = ActionPolicy(denied_actions={A.CLICK, A.FILL, A.SELECT, A.DRAG})

pytestmark = pytest.mark.asyncio(loop_scope="session")


class Person:
    """The client's elicitation callback: answers ``answer`` (None: declines), and keeps the questions."""

    def __init__(self, answer: str | None) -> None:
        self.answer = answer
        self.questions: list[str] = []

    async def __call__(self, ctx: Any, params: Any) -> mcp.types.ElicitResult:
        self.questions.append(params.message)
        if self.answer is None:
            return mcp.types.ElicitResult(action="decline")
        return mcp.types.ElicitResult(action="accept", content={"decision": self.answer})


async def _open(client: mcp.Client, url: str) -> None:
    opened = await client.call_tool("browser_navigate", {"url": url})
    assert not opened.is_error, text(opened)


async def _nothing_reached(server: TestServer) -> None:
    await asyncio.sleep(0.3)  # a report leaves the page a moment after the input
    assert reached(server) == []


async def test_the_coding_profile_is_refused_by_the_action_policy(server: TestServer) -> None:
    # As `refwright mcp --profile coding --action-policy FILE` builds it.
    srv = create_server("coding", config=Config(allow_private=True), action_policy=DENY)
    try:
        async with mcp.Client(srv.server) as client:
            await _open(client, serve(server))
            by_request = await client.call_tool("browser_action", {"request": "click Save"})
            assert by_request.is_error
            assert "Action Click on" in text(by_request) and "was denied by the action policy" in text(by_request)
            filled = await client.call_tool("browser_fill", {"target": "Name", "value": "Bob"})
            assert filled.is_error and "Action Fill on" in text(filled), text(filled)
            assert "was denied by the action policy" in text(filled)
            inspected = await client.call_tool("browser_inspect", {})
            ref = next(line.split()[0] for line in text(inspected).splitlines() if '"Save"' in line)
            by_ref = await client.call_tool("browser_action", {"ref": ref})
            assert by_ref.is_error and "was denied by the action policy" in text(by_ref)
        await _nothing_reached(server)
    finally:
        await srv.aclose()


async def test_confirm_actions_asks_the_person_before_refusing(server: TestServer) -> None:
    # As `refwright mcp --profile coding --confirm-actions click` builds it: the server's own confirm callback
    # puts the question to the person through the client.
    srv = create_server("coding", config=Config(allow_private=True),
                        action_policy=ActionPolicy(confirm_actions={A.CLICK}))
    try:
        person = Person(None)
        async with mcp.Client(srv.server, elicitation_callback=person) as client:
            await _open(client, serve(server))
            declined = await client.call_tool("browser_action", {"request": "click Save"})
            assert declined.is_error
            assert "was declined by the user (confirmActions contains Click)" in text(declined), text(declined)
            assert len(person.questions) == 1
            assert person.questions[0].startswith("Allow the browser to Click on http://127.0.0.1:")
        await _nothing_reached(server)
        person = Person("allow")
        async with mcp.Client(srv.server, elicitation_callback=person) as client:
            done = await client.call_tool("browser_action", {"request": "click Save"})
            assert not done.is_error, text(done)
            assert len(person.questions) == 1
        for _ in range(40):
            if "click:save" in reached(server):
                break
            await asyncio.sleep(0.05)
        assert "click:save" in reached(server)
    finally:
        await srv.aclose()
