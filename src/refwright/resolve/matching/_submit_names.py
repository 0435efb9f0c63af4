"""A click that names what submitting does ("press login", "click Sign in") on a form whose only submit
button is labelled otherwise ("OK"): that button, proposed for approval, never guessed among several (pure)."""

from __future__ import annotations

from ..._errors import DisabledTargetError
from .._labels import loose
from .._model import TEXT_KINDS, Control, Inspection, describe
from ..grammar._plan import Kind, Part, Plan
from ._select import submit_candidates

__all__ = ["GENERIC", "SUBMITTING", "named_submit", "summed_up"]

# Words that name the act of submitting a form, not a label of their own.
SUBMITTING = frozenset({"login", "log in", "log on", "logon", "sign in", "signin", "sign on", "sign up", "signup",
                         "register", "submit", "send", "log me in"})


# Labels that say only "send this form": the ones a request may name by what the form does.
GENERIC = frozenset({"ok", "okay", "submit", "go", "continue", "enter", "send", "done", "proceed", "confirm", "next"})


def named_submit(part: Part, inspection: Inspection) -> tuple[Control, str] | None:
    """The page's only submit button and why it was chosen, when ``part`` is a click whose target names
    submitting and no control bears that name; else None. A form that a popup disabled is reported as
    disabled (so the popup is closed first), never submitted through the popup's own button."""
    if part.kind != Kind.CLICK or not part.targets or part.targets[0].label is None:
        return None
    said = part.targets[0].label
    if loose(said) not in SUBMITTING:
        return None
    fields = [c for c in inspection.controls if c.kind in TEXT_KINDS]
    if any(c.disabled for c in fields):
        raise DisabledTargetError(f"The form's fields are disabled, so it cannot be submitted ({said!r}). Nothing "
                                  "was done.")
    found = [c for c in submit_candidates(inspection) if not c.in_dialog]
    # A button that says what else it does ("Subscribe", "Search") is not the one a login means.
    if len(found) != 1 or not fields or loose(found[0].label) not in GENERIC | SUBMITTING:
        return None
    control = found[0]
    return control, (f"no control is labelled {said!r}, and {describe(control)} is the form's only submit button: "
                     f"{said!r} names submitting it")


def _submitting(part: Part) -> bool:
    said = part.targets[0].label if part.targets and part.targets[0].label else part.text
    return part.kind == Kind.SUBMIT or (part.kind in (Kind.CLICK, Kind.SPOT) and
                                        loose(said) in GENERIC | SUBMITTING)


def summed_up(plan: Plan, index: int) -> bool:
    """Whether part ``index`` is the first clause, a submit ("sign me in") that a later clause of the request
    asks for again after other steps: it only says what the request comes to."""
    parts = plan.parts
    if index != 0 or not _submitting(parts[0]):
        return False
    later = [i for i in range(1, len(parts)) if _submitting(parts[i])]
    return bool(later) and later[0] > 1
