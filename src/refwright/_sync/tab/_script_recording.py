# Generated from src/refwright/_async/tab/_script_recording.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""Noting the steps of a run while it is recorded (``page.recording()``): each step that changes the page,
located the way a person would write it (role and name, label, text), taken before the step runs (a click
may leave the page) and kept once it succeeded. Reads and snapshots are not steps."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from playwright.sync_api import Locator

from ..._open_url import normalize_url
from ...commands import ParsedCommand, lookup
from ...replay._heal import family
from ...replay._record import Recording
from ...replay._steps import Check, Step, secret_env, secret_token
from ...resolve._risk import risk_of
from ...snapshot._format import quote
from ...snapshot._refs import parse_ref
from ..pipeline._translate import best_effort
from ..runtime._runtime_engine import scope_for
from ._locating import KIND_ROLES, frame_steps, locate_element

if TYPE_CHECKING:
    from ...resolve._model import Control
    from ._tab import Tab

__all__ = [
    "Noted",
    "add_answer_checks",
    "locate_element",
    "note_command",
    "note_control",
    "note_drag",
    "note_element",
    "note_key",
    "note_no_items",
    "note_password",
    "note_request",
    "note_set",
    "note_wheel",
    "noted_done",
    "recorded_so_far",
]

_FACTS = """el => ({pw: el.type === 'password', kind: el.localName,
  sub: el.type === 'submit' || (el.localName === 'button' && !el.getAttribute('type') && !!el.form)})"""
_OWN_NAME = "el => el.getAttribute('aria-label') || el.getAttribute('title') || el.textContent || ''"


@dataclass
class Noted:
    """A step taken before it ran; ``noted_done`` keeps it once it succeeded."""

    recording: Recording
    step: Step
    locator: Locator | None = None
    password: bool = False
    read_value: bool = False


def _recording(session: Tab) -> Recording | None:
    """The recording of the session's window: a tab opened during a recorded run is recorded in it too."""
    for member in (session, *(e.member for e in session.tabs.entries if e.member is not session)):
        rec = member.work.recording
        if isinstance(rec, Recording) and rec.recording:
            return rec
    return None


def _tab(session: Tab) -> str:
    """The session's tab id in its window (``t2``), which tells the script's tabs apart."""
    return next((e.tab_id for e in session.tabs.entries if e.member is session), "")


def note_command(session: Tab, parsed: ParsedCommand) -> Noted | None:
    """Take the step a command line makes (None for reads, and when nothing is recorded)."""
    rec = _recording(session)
    if rec is None:
        return None
    names = {ref: f"{entry.role} {quote(entry.name)}" for ref, entry in session.view.refs.latest.items()}
    spec = parsed.spec
    if spec.request_words == "text":  # the request in the model's words, as act read it
        rec.set_request(rec.scrub(parsed.text_from(0)), names)
    elif spec.request_words == "line":
        rec.set_request("")  # a command line says no more than the statement written from it
    # The Playwright step the spec says the command is kept as.
    action = spec.recorded_as
    if action == "goto" and parsed.args:
        return Noted(rec, Step("goto", value=normalize_url(parsed.args[0]), tab=_tab(session)))
    if action == "press" and parsed.args:
        return Noted(rec, Step("press", value=parsed.args[0], request=rec.request, tab=_tab(session)))
    ref = parse_ref(parsed.args[0]) if action and parsed.args else None
    entry = session.view.refs.latest.get(ref) if ref else None
    if action is None or entry is None:
        return None
    if action == "drag":
        onto = parse_ref(parsed.args[1]) if len(parsed.args) > 1 else None
        target = session.view.refs.latest.get(onto) if onto else None
        if target is None:
            return None
        return note_drag(session, session.locator(parsed.args[0]), entry.role, entry.name,
                               session.locator(parsed.args[1]), target.role, target.name, frames=entry.frames)
    value = parsed.text_from(1) if action in ("fill", "select") else None
    return _take(session, rec, session.locator(parsed.args[0]), entry.role, entry.name, action, value,
                       frames=entry.frames)


