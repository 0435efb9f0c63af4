"""``refwright mcp --http``: each MCP session its own browser context on one Chromium, over real HTTP with
the official client: no cross-talk between eight clients signing in at once, the session cap, the idle
close, DELETE, and what a sessionless (2026-07-28) client gets."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
import uvicorn
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS

import mcp
from refwright import Config
from refwright.demo import DemoServer
from refwright.mcp import RefwrightMcp, create_server, http_app

from .wire import text

pytestmark = pytest.mark.asyncio(loop_scope="session")

CLIENTS = 8


@pytest.fixture(scope="module")
def demo() -> Iterator[DemoServer]:
    with DemoServer() as server:
        yield server


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.asynccontextmanager
async def serving(server: RefwrightMcp, *, max_sessions: int = 16) -> AsyncIterator[str]:
    """``server`` over streamable HTTP on a free loopback port; its URL. Its browsers close afterwards."""
    port = _free_port()
    config = uvicorn.Config(http_app(server, max_sessions=max_sessions), host="127.0.0.1", port=port,
                            log_level="warning", lifespan="on", timeout_graceful_shutdown=1)
    web = uvicorn.Server(config)
    task = asyncio.create_task(web.serve())
    try:
        while not web.started:
            assert not task.done(), "the HTTP server did not start"
            await asyncio.sleep(0.05)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        web.should_exit = True
        await task
        await server.aclose()


def isolating(**kw: Any) -> RefwrightMcp:
    return create_server("commands", isolate=True, config=Config(allow_private=True), **kw)


def leaves(error: BaseException) -> list[str]:
    """The messages at the bottom of the exception groups a client wraps a failure in."""
    if isinstance(error, BaseExceptionGroup):
        return [m for e in error.exceptions for m in leaves(e)]
    return [f"{type(error).__name__}: {error}"]


async def run(client: mcp.Client, command: str) -> str:
    result = await client.call_tool("browser", {"command": command})
    assert not result.is_error, f"{command}: {text(result)}"
    return text(result)


async def test_eight_clients_signing_in_at_once_each_see_only_their_own_account(demo: DemoServer) -> None:
    server = isolating()
    signed_in = asyncio.Barrier(CLIENTS)
    seen: dict[int, dict[str, str]] = {}

    async def client_flow(url: str, i: int) -> None:
        async with mcp.Client(url) as client:
            # The official client negotiates; it must pick a revision that has sessions.
            assert client.protocol_version in HANDSHAKE_PROTOCOL_VERSIONS
            await run(client, f"open {demo.url}")
            await run(client, f"fill #email user{i}@example.com")
            await run(client, f"fill #password password-{i}")
            await run(client, "select #plan " + ("team" if i % 2 else "enterprise"))
            await run(client, "check #terms")
            await run(client, "click button")
            await run(client, "wait --load load")
            await run(client, f"cookies set account user{i}")
            await run(client, f"storage local set account user{i}")
            await run(client, f"tab new {demo.url}pricing.html")
            await run(client, "tab t1")
            await signed_in.wait()  # every client has signed in before any looks
            seen[i] = {"greeting": await run(client, "get text #greeting"),
                       "url": await run(client, "get url"),
                       "title": await run(client, "get title"),
                       "cookies": await run(client, "cookies"),
                       "storage": await run(client, "storage local"),
                       "tabs": await run(client, "tab")}

    async with serving(server) as url:
        await asyncio.gather(*(client_flow(url, i) for i in range(CLIENTS)))
        assert len(server.tenants) == 0  # each client's DELETE closed its context

    for i, view in seen.items():
        plan = "team" if i % 2 else "enterprise"
        assert view["greeting"] == f"Welcome, user{i}@example.com!", view
        assert f"email=user{i}%40example.com" in view["url"] and f"plan={plan}" in view["url"]
        assert view["title"] == "Acme Cloud — Welcome"
        assert view["cookies"].splitlines() == [f"account=user{i}  (127.0.0.1/)"], view["cookies"]
        assert view["storage"] == f"account=user{i}", view["storage"]
        tabs = view["tabs"].splitlines()
        assert len(tabs) == 2 and tabs[0].startswith("→ [t1] Acme Cloud — Welcome"), tabs
        assert "Pricing" in tabs[1]


async def test_the_session_cap_refuses_a_new_client_in_a_sentence_and_frees_up_when_one_ends() -> None:
    server = isolating()
    async with serving(server, max_sessions=2) as url:
        async with mcp.Client(url) as first, mcp.Client(url):
            assert (await first.list_tools()).tools
            with pytest.raises(Exception) as refused:  # the client wraps the refusal in exception groups
                async with mcp.Client(url, mode="legacy"):
                    pass
            words = " | ".join(leaves(refused.value))
            assert "already has 2 MCP sessions open" in words and "--max-sessions" in words, words
        # Both ended (DELETE): a new client gets in.
        async with mcp.Client(url) as again:
            assert (await again.list_tools()).tools


async def test_an_idle_session_loses_its_browser_context_and_is_told_so_once(demo: DemoServer) -> None:
    server = isolating(session_idle=0.5)
    async with serving(server) as url, mcp.Client(url) as client:
        await run(client, f"open {demo.url}")
        ((_, tenant),) = server.tenants.items()
        page = (await tenant.browser.page()).playwright_page
        for _ in range(100):  # the reaper forgets the session first, then closes its context
            if not server.tenants.items() and page.is_closed():
                break
            await asyncio.sleep(0.1)
        assert not server.tenants.items()
        assert page.is_closed() and page.context.pages == []
        told = await client.call_tool("browser", {"command": "get url"})
        assert told.is_error and "closed after 0.5 s without a call" in text(told)
        assert "open the page again" in text(told)
        assert await run(client, "get url") == "about:blank"  # a fresh context, on a blank page


async def test_a_session_that_ends_closes_its_context_and_leaves_the_others_alone(demo: DemoServer) -> None:
    server = isolating()
    async with serving(server) as url, mcp.Client(url) as staying:
        await run(staying, f"open {demo.url}")
        async with mcp.Client(url) as leaving:
            await run(leaving, f"open {demo.url}pricing.html")
            pages = {key: (await t.browser.page()).playwright_page for key, t in server.tenants.items()}
            assert len(pages) == 2
        (kept,) = server.tenants.items()
        gone = [p for key, p in pages.items() if key != kept[0]]
        assert gone[0].is_closed() and not pages[kept[0]].is_closed()
        assert await run(staying, "get title") == "Acme Cloud — Sign up"


async def test_a_sessionless_client_is_refused_browser_state_in_a_sentence() -> None:
    server = isolating()
    async with serving(server) as url, mcp.Client(url, mode="2026-07-28") as client:
        assert [t.name for t in (await client.list_tools()).tools] == ["browser"]
        result = await client.call_tool("browser", {"command": "open about:blank"})
        assert result.is_error
        assert "has no session (protocol 2026-07-28)" in text(result)
        assert "--shared-session" in text(result)
        assert len(server.tenants) == 0


async def test_shared_session_keeps_one_page_for_every_client(demo: DemoServer) -> None:
    server = create_server("commands", config=Config(allow_private=True))
    async with serving(server) as url, mcp.Client(url) as one, mcp.Client(url, mode="2026-07-28") as other:
        await run(one, f"open {demo.url}pricing.html")
        assert await run(other, "get title") == "Acme Cloud — Pricing"


class Person:
    """A client's elicitation callback: answers every question with ``answer`` and keeps the questions."""

    def __init__(self, answer: str) -> None:
        self.answer = answer
        self.questions: list[str] = []

    async def __call__(self, ctx: Any, params: Any) -> mcp.types.ElicitResult:
        self.questions.append(params.message)
        return mcp.types.ElicitResult(action="accept", content={"decision": self.answer})


