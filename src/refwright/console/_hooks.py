"""The hooks that connect one page's agent run to a console, in-process or over HTTP alike.

``page_hooks`` gives ``run_agent`` its ``on_event`` and ``approve`` and installs the page's policy confirm
callback, so the action policy's confirmations reach the same person as the resolver's proposals.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from ..agent import AgentEvent, ApprovalRequest, Decision, policy_request
from ._crop import crop_around, step_shot
from ._event_json import event_json

if TYPE_CHECKING:
    from .. import Page
    from ..safety import ActionType

__all__ = ["Ask", "Report", "page_hooks"]

Ask = Callable[[ApprovalRequest, "bytes | None"], Awaitable[Decision]]
Report = Callable[[dict[str, Any]], Awaitable[None]]
_REF = re.compile(r"@(e\d+)\b")


def page_hooks(page: Page, ask: Ask, report: Report) -> tuple[Callable[[AgentEvent], Awaitable[None]],
                                                              Callable[[ApprovalRequest], Awaitable[Decision]]]:
    """``(on_event, approve)`` for ``run_agent`` on ``page``: events and screenshots go to ``report``
    (``{"type": "shot", "data": jpeg}`` after each command), questions with a crop of the target to ``ask``."""
    current = {"command": ""}

    async def on_event(event: AgentEvent) -> None:
        data = event_json(event)
        if data is None:
            return
        if data["type"] == "command":
            current["command"] = data["command"]
        await report(data)
        if data["type"] == "result":
            shot = await step_shot(page.playwright_page)
            if shot is not None:
                await report({"type": "shot", "data": shot})

    async def approve(request: ApprovalRequest) -> Decision:
        return await ask(request, await crop_around(page.playwright_page, request))

    async def confirm(action: ActionType, url: str) -> bool:
        found = _REF.search(current["command"])
        entry = page.ref(found.group(1)) if found else None
        request = policy_request(action.value, url, role=entry.role if entry else "",
                                 name=entry.name if entry else "", ref=f"@{entry.ref}" if entry else "",
                                 command=current["command"])
        return (await approve(request)).allowed

    page.set_policy_confirm_callback(confirm)
    return on_event, approve
