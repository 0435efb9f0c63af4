# Generated from src/refwright/_async/resolve/_act.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""``act <request>``: one step of a plain-language request, resolved locally, or a clear refusal."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..._errors import RefwrightError, RefwrightTimeoutError
from ...resolve._changes import summarize_changes
from ...resolve._labels import fold
from ...resolve._model import (
    CLICKABLE,
    SLIDER_KINDS,
    TEXT_KINDS,
    Control,
    Inspection,
    describe,
    frames_note,
)
from ...resolve._outcome import StepResult
from ...resolve.grammar._clauses import UnsupportedRequestError, parse_request
from ...resolve.grammar._plan import STATE_KINDS, Kind, Part, Plan, Target
from ...resolve.matching._covers import cover_request
from ...resolve.matching._leftover import several_fields
from ...resolve.matching._match import (
    AmbiguousTargetError,
    DisabledTargetError,
    Match,
    TargetNotFoundError,
    find_target,
)
from ...resolve.matching._select import (
    OPTION_KINDS,
    click_match,
    field_match,
    fill_fields,
    holds,
    is_secret,
    number_text,
    opens_submenu,
    option_hits,
    option_set,
    popup_dismiss,
    resolve_name,
    select_done,
    speaks_of_popup,
)
from ...resolve.matching._spotting import label_words, spotted_click, verb_misfit
from ...resolve.matching._submit_names import named_submit, summed_up
from ...resolve.matching._values import field_value
from ...resolve.state._finish import REPEAT, offer_submit, with_note
from ...resolve.state._memory import Memo, ResolverState
from ...resolve.state._status import done_text, pending_parts
from ...safety._secrets import has_token
from ...snapshot._format import counted
from ..tab._fill import TextNotEnteredError, fill_text, not_entered
from ._answer import step_answer, step_highlight
from ._do import act_on_control, copy_between, note_held, select_label, set_slider
from ._guess import step_guess
from ._inspection import ACT_LIMIT, inspect_page, settle
from ._items import step_item
from ._more import step_lookup, step_scroll, step_sliders, step_suggest
from ._numbered import step_classify, step_until
from ._paged import step_result
from ._picker import pick_date
from ._reveal import step_expand, step_find, step_menu, wait_visible
from ._secret import enter_password, fill_secret
from ._spot import run_step, step_spot
from ._step import Step, click_step, did_text
from ._submit import step_submit

if TYPE_CHECKING:
    from ..tab._tab import Tab

__all__ = ["act"]

# Kinds that click or submit: text the request asked for must be in place before them.
_AFTER_TEXT = frozenset({Kind.CLICK, Kind.SUBMIT, Kind.FIND, Kind.MENU, Kind.EXPAND})
# Kinds that put text in place (they must be done before a click or submit that follows them).
_TEXT_KINDS = frozenset({Kind.FILL, Kind.LOOKUP, Kind.SUGGEST, Kind.ANSWER})

# Each step function reads the part at `index` of `plan` and returns what it did.
StepFn = Callable[["Tab", ResolverState, Plan, int, Inspection, Memo], Step]


# ---------------------------------------------------------------------------------------------------
# Steps


def _step_click(session: Tab, state: ResolverState, plan: Plan, index: int, inspection: Inspection,
                      memo: Memo) -> Step:
    part = plan.parts[index]
    try:
        match = click_match(part, inspection)
    except TargetNotFoundError:
        named = named_submit(part, inspection)
        spotted = spotted_click(part, inspection) if named is None else None
        if spotted is not None:
            return click_step(session, state, inspection, spotted,
                                    lambda: memo.mark(index, f"clicked {describe(spotted.control, with_ref=False)}"),
                                    "the request names its label")
        if named is None:
            raise
        control, why = named
        return Step("", False, state.propose(inspection, control, "click", why,
                                             on_done=lambda: memo.mark(index, f"submitted with {control.label!r}"),
                                             reason="it submits the form (what was entered is sent)"))
    following = plan.parts[index + 1] if index + 1 < len(plan.parts) else None
    if opens_submenu(match.control, following, inspection):
        act_on_control(session, inspection, match.control, "hover", lambda loc, t: loc.hover(timeout=t))
        if following is not None and following.targets[0].label:
            wait_visible(session, following.targets[0].label)
        memo.mark(index, f"opened {describe(match.control, with_ref=False)}")
        return Step(f"Opened {describe(match.control)} by hovering ({match.how}): it opens the submenu the "
                    "request goes on in")
    note = f"clicked {describe(match.control, with_ref=False)}"
    return click_step(session, state, inspection, match, lambda: memo.mark(index, note),
                        "the request asks to click it")


