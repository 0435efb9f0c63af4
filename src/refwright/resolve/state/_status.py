"""Which parts of a request are done (pure, no page).

Done from the page's state where the page shows it (a field's value, a box's check, a list's option),
from the request's memory where it cannot (a click, a password, which is never read back).
"""

from __future__ import annotations

from collections.abc import Callable

from ...safety._secrets import has_token
from .._labels import fold
from .._model import SLIDER_KINDS, TEXT_KINDS, Inspection, value_hash
from ..grammar._plan import Kind, Part, Plan, Target
from ..matching._match import AmbiguousTargetError, TargetNotFoundError, find_target
from ..matching._select import (
    field_match,
    fill_fields,
    holds,
    is_secret,
    number_text,
    option_hits,
    option_set,
    resolve_name,
    select_done,
)
from ._memory import Memo

__all__ = ["done_text", "is_done", "pending_parts"]

# Whether a state part holds on the page; `index in memo.done` is each one's fallback.
_Held = Callable[[Part, int, Inspection, Memo], bool]


def _fill_held(part: Part, index: int, inspection: Inspection, memo: Memo) -> bool:
    if is_secret(part.field) or has_token(part.value or ""):
        return index in memo.done
    m = fill_fields(part, inspection)
    return all(holds(c, part.value or "", inspection.token) for c in m.controls)


def _copy_held(part: Part, index: int, inspection: Inspection, memo: Memo) -> bool:
    source = find_target(part.targets, inspection.controls, TEXT_KINDS)
    target = field_match(part.field or Target(role="textbox"), inspection, exclude=source.control.id)
    return index in memo.done or (source.control.value_hash == target.control.value_hash and
                                  source.control.value_hash != value_hash(inspection.token, ""))


def _names_held(part: Part, index: int, inspection: Inspection, memo: Memo) -> bool:
    on = part.value != "off"
    several = option_set(part.labels, inspection) if on and len(part.labels) > 1 else None
    if several is not None:
        # Options of one multiple select, chosen together: the list holds all of them.
        control, names = several
        return control.value_hash == value_hash(inspection.token, "\n".join(names))
    for name in part.labels:
        how, control, option = resolve_name(name, inspection)
        if how in ("checkbox", "radio") and control.checked != on:
            return False
        if how == "option" and not select_done(control, option, inspection.token):
            return False
        if how == "click" and fold(name) not in memo.clicked_names:
            return False
    return True


def _option_held(part: Part, index: int, inspection: Inspection, memo: Memo) -> bool:
    hits = option_hits(part.labels[0], inspection)
    if part.value == "several" and not hits:
        several = option_set(part.labels[1:], inspection)
        if several is None:
            return index in memo.done
        control, names = several
        return control.value_hash == value_hash(inspection.token, "\n".join(names))
    if len(hits) == 1:
        return select_done(hits[0][0], hits[0][1], inspection.token)
    return index in memo.done


def _slider_held(part: Part, index: int, inspection: Inspection, memo: Memo) -> bool:
    if index in memo.done:
        return True
    sliders = [c for c in inspection.controls if c.kind in SLIDER_KINDS]
    if len(sliders) == 1 and part.value is not None:
        return sliders[0].value_hash == value_hash(inspection.token, number_text(float(part.value)))
    return False


def _check_held(part: Part, index: int, inspection: Inspection, memo: Memo) -> bool:
    return find_target(part.targets, inspection.controls, {"radio", "checkbox"}).control.checked


def _suggest_held(part: Part, index: int, inspection: Inspection, memo: Memo) -> bool:
    # A suggestion clicked is chosen when the field holds it (a menu may have taken another one).
    chosen = memo.read.get(index)
    if index not in memo.done or not chosen:
        return index in memo.done
    field = field_match(part.field or Target(role="textbox"), inspection)
    return holds(field.control, chosen[0], inspection.token)


_HELD: dict[Kind, _Held] = {
    Kind.SUGGEST: _suggest_held,
    Kind.FILL: _fill_held,
    Kind.COPY: _copy_held,
    Kind.NAMES: _names_held,
    Kind.OPTION: _option_held,
    Kind.SLIDER: _slider_held,
    Kind.CHECK: _check_held,
}


def is_done(plan: Plan, index: int, inspection: Inspection, memo: Memo) -> bool:
    """Whether part ``index`` is done; when the page no longer shows its control, memory decides."""
    part = plan.parts[index]
    held = _HELD.get(part.kind)
    if held is None:
        return index in memo.done
    try:
        return held(part, index, inspection, memo)
    except (TargetNotFoundError, AmbiguousTargetError):
        return index in memo.done


def pending_parts(plan: Plan, inspection: Inspection, memo: Memo) -> list[int]:
    return [i for i in range(len(plan.parts)) if not is_done(plan, i, inspection, memo)]


def done_text(memo: Memo) -> str:
    notes = "; ".join(memo.notes[-6:])
    return f"Done: nothing is left of the request{' (' + notes + ')' if notes else ''}."
