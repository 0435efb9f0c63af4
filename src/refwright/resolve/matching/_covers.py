"""Requests about a cover ("Accept the cookies", "Close the cookie banner") read as a click on one of the
cover's buttons (pure).

A consent banner or a popup is rarely named on the page: its buttons are ("Accept all", "Reject all",
"Close"). ``inspect`` counts the controls of whatever covers others as a popup's (``in_dialog``), and
this module picks the one a request about the cover means, by its intent: accept, reject or close.
"""

from __future__ import annotations

import re

from .._labels import synonym
from .._model import Control, Inspection, describe
from ._match import AmbiguousTargetError

__all__ = ["cover_request"]

_COVER_WORDS = re.compile(r"\b(cookies?|consent|banner|pop-?ups?|overlay|modal|dialog|notice|privacy)\b", re.I)
# Each intent: the request's verb, and the labels of the buttons that carry it out.
_INTENTS = (
    ("accept", re.compile(r"^\s*(accept|agree( to)?|allow|ok(ay)?)\b", re.I),
     re.compile(r"^(accept|agree|i agree|allow|ok(ay)?|got it|i understand)\b", re.I)),
    ("reject", re.compile(r"^\s*(reject|decline|deny|refuse|disallow)\b", re.I),
     re.compile(r"^(reject|decline|deny|refuse|disallow|(only |use )?(strictly )?necessary|essential)\b", re.I)),
    ("close", re.compile(r"^\s*(close|dismiss|hide|get rid of)\b", re.I),
     re.compile(r"^(close|dismiss|no,? thanks|not now|maybe later|skip)\b", re.I)),
)


def _buttons(inspection: Inspection) -> list[Control]:
    return [c for c in inspection.controls
            if c.in_dialog and not c.disabled and c.kind in ("button", "link", "pointer")]


def cover_request(request: str, inspection: Inspection) -> str | None:
    """The request to run instead (``click "Accept all"``) when ``request`` is about a cover that the page
    shows, else None. Raises AmbiguousTargetError when the cover has no button of that intent but others, so
    the model chooses (closing a consent banner means accepting or rejecting)."""
    if not _COVER_WORDS.search(request):
        return None
    buttons = _buttons(inspection)
    if not buttons:
        return None
    for intent, verb, labels in _INTENTS:
        if not verb.search(request):
            continue
        found = [c for c in buttons if labels.search(c.label.strip())
                 or (intent == "close" and synonym(c.label) == "close")]
        if found:
            return f"click {_quoted(found[0].label)}"
        listing = ", ".join(describe(c) for c in buttons[:6])
        raise AmbiguousTargetError(
            f"The cover on the page has no button to {intent} it; its buttons are {listing}. Say which one "
            f"(for example `act click {_quoted(buttons[0].label)}`), or click its ref.")
    return None


def _quoted(label: str) -> str:
    return '"' + label.replace('"', "'") + '"'
