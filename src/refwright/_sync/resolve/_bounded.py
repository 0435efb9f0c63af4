# Generated from src/refwright/_async/resolve/_bounded.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""Bounded actions: each does one narrow thing to an inspected control and never submits a form."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING

from ..._errors import RefwrightError
from ...resolve._changes import summarize_changes
from ...resolve._labels import match_labels
from ...resolve._model import KIND_NAMES, SLIDER_KINDS, TEXT_KINDS, Control, Inspection, describe
from ...resolve._outcome import StepResult
from ...resolve.grammar._plan import Target
from ...resolve.matching._match import find_target
from ...resolve.matching._select import number_text
from ...snapshot._format import counted
from ..tab._fill import TextNotEnteredError, fill_text, not_entered
from ..tab._secret_fields import reveal_on_page
from ._do import act_on_control, checked_to, copy_between, set_slider
from ._inspection import ACT_LIMIT, inspect_page, ref_id, run_resolver_op, settle
from ._picker import pick_date

if TYPE_CHECKING:
    from ..tab._tab import Tab

__all__ = ["copy_field", "drag_to", "select_exact", "set_checks", "set_field", "set_range"]

MAX_CHECKS = 40

_REASONS = {
    "password": "is a password field: refwright never fills, copies or reads passwords through this command. When the "
                "task gives a password, use `act enter the password \"…\" into the password field`",
    "file": "is a file input: refwright does not choose files",
    "hidden": "is hidden: only visible controls are used. Reveal it first (open its section or menu) and inspect again",
    "disabled": "is disabled: nothing can be set on it until the page enables it",
}


def _control(session: Tab, inspection: Inspection, target: str, kinds: Collection[str], what: str) -> Control:
    element_id = ref_id(session, target, inspection)
    if element_id is not None:
        control = inspection.get(element_id)
        if control is None:
            info = run_resolver_op(session, "describe", id=element_id)
            if not info.get("found"):
                raise RefwrightError(f"{target} is gone from the page. Run `inspect` again.")
            reason = _REASONS.get(str(info.get("reason") or ""))
            if reason:
                raise RefwrightError(f"{target} {reason}. Nothing was done.")
            raise RefwrightError(f"{target} is not {what} refwright can use (it is not listed by `inspect`). "
                                 "Nothing was done.")
        if control.kind not in kinds:
            raise RefwrightError(f"{describe(control)} is a {KIND_NAMES.get(control.kind, control.kind)}, not {what}. "
                                 "Nothing was done.")
        return control
    return find_target([Target(label=target)], inspection.controls, kinds, what=f"{what} labelled {target!r}").control


def _finish(session: Tab, before: Inspection, text: str) -> StepResult:
    settle(session)
    after = inspect_page(session, limit=ACT_LIMIT, texts=True)
    return StepResult(f"{text}\n{summarize_changes(before, after)}")


def set_field(session: Tab, target: str, value: str) -> StepResult:
    """Fill a visible text, date or time field with ``value``; nothing is submitted."""
    before = inspect_page(session, limit=ACT_LIMIT, texts=True)
    control = _control(session, before, target, TEXT_KINDS, "a text, date or time field")
    typed = reveal_on_page(session, value)  # a {{secret:NAME}}, only on its origins
    if control.readonly and not control.disabled and typed == value:
        # A read-only date field takes its date from its calendar (how a kept run's pick_date step replays).
        picked = pick_date(session, before, control, value)
        if picked is not None:
            return _finish(session, before, picked + "; nothing was submitted.")
    try:
        act_on_control(session, before, control, "fill", fill_text(typed))
    except TextNotEnteredError:
        raise not_entered(describe(control), "Nothing was done. Run `inspect` to see the page as it is now.") from None
    return _finish(session, before, f"Filled {describe(control)} with the given text "
                                          f"({counted(len(value), 'character')}); nothing was submitted.")


def copy_field(session: Tab, source: str, target: str) -> StepResult:
    """Copy the text of one visible field into another; the text itself is never returned."""
    before = inspect_page(session, limit=ACT_LIMIT, texts=True)
    ids: list[int] = []
    for name in (source, target):
        element_id = ref_id(session, name, before)
        if element_id is None:
            element_id = (_control(session, before, name, TEXT_KINDS, "a text field")).id
        ids.append(element_id)
    copy_between(session, ids[0], ids[1], source, target)
    src, dst = before.get(ids[0]), before.get(ids[1])
    names = [describe(c) if c else n for c, n in ((src, source), (dst, target))]
    return _finish(session, before, f"Copied the text of {names[0]} into {names[1]} (the text is not shown); "
                                       "nothing was submitted.")


