"""The coding profile of the MCP server under an action policy (issue 38), through the official MCP client:
``browser_action`` with a request and with a ref, and ``browser_fill``, are refused by ``--action-policy``,
and ``--confirm-actions click`` asks the person (elicitation) before it refuses. The page sees nothing."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
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


# Each coding tool that acts, as the model calls it: the mode gate must stop every one where the policy is
# decided (the pipeline's authorize stage), not where a tool remembered to ask.
_ACTING_CALLS: list[tuple[str, dict[str, Any]]] = [
    ("browser_action", {"request": "click Save"}),
    ("browser_fill", {"target": "Name", "value": "Bob"}),
    ("browser_copy_field", {"source": "Name", "target": "Copy"}),
    ("browser_set_checkboxes", {"items": {"Terms": True}}),
    ("browser_select_option", {"target": "Color", "option": "Blue"}),
    ("browser_set_range", {"target": "Volume", "value": 7}),
]


async def test_mode_strict_asks_on_every_acting_path_and_a_decline_leaves_the_page_alone(server: TestServer
                                                                                        ) -> None:
    # As `refwright mcp --profile coding --mode strict` builds it.
    srv = create_server("coding", config=Config(allow_private=True), mode="strict")
    try:
        person = Person("always")  # the navigation, granted for its origin
        async with mcp.Client(srv.server, elicitation_callback=person) as client:
            await _open(client, serve(server))
            assert person.questions == [f"Allow the browser to navigate {serve(server)}?"]
            person.answer = None
            tools = {tool.name for tool in (await client.list_tools()).tools}
            for name, args in _ACTING_CALLS:
                assert name in tools, name
                asked = len(person.questions)
                refused = await client.call_tool(name, args)
                assert refused.is_error and "Denied: the person did not allow" in text(refused), (name, text(refused))
                assert len(person.questions) == asked + 1, name
                assert person.questions[-1].startswith("Allow the browser to "), person.questions[-1]
            inspected = await client.call_tool("browser_inspect", {})  # reading is not asked
            assert not inspected.is_error and len(person.questions) == len(_ACTING_CALLS) + 1
        await _nothing_reached(server)
    finally:
        await srv.aclose()


async def test_mode_plan_refuses_every_tool_before_the_page_is_touched(server: TestServer) -> None:
    srv = create_server("coding", config=Config(allow_private=True), mode="plan")
    try:
        async with mcp.Client(srv.server) as client:
            for name, args in [("browser_navigate", {"url": serve(server)}), ("browser_inspect", {}),
                               *_ACTING_CALLS]:
                refused = await client.call_tool(name, args)
                assert refused.is_error and "--mode plan" in text(refused), (name, text(refused))
        assert reached(server) == [] and server.requests_to("/reach.html") == []
    finally:
        await srv.aclose()


_SRC = str(Path(__file__).resolve().parents[2] / "src")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def test_refwright_mcp_coding_with_a_policy_file_and_confirm_actions(server: TestServer, tmp_path: Path) -> None:
    # The real entry point: `refwright mcp --profile coding --action-policy FILE --confirm-actions click`.
    policy = tmp_path / "policy.json"
    policy.write_text(json.dumps({"deniedActions": ["Fill", "Select", "Drag"]}), encoding="utf-8")
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": _SRC}
    command = [sys.executable, "-m", "refwright", "mcp", "--http", str(port), "--profile", "coding",
               "--allow-private", "--action-policy", str(policy), "--confirm-actions", "click"]
    proc = subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL,  # noqa: ASYNC220
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else ""
                assert time.monotonic() < deadline, "the HTTP server did not start"
                await asyncio.sleep(0.1)
        person = Person(None)
        async with mcp.Client(f"http://127.0.0.1:{port}/mcp", elicitation_callback=person) as client:
            await _open(client, serve(server))
            filled = await client.call_tool("browser_fill", {"target": "Name", "value": "Bob"})
            assert filled.is_error and "was denied by the action policy" in text(filled), text(filled)
            assert person.questions == []  # denied outright: nobody is asked
            declined = await client.call_tool("browser_action", {"request": "click Save"})
            assert declined.is_error and "declined by the user" in text(declined), text(declined)
            assert len(person.questions) == 1 and "Click" in person.questions[0]
        await _nothing_reached(server)
    finally:
        proc.terminate()
        try:
            await asyncio.to_thread(proc.wait, 20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
