"""Secrets through MCP, with the SDK's own client: the typing tools name them (never their values), the
commands profile types one on its origin only, and no result carries the value back."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio

import mcp
from refwright import Config, Secret
from refwright.mcp import ClientBrowser, create_server

from ..conftest import TEST_CONFIG
from ..server import TestServer
from .test_secrets_page import COLLECTOR, PW, leaks

pytestmark = pytest.mark.asyncio(loop_scope="session")


@pytest_asyncio.fixture(loop_scope="session")
async def session(server: TestServer) -> AsyncIterator[ClientBrowser]:
    shared = ClientBrowser(config=Config(timeouts=TEST_CONFIG.timeouts, allow_private=True,
                                          secrets=[Secret("PW", PW, (server.prefix,))]))
    yield shared
    await shared.close()


def text(result: Any) -> str:
    return "\n".join(c.text for c in result.content if c.type == "text")


async def test_mcp_tools_name_the_secrets_type_them_on_their_origin_and_never_return_them(
        session: ClientBrowser, server: TestServer, cross_server: TestServer) -> None:
    server.html("/secrets-login-done", "<title>Welcome</title><h1>Signed in</h1>")
    async with mcp.Client(create_server("commands", session=session).server) as client:
        tools = (await client.list_tools()).tools
        assert f"{{{{secret:PW}}}} on {server.prefix}" in (tools[0].description or "")
        assert PW not in str(tools)

        async def call(command: str) -> str:
            return text(await client.call_tool("browser", {"command": command}))

        answers = [await call(f"open {server.url('/secrets-login.html')}?cross={COLLECTOR}"),
                   await call("fill #user alice"), await call("fill #pw {{secret:PW}}"),
                   await call("wait --text \"You typed\""),
                   await call("get title"), await call("snapshot"), await call("get url"), await call("console"),
                   await call("get value #copy")]
        assert "Sign in as {{secret:PW}}" in "\n".join(answers)
        answers.append(await call(f"open {cross_server.url('/secrets-phish.html')}"))
        refused = await call("fill #grab {{secret:PW}}")
        assert f"the page is at {cross_server.prefix}" in refused and "nothing was typed" in refused
    async with mcp.Client(create_server("coding", session=session).server) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        assert "{{secret:PW}}" in (tools["browser_fill"].description or "")
        assert "{{secret:PW}}" not in (tools["browser_inspect"].description or "")
        refused_too = text(await client.call_tool("browser_fill", {"target": "Confirm password",
                                                                   "value": "{{secret:PW}}"}))
        assert "nothing was typed" in refused_too
    assert leaks("\n".join([*answers, refused, refused_too])) == []
