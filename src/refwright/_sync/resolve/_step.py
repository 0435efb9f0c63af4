# Generated from src/refwright/_async/resolve/_step.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""What one step of ``act`` did (its sentence, whether its part is complete, or the proposal it made), and the
click that most steps end in."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from playwright.sync_api import Locator

from ...resolve._model import Inspection, describe
from ...resolve._outcome import StepResult
from ...resolve.matching._match import Match
from ...resolve.state._memory import ResolverState
from ._do import act_on_control

if TYPE_CHECKING:
    from ..tab._tab import Tab

__all__ = ["Step", "click_step", "did_text", "hover_click"]


class Step:
    """What one step did: the sentence, and whether its part is now complete."""

    def __init__(self, text: str, complete: bool = True, proposal: StepResult | None = None) -> None:
        self.text = text
        self.complete = complete
        self.proposal = proposal


def hover_click(loc: Locator, timeout: float) -> None:
    # An icon often swaps its image on hover: the pointer goes there first, so that the click waits for the
    # icon as it is under the pointer (an image still loading has no size to click).
    loc.hover(timeout=timeout)
    loc.click(timeout=timeout)


def did_text(match: Match, verb: str) -> str:
    """The sentence for a step that did ``verb`` to the matched control, saying how it matched."""
    return f"{verb} {describe(match.control)} ({match.how})"


def click_step(session: Tab, state: ResolverState, inspection: Inspection, match: Match,
                     on_done: Callable[[], None], why: str) -> Step:
    """Click the matched control, or propose the click when it needs approval (``why`` says why it was
    chosen); ``on_done`` runs once the click happened."""
    control = match.control
    if control.approval:
        return Step("", complete=False,
                    proposal=state.propose(inspection, control, "click", f"matched by {match.how}; {why}",
                                           on_done=on_done))
    act_on_control(session, inspection, control, "click", hover_click if control.kind == "icon" else
                         lambda loc, t: loc.click(timeout=t))
    on_done()
    return Step(did_text(match, "Clicked"))