def _step_focus(session: Tab, state: ResolverState, plan: Plan, index: int, inspection: Inspection,
                      memo: Memo) -> Step:
    part = plan.parts[index]
    match = find_target(part.targets, inspection.controls, TEXT_KINDS | CLICKABLE | {"select"})
    act_on_control(session, inspection, match.control, "click", lambda loc, t: loc.click(timeout=t))
    memo.mark(index, f"focused {describe(match.control, with_ref=False)}")
    return Step(did_text(match, "Focused (clicked into)"))


def _step_fill(session: Tab, state: ResolverState, plan: Plan, index: int, inspection: Inspection,
                     memo: Memo) -> Step:
    part = plan.parts[index]
    value = part.value or ""
    field = part.field or Target(role="textbox")
    several_fields(part, inspection)
    if has_token(value):
        text = fill_secret(session, part, inspection, field, value)
        done_note = text.split(" (", 1)[0]
        memo.mark(index, done_note[:1].lower() + done_note[1:])
        return Step(text)
    if is_secret(field):
        count, how = enter_password(session, inspection.token, field, value)
        memo.mark(index, f"entered the password into {count} field(s)")
        return Step(f"Entered the requested password into {count} password field(s) ({how}; it is never read back)")
    try:
        match = fill_fields(part, inspection)
    except TargetNotFoundError:
        if field.label is None or field.every:
            raise
        # "the verify field": no text field is named so, but a password field may be ("Verify password").
        count, how = enter_password(session, inspection.token, field, value, by_word=True)
        memo.mark(index, f"entered the password into {count} field(s)")
        return Step(f"Entered the requested password into {count} password field(s) ({how}; it is never read back)")
    # Each field gets the value in the form it holds (a date input takes 2017-10-20 for 10/20/2017).
    typed = [(c, field_value(c.input_type, value)) for c in match.controls]
    pending = [(c, v) for c, v in typed if not holds(c, v, inspection.token)]
    if len(pending) == 1 and pending[0][0].readonly and not pending[0][0].disabled:
        picked = pick_date(session, inspection, pending[0][0], value)
        if picked is not None:
            return Step(picked)
    for done, (c, v) in enumerate(pending):
        try:
            act_on_control(session, inspection, c, "fill", fill_text(v))
        except TextNotEnteredError:
            before = f"{done} other field(s) were filled before it." if done else "Nothing else was done."
            now = (inspect_page(session, limit=ACT_LIMIT)).get(c.id)
            if now is not None and now.disabled:
                # A popup that opened on focus and disabled the form: it is closed, and the text typed again.
                raise DisabledTargetError(f"{describe(c)} went disabled while the text was typed (a popup may have "
                                          f"disabled the page). {before}") from None
            raise not_entered(describe(c), f"{before} Run `inspect` to see the page as it is now.") from None
    shown = ", ".join(describe(c) for c, _ in pending)
    converted = next((c for c, v in pending if v != value), None)
    how = f"{match.how}; written as the {converted.input_type} field takes it" if converted else match.how
    return Step(f"Entered the requested text ({counted(len(value), 'character')}) into {shown} ({how})")


def _step_copy(session: Tab, state: ResolverState, plan: Plan, index: int, inspection: Inspection,
                     memo: Memo) -> Step:
    part = plan.parts[index]
    source = find_target(part.targets, inspection.controls, TEXT_KINDS,
                         what=f"a field to copy from: {part.targets[0].describe()}")
    target = field_match(part.field or Target(role="textbox"), inspection, exclude=source.control.id)
    copy_between(session, source.control.id, target.control.id, describe(source.control),
                       describe(target.control))
    names = (describe(source.control, with_ref=False), describe(target.control, with_ref=False))
    memo.mark(index, f"copied {names[0]} into {names[1]}")
    return Step(f"Copied the text of {describe(source.control)} ({source.how}) into {describe(target.control)} "
                 f"({target.how}); the text is not shown")


