"""The MCP server driven by the SDK's own client, in memory: tool lists, flows, errors, approvals, crashes."""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import mcp
from refwright import Config
from refwright.commands import HELP
from refwright.demo import DemoServer
from refwright.mcp import ClientBrowser, RefwrightMcp, create_server

from ..fleet import cdp_chromium
from .wire import text

pytestmark = pytest.mark.asyncio(loop_scope="session")


@pytest.fixture(scope="module")
def demo() -> Iterator[DemoServer]:
    with DemoServer() as server:
        yield server


def server(profile: str, session: ClientBrowser, **kw: Any) -> RefwrightMcp:
    return create_server(profile, session=session, **kw)


class Person:
    """The client's elicitation callback: answers each question with ``answer`` and records it."""

    def __init__(self, answer: str | None) -> None:
        self.answer = answer
        self.questions: list[str] = []

    async def __call__(self, ctx: Any, params: Any) -> mcp.types.ElicitResult:
        self.questions.append(params.message)
        if self.answer is None:
            return mcp.types.ElicitResult(action="decline")
        return mcp.types.ElicitResult(action="accept", content={"decision": self.answer})


# -- tool lists and schemas ------------------------------------------------------------------------


async def test_commands_profile_is_one_browser_tool_described_by_help(session: ClientBrowser) -> None:
    async with mcp.Client(server("commands", session).server) as client:
        tools = (await client.list_tools()).tools
    assert [t.name for t in tools] == ["browser"]
    assert HELP in (tools[0].description or "")
    assert tools[0].input_schema["required"] == ["command"]
    assert list(tools[0].input_schema["properties"]) == ["command"]


async def test_actions_profile_schema_has_the_seed_actions_and_no_escape_hatches(session: ClientBrowser) -> None:
    async with mcp.Client(server("actions", session).server) as client:
        tools = (await client.list_tools()).tools
    assert [t.name for t in tools] == ["browser"]
    schema = tools[0].input_schema
    assert schema["properties"]["action"]["enum"] == ["navigate", "snapshot", "click", "fill", "select", "press",
                                                       "back", "close"]
    words = (tools[0].description or "").lower() + str(schema).lower()
    for banned in ("eval", "upload", "download", "cookie", "storage"):
        assert banned not in words


async def test_coding_profile_lists_the_seed_tools(session: ClientBrowser) -> None:
    async with mcp.Client(server("coding", session).server) as client:
        tools = (await client.list_tools()).tools
    assert [t.name for t in tools] == [
        "browser_launch", "browser_connect", "browser_navigate", "browser_inspect", "browser_action", "browser_fill",
        "browser_copy_field", "browser_set_checkboxes", "browser_select_option", "browser_set_range",
        "browser_drag", "browser_confirm", "browser_save_run", "browser_close", "browser_visual_text",
        "browser_visual_action", "browser_visual_click", "browser_visual_drag", "browser_visual_scroll",
        "browser_visual_inspect", "browser_handoff"]
    by_name = {t.name: t for t in tools}
    assert by_name["browser_fill"].input_schema["required"] == ["target", "value"]
    assert by_name["browser_inspect"].annotations is not None and by_name["browser_inspect"].annotations.read_only_hint


# -- a signup flow per profile ----------------------------------------------------------------------


async def test_commands_profile_signup(session: ClientBrowser, demo: DemoServer) -> None:
    async with mcp.Client(server("commands", session).server) as client:
        async def run(command: str) -> str:
            result = await client.call_tool("browser", {"command": command})
            assert not result.is_error, text(result)
            return text(result)

        await run(f"open {demo.url}")
        await run("fill label=Email mcp@example.com")
        await run("fill label=Password longenough1")
        await run("select label=Plan Team")
        await run("check label=\"I agree to the terms\"")
        await run("click text=\"Create account\"")
        assert "Welcome, mcp@example.com!" in await run("get text h1")