def note_drag(session: Tab, source: Locator, role: str, name: str, destination: Locator, onto_role: str,
                    onto_name: str, frames: tuple[str, ...] | None = None) -> Noted | None:
    """Take a drag of ``source`` onto ``destination`` (in the same document): both located as a person would
    find them."""
    rec = _recording(session)
    if rec is None:
        return None
    where = session.view.frame_path if frames is None else frames
    noted = _take(session, rec, source, role, name, "drag", None, frames=where)
    if noted is None:
        return None
    handle = None
    with best_effort():  # a drop place that cannot be read now is not written into the script
        handle = destination.element_handle(timeout=1_000)
    if handle is None:
        return None
    try:
        with best_effort() as read:
            to = locate_element(scope_for(session.pw, where), handle, _as_role(onto_role), onto_name)
        if read.failed:
            return None
    finally:
        handle.dispose()
    noted.step = replace(noted.step, to=to or Step("", role=_as_role(onto_role), by="none", meant=onto_name))
    return noted


def _as_role(role: str) -> str:
    return "" if role in ("generic", "none", "presentation") else role


def note_request(session: Tab, request: str) -> None:
    """The request the next steps come from, when they come from the typed API (``page.act``) rather than a
    command line."""
    rec = _recording(session)
    if rec is not None:
        rec.set_request(rec.scrub(request))


def note_control(session: Tab, locator: Locator, control: Control, command: str,
                       among: Sequence[Control] = ()) -> Noted | None:
    """Take the step the local resolver is about to make on ``control`` (its value is read back after).
    ``among`` are the controls the page showed: a control no locator finds keeps its place among those of its
    kind, which is what healing finds it by when its name is only a nearby text."""
    rec = _recording(session)
    # The resolver's step is kept as the Playwright call its command is recorded as; a drag is noted with its
    # drop place by note_drag.
    spec = lookup(command)
    action = spec.recorded_as if spec is not None and spec.recorded_as != "drag" else None
    if rec is None or action is None:
        return None
    # A control with no ARIA role (a clickable text, an icon) is found by its label, title or text instead.
    role = control.role if control.role not in ("", "generic") else KIND_ROLES.get(control.kind, control.kind)
    noted = _take(session, rec, locator, role, control.label, action, None)
    # Only a name read from nearby text (a slider's readout) moves with the control; a shared name (an icon in
    # every row) is left to healing's name matching, where a tie fails rather than take the one at that place.
    if noted is not None and noted.step.by == "none" and among and control.label_source == "nearby":
        kind = family(control.role or control.kind)
        same = [c for c in among if kind in (family(c.role or c.kind), family(c.kind))]
        if control in same:
            noted.step = replace(noted.step, place=(same.index(control), len(same)))
    return noted


def note_element(session: Tab, locator: Locator, name: str, action: str) -> Noted | None:
    """Take a step the local resolver makes on an element it found by its own reading of the page rather than
    as a listed control (a collapsed section's header, a calendar's arrows and days): located by its text or
    label, as a person would find it. ``name`` empty: the element's own label or text."""
    rec = _recording(session)
    if rec is None:
        return None
    if not name:
        with best_effort() as read:  # gone meanwhile: nothing to write
            name = " ".join(str(locator.evaluate(_OWN_NAME, timeout=1_000)).split())
        if read.failed:
            return None
    return _take(session, rec, locator, "", name, action, None)


def note_no_items(session: Tab, role: str, action: str) -> None:
    """The request asked for none of the page's ``role`` elements ("select nothing"): kept as ``action`` on each
    of an empty list, so the script has the list as a parameter for a run that names some."""
    rec = _recording(session)
    if rec is not None:
        rec.add(Step(action, role=role, loop=role, request=rec.request, tab=_tab(session)))


def recorded_so_far(session: Tab) -> int:
    """How many steps the recording holds now (-1 when nothing is recorded): where ``note_set`` starts."""
    rec = _recording(session)
    return len(rec.steps) if rec is not None else -1


