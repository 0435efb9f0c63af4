"""``--confirm-actions`` under the MCP server: the person approves through the client (elicitation), in
memory and over streamable HTTP, in both ways the protocol asks; a client that cannot elicit is refused."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

import mcp
from refwright import ActionPolicy, ActionType, Config
from refwright.demo import DemoServer
from refwright.mcp import RefwrightMcp, create_server

from .wire import text

pytestmark = pytest.mark.asyncio(loop_scope="session")

CLICK_POLICY = ActionPolicy(confirm_actions={ActionType.CLICK})
PRICING = {"action": "click", "role": "link", "name": "Pricing"}


@pytest.fixture(scope="module")
def demo() -> Iterator[DemoServer]:
    with DemoServer() as server:
        yield server


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def confirming() -> AsyncIterator[RefwrightMcp]:
    # Built as `refwright mcp --confirm-actions click` builds it: no confirm callback given, so the
    # server's own (the client asks its person) is the one the browser gets.
    srv = create_server("actions", config=Config(allow_private=True), action_policy=CLICK_POLICY)
    yield srv
    await srv.aclose()


def sharing(srv: RefwrightMcp, **kw: Any) -> RefwrightMcp:
    """Another server over the same browser (one browser for the module)."""
    return create_server("actions", session=srv.session, **kw)


class Person:
    """The client's elicitation callback: waits ``delay`` seconds, then answers ``answer`` (None: declines)."""

    def __init__(self, answer: str | None, delay: float = 0.0) -> None:
        self.answer = answer
        self.delay = delay
        self.questions: list[str] = []

    async def __call__(self, ctx: Any, params: Any) -> mcp.types.ElicitResult:
        self.questions.append(params.message)
        await asyncio.sleep(self.delay)
        if self.answer is None:
            return mcp.types.ElicitResult(action="decline")
        return mcp.types.ElicitResult(action="accept", content={"decision": self.answer})


async def _on_signup(client: mcp.Client, demo: DemoServer) -> None:
    opened = await client.call_tool("browser", {"action": "navigate", "url": demo.url})
    assert not opened.is_error, text(opened)  # navigating is not held back by this policy


@pytest.mark.parametrize("era", ["auto", "legacy"])
async def test_a_held_back_click_runs_once_the_person_allows_it(confirming: RefwrightMcp, demo: DemoServer,
                                                               era: str) -> None:
    person = Person("allow")
    async with mcp.Client(confirming.server, mode=era, elicitation_callback=person) as client:
        await _on_signup(client, demo)
        assert person.questions == []
        clicked = await client.call_tool("browser", PRICING)
    assert not clicked.is_error, text(clicked)
    assert "pricing" in clicked.content[0].text.splitlines()[0]
    # Asked once, although the modern way runs the call again with the answer.
    assert len(person.questions) == 1
    assert person.questions[0].startswith(f"Allow the browser to Click on {demo.url}?")


@pytest.mark.parametrize("era", ["auto", "legacy"])
async def test_a_click_the_person_declines_is_not_done(confirming: RefwrightMcp, demo: DemoServer, era: str) -> None:
    person = Person(None)
    async with mcp.Client(confirming.server, mode=era, elicitation_callback=person) as client:
        await _on_signup(client, demo)
        declined = await client.call_tool("browser", PRICING)
    assert declined.is_error and "was declined by the user (confirmActions contains Click)" in text(declined)
    assert len(person.questions) == 1
    assert (await confirming.session.page()).url == demo.url


async def test_a_client_that_cannot_elicit_gets_a_refusal_and_nothing_is_done(confirming: RefwrightMcp,
                                                                             demo: DemoServer) -> None:
    async with mcp.Client(confirming.server) as client:
        await _on_signup(client, demo)
        refused = await client.call_tool("browser", PRICING)
    assert refused.is_error
    assert "cannot ask them (it does not support elicitation)" in text(refused)
    assert "--confirm-actions" in text(refused) and "Do not retry" in text(refused)
    assert (await confirming.session.page()).url == demo.url


async def test_the_persons_time_does_not_count_against_the_hang_limit(confirming: RefwrightMcp,
                                                                      demo: DemoServer) -> None:
    # The legacy way asks in the middle of the browser work; the person takes longer than the hang limit.
    srv = sharing(confirming)
    person = Person("allow", delay=2.0)
    async with mcp.Client(srv.server, mode="legacy", elicitation_callback=person) as client:
        await _on_signup(client, demo)
        srv.hang_limit = 1.5
        clicked = await client.call_tool("browser", PRICING)
    assert not clicked.is_error, text(clicked)
    assert confirming.session.started and len(person.questions) == 1


# -- over streamable HTTP, the CLI's --confirm-actions -------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _env() -> dict[str, str]:
    env = dict(os.environ)
    src = str(Path(__file__).resolve().parents[2] / "src")
    env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
    return env


async def test_confirm_actions_over_http_asks_the_person_through_the_client(demo: DemoServer) -> None:
    port = _free_port()
    command = [sys.executable, "-m", "refwright", "mcp", "--http", str(port), "--profile", "actions",
               "--allow-private", "--confirm-actions", "click"]
    # The server outlives this call, so it is a plain Popen; stdin is not a terminal, and must not be asked.
    proc = subprocess.Popen(command, env=_env(), stdin=subprocess.DEVNULL,  # noqa: ASYNC220
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else ""
                assert time.monotonic() < deadline, "the HTTP server did not start"
                await asyncio.sleep(0.1)
        url = f"http://127.0.0.1:{port}/mcp"
        for era in ("auto", "legacy"):
            person = Person("allow")
            async with mcp.Client(url, mode=era, elicitation_callback=person) as client:
                await _on_signup(client, demo)
                clicked = await client.call_tool("browser", PRICING)
                assert not clicked.is_error, f"{era}: {text(clicked)}"
                assert "pricing" in text(clicked).splitlines()[0]
                assert len(person.questions) == 1 and "Click" in person.questions[0]
        person = Person(None)
        async with mcp.Client(url, elicitation_callback=person) as client:
            await _on_signup(client, demo)
            declined = await client.call_tool("browser", PRICING)
            assert declined.is_error and "declined by the user" in text(declined)
        async with mcp.Client(url) as client:
            await _on_signup(client, demo)
            refused = await client.call_tool("browser", PRICING)
            assert refused.is_error and "does not support elicitation" in text(refused)
    finally:
        proc.terminate()
        try:
            await asyncio.to_thread(proc.wait, 20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
