"""``submit the form``: the form's only submit button, proposed for approval (a submit sends what was entered)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...resolve._model import Inspection, describe
from ...resolve.grammar._plan import Plan
from ...resolve.matching._match import AmbiguousTargetError, TargetNotFoundError
from ...resolve.matching._select import submit_candidates
from ...resolve.state._memory import Memo, ResolverState
from ._step import Step

if TYPE_CHECKING:
    from ..tab._tab import Tab

__all__ = ["step_submit"]


async def step_submit(session: Tab, state: ResolverState, plan: Plan, index: int, inspection: Inspection,
                       memo: Memo) -> Step:
    found = submit_candidates(inspection)
    if not found:
        raise TargetNotFoundError("The page shows no enabled submit button, so nothing was submitted.")
    if len(found) > 1:
        listed = ", ".join(describe(c) for c in found[:6])
        raise AmbiguousTargetError(
            f"Ambiguous submit: {listed}. Nothing was done; click the one you mean (`click @eN`).")
    control = found[0]

    note = f"submitted with {describe(control, with_ref=False)}"
    # A submit sends what the form holds, whatever the button is called.
    return Step("", False, state.propose(inspection, control, "click",
                                         "the form's only submit button; the request asks to submit",
                                         on_done=lambda: memo.mark(index, note),
                                         reason="it submits the form (what was entered is sent)"))
