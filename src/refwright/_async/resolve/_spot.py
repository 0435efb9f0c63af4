"""A clause read by spotting the label it names, or a ``set X to V``: the part of a known kind it is on this
page (``refwright.resolve.matching._spotting``), carried out by that kind's own step."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING

from ...resolve._model import Inspection
from ...resolve.grammar._plan import Kind, Plan
from ...resolve.matching._spotting import concrete_part
from ...resolve.state._memory import Memo, ResolverState
from ._step import Step

if TYPE_CHECKING:
    from ..tab._tab import Tab

__all__ = ["step_spot"]

StepFn = Callable[["Tab", ResolverState, Plan, int, Inspection, Memo], Awaitable[Step]]


async def step_spot(steps: Mapping[Kind, StepFn], session: Tab, state: ResolverState, plan: Plan, index: int,
                    inspection: Inspection, memo: Memo) -> Step:
    part = plan.parts[index]
    concrete = concrete_part(part, inspection)
    mine = Plan(plan.request, (*plan.parts[:index], concrete, *plan.parts[index + 1:]))
    step = await steps[concrete.kind](session, state, mine, index, inspection, memo)
    if step.proposal is None and step.complete and index not in memo.done:
        memo.mark(index, step.text[:1].lower() + step.text[1:] if step.text else concrete.describe())
    return step