def _step_names(session: Tab, state: ResolverState, plan: Plan, index: int, inspection: Inspection,
                      memo: Memo) -> Step:
    part = plan.parts[index]
    on = part.value != "off"
    if not part.labels:
        note_held(session, inspection, part)  # kept as an empty list of boxes, for a run that names some
        memo.mark(index, "selected nothing")
        return Step("Selected nothing, as asked")
    if on and len(part.labels) > 1 and option_set(part.labels, inspection) is not None:
        # Names that are all options of one multiple select ("choose A and B"): chosen together, as the list
        # form of the request would choose them, never one replacing the other.
        several = Part(Kind.OPTION, part.text, labels=(", ".join(part.labels), *part.labels), value="several")
        mine = Plan(plan.request, (*plan.parts[:index], several, *plan.parts[index + 1:]))
        return _step_option(session, state, mine, index, inspection, memo)
    resolved = [(name, *resolve_name(name, inspection)) for name in part.labels]
    boxes = [(n, c) for n, how, c, _ in resolved if how == "checkbox" and c.checked != on]
    if boxes:
        risky = [c for _, c in boxes if c.approval]
        safe = [c for _, c in boxes if not c.approval]
        if safe:
            verb = "check" if on else "uncheck"
            for c in safe:
                act_on_control(session, inspection, c, verb, lambda loc, t: loc.set_checked(on, timeout=t))
            rest = len(part.labels) - len(safe)
            done_text = "Checked" if on else "Unchecked"
            more = f"; {rest} other name(s) already set or handled next" if rest else ""
            return Step(f"{done_text} {', '.join(describe(c) for c in safe)} (exact checkbox labels{more})",
                         complete=not risky and len(boxes) == len(safe) and
                         all(how == "checkbox" for _, how, _, _ in resolved))
        c = risky[0]
        return Step("", False, state.propose(inspection, c, "click", "a checkbox the request names"))
    for name, how, control, option in resolved:
        if how == "radio" and control.checked != on:
            if control.approval:
                return Step("", False, state.propose(inspection, control, "click",
                                                     "the radio the request names"))
            act_on_control(session, inspection, control, "check", lambda loc, t: loc.check(timeout=t))
            return Step(f"Checked the radio {describe(control)} (label {name!r})", complete=len(resolved) == 1)
        if how == "option" and not select_done(control, option, inspection.token):
            act_on_control(session, inspection, control, "select", select_label(option))
            return Step(f"Selected the option {option!r} in {describe(control)}", complete=len(resolved) == 1)
        if how == "click" and fold(name) not in memo.clicked_names:
            misfit = verb_misfit(part, control, on)
            if misfit:
                raise RefwrightError(misfit)

            def mark(n: str = name) -> None:
                memo.clicked_names.add(fold(n))
            match = Match((control,), "label of a " + control.kind, Target(label=name))
            return click_step(session, state, inspection, match, mark, "the request names it")
    memo.mark(index, "selected " + ", ".join(repr(n) for n in part.labels))
    return Step("Everything named is already selected")


def _step_option(session: Tab, state: ResolverState, plan: Plan, index: int, inspection: Inspection,
                       memo: Memo) -> Step:
    part = plan.parts[index]
    label = part.labels[0]
    hits = option_hits(label, inspection)
    if not hits and part.value == "several":
        several = option_set(part.labels[1:], inspection)
        if several is not None:
            control, names = several
            disabled = [n for n in names if dict(control.options).get(n)]
            if disabled:
                raise RefwrightError(f"The option {disabled[0]!r} of {describe(control)} is disabled, so it cannot be "
                                     "chosen. Nothing was done.")
            act_on_control(session, inspection, control, "select",
                                 lambda loc, t: loc.select_option(label=names, timeout=t))
            memo.mark(index, "selected " + ", ".join(map(repr, names)))
            return Step(f"Selected the options {', '.join(map(repr, names))} in {describe(control)} (exact options of "
                         "a multiple select)")
    if len(hits) > 1:
        listed = ", ".join(f"{describe(c)} option {o!r}" for c, o in hits[:6])
        raise AmbiguousTargetError(f"Ambiguous: {len(hits)} options match {label!r}: {listed}. Nothing was done; use "
                              "`selectexact @eN <option>` on the list you mean.")
    if hits:
        control, option = hits[0]
        if dict(control.options).get(option):
            raise RefwrightError(f"The option {option!r} of {describe(control)} is disabled, so it cannot be chosen.")
        act_on_control(session, inspection, control, "select", select_label(option))
        memo.mark(index, f"selected {option!r}")
        return Step(f"Selected the option {option!r} in {describe(control)} (an exact option of a native select)")
    try:
        match = find_target([Target(label=label)], inspection.controls, OPTION_KINDS)
    except TargetNotFoundError:
        closed = [c for c in inspection.controls if c.kind in ("combobox", "select", "button") and c.popup
                  and "expanded" not in c.states]
        if len(closed) == 1:
            c = closed[0]
            act_on_control(session, inspection, c, "click", lambda loc, t: loc.click(timeout=t))
            return Step(f"Opened {describe(c)} to show its options (the only collapsed list on the page)", False)
        raise
    note = f"chose {label!r}"
    return click_step(session, state, inspection, match, lambda: memo.mark(index, note),
                        "the option the request names")


