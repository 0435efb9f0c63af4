# Generated from src/refwright/_async/resolve/_spot.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""A clause read by spotting the label it names, or a ``set X to V``: the part of a known kind it is on this
page (``refwright.resolve.matching._spotting``), carried out by that kind's own step."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from ..._errors import RefwrightError
from ...resolve._model import Inspection
from ...resolve.grammar._lexicon import first_verb
from ...resolve.grammar._plan import Kind, Part, Plan, Target
from ...resolve.matching._match import TargetNotFoundError
from ...resolve.matching._spotting import concrete_part
from ...resolve.state._memory import Memo, ResolverState
from ._step import Step

if TYPE_CHECKING:
    from ..tab._tab import Tab

__all__ = ["run_step", "step_spot"]

StepFn = Callable[["Tab", ResolverState, Plan, int, Inspection, Memo], Step]


def step_spot(steps: Mapping[Kind, StepFn], session: Tab, state: ResolverState, plan: Plan, index: int,
                    inspection: Inspection, memo: Memo) -> Step:
    part = plan.parts[index]
    concrete = concrete_part(part, inspection)
    mine = Plan(plan.request, (*plan.parts[:index], concrete, *plan.parts[index + 1:]))
    step = steps[concrete.kind](session, state, mine, index, inspection, memo)
    if step.proposal is None and step.complete and index not in memo.done:
        memo.mark(index, step.text[:1].lower() + step.text[1:] if step.text else concrete.describe())
    return step


# Parts the grammar read whose target may be said with more words than its label ("pick Light under Theme").
_RESPOTTED = frozenset({Kind.CLICK, Kind.NAMES, Kind.CHECK, Kind.OPTION, Kind.FOCUS, Kind.FIND, Kind.FILL})


def run_step(steps: Mapping[Kind, StepFn], session: Tab, state: ResolverState, plan: Plan, index: int,
                   inspection: Inspection, memo: Memo) -> Step:
    """The step of part ``index``; when the target its rule read is not on the page, its clause read again by
    spotting the one control whose label it names, as a clause no rule reads is. When that names no control,
    or several, the rule's own refusal stands."""
    part = plan.parts[index]
    try:
        return steps[part.kind](session, state, plan, index, inspection, memo)
    except TargetNotFoundError as exc:
        spot = _respotted(part, inspection)
        if spot is None:
            raise exc from None
    mine = Plan(plan.request, (*plan.parts[:index], spot, *plan.parts[index + 1:]))
    return step_spot(steps, session, state, mine, index, inspection, memo)


def _respotted(part: Part, inspection: Inspection) -> Part | None:
    """``part`` as a clause to spot, when spotting names another control than the rule read; else None."""
    verb = first_verb(re.findall(r"[\w'-]+", part.text))
    if part.kind not in _RESPOTTED or (verb is None and part.kind != Kind.FILL):
        return None
    # A verbless clause ("German as language") is read as a short one: a field's name and its value, or a label.
    spot = Part(Kind.SPOT, part.text, value=verb) if verb else \
        Part(Kind.SPOT, part.text, targets=(Target(label=part.text),), value="")
    try:
        concrete = concrete_part(spot, inspection)
    except RefwrightError:
        return None
    if concrete.kind == part.kind and concrete.targets == part.targets and concrete.labels == part.labels:
        return None
    if part.kind == Kind.FILL and concrete.kind not in (Kind.FILL, Kind.OPTION, Kind.SLIDER):
        return None  # a value to put somewhere is never a click on a control labelled like it
    return spot
