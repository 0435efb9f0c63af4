"""What reaches the model when a tool fails: Playwright's errors translated at the boundary (never its own
wording), and anything else said to be refwright's bug, with what to do next."""

from __future__ import annotations

from typing import Any

import pytest

import mcp
from refwright.mcp import ClientBrowser, create_server
from refwright.mcp._tools import CallContext, ToolDef

from ..server import TestServer
from .wire import text

pytestmark = pytest.mark.asyncio(loop_scope="session")

# Playwright's own words, which must not reach the model.
_PLAYWRIGHT_WORDS = ("Locator.count", "InvalidSelectorError", "Page.title", "Target page, context or browser")


def _tool(name: str, handler: Any) -> ToolDef:
    return ToolDef(name, "A tool of the test's own.", {"type": "object", "properties": {}}, handler)


async def test_a_role_playwright_cannot_parse_is_answered_in_refwrights_words(session: ClientBrowser,
                                                                            server: TestServer) -> None:
    srv = create_server("actions", session=session)
    url = server.html("/boundary.html", "<button>ok</button>")
    async with mcp.Client(srv.server) as client:
        opened = await client.call_tool("browser", {"action": "navigate", "url": url})
        assert not opened.is_error, text(opened)
        result = await client.call_tool("browser", {"action": "click", "role": "no such role", "name": "ok"})
    assert result.is_error
    assert text(result) == ('"no such role" is not a role. Give the role as the snapshot shows it, such as button, '
                            "link, textbox or checkbox.")


async def test_a_playwright_error_a_tool_lets_through_reaches_the_model_translated(session: ClientBrowser) -> None:
    async def closes_then_reads(args: dict[str, Any], call: CallContext) -> str:
        page = await call.page()
        await page.playwright_page.close()
        return await page.playwright_page.title()  # Playwright raises: the page is closed

    srv = create_server("commands", session=session)
    srv.tools["closes_then_reads"] = _tool("closes_then_reads", closes_then_reads)
    async with mcp.Client(srv.server) as client:
        result = await client.call_tool("closes_then_reads", {})
        assert result.is_error
        assert text(result) == ("The page or browser was closed or crashed. A fresh page is used for the next "
                                "command: run `open <url>` to continue.")
        assert not any(words in text(result) for words in _PLAYWRIGHT_WORDS)
        # The browser was dropped: the next call works on a fresh one.
        after = await client.call_tool("browser", {"command": "get url"})
        assert not after.is_error, text(after)
        assert text(after) == "about:blank"


async def test_anything_else_is_said_to_be_refwrights_bug(session: ClientBrowser) -> None:
    async def broken(args: dict[str, Any], call: CallContext) -> str:
        return str({}["missing"])

    srv = create_server("commands", session=session)
    srv.tools["broken"] = _tool("broken", broken)
    async with mcp.Client(srv.server) as client:
        result = await client.call_tool("broken", {})
    assert result.is_error
    assert text(result) == ("The call failed inside refwright (KeyError: 'missing'). This is a bug in refwright, not "
                            "a fault of your call: take a snapshot to see the page, then try again or another way.")