async def test_an_always_allow_in_one_session_is_not_granted_to_another(demo: DemoServer) -> None:
    server = isolating(mode="strict")
    trusting, careful = Person("always"), Person("deny")
    async with serving(server) as url, mcp.Client(url, elicitation_callback=trusting) as one, \
            mcp.Client(url, elicitation_callback=careful) as other:
        await run(one, f"open {demo.url}")
        await run(one, f"open {demo.url}pricing.html")  # the grant covers the origin: asked once
        assert len(trusting.questions) == 1
        denied = await other.call_tool("browser", {"command": f"open {demo.url}"})
        assert denied.is_error and "did not allow" in text(denied)
        assert len(careful.questions) == 1


async def test_the_cli_offers_the_session_options_with_the_servers_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    import argparse

    from refwright import mcp as refwright_mcp
    from refwright.cli import _mcp

    assert (_mcp.DEFAULT_MAX_SESSIONS, _mcp.DEFAULT_SESSION_IDLE) == (refwright_mcp.DEFAULT_MAX_SESSIONS,
                                                                     refwright_mcp.DEFAULT_SESSION_IDLE)
    parser = argparse.ArgumentParser()
    _mcp.add_parser(parser.add_subparsers())
    args = parser.parse_args(["mcp", "--http", "8931", "--max-sessions", "4", "--session-idle", "30"])
    assert (args.max_sessions, args.session_idle, args.shared_session) == (4, 30.0, False)
    for bad in (["--max-sessions", "0"], ["--session-idle", "-1"], ["--session-idle", "inf"]):
        with pytest.raises(SystemExit):
            parser.parse_args(["mcp", *bad])
        assert f"{bad[0]}: expected" in capsys.readouterr().err


