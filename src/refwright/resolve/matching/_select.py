"""Which control a part of a request means, chosen from what ``inspect`` saw (pure, no page).

Each function reads an ``Inspection`` and answers with controls (or raises ``TargetNotFoundError`` /
``AmbiguousTargetError`` with a sentence the model can act on); the steps that then drive the page live in
``refwright._async.resolve``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .._labels import TIERS, fold, match_labels, synonym
from .._model import CLICKABLE, TEXT_KINDS, Control, Inspection, describe, value_hash
from ..grammar._dates import date_forms, parse_date
from ..grammar._plan import Kind, Part, Target
from ._item_match import icon_readings
from ._match import AmbiguousTargetError, Match, TargetNotFoundError, find_target
from ._values import field_value

__all__ = [
    "MENU_KINDS",
    "OPTION_KINDS",
    "click_match",
    "field_match",
    "fill_fields",
    "holds",
    "is_secret",
    "number_text",
    "opens_submenu",
    "option_hits",
    "option_set",
    "popup_dismiss",
    "resolve_name",
    "select_done",
    "speaks_of_popup",
    "submit_candidates",
    "submit_offer",
    "wanted",
]

MENU_KINDS = frozenset({"menuitem", "link", "button", "pointer", "option", "tab", "treeitem"})
OPTION_KINDS = frozenset({"option", "menuitem", "pointer", "link", "treeitem", "radio", "button"})
_SECRET_WORDS = ("password", "passcode", "passphrase", "pin")
_SUBMIT_WORDS = frozenset({"submit", "ok", "okay", "done", "go", "send", "search", "save", "continue", "next",
                           "login", "log in", "sign in", "sign up", "register", "confirm", "apply", "finish"})
# Buttons that close a popup, most harmless first: closing or cancelling before agreeing.
_DISMISS_WORDS = (("close",), ("cancel", "dismiss", "no thanks", "not now", "later", "skip"),
                  ("ok", "okay", "got it", "continue", "i understand"))


def number_text(value: float) -> str:
    """A number as a page shows it: ``40`` not ``40.0``."""
    return str(int(value)) if value == int(value) else repr(value)


def is_secret(target: Target | None) -> bool:
    return target is not None and target.label is not None and any(w in fold(target.label) for w in _SECRET_WORDS)


def fill_fields(part: Part, inspection: Inspection) -> Match:
    return field_match(part.field or Target(role="textbox"), inspection)


def field_match(field: Target, inspection: Inspection, *, exclude: int | None = None) -> Match:
    readings = [field]
    if field.label is not None and field.role in ("textbox", "date", "time"):
        # "the arrival date" is also a text field labelled Arrival (a date picker's input).
        readings.append(Target(label=field.label, every=field.every))
    if field.label is None and field.role in ("date", "time"):
        # "the date" is a date input, or else a text field labelled Date (a date picker's input).
        readings.append(Target(label=field.role, every=field.every))
    controls = [c for c in inspection.controls if c.id != exclude]
    return find_target(readings, controls, TEXT_KINDS, what=f"a text field for {field.describe()}")


def wanted(control: Control, value: str, token: str) -> str:
    """The hash the control shows once it holds ``value`` (a date input holds 2017-10-20 for 10/20/2017)."""
    return value_hash(token, field_value(control.input_type, value))


def holds(control: Control, value: str, token: str) -> bool:
    """Whether ``control`` holds ``value``, in the form it takes it; a date also in the forms pickers write."""
    if control.value_hash == wanted(control, value, token):
        return True
    day = parse_date(value)
    return day is not None and control.value_hash in {value_hash(token, form) for form in date_forms(day)}


def option_set(labels: tuple[str, ...], inspection: Inspection) -> tuple[Control, list[str]] | None:
    """The one multiple select holding every label, and its matching options in page order."""
    found: list[tuple[Control, list[str]]] = []
    for c in inspection.controls:
        if c.kind != "select" or not c.multiple:
            continue
        names = [o[0] for o in c.options]
        picked: set[int] = set()
        for label in labels:
            _tier, idx = match_labels(label, names)
            if len(idx) != 1:
                break
            picked.add(idx[0])
        else:
            found.append((c, [names[i] for i in sorted(picked)]))
    if len(found) > 1:
        raise AmbiguousTargetError(f"Ambiguous: {len(found)} lists hold all of {', '.join(map(repr, labels))}: "
                              f"{', '.join(describe(c) for c, _ in found)}. Nothing was done; use `select @eN ...`.")
    return found[0] if found else None


def option_hits(label: str, inspection: Inspection) -> list[tuple[Control, str]]:
    """The native-select options that best match ``label`` (all of the best tier), with their lists."""
    best: list[tuple[int, Control, str]] = []
    for c in inspection.controls:
        if c.kind != "select":
            continue
        tier, idx = match_labels(label, [o[0] for o in c.options])
        if not idx:
            continue
        rank = [name for name, _ in TIERS].index(tier)
        best.extend((rank, c, c.options[i][0]) for i in idx)
    if not best:
        return []
    top = min(r for r, _, _ in best)
    return [(c, o) for r, c, o in best if r == top]


def select_done(control: Control, option: str, token: str) -> bool:
    return control.value_hash == value_hash(token, option)


def resolve_name(name: str, inspection: Inspection) -> tuple[str, Control, str]:
    """A selectable name: ``(how, control, option label)`` where how is checkbox/radio/option/click."""
    try:
        m = find_target([Target(label=name)], inspection.controls, {"checkbox", "radio"})
        return m.control.kind, m.control, ""
    except TargetNotFoundError:
        pass
    hits = option_hits(name, inspection)
    if len(hits) == 1:
        return "option", hits[0][0], hits[0][1]
    if len(hits) > 1:
        listed = ", ".join(f"{describe(c)} option {o!r}" for c, o in hits[:6])
        raise AmbiguousTargetError(
            f"Ambiguous: several options match {name!r}: {listed}. Nothing was done; name the list "
                              "too (`selectexact @eN <option>`).")
    m = find_target([Target(label=name)], inspection.controls, CLICKABLE)
    return "click", m.control, ""


def click_match(part: Part, inspection: Inspection) -> Match:
    """What a click part means: a clickable control first, else a field, list or slider of that name."""
    try:
        return find_target(part.targets, inspection.controls, CLICKABLE)
    except TargetNotFoundError as first:
        try:
            return find_target(part.targets, inspection.controls, TEXT_KINDS | {"select", "handle", "range", "slider"})
        except TargetNotFoundError:
            pass
        # An icon named by another word for it ("delete" for a trash can).
        others = icon_readings(part.targets)
        icons = [c for c in inspection.controls if c.kind == "icon"]
        if others and icons:
            try:
                return find_target(others, icons, {"icon"})
            except TargetNotFoundError:
                pass
        raise first from None


def opens_submenu(control: Control, following: Part | None, inspection: Inspection) -> bool:
    """Whether a click on ``control`` would only open the submenu the next part of the request is in ("open
    File, then Save" in a menu that opens on hover): a menu item with a popup, and a next click whose target
    is not shown yet. A click on such an item may count as choosing it."""
    if control.kind != "menuitem" or not control.popup or following is None or not following.targets:
        return False
    if following.kind not in (Kind.CLICK, Kind.SPOT, Kind.FIND):
        return False
    try:
        find_target(following.targets, inspection.controls, CLICKABLE)
    except TargetNotFoundError:
        return True
    except AmbiguousTargetError:
        return False
    return False


_POPUP_WORDS = re.compile(r"\b(?:dialog|pop-?up|modal|overlay)\b", re.IGNORECASE)


def speaks_of_popup(request: str) -> bool:
    """Whether the request talks about the popup ("In the dialog, press Cancel"): then what it names is in the
    popup, and the popup is never closed to look for it behind."""
    return _POPUP_WORDS.search(_ANY_POPUP.sub("", request)) is not None


# "close any popup that shows up" says what to do if one comes, not that the request is about one.
_ANY_POPUP = re.compile(r"\b(?:close|dismiss)\s+(?:any|all|every)\s+(?:(?:of\s+)?the\s+)?(?:dialog|pop-?up|modal|"
                        r"overlay)s?\b|\b(?:if|when|should|in\s+case)\s+(?:a|an|the|any)\s+(?:dialog|pop-?up|modal|"
                        r"overlay)s?\b", re.IGNORECASE)


def popup_dismiss(inspection: Inspection, *, covering: bool = False, disabled: bool = False,
                  named: Sequence[str] = (), only: Sequence[str] = ()) -> Control | None:
    """The button that closes a popup, when the popup is all the page shows, or all it left enabled when the
    control act was using went disabled (``disabled``), or, with ``covering``, when an action could not reach
    its target and a popup is open; else None. ``named`` are the labels the request names; ``only``, the
    buttons it names as the way out of a popup ("if a popup asks, cancel it"), the only ones then pressed."""
    controls = [c for c in inspection.controls if not c.disabled]
    clickable = [c for c in controls if c.kind in ("button", "link", "pointer")]
    # A popup that disabled the page under act (``disabled``: the control act was using went disabled):
    # every other control is disabled, and only its few buttons are not.
    disabling = (disabled and any(c.disabled for c in inspection.controls) and 0 < len(controls) <= 3 and
                 len(clickable) == len(controls))
    if not covering and not disabling and not all(c.in_dialog for c in controls):
        return None
    # A button the request itself asks to press is its target, never a popup's way out.
    buttons = [c for c in clickable if (c.in_dialog or disabling) and not match_labels(c.label, named)[1]]
    if only and "" not in only:
        said = [c for c in buttons if match_labels(c.label, only)[1]]
        return said[0] if len(said) == 1 else None
    for words in _DISMISS_WORDS:
        found = [c for c in buttons if synonym(c.label) in words]
        if len(found) == 1:
            return found[0]
    return None


def submit_candidates(inspection: Inspection) -> list[Control]:
    """The enabled buttons that submit: native submit buttons, else buttons named as submitting."""
    buttons = [c for c in inspection.controls if c.kind in ("button", "link", "pointer") and not c.disabled]
    native = [c for c in buttons if c.submits]
    if native:
        return native
    return [c for c in buttons if c.kind == "button" and fold(c.label).strip(" .!") in _SUBMIT_WORDS]


def submit_offer(inspection: Inspection) -> Control | None:
    """The page's one submit button, when there is exactly one that says so: a native submit button of a
    form, or a button labelled Submit (a Next or Continue button is a step of its own, never offered)."""
    buttons = [c for c in inspection.controls if c.kind in ("button", "link", "pointer") and not c.disabled]
    found = [c for c in buttons if c.submits or (c.kind == "button" and fold(c.label).strip(" .!") == "submit")]
    return found[0] if len(found) == 1 and found[0].approval else None
