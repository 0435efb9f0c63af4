"""Steps decided by a number the page shows: each number marked by its own choice ("Mark the numbers as odd
or even"), and a button pressed until the number it shows is the one asked for ("Generate an even number")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..._errors import RefwrightError
from ...resolve._labels import fold
from ...resolve._model import CLICKABLE, Control, Inspection, describe
from ...resolve.grammar._numbers import class_of, fits, parse_number, wanted_text
from ...resolve.grammar._plan import Plan, Target
from ...resolve.matching._match import AmbiguousTargetError, TargetNotFoundError, find_target
from ...resolve.state._memory import Memo, ResolverState
from ._answer import read_blocks
from ._do import act_on_control
from ._inspection import run_resolver_op
from ._step import Step

if TYPE_CHECKING:
    from ..tab._tab import Tab

__all__ = ["step_classify", "step_until"]

# Presses of a button before act gives up on the number it shows (a fair draw of 0-10 is even 6 times in 11).
_TRIES = 12


async def _rows(session: Tab, choices: list[Control]) -> dict[int, tuple[str, dict[str, list[Control]]]]:
    """The rows the choices are in, by the id of the row: the one number each row shows, and its choices."""
    near = (await run_resolver_op(session, "numberNear", ids=[c.id for c in choices]))["items"]
    rows: dict[int, tuple[str, dict[str, list[Control]]]] = {}
    for control, item in zip(choices, near, strict=True):
        if item.get("box"):
            _n, row = rows.setdefault(int(item["box"]), (str(item["n"]), {}))
            row.setdefault(fold(control.label), []).append(control)
    return rows


async def step_classify(session: Tab, state: ResolverState, plan: Plan, index: int, inspection: Inspection,
                        memo: Memo) -> Step:
    """Mark each number the page shows by clicking, in its row, the choice its class names."""
    part = plan.parts[index]
    classes = part.labels[:2]
    choices = [c for c in inspection.controls if c.kind in CLICKABLE and fold(c.label) in classes and not c.disabled]
    rows = await _rows(session, choices) if choices else {}
    if not rows:
        raise TargetNotFoundError(f"The page shows no number next to controls labelled {classes[0]!r} and "
                                  f"{classes[1]!r}. Nothing was done.")
    done = []
    for box, (text, row) in rows.items():
        key = f"row:{box}"
        if key in memo.clicked_names:
            continue
        number = parse_number(text)
        if number is None:
            raise TargetNotFoundError(f"{text!r} is not a number. Nothing more was done.")
        wanted = class_of(number, classes)
        found = row.get(wanted, [])
        if len(found) != 1:
            raise AmbiguousTargetError(f"The row of {text} shows {len(found)} controls labelled {wanted!r}. Nothing "
                                       "more was done; click the one you mean (`click @eN`).")
        control = found[0]
        if control.approval:
            def mark(k: str = key) -> None:
                memo.clicked_names.add(k)
            return Step("", False, state.propose(inspection, control, "click", f"{text} is {wanted}", on_done=mark))
        await act_on_control(session, inspection, control, "click", lambda loc, t: loc.click(timeout=t))
        memo.clicked_names.add(key)
        done.append(f"{text} as {describe(control)}")
    memo.mark(index, f"marked each number as {classes[0]} or {classes[1]}")
    return Step(f"Marked {', '.join(done) or 'nothing more'} (each number's class, {classes[0]} or {classes[1]}, "
                "computed from the number its own row shows)")


async def step_until(session: Tab, state: ResolverState, plan: Plan, index: int, inspection: Inspection,
                     memo: Memo) -> Step:
    """Press the button the request's verb names until the number the page shows is the one asked for."""
    part = plan.parts[index]
    verb, wanted, bound = part.labels
    asked = wanted_text(wanted, bound)
    control = find_target([Target(label=verb)], inspection.controls, CLICKABLE).control
    if control.approval:
        raise RefwrightError(f"{describe(control)} needs approval ({control.risk_reason}), so act does not press it "
                             f"again and again. Nothing was done; press it yourself until the page shows {asked}.")
    before = {b.id: b.text for b in await read_blocks(session) if parse_number(b.text) is not None}
    last = ""
    for tries in range(1, _TRIES + 1):
        await act_on_control(session, inspection, control, "click", lambda loc, t: loc.click(timeout=t))
        now = [b for b in await read_blocks(session) if parse_number(b.text) is not None]
        # The number the press drew: the one that changed, or the only one (a draw may repeat the last).
        changed = [b for b in now if before.get(b.id) != b.text]
        shown = changed or (now if len(now) == 1 else [])
        if len(shown) != 1:
            listed = ", ".join(repr(b.text) for b in now[:6]) or "none"
            raise AmbiguousTargetError(f"After pressing {describe(control)}, act cannot tell which number it drew "
                                       f"(numbers shown: {listed}). Nothing more was done.")
        last = shown[0].text
        number = parse_number(last)
        if number is not None and fits(number, wanted, bound):
            memo.mark(index, f"pressed {control.label!r} until the page showed {last}")
            return Step(f"Pressed {describe(control)} {tries} time(s) until the page showed {last} ({asked}, as asked)")
        before = {b.id: b.text for b in now}
    raise RefwrightError(f"Pressed {describe(control)} {_TRIES} times and the page never showed {asked} (the last was "
                         f"{last}). Nothing more was done.")