def note_set(session: Tab, since: int, locator: Locator, control: Control, action: str, value: str,
                   among: Sequence[Control] = ()) -> None:
    """The steps noted since ``since`` (a slider's focus and arrow presses, a calendar's clicks) kept as one step
    on ``control`` that says what they did: ``slide`` it to ``value``, or ``pick_date`` ``value`` in it. Another
    run gives it another value, and refwright finds its own way there."""
    rec = _recording(session)
    if rec is None or since < 0:
        return
    noted = note_control(session, locator, control, "focus", among)
    if noted is not None:
        rec.collapse(since, replace(noted.step, action=action, value=value))


def note_key(session: Tab, key: str) -> None:
    """A key the local resolver pressed on the focused element (a slider's arrows): kept as pressed, the
    same key pressed again in a row counted into one repeated step (``Recording.add``)."""
    rec = _recording(session)
    if rec is None:
        return
    rec.add(Step("press", value=key, request=rec.request, tab=_tab(session)))


def note_wheel(session: Tab, dx: float, dy: float) -> None:
    """The mouse wheel turned where the pointer is (a box scrolled to its end, as a person does)."""
    rec = _recording(session)
    if rec is not None:
        rec.add(Step("wheel", value=f"{dx:g}, {dy:g}", request=rec.request, tab=_tab(session)))


def note_password(session: Tab, locator: Locator, value: str, label: str) -> None:
    """A password the resolver typed: the step reads it from the environment; the value is never written."""
    rec = _recording(session)
    if rec is None:
        return
    rec.add_secret(value)
    noted = _take(session, rec, locator, "textbox", label, "fill", None)
    if noted is not None:
        noted.password = True
        noted_done(noted)


def noted_done(noted: Noted | None) -> None:
    """The step succeeded: keep it, with the value the field holds now when it was not given."""
    if noted is None:
        return
    step = noted.step
    rec = noted.recording
    token = secret_token(step.value or "")
    if token is not None:
        step = replace(step, value=None, secret=secret_env(token))
    elif noted.password:
        if step.value:
            rec.add_secret(step.value)
        step = replace(step, value=None, secret=secret_env(step.name or "password"), field="password")
    elif noted.read_value and noted.locator is not None:
        value, options = _current_value(noted.locator)
        step = replace(step, value=value, options=options)
    rec.add(step)


def _current_value(locator: Locator) -> tuple[str, tuple[str, ...]]:
    """The field's value, or the labels of the options chosen (each of them, in a list that takes several)."""
    script = ("el => el.localName === 'select' ? [Array.from(el.selectedOptions).map(o => o.label), el.multiple] "
              ": [[el.value ?? el.textContent ?? ''], false]")
    chosen: list[str] = []
    multiple = False
    with best_effort():  # gone, or slow: the step is kept without the value it had
        chosen, multiple = locator.evaluate(script, timeout=1_000)
    labels = tuple(str(c) for c in chosen)
    return ", ".join(labels), labels if multiple else ()


def _take(session: Tab, rec: Recording, locator: Locator, role: str, name: str, action: str,
                value: str | None, frames: tuple[str, ...] | None = None) -> Noted | None:
    """The step ``action`` on ``locator``'s element, located in its document; ``frames`` (the selectors of the
    iframes on the way, outermost first) default to the frame the session is in."""
    where = session.view.frame_path if frames is None else frames
    handle = None
    with best_effort():  # an element that cannot be read now is not written into the script
        handle = locator.element_handle(timeout=1_000)
    if handle is None:
        return None
    _note_shown(session, rec)
    try:
        with best_effort() as read:
            facts: dict[str, Any] = handle.evaluate(_FACTS)
            located = locate_element(scope_for(session.pw, where), handle, role, name)
            inside = frame_steps(session.pw, where)
        if read.failed:
            return None
    finally:
        handle.dispose()
    if located is None or inside is None:
        # No role, name, label or text finds it: the script says so at this step rather than leave it out.
        located = Step("", role=role, by="none", meant=name)
    else:
        located = replace(located, frames=inside)
    risk, _ = risk_of({"button": "button"}.get(role, role), name, submits=bool(facts.get("sub")))
    step = replace(located, action=action, value=value, request=rec.request, risk=risk, tab=_tab(session))
    return Noted(rec, step, locator, password=bool(facts.get("pw")) and action == "fill",
                 read_value=value is None and action in ("fill", "select"))