def _step_slider(session: Tab, state: ResolverState, plan: Plan, index: int, inspection: Inspection,
                       memo: Memo) -> Step:
    part = plan.parts[index]
    value = float(part.value or "0")
    match = find_target([Target(role="slider")], inspection.controls, SLIDER_KINDS, what="a slider")
    how = set_slider(session, inspection, match.control, value)
    memo.mark(index, f"set the slider to {number_text(value)}")
    return Step(f"Set {describe(match.control)} to {number_text(value)} ({match.how}; {how})")


def _step_check(session: Tab, state: ResolverState, plan: Plan, index: int, inspection: Inspection,
                      memo: Memo) -> Step:
    part = plan.parts[index]
    match = find_target(part.targets, inspection.controls, {"radio", "checkbox"})
    if match.control.approval:
        note = f"checked {describe(match.control, with_ref=False)}"
        return Step("", False, state.propose(inspection, match.control, "click", f"matched by {match.how}",
                                             on_done=lambda: memo.mark(index, note)))
    act_on_control(session, inspection, match.control, "check", lambda loc, t: loc.check(timeout=t))
    memo.mark(index, f"checked {describe(match.control, with_ref=False)}")
    return Step(did_text(match, "Checked"))


def _dismiss_popup(session: Tab, state: ResolverState, inspection: Inspection, control: Control,
                         missing: str) -> Step:
    match = Match((control,), "the button that closes the popup", Target(label=control.label))
    step = click_step(session, state, inspection, match, lambda: None,
                        f"a popup is all the page shows, and {missing} is not visible behind it")
    if step.proposal is None:
        step = Step(f"Dismissed the popup with {describe(control)}: {missing} could not be reached while it was "
                     "open", complete=False)
    else:
        step.complete = False
    return step


# ---------------------------------------------------------------------------------------------------


# One step per kind of part; each reads the part at `index` of `plan`.
_STEPS: dict[Kind, StepFn] = {
    Kind.CLICK: _step_click,
    Kind.FOCUS: _step_focus,
    Kind.MENU: step_menu,
    Kind.FILL: _step_fill,
    Kind.COPY: _step_copy,
    Kind.NAMES: _step_names,
    Kind.OPTION: _step_option,
    Kind.SLIDER: _step_slider,
    Kind.SLIDERS: step_sliders,
    Kind.SCROLL: step_scroll,
    Kind.SUGGEST: step_suggest,
    Kind.LOOKUP: step_lookup,
    Kind.ANSWER: step_answer,
    Kind.HIGHLIGHT: step_highlight,
    Kind.CLASSIFY: step_classify,
    Kind.UNTIL: step_until,
    Kind.GUESS: step_guess,
    Kind.RESULT: step_result,
    Kind.CHECK: _step_check,
    Kind.FIND: step_find,
    Kind.SUBMIT: step_submit,
    Kind.EXPAND: step_expand,
    Kind.ITEM: step_item,
}
# A clause read by the label it names, and a `set X to V`: carried out by the step of the kind they are.
_STEPS[Kind.SPOT] = _STEPS[Kind.SET] = functools.partial(step_spot, _STEPS)
# Parts whose target no rule read: never a target to reach by closing a popup or opening things.
_SPOTTED = frozenset({Kind.SPOT, Kind.SET})


def _names_nothing(plan: Plan, inspection: Inspection) -> bool:
    """Whether ``plan`` is one click whose target no control matches."""
    if len(plan.parts) != 1 or plan.parts[0].kind not in (Kind.CLICK, Kind.SPOT):
        return False
    try:
        click_match(plan.parts[0], inspection)
    except TargetNotFoundError:
        return True
    except RefwrightError:
        return False
    return False


