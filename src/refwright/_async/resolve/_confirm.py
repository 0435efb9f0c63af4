"""``confirm <token>``: carry out a proposal if the page is still the one it was made on."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from ..._errors import RefwrightError
from ...resolve._changes import summarize_changes
from ...resolve._model import control_from_raw
from ...resolve._outcome import StepResult
from ...resolve.state._proposal_book import ProposalError
from ..tab._script_recording import note_drag, noted_done
from ..visual._points import VISUAL_PREFIX, confirm_visual
from ._do import act_on_control
from ._inspection import ACT_LIMIT, element_locator, inspect_page, settle
from ._step import hover_click

if TYPE_CHECKING:
    from ..tab._tab import Tab

__all__ = ["confirm"]


async def confirm(session: Tab, token: str) -> StepResult:
    state = session.resolving.state
    proposal = state.proposals.take(token, time.monotonic())
    if proposal.action.startswith(VISUAL_PREFIX):
        return await confirm_visual(session, proposal)
    before = await inspect_page(session, limit=ACT_LIMIT, texts=True)
    state.proposals.check_page(proposal, url=before.url, fingerprint=before.fingerprint)
    control = before.get(int(proposal.args["id"]))
    if control is None and proposal.args.get("text"):
        # A text that no control covers (a menu entry without a role), proposed as act found it.
        control = control_from_raw({"id": proposal.args["id"], "k": "pointer", "l": proposal.args["text"]})
    if control is None or before.token != proposal.args.get("token"):
        raise ProposalError("Cancelled: the proposed control is no longer on the page. Nothing was done.")
    if proposal.action == "click":
        await act_on_control(session, before, control, "click", hover_click if control.kind == "icon" else
                             lambda loc, t: loc.click(timeout=t))
        verb = "Clicked"
    elif proposal.action == "drag":
        target = before.get(int(proposal.args["target"]))
        if target is None:
            raise ProposalError("Cancelled: the drop target is no longer on the page. Nothing was done.")
        destination = element_locator(session, before.token, target.id)
        source = element_locator(session, before.token, control.id)
        noted = await note_drag(session, source, control.role, control.label, destination, target.role, target.label)
        await act_on_control(session, before, control, "drag", lambda loc, t: loc.drag_to(destination, timeout=t))
        await noted_done(noted)
        verb = "Dragged"
    else:
        raise RefwrightError(f"Unknown proposal action {proposal.action!r}; nothing was done.")
    if proposal.on_done is not None:
        proposal.on_done()
    await settle(session)
    after = await inspect_page(session, limit=ACT_LIMIT, texts=True)
    if proposal.on_done is not None:
        # The proposal was a step of act's request: its memory goes on to the document the step led to.
        state.follow(before.token, after.token)
    summary = proposal.summary.split(" ", 1)[1] if " " in proposal.summary else proposal.summary
    return StepResult(f"Confirmed: {verb} {summary}.\n{summarize_changes(before, after)}")
