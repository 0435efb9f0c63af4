"""How a finished request is answered (pure): a note about the whole request, and the offer of a submit
the request did not ask for."""

from __future__ import annotations

from dataclasses import replace

from .._model import Inspection, describe
from .._outcome import StepResult
from ..grammar._plan import Plan
from ..matching._select import submit_offer
from ._memory import Memo, ResolverState

__all__ = ["REPEAT", "offer_submit", "with_note"]


def with_note(result: StepResult, note: str) -> StepResult:
    """A sentence about the request as a whole goes right after the first line (which stays ``Done:`` or
    ``Needs approval:``, as callers read it)."""
    first, sep, rest = result.output.partition("\n")
    return replace(result, output=f"{first}\n{note}{sep}{rest}")


REPEAT = ("It was already done, and the page's controls have not changed since. To do it again, run "
        "`act --new <request>`.")


def offer_submit(state: ResolverState, plan: Plan, inspection: Inspection, memo: Memo,
                 result: StepResult) -> StepResult:
    """A form-filling request is done; the page's one submit button is offered (once) as a proposal the
    request did not ask for: nothing is sent unless the person confirms it."""
    control = submit_offer(inspection) if plan.fills_a_form and not memo.offered else None
    if control is None:
        return result
    memo.offered = True
    note = f"submitted with {describe(control, with_ref=False)} (offered, then confirmed)"
    offer = state.propose(inspection, control, "click", "not part of the request, offered because every part of it "
                          "is done and this is the page's only submit button",
                          on_done=lambda: memo.notes.append(note))
    text = offer.output.replace("Needs approval: ", "", 1)
    return replace(result, output=f"{result.output}\nOffered, not asked for: {text}", token=offer.token)
