# Generated from src/refwright/_async/resolve/_decide.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""``act`` with a decision provider: when the local resolver refuses, the provider picks one control."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..._bridge import run_coroutine
from ...resolve._changes import summarize_changes
from ...resolve._labels import first_sentence
from ...resolve._model import CLICKABLE, TEXT_KINDS, describe
from ...resolve._outcome import StepResult
from ...resolve.grammar._clauses import UnsupportedRequestError
from ...resolve.matching._match import AmbiguousTargetError, TargetNotFoundError
from ...resolve.state._decisions import Decider, decide_reply, parse_decision
from ..visual._fallback import ocr_fallback
from ._act import act as act_locally
from ._do import act_on_control
from ._inspection import ACT_LIMIT, inspect_page, settle

if TYPE_CHECKING:
    from ..tab._tab import Tab

__all__ = ["act"]

def act(session: Tab, request: str, *, new: bool = False) -> StepResult:
    """One step of ``request``: resolved locally, else picked by the page's decision provider, if any."""
    try:
        return act_locally(session, request, new=new)
    except (UnsupportedRequestError, TargetNotFoundError, AmbiguousTargetError) as refusal:
        if isinstance(refusal, TargetNotFoundError):
            seen = ocr_fallback(session, request, refusal)
            if seen is not None:
                return seen
        provider = session.window.decider
        if provider is None:
            raise
        return _decide(session, provider, request, refusal)


def _decide(session: Tab, provider: Decider, request: str, refusal: Exception) -> StepResult:
    before = inspect_page(session, limit=ACT_LIMIT, texts=True)
    reply = run_coroutine(decide_reply(provider, request, before))
    control, reason = parse_decision(reply, before)
    how = f"picked by the decision provider: {reason}"
    if control.approval:
        return session.resolving.state.propose(before, control, "click", how)
    if control.kind not in CLICKABLE | TEXT_KINDS | {"select"}:
        return StepResult(f"The decision provider picked {describe(control)}, which act can only click or focus; "
                          "nothing was done. Use the bounded actions (setfield, selectexact, setrange) on its ref.")
    act_on_control(session, before, control, "click", lambda loc, t: loc.click(timeout=t))
    settle(session)
    after = inspect_page(session, limit=ACT_LIMIT, texts=True)
    return StepResult(f"Clicked {describe(control)} ({how}). The local resolver could not: "
                      f"{first_sentence(str(refusal))}\n{summarize_changes(before, after)}")