async def test_actions_profile_signup_returns_snapshot_after_each_action(session: ClientBrowser,
                                                                          demo: DemoServer) -> None:
    async with mcp.Client(server("actions", session).server) as client:
        async def act(**args: Any) -> str:
            result = await client.call_tool("browser", args)
            assert not result.is_error, text(result)
            return text(result)

        out = await act(action="navigate", url=demo.url)
        assert out.splitlines()[0] == f"navigate ok · {demo.url} · Acme Cloud — Sign up"
        assert "[BEGIN UNTRUSTED PAGE CONTENT" in out and '"Create your account"' in out
        assert 'value="mcp@example.com"' in await act(action="fill", role="textbox", name="Email",
                                                     text="mcp@example.com")
        await act(action="fill", role="textbox", name="Password", text="longenough1")
        assert 'value="Team"' in await act(action="select", role="combobox", name="Plan", value="Team")
        assert "[checked]" in await act(action="click", role="checkbox", name="I agree to the terms")
        out = await act(action="click", role="button", name="Create account")
        assert out.startswith("click ok · ") and "Welcome, mcp@example.com!" in out


async def test_coding_profile_signup_with_an_approved_proposal(session: ClientBrowser, demo: DemoServer) -> None:
    person = Person("allow")
    async with mcp.Client(server("coding", session).server, elicitation_callback=person) as client:
        async def call(name: str, **args: Any) -> str:
            result = await client.call_tool(name, args)
            assert not result.is_error, text(result)
            return text(result)

        await call("browser_navigate", url=demo.url)
        assert "Create account" in await call("browser_inspect")
        await call("browser_fill", target="Email", value="coder@example.com")
        assert "password" in await call("browser_action", request='Type "longenough1" into Password')
        await call("browser_select_option", target="Plan", option="Team")
        await call("browser_set_checkboxes", items={"I agree to the terms": True})
        out = await call("browser_action", request="click Create account")
        assert "Approved by the person" in out
        assert len(person.questions) == 1 and "Create account" in person.questions[0]
        assert "Welcome" in await call("browser_inspect") or "Welcome" in out


@pytest.mark.parametrize("era", ["auto", "legacy"])
async def test_coding_profile_declined_proposal_does_nothing(session: ClientBrowser, demo: DemoServer,
                                                             era: str) -> None:
    person = Person(None)
    async with mcp.Client(server("coding", session).server, mode=era, elicitation_callback=person) as client:
        await client.call_tool("browser_navigate", {"url": demo.url})
        result = await client.call_tool("browser_action", {"request": "click Create account", "new": True})
        assert not result.is_error
        assert "Declined" in text(result) and person.questions
        page = await session.page()
        assert page.url == demo.url


@pytest.mark.parametrize("era", ["auto", "legacy"])
async def test_strict_mode_and_a_proposal_ask_twice_in_one_call(session: ClientBrowser, demo: DemoServer,
                                                                era: str) -> None:
    person = Person("allow")
    srv = server("coding", session, mode="strict")
    async with mcp.Client(srv.server, mode=era, elicitation_callback=person) as client:
        await client.call_tool("browser_navigate", {"url": demo.url})
        person.questions.clear()
        result = await client.call_tool("browser_action", {"request": "click Pricing", "new": True})
        assert not result.is_error, text(result)
        # act is asked about as the action it performs, on the page it performs it on.
        assert person.questions == [f"Allow the browser to click (on {demo.url})?"]
        await client.call_tool("browser_navigate", {"url": demo.url})
        person.questions.clear()
        result = await client.call_tool("browser_action", {"request": "click Create account", "new": True})
        assert "Approved by the person" in text(result), text(result)
        # The permission, then the proposal: each asked once, although the call may run again per answer.
        assert len(person.questions) == 2 and "Create account" in person.questions[1]


async def test_browser_confirm_cannot_approve_without_the_person(session: ClientBrowser, demo: DemoServer) -> None:
    # The client cannot elicit: the proposal stays unapproved, and browser_confirm cannot approve it either.
    async with mcp.Client(server("coding", session).server) as client:
        await client.call_tool("browser_navigate", {"url": demo.url})
        result = await client.call_tool("browser_action", {"request": "click Create account", "new": True})
        assert result.is_error and "cannot ask them" in text(result)
        forged = await client.call_tool("browser_confirm", {"token": "anything"})
        assert forged.is_error and "no open proposal" in text(forged)
    assert (await session.page()).url == demo.url


