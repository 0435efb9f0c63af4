# Generated from src/refwright/_async/resolve/_more.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""Steps for scrolling a box and setting several sliders at once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...resolve._labels import match_labels
from ...resolve._model import SLIDER_KINDS, TEXT_KINDS, Inspection, describe, value_hash
from ...resolve.grammar._plan import Plan, Target
from ...resolve.matching._match import AmbiguousTargetError, TargetNotFoundError, find_target
from ...resolve.matching._select import OPTION_KINDS, field_match, number_text
from ...resolve.state._memory import Memo, ResolverState
from ...snapshot._format import counted
from ..tab._fill import fill_text
from ..tab._script_recording import note_element, note_wheel, noted_done
from ._do import act_on_control, set_slider
from ._inspection import ACT_LIMIT, element_locator, inspect_page, run_resolver_op
from ._step import Step

if TYPE_CHECKING:
    from ..tab._tab import Tab

__all__ = ["step_lookup", "step_scroll", "step_sliders", "step_suggest"]

# Tenths of a second to wait for suggestions after typing.
_SUGGEST_WAITS = 15

# Far enough to reach the end of any box; the wheel stops at its bottom.
_TO_THE_END = 100_000


def step_scroll(session: Tab, state: ResolverState, plan: Plan, index: int, inspection: Inspection,
                      memo: Memo) -> Step:
    """Scroll a box to its end with the mouse wheel over it, as a person does (a page that counts scrolling
    sees real wheel events)."""
    part = plan.parts[index]
    kinds = TEXT_KINDS | {"select", "listbox", "option", "pointer", "link", "button", "checkbox", "radio"}
    match = find_target(part.targets, inspection.controls, kinds, what=f"a box to scroll: {part.targets[0].describe()}")
    up = part.value == "top"
    # A disabled box still scrolls (a user agreement often is one): no check that it is enabled.
    box = element_locator(session, inspection.token, match.control.id)
    noted = note_element(session, box, match.control.label, "hover")
    box.hover(timeout=session.config.timeouts.action)
    noted_done(noted)
    session.pw.mouse.wheel(0, -_TO_THE_END if up else _TO_THE_END)
    note_wheel(session, 0, -_TO_THE_END if up else _TO_THE_END)
    where = "its top" if up else "its end"
    memo.mark(index, f"scrolled {describe(match.control, with_ref=False)} to {where}")
    return Step(f"Scrolled {describe(match.control)} to {where} with the mouse wheel ({match.how})")


def step_sliders(session: Tab, state: ResolverState, plan: Plan, index: int, inspection: Inspection,
                       memo: Memo) -> Step:
    """Set the page's sliders, in page order, to the request's values, one value each."""
    part = plan.parts[index]
    values = [float(v) for v in part.labels]
    sliders = [c for c in inspection.controls if c.kind in SLIDER_KINDS]
    if len(sliders) != len(values):
        raise TargetNotFoundError(f"The request gives {len(values)} values for the sliders, and the page shows "
                             f"{len(sliders)} slider(s). Nothing was done; set each one with `setrange @eN <value>`.")
    done = []
    for control, value in zip(sliders, values, strict=True):
        set_slider(session, inspection, control, value)
        done.append(f"{describe(control)} to {number_text(value)}")
    memo.mark(index, "set the sliders to " + ", ".join(number_text(v) for v in values))
    return Step("Set " + ", ".join(done) + " (the sliders in page order, one value each)")