async def test_after_the_shared_browser_crashes_every_session_is_told_and_starts_apart_again(
        demo: DemoServer) -> None:
    from .test_mcp_server import _chromium_pids

    server = isolating()
    before = _chromium_pids()
    async with serving(server) as url, mcp.Client(url) as one, mcp.Client(url) as other:
        await run(one, f"open {demo.url}")
        await run(other, f"open {demo.url}pricing.html")
        pages = [(await t.browser.page()).playwright_page for _, t in server.tenants.items()]
        for pid in _chromium_pids() - before:
            os.kill(pid, signal.SIGKILL)
        for _ in range(100):  # the kill is noticed when the browser's connection drops
            if all(p.context.browser is None or not p.context.browser.is_connected() for p in pages):
                break
            await asyncio.sleep(0.05)
        for client in (one, other):
            crashed = await client.call_tool("browser", {"command": "get title"})
            assert crashed.is_error and "fresh" in text(crashed), text(crashed)
        # A relaunched browser, and still a context for each session.
        await run(one, f"open {demo.url}")
        await run(one, "cookies set account one")
        await run(other, f"open {demo.url}")
        assert await run(other, "cookies") == "No cookies"
        assert await run(one, "cookies") == "account=one  (127.0.0.1/)"


async def test_an_ended_session_leaves_nothing_of_its_page_behind(demo: DemoServer) -> None:
    import gc
    import weakref

    server = isolating()
    async with serving(server) as url, mcp.Client(url) as staying:
        await run(staying, f"open {demo.url}")
        async with mcp.Client(url) as leaving:
            await run(leaving, f"open {demo.url}pricing.html")
            await run(leaving, "snapshot")
            pages = [weakref.ref(await t.browser.page()) for _, t in server.tenants.items()]
        gc.collect()
        # A long-running server sees many sessions come and go: the pages of those that ended are freed.
        assert sum(ref() is None for ref in pages) == 1


async def test_the_reaper_closes_only_tenants_idle_long_enough_and_never_one_in_a_call() -> None:
    from refwright.mcp import SharedBrowser, Tenants

    tenants = Tenants(mode="auto", shared=SharedBrowser(), session_idle=10.0)  # nothing launches: no page asked
    old, busy, fresh = tenants.get("old"), tenants.get("busy"), tenants.get("fresh")
    old.last_used = busy.last_used = 100.0
    fresh.last_used = 105.0
    busy.busy = 1
    assert await tenants.reap(now=111.0) == ["old"]
    assert sorted(key for key, _ in tenants.items()) == ["busy", "fresh"]
    with pytest.raises(Exception, match="closed after 10 s without a call"):
        tenants.get("old")
    assert tenants.get("old") is not old  # told once; then a fresh tenant
    assert old.approvals is not busy.approvals and old.extra is not busy.extra


async def test_the_cli_server_applies_max_sessions() -> None:
    import subprocess
    import sys

    from .test_mcp_transports import _env

    port = _free_port()
    command = [sys.executable, "-m", "refwright", "mcp", "--http", str(port), "--max-sessions", "1"]
    # The server outlives this call, so it is a plain Popen.
    proc = subprocess.Popen(command, env=_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # noqa: ASYNC220
    try:
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                await asyncio.sleep(0.1)
        url = f"http://127.0.0.1:{port}/mcp"
        async with mcp.Client(url) as first:
            assert (await first.list_tools()).tools
            with pytest.raises(Exception) as refused:  # the client wraps the refusal in exception groups
                async with mcp.Client(url):
                    pass
            assert "--max-sessions 1" in " | ".join(leaves(refused.value))
    finally:
        proc.terminate()
        await asyncio.to_thread(proc.wait, 10)
