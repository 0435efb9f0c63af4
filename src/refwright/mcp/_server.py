"""The MCP server: one profile's tools over the SDK's low-level ``Server``, one browser per process."""

from __future__ import annotations

import base64
from collections.abc import Sequence
from typing import Any

import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import MCPError

from .._errors import RefwrightError
from ..safety import clean_text
from ..safety._secrets import Secrets
from ._approval import Approvals, Asker, NeedsInput
from ._session import BrowserSession, is_gone
from ._tools import CURRENT_CALL, Call, HangError, Reply, ToolDef, check_args

__all__ = ["RefwrightMcp"]

# The tools that type text, whose descriptions name the user's secrets.
_TYPING = frozenset({"browser", "browser_fill", "browser_action"})
_INSTRUCTIONS = "A real browser (Chromium) driven through refwright. Every failure says what to do next."


class RefwrightMcp:
    """The server state behind one MCP ``Server``: tools, the browser session and the approvals."""

    def __init__(self, tools: Sequence[ToolDef], session: BrowserSession, approvals: Approvals, *,
                 profile: str, approve_auto: bool = False, hang_limit: float = 120.0,
                 extra: dict[str, Any] | None = None, secrets: Secrets | None = None) -> None:
        self.tools = {t.name: t for t in tools}
        # Every result leaves through _run, which replaces their values by {{secret:NAME}}.
        self.secrets = secrets or Secrets()
        self.session = session
        self.approvals = approvals
        self.profile = profile
        self.approve_auto = approve_auto
        self.hang_limit = hang_limit
        self.extra = dict(extra or {})
        self.server: Server[Any] = Server(
            "refwright", version=_version(), instructions=_INSTRUCTIONS,
            on_list_tools=self._list_tools, on_call_tool=self._call_tool)

    def tool_list(self) -> list[types.Tool]:
        listing = self.secrets.describe()
        return [
            types.Tool(name=t.name, title=t.title, input_schema=t.schema,
                       description=t.description + (f"\n\n{listing}" if listing and t.name in _TYPING else ""),
                       annotations=types.ToolAnnotations(read_only_hint=t.read_only, open_world_hint=True))
            for t in self.tools.values()
        ]

    async def _list_tools(self, ctx: Any, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        return types.ListToolsResult(tools=self.tool_list())

    async def _call_tool(self, ctx: Any, params: types.CallToolRequestParams
                         ) -> types.CallToolResult | types.InputRequiredResult:
        tool = self.tools.get(params.name)
        if tool is None:
            raise MCPError(types.INVALID_PARAMS, f"Unknown tool {params.name!r}; this server has "
                                                 f"{', '.join(self.tools)}.")
        asker = Asker(self.approvals, ctx.session, ctx.protocol_version, ctx.request_id,
                      params.input_responses, params.request_state)
        call = Call(self.session, asker, self.approvals, hang_limit=self.hang_limit,
                    approve_auto=self.approve_auto, extra=self.extra)
        args = dict(params.arguments or {})
        current = CURRENT_CALL.set(call)
        try:
            return await self._run(tool, args, call)
        finally:
            CURRENT_CALL.reset(current)

    async def _run(self, tool: ToolDef, args: dict[str, Any], call: Call
                   ) -> types.CallToolResult | types.InputRequiredResult:
        result = await self._answer(tool, args, call)
        if isinstance(result, types.CallToolResult) and self.secrets:
            for block in result.content:
                if isinstance(block, types.TextContent):
                    block.text = self.secrets.scrub(block.text)
        return result

    async def _answer(self, tool: ToolDef, args: dict[str, Any], call: Call
                      ) -> types.CallToolResult | types.InputRequiredResult:
        async with self.session.lock:
            try:
                check_args(args, tool.schema)
                reply = await tool.handler(args, call)
            except NeedsInput as need:
                return need.result
            except HangError as exc:
                await self.session.reset()
                return _error(f"The browser hung ({exc}); it was shut down. The next call starts a fresh browser "
                              "on a blank page: open the page again.")
            except RefwrightError as exc:
                if is_gone(exc):  # a dead browser is dropped (again is harmless); the next call starts one
                    await self.session.reset()
                return _error(str(exc))
            except Exception as exc:
                if is_gone(exc):
                    await self.session.reset()
                    return _error("The browser crashed or was closed during this call; it was shut down. The next "
                                  "call starts a fresh browser on a blank page: open the page again.")
                # Anything else (a Playwright error refwright does not translate) is still the tool's failure,
                # which the model can read and work around, not a fault of the protocol.
                first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
                return _error(f"The browser call failed: {first}. Take a snapshot to see the page, then try again.")
        if isinstance(reply, str):
            reply = Reply(reply)
        content: list[types.ContentBlock] = [types.TextContent(text=reply.text)]
        if reply.png is not None:
            content.append(types.ImageContent(data=base64.b64encode(reply.png).decode(), mime_type="image/png"))
        return types.CallToolResult(content=content)

    async def aclose(self) -> None:
        await self.session.close()


def _error(text: str) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(text=clean_text(text))], is_error=True)


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("refwright")
    except Exception:
        return "0"
