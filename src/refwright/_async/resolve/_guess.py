"""A guessing game played from the page's feedback: each guess halves the range the feedback leaves
("higher than 4", "lower than 7"), is typed into the field and sent with the request's button."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..._errors import RefwrightError
from ...resolve._model import CLICKABLE, Control, Inspection, describe
from ...resolve._outcome import StepResult
from ...resolve.grammar._numbers import feedback_of, guess_bounds
from ...resolve.grammar._plan import Part, Plan, Target
from ...resolve.matching._match import AmbiguousTargetError, TargetNotFoundError, find_target
from ...resolve.matching._select import field_match, submit_candidates
from ...resolve.state._memory import Memo, ResolverState
from ..tab._fill import fill_text
from ._answer import read_blocks
from ._do import act_on_control
from ._inspection import ACT_LIMIT, inspect_page
from ._step import Step

if TYPE_CHECKING:
    from ..tab._tab import Tab

__all__ = ["step_guess"]


def _button(part: Part, inspection: Inspection) -> Control:
    """The button that sends a guess: the one the request names, else the page's only submit button."""
    if part.targets:
        return find_target(part.targets, inspection.controls, CLICKABLE).control
    found = submit_candidates(inspection)
    if len(found) != 1:
        listed = ", ".join(describe(c) for c in found[:6]) or "none"
        raise AmbiguousTargetError(f"Which button sends the guess? Submit buttons: {listed}. Nothing was done; name it "
                                   "(guess the number between 1 and 10 and press Check).")
    return found[0]


async def step_guess(session: Tab, state: ResolverState, plan: Plan, index: int, inspection: Inspection,
                     memo: Memo) -> Step:
    """One guess: read the feedback on the last one, type the middle of what is left, and send it."""
    part = plan.parts[index]
    facts = memo.read.setdefault(index, [])
    guesses = [f for f in facts if f.startswith("?")]
    for block in await read_blocks(session):
        said = feedback_of(block.text)
        if said == "=" and guesses:
            memo.mark(index, f"guessed the number: {guesses[-1][1:]}")
            return Step(f"The page says the last guess, {guesses[-1][1:]}, was right ({block.text!r})")
        if said and said != "=" and said not in facts:
            facts.append(said)
    lo, hi = guess_bounds(int(part.labels[0]), int(part.labels[1]), facts)
    if lo > hi:
        raise TargetNotFoundError(f"The page's feedback leaves no number between {part.labels[0]} and "
                                  f"{part.labels[1]} ({', '.join(f for f in facts if not f.startswith('?'))}). "
                                  "Nothing more was done.")
    guess = (lo + hi) // 2
    field = field_match(Target(role="textbox"), inspection)
    await act_on_control(session, inspection, field.control, "fill", fill_text(str(guess)))
    facts.append(f"?{guess}")
    said = (f"Typed {guess} into {describe(field.control)} (guess {len(guesses) + 1}: the page's feedback so far "
            f"leaves {lo} to {hi}, and {guess} is in the middle)")
    now = await inspect_page(session, limit=ACT_LIMIT)
    button = _button(part, now)
    if button.approval:
        proposal = state.propose(now, button, "click", "the request's button, to send the guess")
        if proposal.token is None:
            raise RefwrightError("The guess could not be proposed for sending. Nothing more was done.")
        return Step("", False, StepResult(f"{said}.\n{proposal.output}", token=proposal.token))
    await act_on_control(session, now, button, "click", lambda loc, t: loc.click(timeout=t))
    return Step(f"{said}, and pressed {describe(button)} to send it", complete=False)
