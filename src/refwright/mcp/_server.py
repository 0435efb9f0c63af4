"""The MCP server: one profile's tools over the SDK's low-level ``Server``, a tenant (browser, approvals) per
MCP session when isolating them, else one for every caller."""

from __future__ import annotations

import base64
import logging
import time
from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError
from typing import Any

import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import MCPError

from .._async.pipeline._translate import first_line, mapped
from .._async.tab._handover import HANDOFF_ASKER
from .._errors import RefwrightError
from ..safety import clean_text
from ..safety._secrets import Secrets
from ._client_browser import ClientBrowser, is_gone
from ._current_call import CURRENT_CALL
from ._elicitation import Approvals, Asker, InputRequiredError
from ._handoff import handoff_asker
from ._tenants import SHARED_KEY, Tenant, Tenants, sessionless_refusal
from ._tools import CallContext, HangError, Reply, ToolDef, check_args

__all__ = ["RefwrightMcp"]

_log = logging.getLogger(__name__)

# The tools that type text, whose descriptions name the user's secrets.
_TYPING = frozenset({"browser", "browser_fill", "browser_action"})
_INSTRUCTIONS = "A real browser (Chromium) driven through refwright. Every failure says what to do next."


class RefwrightMcp:
    """The server state behind one MCP ``Server``: tools and the tenants (each a browser and its approvals)."""

    def __init__(self, tools: Sequence[ToolDef], tenants: Tenants, *, profile: str, approve_auto: bool = False,
                 hang_limit: float = 120.0, secrets: Secrets | None = None) -> None:
        self.tools = {t.name: t for t in tools}
        self.tenants = tenants
        # Every result leaves through _run, which replaces their values by {{secret:NAME}}.
        self.secrets = secrets or Secrets()
        self.profile = profile
        self.approve_auto = approve_auto
        self.hang_limit = hang_limit
        self.server: Server[Any] = Server(
            "refwright", version=_version(), instructions=_INSTRUCTIONS,
            on_list_tools=self._list_tools, on_call_tool=self._call_tool)

    @property
    def session(self) -> ClientBrowser:
        """The browser of a server that shares one among its callers (not isolating MCP sessions)."""
        return self.tenants.shared_tenant().browser

    @property
    def approvals(self) -> Approvals:
        """The approvals of a server that shares one browser among its callers."""
        return self.tenants.shared_tenant().approvals

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
        try:
            tenant = self.tenants.get(self._tenant_key(ctx))
        except RefwrightError as exc:
            return _error(str(exc))
        asker = Asker(tenant.approvals, ctx.session, ctx.protocol_version, ctx.request_id,
                      params.input_responses, params.request_state)
        call = CallContext(tenant.browser, asker, tenant.approvals, hang_limit=self.hang_limit,
                    approve_auto=self.approve_auto, extra=tenant.extra)
        args = dict(params.arguments or {})
        current = CURRENT_CALL.set(call)
        asking = HANDOFF_ASKER.set(handoff_asker(call))
        tenant.busy += 1
        try:
            return await self._run(tool, args, call, tenant)
        finally:
            tenant.busy -= 1
            tenant.last_used = time.monotonic()
            HANDOFF_ASKER.reset(asking)
            CURRENT_CALL.reset(current)

    def _tenant_key(self, ctx: Any) -> str:
        """The MCP session this call belongs to (its ``Mcp-Session-Id``, which the SDK checked)."""
        if not self.tenants.isolated:
            return SHARED_KEY
        request = getattr(ctx, "request", None)
        key = request.headers.get("mcp-session-id") if request is not None else None
        if not key:
            raise sessionless_refusal(ctx.protocol_version)
        return str(key)

    async def _run(self, tool: ToolDef, args: dict[str, Any], call: CallContext, tenant: Tenant
                   ) -> types.CallToolResult | types.InputRequiredResult:
        result = await self._answer(tool, args, call, tenant)
        if isinstance(result, types.CallToolResult) and self.secrets:
            for block in result.content:
                if isinstance(block, types.TextContent):
                    block.text = self.secrets.scrub(block.text)
        return result

    async def _answer(self, tool: ToolDef, args: dict[str, Any], call: CallContext, tenant: Tenant
                      ) -> types.CallToolResult | types.InputRequiredResult:
        session = tenant.browser
        async with session.lock:
            try:
                check_args(args, tool.schema)
                # The boundary for whatever a tool let through: Playwright's errors leave it as refwright's.
                with mapped():
                    reply = await tool.handler(args, call)
            except InputRequiredError as need:
                return need.result
            except HangError as exc:
                await session.reset()
                return _error(f"The browser hung ({exc}); it was shut down. The next call starts a fresh browser "
                              "on a blank page: open the page again.")
            except RefwrightError as exc:
                if is_gone(exc):  # a dead browser is dropped (again is harmless); the next call starts one
                    await session.reset()
                return _error(str(exc))
            except Exception as exc:
                # The last resort: every failure refwright expects is a RefwrightError by now (Playwright's are
                # translated above), so this is a bug in refwright. It is still the tool's failure, which the
                # model can read and work around, not a fault of the protocol that would end the session.
                _log.exception("the %s tool failed unexpectedly", tool.name)
                if is_gone(exc):  # a browser left half-dead by it is dropped; the next call starts a fresh one
                    await session.reset()
                what = f"{type(exc).__name__}: {first_line(str(exc))}" if str(exc) else type(exc).__name__
                return _error(f"The call failed inside refwright ({what}). This is a bug in refwright, not a fault "
                              "of your call: take a snapshot to see the page, then try again or another way.")
        if isinstance(reply, str):
            reply = Reply(reply)
        content: list[types.ContentBlock] = [types.TextContent(text=reply.text)]
        if reply.png is not None:
            content.append(types.ImageContent(data=base64.b64encode(reply.png).decode(), mime_type="image/png"))
        return types.CallToolResult(content=content)

    async def aclose(self) -> None:
        await self.tenants.close()


def _error(text: str) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(text=clean_text(text))], is_error=True)


def _version() -> str:
    from importlib.metadata import version

    try:
        return version("refwright")
    except PackageNotFoundError:
        return "0"
