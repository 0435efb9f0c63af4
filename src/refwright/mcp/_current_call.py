"""The MCP tool call in progress, for the callbacks a client's browser runs inside browser work: the confirm
callback (``--confirm-actions``) and the mode gate (``--mode``). Both ask the person through that call's
client, and both run in the pipeline's authorize stage, so they hold on every path into the page."""

from __future__ import annotations

from contextvars import ContextVar
from typing import Protocol

from ..safety import ActionType

__all__ = ["CURRENT_CALL", "ToolCall", "confirm_through_client", "permit_through_client"]

# Actions that only read: --mode strict does not ask about them (plan refuses them, as it refuses every call).
_READS = frozenset({ActionType.READ_CONTENT, ActionType.SCREENSHOT})


class ToolCall(Protocol):
    async def confirm_action(self, action: ActionType, url: str) -> bool: ...

    async def permit(self, verb: str, url: str | None = None, *, reads: bool = False, detail: str | None = None
                     ) -> None: ...


CURRENT_CALL: ContextVar[ToolCall | None] = ContextVar("refwright_mcp_call", default=None)


async def confirm_through_client(action: ActionType, url: str) -> bool:
    """The confirm callback of an MCP server's browser: the client asks its person (elicitation). Outside a
    tool call there is nobody to ask, which is a no."""
    call = CURRENT_CALL.get()
    return False if call is None else await call.confirm_action(action, url)


async def permit_through_client(action: ActionType, url: str, command: str) -> None:
    """The mode gate of an MCP client's pages: every action the policy allowed passes the call's ``--mode``
    (plan refuses, strict asks the person, auto allows). A navigation is asked about where it goes (an
    "always" covers that origin); any other action by its kind, on the page it acts on (``command``, the
    line, is not shown: see below). Outside a tool call no mode governs (the person's own use of the page)."""
    call = CURRENT_CALL.get()
    if call is None:
        return
    if action is ActionType.NAVIGATE:
        await call.permit("navigate", url)
    else:
        # The question names the action and the page, not the command line: one tool call may run again for
        # each answer (the modern protocol), and a line that differs between runs (a proposal's token) would
        # ask the person again each time.
        await call.permit(action.value.lower(), detail=f"on {url}" if url else None, reads=action in _READS)