async def test_approve_auto_carries_out_proposals(session: ClientBrowser, demo: DemoServer) -> None:
    async with mcp.Client(server("coding", session, approve="auto").server) as client:
        await client.call_tool("browser_navigate", {"url": demo.url})
        await client.call_tool("browser_fill", {"target": "Email", "value": "auto@example.com"})
        await client.call_tool("browser_action", {"request": 'Type "longenough1" into Password'})
        await client.call_tool("browser_set_checkboxes", {"items": {"I agree to the terms": True}})
        result = await client.call_tool("browser_action", {"request": "click Create account", "new": True})
        assert "Approved" in text(result)
    assert "welcome" in (await session.page()).url


# -- errors, modes, elicitation ---------------------------------------------------------------------


async def test_tool_failures_are_is_error_results_and_protocol_faults_stay_errors(session: ClientBrowser,
                                                                                    demo: DemoServer) -> None:
    async with mcp.Client(server("actions", session).server) as client:
        await client.call_tool("browser", {"action": "navigate", "url": demo.url})
        missing = await client.call_tool("browser", {"action": "click", "role": "button", "name": "Nope"})
        assert missing.is_error and "take a fresh snapshot" in text(missing)
        ambiguous = await client.call_tool("browser", {"action": "click", "role": "link", "name": "o"})
        assert ambiguous.is_error and "nth=0" in text(ambiguous) and "nth=1" in text(ambiguous)
        scheme = await client.call_tool("browser", {"action": "navigate", "url": "file:///etc/passwd"})
        assert scheme.is_error and "only http and https" in text(scheme)
        option = await client.call_tool("browser", {"action": "select", "role": "combobox", "name": "Plan",
                                                    "value": "Platinum"})
        assert option.is_error and '"Team"' in text(option) and "Nothing was selected" in text(option)
        bad = await client.call_tool("browser", {"action": "click", "role": "button", "name": 3})
        assert bad.is_error and "must be a string" in text(bad)
        with pytest.raises(mcp.MCPError):
            await client.call_tool("no_such_tool", {})


async def test_plan_mode_denies_every_browser_action(session: ClientBrowser, demo: DemoServer) -> None:
    async with mcp.Client(server("actions", session, mode="plan").server) as client:
        result = await client.call_tool("browser", {"action": "navigate", "url": demo.url})
    assert result.is_error and "--mode plan" in text(result)


@pytest.mark.parametrize("era", ["auto", "legacy"])
async def test_strict_mode_asks_and_grants_navigate_per_origin(session: ClientBrowser, demo: DemoServer,
                                                               era: str) -> None:
    person = Person("always")
    srv = server("actions", session, mode="strict")
    async with mcp.Client(srv.server, mode=era, elicitation_callback=person) as client:
        assert not (await client.call_tool("browser", {"action": "navigate", "url": demo.url})).is_error
        assert not (await client.call_tool("browser", {"action": "navigate", "url": demo.url + "pricing.html"})
                    ).is_error
        assert len(person.questions) == 1  # the grant covers the origin
        other = demo.url.replace("127.0.0.1", "localhost")
        await client.call_tool("browser", {"action": "navigate", "url": other})
        assert len(person.questions) == 2  # another origin is asked again
        person.answer = None
        denied = await client.call_tool("browser", {"action": "click", "role": "link", "name": "Pricing"})
        assert denied.is_error and "did not allow" in text(denied)
        assert not (await client.call_tool("browser", {"action": "snapshot"})).is_error  # reading is not asked


async def test_browser_crash_is_reported_and_the_next_call_starts_fresh(session: ClientBrowser,
                                                                        demo: DemoServer) -> None:
    fresh = ClientBrowser(config=Config(allow_private=True))
    before = _chromium_pids()
    srv = server("commands", fresh)
    try:
        async with mcp.Client(srv.server) as client:
            assert not (await client.call_tool("browser", {"command": f"open {demo.url}"})).is_error
            ours = _chromium_pids() - before
            assert ours
            page = await fresh.page()
            for pid in ours:
                os.kill(pid, signal.SIGKILL)
            for _ in range(100):  # the kill is noticed when the browser's connection drops
                if not page.playwright_page.context.browser or not page.playwright_page.context.browser.is_connected():
                    break
                await asyncio.sleep(0.05)
            crashed = await client.call_tool("browser", {"command": "get title"})
            assert crashed.is_error and "fresh" in text(crashed)
            again = await client.call_tool("browser", {"command": f"open {demo.url}"})
            assert not again.is_error, text(again)
    finally:
        await fresh.close()


