# Generated from src/refwright/_async by scripts/unasync.py: edit the async code, not this file.
"""Steps for scrolling a box and setting several sliders at once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...resolve._match import TargetNotFound, find_target
from ...resolve._model import SLIDER_KINDS, TEXT_KINDS, Inspection, describe
from ...resolve._plan import Plan
from ...resolve._select import number_text
from ...resolve._state import Memo, ResolverState
from ._do import set_slider
from ._inspect import element_locator
from ._step import Step

if TYPE_CHECKING:
    from .._session import Session

__all__ = ["step_scroll", "step_sliders"]

# Far enough to reach the end of any box; the wheel stops at its bottom.
_TO_THE_END = 100_000


def step_scroll(session: Session, state: ResolverState, plan: Plan, index: int, inspection: Inspection,
                      memo: Memo) -> Step:
    """Scroll a box to its end with the mouse wheel over it, as a person does (a page that counts scrolling
    sees real wheel events)."""
    part = plan.parts[index]
    kinds = TEXT_KINDS | {"select", "listbox", "option", "pointer", "link", "button", "checkbox", "radio"}
    match = find_target(part.targets, inspection.controls, kinds, what=f"a box to scroll: {part.targets[0].describe()}")
    up = part.value == "top"
    # A disabled box still scrolls (a user agreement often is one): no check that it is enabled.
    element_locator(session, inspection.token, match.control.id).hover(timeout=session.config.timeouts.action)
    session.pw.mouse.wheel(0, -_TO_THE_END if up else _TO_THE_END)
    where = "its top" if up else "its end"
    memo.mark(index, f"scrolled {describe(match.control, with_ref=False)} to {where}")
    return Step(f"Scrolled {describe(match.control)} to {where} with the mouse wheel ({match.how})")


def step_sliders(session: Session, state: ResolverState, plan: Plan, index: int, inspection: Inspection,
                       memo: Memo) -> Step:
    """Set the page's sliders, in page order, to the request's values, one value each."""
    part = plan.parts[index]
    values = [float(v) for v in part.labels]
    sliders = [c for c in inspection.controls if c.kind in SLIDER_KINDS]
    if len(sliders) != len(values):
        raise TargetNotFound(f"The request gives {len(values)} values for the sliders, and the page shows "
                             f"{len(sliders)} slider(s). Nothing was done; set each one with `setrange @eN <value>`.")
    done = []
    for control, value in zip(sliders, values, strict=True):
        set_slider(session, inspection, control, value)
        done.append(f"{describe(control)} to {number_text(value)}")
    memo.mark(index, "set the sliders to " + ", ".join(number_text(v) for v in values))
    return Step("Set " + ", ".join(done) + " (the sliders in page order, one value each)")
