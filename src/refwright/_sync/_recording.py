# Generated from src/refwright/_async by scripts/unasync.py: edit the async code, not this file.
"""Noting the steps of a run while it is recorded (``page.recording()``): each step that changes the page,
located the way a person would write it (role and name, label, text), taken before the step runs (a click
may leave the page) and kept once it succeeded. Reads and snapshots are not steps."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from playwright.sync_api import FrameLocator, Locator
from playwright.sync_api import Page as PlaywrightPage

from .._url import normalize_url
from ..commands import ParsedCommand
from ..replay._record import Recording
from ..replay._steps import Step, secret_env, secret_token
from ..resolve._risk import risk_of
from ..snapshot._format import quote
from ..snapshot._refs import parse_ref
from ._translate import best_effort

if TYPE_CHECKING:
    from ..resolve._model import Control
    from ._session import Session

__all__ = ["Noted", "add_answer_checks", "locate_element", "note_command", "note_control", "note_password",
           "note_request", "noted_done"]

# Commands whose target is an element, and the step each makes.
_TARGETED = {"click": "click", "dblclick": "dblclick", "fill": "fill", "type": "fill", "check": "check",
             "uncheck": "uncheck", "select": "select", "hover": "hover", "focus": "focus"}
# The resolver's kinds as ARIA roles (what get_by_role takes).
_KIND_ROLES = {"text": "textbox", "date": "textbox", "time": "textbox", "select": "combobox", "range": "slider",
               "handle": "slider", "pointer": "", "draggable": "", "droptarget": ""}
_FACTS = """el => ({pw: el.type === 'password', kind: el.localName,
  sub: el.type === 'submit' || (el.localName === 'button' && !el.getAttribute('type') && !!el.form)})"""
_INDEX = "(els, t) => [els.length, els.indexOf(t)]"


@dataclass
class Noted:
    """A step taken before it ran; ``noted_done`` keeps it once it succeeded."""

    recording: Recording
    step: Step
    locator: Locator | None = None
    password: bool = False
    read_value: bool = False


def _recording(session: Session) -> Recording | None:
    rec = session.work.recording
    return rec if isinstance(rec, Recording) and rec.recording and not session.view.frame_path else None


def note_command(session: Session, parsed: ParsedCommand) -> Noted | None:
    """Take the step a command line makes (None for reads, and when nothing is recorded)."""
    rec = _recording(session)
    if rec is None:
        return None
    names = {ref: f"{entry.role} {quote(entry.name)}" for ref, entry in session.view.refs.latest.items()}
    if parsed.name == "act":  # the request in the model's words, as act read it
        rec.set_request(rec.scrub(parsed.text_from(0)), names)
    elif parsed.name != "confirm":  # a confirmation carries out the request before it
        rec.set_request(rec.scrub(parsed.line), names)
    if parsed.name == "open" and parsed.args:
        return Noted(rec, Step("goto", value=normalize_url(parsed.args[0])))
    if parsed.name == "press" and parsed.args:
        return Noted(rec, Step("press", value=parsed.args[0], request=rec.request))
    action = _TARGETED.get(parsed.name)
    ref = parse_ref(parsed.args[0]) if action and parsed.args else None
    entry = session.view.refs.latest.get(ref) if ref else None
    if action is None or entry is None:
        return None
    value = parsed.text_from(1) if action in ("fill", "select") else None
    return _take(session, rec, session.locator(parsed.args[0]), entry.role, entry.name, action, value)


def note_request(session: Session, request: str) -> None:
    """The request the next steps come from, when they come from the typed API (``page.act``) rather than a
    command line."""
    rec = _recording(session)
    if rec is not None:
        rec.set_request(rec.scrub(request))


def note_control(session: Session, locator: Locator, control: Control, command: str) -> Noted | None:
    """Take the step the local resolver is about to make on ``control`` (its value is read back after)."""
    rec = _recording(session)
    action = {"click": "click", "fill": "fill", "hover": "hover", "focus": "focus", "select": "select",
              "check": "check", "uncheck": "uncheck"}.get(command)
    if rec is None or action is None:
        return None
    role = control.role or _KIND_ROLES.get(control.kind, control.kind)
    if not role:
        return None
    return _take(session, rec, locator, role, control.label, action, None)


def note_password(session: Session, locator: Locator, value: str, label: str) -> None:
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
        step = replace(step, value=None, secret=secret_env(step.name or "password"))
    elif noted.read_value and noted.locator is not None:
        step = replace(step, value=_current_value(noted.locator, step.action))
    rec.add(step)


def _current_value(locator: Locator, action: str) -> str:
    script = ("el => el.localName === 'select' ? Array.from(el.selectedOptions).map(o => o.label).join(', ') "
              ": (el.value ?? el.textContent ?? '')")
    with best_effort():  # gone, or slow: the step is kept without the value it had
        return str(locator.evaluate(script, timeout=1_000))
    return ""


def _take(session: Session, rec: Recording, locator: Locator, role: str, name: str, action: str,
                value: str | None) -> Noted | None:
    handle = None
    with best_effort():  # an element that cannot be read now is not written into the script
        handle = locator.element_handle(timeout=1_000)
    if handle is None:
        return None
    try:
        with best_effort() as read:
            facts: dict[str, Any] = handle.evaluate(_FACTS)
            located = locate_element(session.scope, handle, role, name)
        if read.failed:
            return None
    finally:
        handle.dispose()
    if located is None:
        return None
    risk, _ = risk_of({"button": "button"}.get(role, role), name, submits=bool(facts.get("sub")))
    step = replace(located, action=action, value=value, request=rec.request, risk=risk)
    return Noted(rec, step, locator, password=bool(facts.get("pw")) and action == "fill",
                 read_value=value is None and action in ("fill", "select"))


def locate_element(scope: PlaywrightPage | FrameLocator, handle: Any, role: str, name: str) -> Step | None:
    """The plainest locator that finds exactly the element ``handle``: role and name, then label,
    placeholder and text; ``exact`` and ``nth`` only when the plainer form finds others too."""
    tries: list[tuple[str, Locator, Locator]] = []
    if role and role not in ("generic", "none", "presentation"):
        tries.append(("role", scope.get_by_role(role, name=name or None),  # type: ignore[arg-type]
                      scope.get_by_role(role, name=name or None, exact=True)))  # type: ignore[arg-type]
    if name:
        for by, make in (("label", scope.get_by_label), ("placeholder", scope.get_by_placeholder),
                         ("text", scope.get_by_text)):
            tries.append((by, make(name), make(name, exact=True)))
    fallback: Step | None = None
    for by, loose, exact in tries:
        count, index = loose.evaluate_all(_INDEX, handle)
        if index < 0:
            continue
        step = Step("", role=role, name=name, by=by)
        if count == 1:
            return step
        if not name:
            fallback = fallback or replace(step, nth=index)
            continue
        count, index = exact.evaluate_all(_INDEX, handle)
        if index >= 0 and count == 1:
            return replace(step, exact=True)
        if fallback is None and index >= 0:
            fallback = replace(step, exact=True, nth=index)
    if fallback is None and name and role and role not in ("generic", "none", "presentation"):
        # The name refwright read (a nearby text) is not Playwright's accessible name: the role alone, in order.
        count, index = scope.get_by_role(role).evaluate_all(_INDEX, handle)  # type: ignore[arg-type]
        if index >= 0:
            fallback = Step("", role=role, by="role", nth=index if count > 1 else None, meant=name)
    return fallback


def add_answer_checks(session: Session, rec: Recording, answer: str) -> None:
    """Close the script with checks that show the answer: each text the answer quoted that the page shows,
    else the page the run ended on (its URL's path)."""
    from ..replay._record import quoted_texts
    from ..replay._steps import Check

    scope = session.scope
    for text in quoted_texts(rec.scrub(answer)):
        if "[secret]" in text:
            continue
        with best_effort() as counted:  # a text the page no longer shows is not a check
            loose = scope.get_by_text(text).count()
            exact = scope.get_by_text(text, exact=True).count() if loose > 1 else 0
        if counted.failed:
            continue
        if loose == 1:
            rec.add_check(Check(text=text))
        elif exact == 1:
            rec.add_check(Check(text=text, exact=True))
        elif loose > 1:
            rec.add_check(Check(text=text, exact=exact > 0, nth=0))
    if not rec.checks:
        from urllib.parse import urlsplit

        parts = urlsplit(session.url)
        if parts.scheme in ("http", "https", "file") and parts.path not in ("", "/"):
            rec.add_check(Check(url=parts.path))
