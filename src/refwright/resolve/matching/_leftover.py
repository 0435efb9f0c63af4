"""What a clause says besides the control it names (pure): words that are neither the label, a verb, a kind
word nor a filler word. A submit-like click whose clause holds such words ("login thaddeus / UT") would drop
them (the values they give are never typed) and send the form: it is refused instead."""

from __future__ import annotations

import re

from ..._errors import UnsupportedRequestError
from .._labels import fold, loose
from .._model import Control, Inspection, describe
from ..grammar._lexicon import FILLER_WORDS, NOT_VALUES, first_verb
from ..grammar._plan import Part
from ._remainder import FILLER
from ._submit_names import GENERIC, SUBMITTING

__all__ = ["leftover", "refuse_dropped", "refuse_unplaced", "several_fields", "submit_like"]

_WORD = re.compile(r"[\w'@./-]+", re.UNICODE)
# Words a request is said around its steps with ("Hey, can you...", "Cheers!"): never a value.
_CHAT = frozenset({"hey", "hi", "hello", "can", "you", "you'll", "you'd", "i'd", "i", "we", "us", "cheers", "thx",
                   "ok", "okay", "now", "just", "then", "next", "go", "ahead", "sure", "quickly", "sign", "log",
                   "need", "want", "like", "mind", "kindly", "pls", "plz", "will", "find", "also", "finally",
                   "once", "more", "again", "agian", "step", "one", "/", "-", "&"})


def _words(text: str) -> list[str]:
    words = [w.strip(".'/-") for w in _WORD.findall(fold(text))]
    return [w[:-2] if w.endswith("'s") else w for w in words]


def leftover(text: str, name: str) -> list[str]:
    """The words of ``text`` that are not the label ``name`` (its first whole occurrence), a verb, a kind
    word, a filler or chat word."""
    words = [w for w in _words(text) if w]
    phrase = [w for w in _words(name) if w]
    n = len(phrase)
    at = next((i for i in range(len(words) - n + 1) if words[i:i + n] == phrase), None) if n else None
    if at is not None:
        # A relative clause after the name describes the control ("the Confirm button that appears there").
        rel = next((i for i in range(at + n, len(words)) if words[i] in ("that", "which", "who", "where")), None)
        words = words if rel is None else words[:rel]
    kept = [w for i, w in enumerate(words) if at is None or not at <= i < at + n]
    return [w for w in kept if w not in FILLER_WORDS and w not in FILLER and w not in NOT_VALUES and
            w not in _CHAT and first_verb([w]) is None]


def submit_like(control: Control) -> bool:
    """Whether a click on ``control`` sends what a form holds: a submit button, or one labelled so."""
    label = loose(control.label)
    return control.kind in ("button", "link", "pointer") and (control.submits or label in GENERIC | SUBMITTING)


def refuse_unplaced(text: str, control: Control, name: str) -> None:
    """Refuses a click into the field ``control`` when its clause says more than the field's name ("Username's
    ann" read as no value): what more it says would be lost."""
    lost = leftover(text, name)
    if lost:
        raise UnsupportedRequestError(
            f"{text!r} names {describe(control)} and also says {' '.join(lost)!r}, which act cannot read as the "
            "value to put in it. Nothing was done. Say the value quoted, for example `act type \"...\" into "
            f"\"{control.label}\"`.")


def refuse_dropped(text: str, control: Control, name: str) -> None:
    """Refuses a submit-like click on ``control``, spotted in ``text`` by ``name``, when the clause says more
    than the name: what more it says would be lost, so the button is named as the candidate instead."""
    lost = leftover(text, name) if submit_like(control) else []
    if lost:
        raise UnsupportedRequestError(
            f"{text!r} names {describe(control)}, which sends the form, but also says {' '.join(lost)!r}, which act "
            "cannot place: clicking it would drop that. Nothing was done. Say each step on its own (for example "
            f"`act type \"...\" into \"<field>\"`, then `act click \"{control.label}\"`).")


def several_fields(part: Part, inspection: Inspection) -> None:
    """Refuses a fill whose field reads as more than one ("Fill the Username box with ann and the Password box
    with UT" read as one field and one value): typing the one value would lose the other."""
    said = fold(part.field.label or "") if part.field else ""
    last = re.split(r"\band\s+(?:the\s+|my\s+)?", said)[-1].strip()
    fields = [fold(c.label).strip() for c in inspection.controls if c.label]
    # The last of them names a field: a label the page shows, or a field word ("password").
    if " with " in f" {said} " and last != said and (last in fields or last in FILLER_WORDS) and \
            not any(said in f for f in fields):
        raise UnsupportedRequestError(
            f"{part.text!r} reads as more than one field and value ({part.field.label if part.field else ''!r} is "
            "no field on the page), so nothing was typed. Say one field and its value per clause, for example "
            '`act type "..." into "Username"`.')