_SHOWN = "() => document.body ? document.body.innerText : ''"
# The names the page's controls go by (a button's text, a field's label, an option): labels, never an outcome.
_LABELS = """() => Array.from(document.querySelectorAll(`button, a, label, option, summary, legend, select, input,
  textarea, [role=button], [role=link], [role=tab], [role=menuitem], [role=option], [role=checkbox], [role=radio]`))
  .flatMap(e => [e.innerText || e.textContent || '', e.getAttribute('aria-label') || '', e.getAttribute('title') || '',
    e.getAttribute('placeholder') || '', e.type === 'submit' || e.type === 'button' ? e.value || '' : ''])
  .map(t => t.trim()).filter(t => t && t.length <= 200)"""
# What a page says about a step's outcome: a status line, an alert, a live region, an output.
_STATUS = """() => Array.from(document.querySelectorAll(`[role=status], [role=alert], [aria-live]:not([aria-live=off]),
  output`)).filter(e => e.checkVisibility ? e.checkVisibility() : e.offsetParent !== null)
  .map(e => (e.innerText || '').trim()).filter(t => t && t.length <= 200)"""


def _note_shown(session: Tab, rec: Recording) -> None:
    """The lines the page shows before a step: a closing check is never one of them (a label that was there
    before the run acted says nothing about what it achieved)."""
    with best_effort():  # a page between documents: its lines are read at the next step
        rec.note_shown(str(session.pw.evaluate(_SHOWN)))


def add_answer_checks(session: Tab, rec: Recording, answer: str) -> None:
    """Close the script with checks on what the run achieved, as the page it ended on shows it: each text the
    answer quoted (its evidence; never a line its ``Changes:`` says was removed) and each status text the page
    shows, unless it was a label already there or a name the steps used; else the page the run ended on (its
    URL's path, when the run moved there)."""
    from ...replay._record import answer_quotes

    scope = session.scope
    status: list[str] = []
    with best_effort():  # no labels read: those the steps used are still left out
        rec.note_labels([str(t) for t in session.pw.evaluate(_LABELS)])
    if rec.steps:
        with best_effort():  # no status read: the answer's quotes alone
            status = [str(t) for t in session.pw.evaluate(_STATUS)]
    for text in [*answer_quotes(rec.scrub(answer)), *status]:
        if "[secret]" in text or not rec.is_outcome(text):
            continue
        check = _visible_check(scope, text)
        if check is not None:
            rec.add_check(replace(check, tab=_tab(session)))
    if not rec.checks:
        from urllib.parse import urlsplit

        parts = urlsplit(session.url)
        first = rec.start_url or next((s.value or "" for s in rec.steps if s.action == "goto"), "")
        start = urlsplit(first).path if first else None
        if parts.scheme in ("http", "https", "file") and parts.path not in ("", "/", start):
            rec.add_check(Check(url=parts.path, tab=_tab(session)))


def _visible_check(scope: Any, text: str) -> Check | None:
    """The check that finds ``text`` where the page shows it now (strict: one element, ``exact`` or ``nth``
    when the plain form finds others too), or None when the page does not show it."""
    shown = "els => els.map(e => e.checkVisibility ? e.checkVisibility() : e.offsetParent !== null)"
    with best_effort() as counted:  # a text the page no longer shows is not a check
        loose: list[bool] = scope.get_by_text(text).evaluate_all(shown)
        exact: list[bool] = scope.get_by_text(text, exact=True).evaluate_all(shown) if len(loose) > 1 else []
    if counted.failed or not any(loose):
        return None
    if len(loose) == 1:
        return Check(text=text)
    if len(exact) == 1 and exact[0]:
        return Check(text=text, exact=True)
    if any(exact):
        return Check(text=text, exact=True, nth=exact.index(True))
    return Check(text=text, nth=loose.index(True))