def act(session: Tab, request: str, *, new: bool = False) -> StepResult:
    """Carry out ONE step of ``request`` without a model, or refuse with a reason and what to do next."""
    state = session.resolving.state
    before = inspect_page(session, limit=ACT_LIMIT, texts=True)
    try:
        # The words the page's labels show are never read as typos of filler words.
        plan: Plan | None = parse_request(request, label_words(before))
    except UnsupportedRequestError as exc:
        plan, unsupported = None, exc
    # A request about a cover ("Accept the cookies") that names nothing on the page is a click on one of
    # the cover's buttons.
    instead = cover_request(request, before) if plan is None or _names_nothing(plan, before) else None
    if instead is not None:
        plan = parse_request(instead)
    elif plan is None:
        raise unsupported
    memo, afresh = state.memo_for(plan.request, new, before.token, before.fingerprint)
    result = _act_step(session, state, plan, before, memo)
    return with_note(result, afresh) if afresh else result


def _act_step(session: Tab, state: ResolverState, plan: Plan, before: Inspection, memo: Memo) -> StepResult:
    pending = pending_parts(plan, before, memo)
    if not pending:
        repeat = memo.finished is not None
        if plan.repeatable:
            memo.finished = before.fingerprint
        result = StepResult(done_text(memo), done=True)
        return with_note(result, REPEAT) if repeat else offer_submit(state, plan, before, memo, result)
    # Parts the page already shows as done are remembered as done, so that once a later step takes their
    # control away (a wizard's Next), they are not asked for again.
    for i, part in enumerate(plan.parts):
        if part.kind in STATE_KINDS and i not in pending and i not in memo.done:
            memo.mark(i, f"found already done: {part.describe()}")
            note_held(session, before, part)
    index = pending[0]
    if summed_up(plan, index):
        # "Can you sign me in? The username's ann..., then hit Login": the first clause says what the request
        # comes to, and its later click does it; it is never clicked before the steps between.
        memo.mark(index, f"read {plan.parts[index].text!r} as what the request sums up")
        return _act_step(session, state, plan, before, memo)
    # Text the request asked for must be in place before anything is clicked or submitted.
    if plan.parts[index].kind in _AFTER_TEXT:
        unfilled = [i for i in range(index) if plan.parts[i].kind in _TEXT_KINDS and i in pending]
        if unfilled:
            raise RefwrightError("The request's text fields are not filled yet, so nothing was clicked. Run act again "
                                 "to fill them first.")
    try:
        step = run_step(_STEPS, session, state, plan, index, before, memo)
    except (TargetNotFoundError, RefwrightTimeoutError, DisabledTargetError) as exc:
        # A popup that appeared (on focus, say) and hides, covers or disables the page is closed first, as a
        # person would. When the action timed out or its control was disabled, the popup may have come after
        # `before`: the page is read again.
        timed_out = isinstance(exc, RefwrightTimeoutError)
        late = timed_out or isinstance(exc, DisabledTargetError)
        now = inspect_page(session, limit=ACT_LIMIT, texts=True) if late else before
        named = [t.label for p in plan.parts for t in p.targets if t.label] + [n for p in plan.parts for n in p.labels]
        dismiss = popup_dismiss(now, covering=timed_out, disabled=isinstance(exc, DisabledTargetError), named=named,
                                only=plan.dismiss)
        if dismiss is None or plan.parts[index].kind in _SPOTTED or speaks_of_popup(plan.request):
            if isinstance(exc, TargetNotFoundError) and before.frames:
                raise TargetNotFoundError(str(exc) + frames_note(before)) from None
            raise
        part = plan.parts[index]
        missing = part.targets[0].describe() if part.targets else part.field.describe() if part.field else "the target"
        before = now
        step = _dismiss_popup(session, state, now, dismiss, missing)
    if step.proposal is not None:
        return step.proposal
    if step.complete and plan.parts[index].kind in STATE_KINDS and index not in memo.done:
        memo.mark(index, step.text[0].lower() + step.text[1:] if step.text else plan.parts[index].describe())
    settle(session)
    after = inspect_page(session, limit=ACT_LIMIT, texts=True)
    state.follow(before.token, after.token)
    changes = summarize_changes(before, after)
    remaining = pending_parts(plan, after, memo)
    first = step.text + "."
    if not remaining:
        # The page the last step began on: the same words on a page whose controls changed since then
        # (the click moved a wizard on) ask for the step again.
        if plan.repeatable:
            memo.finished = before.fingerprint
        return offer_submit(state, plan, after, memo, StepResult(f"Done: {first}\n{changes}", done=True))
    nxt = plan.parts[remaining[0]].describe()
    return StepResult(f"{first}\nNext: {nxt} — run act again.\n{changes}")