def _check_items(items: Mapping[str, bool] | Sequence[str]) -> list[tuple[str, bool]]:
    if isinstance(items, Mapping):
        return [(str(k), bool(v)) for k, v in items.items()]
    out: list[tuple[str, bool]] = []
    for item in items:
        name, on = item, True
        low = item.lower()
        for suffix, state in (("=on", True), ("=off", False), ("=true", True), ("=false", False)):
            if low.endswith(suffix):
                name, on = item[: -len(suffix)], state
                break
        out.append((name, on))
    return out


def set_checks(session: Tab, items: Mapping[str, bool] | Sequence[str]) -> StepResult:
    """Set up to 40 uniquely labelled visible checkboxes (``label``/``label=on`` checks, ``label=off`` clears)."""
    wanted = _check_items(items)
    if not wanted:
        raise RefwrightError("Usage: setchecks <label[=on|off]>... (at least one checkbox).")
    if len(wanted) > MAX_CHECKS:
        raise RefwrightError(f"{len(wanted)} checkboxes asked; at most {MAX_CHECKS} are set in one call. "
                             "Nothing was done.")
    before = inspect_page(session, limit=ACT_LIMIT, texts=True)
    plan: list[tuple[Control, bool]] = []
    for name, on in wanted:
        control = _control(session, before, name, {"checkbox"}, "a checkbox")
        if control.approval:
            raise RefwrightError(f"{describe(control)} is approval-required ({control.risk_reason}); setchecks "
                                 "leaves it alone and nothing was done. Click it through `act` to get a proposal.")
        if control.disabled:
            raise RefwrightError(f"{describe(control)} is disabled; nothing was done.")
        if any(c.id == control.id for c, _ in plan):
            raise RefwrightError(f"{describe(control)} is named twice; nothing was done.")
        plan.append((control, on))
    changed = 0
    for control, on in plan:
        if control.checked != on:
            act_on_control(session, before, control, "check" if on else "uncheck", checked_to(on))
            changed += 1
    on_count = sum(1 for _, on in plan if on)
    text = (f"Set {len(plan)} checkbox(es): {on_count} checked, {len(plan) - on_count} cleared; {changed} changed, "
            f"{len(plan) - changed} already as asked. Nothing was submitted.")
    return _finish(session, before, text)


def select_exact(session: Tab, target: str | None, option: str) -> StepResult:
    """Choose one exact, enabled option of a visible native select (the only select when ``target`` is None)."""
    before = inspect_page(session, limit=ACT_LIMIT, texts=True)
    if target is None:
        control = find_target([Target(role="select")], before.controls, {"select"}, what="a list").control
    else:
        control = _control(session, before, target, {"select"}, "a native select")
    tier, hits = match_labels(option, [o[0] for o in control.options])
    if tier not in ("exact label", "label ignoring case") or not hits:
        shown = ", ".join(repr(o[0]) for o in control.options[:10])
        raise RefwrightError(f"{describe(control)} has no option {option!r}. Nothing was done. Its options: {shown}.")
    if len(hits) > 1:
        raise RefwrightError(f"{describe(control)} has {len(hits)} options labelled {option!r}; nothing was done.")
    label, disabled = control.options[hits[0]]
    if disabled:
        raise RefwrightError(f"The option {label!r} of {describe(control)} is disabled; nothing was done.")
    act_on_control(session, before, control, "select", lambda loc, t: loc.select_option(label=label, timeout=t))
    return _finish(session, before, f"Selected {label!r} in {describe(control)}; nothing was submitted.")


def set_range(session: Tab, target: str | None, value: float) -> StepResult:
    """Set a slider to exactly ``value`` within its bounds and step; restored when it cannot get there."""
    before = inspect_page(session, limit=ACT_LIMIT, texts=True)
    if target is None:
        control = find_target([Target(role="slider")], before.controls, SLIDER_KINDS, what="a slider").control
    else:
        control = _control(session, before, target, SLIDER_KINDS, "a slider")
    how = set_slider(session, before, control, value)
    return _finish(session, before, f"Set {describe(control)} to {number_text(value)} ({how}).")


def drag_to(session: Tab, source: str, target: str) -> StepResult:
    """Propose dragging an inspected draggable onto a declared drop target (always needs ``confirm``)."""
    before = inspect_page(session, limit=ACT_LIMIT)
    src = _control(session, before, source, {"draggable"}, "a draggable item")
    dst = _control(session, before, target, {"droptarget"}, "a declared drop target")
    return session.resolving.state.propose(before, src, "drag", "the caller asked for this drag",
                                  args={"target": dst.id, "target_desc": describe(dst)})