def step_suggest(session: Tab, state: ResolverState, plan: Plan, index: int, inspection: Inspection,
                       memo: Memo) -> Step:
    """Type the start of a value so the field suggests, then click the one suggestion that fits."""
    part = plan.parts[index]
    start, end = part.labels
    fits = [c for c in inspection.controls if c.kind in OPTION_KINDS and c.label.casefold().startswith(start.casefold())
            and c.label.casefold().endswith(end.casefold())]
    if len(fits) == 1:
        control = fits[0]
        fit = f"starts with {start!r}" + (f" and ends with {end!r}" if end else "")
        note = f"chose the suggestion {control.label!r}"
        # Kept so the field is checked for it: a menu may take the click for the item it had active.
        memo.read[index] = [control.label, *memo.read.get(index, [])[1:]]
        if control.approval:
            # A suggestion drawn as a custom pointer target is approved like any other.
            return Step("", False, state.propose(inspection, control, "click", f"the only suggestion that {fit}",
                                                 on_done=lambda: memo.mark(index, note)))
        act_on_control(session, inspection, control, "click", lambda loc, t: loc.click(timeout=t))
        memo.mark(index, note)
        return Step(f"Chose the suggestion {describe(control)} (the only one that {fit})")
    if len(fits) > 1:
        listed = ", ".join(describe(c) for c in fits[:8])
        raise AmbiguousTargetError(
            f"Ambiguous: {len(fits)} suggestions fit: {listed}. Nothing was done; click the one you "
                              "mean (`click @eN`).")
    if index in memo.read and len(memo.read[index]) == 1:
        # The suggestion was clicked but the field holds something else: type its start once more.
        memo.read[index].append("again")
        memo.done.discard(index)
        memo.tried.discard(index)
    if index in memo.tried:
        raise TargetNotFoundError(f"No suggestion appeared that starts with {start!r}" +
                             (f" and ends with {end!r}" if end else "") + ". Nothing more was done; run `inspect` to "
                             "see the page.")
    field = field_match(part.field or Target(role="textbox"), inspection)
    act_on_control(session, inspection, field.control, "fill", fill_text(start))
    memo.tried.add(index)
    # Suggestions often come after a delay (a request, a debounce): wait a little for the first ones.
    for _ in range(_SUGGEST_WAITS):
        session.pw.wait_for_timeout(100)
        now = inspect_page(session, limit=ACT_LIMIT)
        if any(c.kind in OPTION_KINDS and c.label.casefold().startswith(start.casefold()) for c in now.controls):
            break
    return Step(f"Typed {start!r} into {describe(field.control)} ({field.how}) to show its suggestions", complete=False)


def _value_for(key: str, pairs: list[tuple[str, str]]) -> str:
    """The value the page shows for ``key``: exactly one pair whose key matches, else a refusal."""
    _tier, hits = match_labels(key, [k for k, _ in pairs])
    values = sorted({pairs[i][1] for i in hits})
    if len(values) == 1:
        return values[0]
    shown = ", ".join(repr(k) for k, _ in pairs[:12]) or "none"
    if not values:
        raise TargetNotFoundError(f"The page shows no value for {key!r}. Nothing was done. Keys it shows: {shown}.")
    raise AmbiguousTargetError(f"Ambiguous: the page shows {len(values)} values for {key!r}. Nothing was done.")


def step_lookup(session: Tab, state: ResolverState, plan: Plan, index: int, inspection: Inspection,
                      memo: Memo) -> Step:
    """Enter the value the page shows for a key (a table row, a definition) into a field; with no key, each
    empty labelled field gets the value shown for its label."""
    part = plan.parts[index]
    pairs = [(str(k), str(v)) for k, v in (run_resolver_op(session, "pairs"))["pairs"]]
    if part.labels:
        value = _value_for(part.labels[0], pairs)
        fields = [(field_match(part.field or Target(role="textbox"), inspection).control, value)]
    else:
        empty = value_hash(inspection.token, "")
        fields = [(c, _value_for(c.label, pairs)) for c in inspection.controls
                  if c.kind in TEXT_KINDS and c.label and c.value_hash == empty and not c.disabled]
        if not fields:
            raise TargetNotFoundError("No empty labelled text field is visible to fill. Nothing was done.")
    for control, value in fields:
        act_on_control(session, inspection, control, "fill", fill_text(value))
    memo.mark(index, "entered the values the page shows")
    if part.labels:
        (control, value), = fields
        return Step(f"Entered the value the page shows for {part.labels[0]!r} "
                    f"({counted(len(value), 'character')}) into "
                    f"{describe(control)} (a table row or definition names the key)")
    done = ", ".join(f"{describe(c)} ({counted(len(v), 'character')})" for c, v in fields)
    return Step(f"Entered into {done} the value the page shows for each field's label (a table row or definition "
                "names it)")
