"""A click that names what submitting does ("press login", "click Sign in") on a form whose only submit
button is labelled otherwise ("OK"): that button, proposed for approval, never guessed among several (pure)."""

from __future__ import annotations

from ..._errors import DisabledTargetError
from .._labels import loose
from .._model import TEXT_KINDS, Control, Inspection, describe
from ..grammar._plan import Kind, Part
from ._select import submit_candidates

__all__ = ["named_submit"]

# Words that name the act of submitting a form, not a label of their own.
_SUBMITTING = frozenset({"login", "log in", "log on", "logon", "sign in", "signin", "sign on", "sign up", "signup",
                         "register", "submit", "send", "log me in"})


# Labels that say only "send this form": the ones a request may name by what the form does.
_GENERIC = frozenset({"ok", "okay", "submit", "go", "continue", "enter", "send", "done", "proceed", "confirm", "next"})


def named_submit(part: Part, inspection: Inspection) -> tuple[Control, str] | None:
    """The page's only submit button and why it was chosen, when ``part`` is a click whose target names
    submitting and no control bears that name; else None. A form that a popup disabled is reported as
    disabled (so the popup is closed first), never submitted through the popup's own button."""
    if part.kind != Kind.CLICK or not part.targets or part.targets[0].label is None:
        return None
    said = part.targets[0].label
    if loose(said) not in _SUBMITTING:
        return None
    fields = [c for c in inspection.controls if c.kind in TEXT_KINDS]
    if any(c.disabled for c in fields):
        raise DisabledTargetError(f"The form's fields are disabled, so it cannot be submitted ({said!r}). Nothing "
                                  "was done.")
    found = [c for c in submit_candidates(inspection) if not c.in_dialog]
    # A button that says what else it does ("Subscribe", "Search") is not the one a login means.
    if len(found) != 1 or not fields or loose(found[0].label) not in _GENERIC | _SUBMITTING:
        return None
    control = found[0]
    return control, (f"no control is labelled {said!r}, and {describe(control)} is the form's only submit button: "
                     f"{said!r} names submitting it")
