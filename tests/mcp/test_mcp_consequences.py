"""MCP tools that run actions answer with what the action set off (a new tab, a download, a navigation), in
the same tool result: the commands profile's `browser` tool and the coding profile's `browser_action`."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio

import mcp
from refwright import Config
from refwright.mcp import ClientBrowser, create_server

from ..server import TestServer
from .wire import text

pytestmark = pytest.mark.asyncio(loop_scope="session")


@pytest_asyncio.fixture(loop_scope="session")
async def session() -> AsyncIterator[ClientBrowser]:
    # The answers here are read for their notes; test_action_changes reads the Changes: lines over MCP.
    shared = ClientBrowser(config=Config(allow_private=True, action_changes=False))
    yield shared
    await shared.close()


def links(server: TestServer) -> tuple[str, str]:
    terms = server.html("/terms.html", "<title>Terms</title><p>terms")
    home = server.html("/links.html", f"""<title>Links</title>
      <a href="{terms}" target=_blank>Terms in a new tab</a>
      <a href="/echo?body=a,b&type=text/csv" download="report.csv">Download report</a>
      <a href="{terms}">Read the terms</a>""")
    return home, terms


async def test_the_browser_tool_tells_what_a_click_set_off(session: ClientBrowser, server: TestServer) -> None:
    home, terms = links(server)
    async with mcp.Client(create_server("commands", session=session).server) as client:
        async def browser(command: str) -> str:
            result = await client.call_tool("browser", {"command": command})
            assert not result.is_error, text(result)
            return text(result)

        await browser(f"open {home}")
        assert await browser('click "text=Terms in a new tab"') == (
            f'Clicked text=Terms in a new tab\nNote: A new tab [t2] opened ("{terms}"); run `tab t2` to switch to it.')
        assert await browser('click "text=Download report"') == (
            'Clicked text=Download report\nNote: A download of "report.csv" was refused; nothing was saved. The user '
            'can have downloads saved with Config(downloads="save").')
        assert await browser('click "text=Read the terms"') == (
            f"Clicked text=Read the terms\nNote: The page navigated to {terms} — Terms.")


async def test_a_coding_profile_action_tells_what_it_set_off(session: ClientBrowser, server: TestServer) -> None:
    home, terms = links(server)
    async with mcp.Client(create_server("coding", session=session).server) as client:
        async def call(name: str, **args: Any) -> str:
            result = await client.call_tool(name, args)
            assert not result.is_error, text(result)
            return text(result)

        await call("browser_navigate", url=home)
        out = await call("browser_action", request="click Terms in a new tab")
        assert f'Note: A new tab [t2] opened ("{terms}"); run `tab t2` to switch to it.' in out, out
        out = await call("browser_action", request="click Download report")
        assert 'Note: A download of "report.csv" was refused; nothing was saved.' in out, out