def _chromium_pids() -> set[int]:
    """Main Chromium processes (not renderers or helpers) descended from this test process."""
    me = os.getpid()
    found: set[int] = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmd = (entry / "cmdline").read_bytes().split(b"\0")
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if not cmd or b"chrom" not in cmd[0].lower() or any(a.startswith(b"--type=") for a in cmd):
            continue
        ppid = int(stat[1])
        chain = 0
        while ppid not in (0, 1, me) and chain < 10:
            try:
                ppid = int((Path("/proc") / str(ppid) / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except OSError:
                break
            chain += 1
        if ppid == me:
            found.add(int(entry.name))
    return found


# -- browser_connect and hangs ------------------------------------------------------------------------


async def test_browser_connect_lists_loopback_tabs_and_attaches_only_with_a_page_index(demo: DemoServer) -> None:
    # The person's own Chrome, started with remote debugging; it outlives this call.
    chrome = cdp_chromium(demo.url)
    attached = ClientBrowser(config=Config(allow_private=True))
    try:
        endpoint = chrome.endpoint
        async with mcp.Client(server("coding", attached).server) as client:
            refused = await client.call_tool("browser_connect", {"endpoint": "http://10.0.0.5:9222"})
            assert refused.is_error and "only talks to a Chrome on this machine" in text(refused)
            for _ in range(100):  # until the tab has loaded the page
                listed = text(await client.call_tool("browser_connect", {"endpoint": endpoint}))
                if "Acme Cloud" in listed:
                    break
                await asyncio.sleep(0.05)
            assert "pageIndex=0" in listed and "Nothing is attached yet" in listed
            assert not attached.started
            index = next(line.split("pageIndex=")[1].split(":")[0] for line in listed.splitlines()
                         if "Acme Cloud" in line)
            out = await client.call_tool("browser_connect", {"endpoint": endpoint, "pageIndex": int(index)})
            assert not out.is_error and "Acme Cloud" in text(out), text(out)
            assert "Create account" in text(await client.call_tool("browser_inspect", {}))
            await client.call_tool("browser_close", {})
        assert chrome.popen.poll() is None  # an attached Chrome is only disconnected
    finally:
        await attached.close()
        chrome.kill()


async def test_a_hung_call_is_reported_and_the_browser_replaced(demo: DemoServer) -> None:
    fresh = ClientBrowser(config=Config(allow_private=True))
    srv = server("commands", fresh)
    try:
        async with mcp.Client(srv.server) as client:
            await client.call_tool("browser", {"command": f"open {demo.url}"})
            srv.hang_limit = 1.5
            hung = await client.call_tool("browser", {"command": "wait 5000"})
            assert hung.is_error and "hung" in text(hung) and "fresh browser" in text(hung)
            assert not fresh.started
            srv.hang_limit = 120  # a fresh launch on a loaded machine takes longer than the tiny limit
            again = await client.call_tool("browser", {"command": f"open {demo.url}"})
            assert not again.is_error
    finally:
        await fresh.close()


async def test_strict_mode_gates_each_command_of_a_batch(session: ClientBrowser, demo: DemoServer) -> None:
    person = Person("always")
    srv = server("commands", session, mode="strict")
    async with mcp.Client(srv.server, elicitation_callback=person) as client:
        assert not (await client.call_tool("browser", {"command": f"open {demo.url}"})).is_error
        asked = len(person.questions)
        reads = await client.call_tool("browser", {"command": "batch\nget title\nsnapshot -i"})
        assert not reads.is_error and len(person.questions) == asked  # reading is not asked
        person.answer = None
        denied = await client.call_tool("browser", {"command": "batch\nget title\nclick a"})
        assert denied.is_error and "did not allow `click`" in text(denied)
        assert len(person.questions) == asked + 1
