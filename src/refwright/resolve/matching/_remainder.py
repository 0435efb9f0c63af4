"""The value a clause gives a field it names by label (pure): what is left of the clause once the field's
label, the verb and the words a request is said with are taken out ("put bob@example.org in Email address"
gives "bob@example.org"). Only one unbroken run of words is a value: anything else is no value, and the
clause is refused rather than guessed at."""

from __future__ import annotations

import re

from .._labels import fold
from ..grammar._lexicon import NOT_VALUES, first_verb

__all__ = ["remainder_value"]

# Words that only say how a value is given, never part of it.
FILLER = frozenset({
    "a", "an", "the", "in", "into", "inside", "to", "on", "onto", "at", "as", "with", "for", "of", "from", "by",
    "it", "me", "my", "your", "its", "please", "kindly", "just", "only", "now", "here", "there", "field", "fields",
    "box", "input", "inputs", "text", "textbox", "area", "textarea", "labelled", "labeled", "named", "called",
    "value", "entry", "is", "be", "should", "equal", "equals", "=", ":", "-", "so", "that", "reads", "read", "says",
    "say", "saying", "word", "words",
    "what",
})
# Nouns that may say what the value after them is ("the name Ann", "the code 1234"); alone they are no value.
_NOUNS = frozenset({"name", "number", "code", "date", "text", "word", "words", "value", "string"})
_TOKEN = re.compile(r"\S+")
_EDGE = ".,;:!?\"'()[]"


def _key(token: str) -> str:
    key = fold(token).strip(_EDGE)
    return key[:-2] if key.endswith(("'s", "’s")) else key  # "the username's ann": the field Username


def remainder_value(text: str, label: str, verb: str) -> str | None:
    """What ``text`` gives the field labelled ``label`` once it and ``verb`` (a lexicon verb, in any form)
    are taken out with filler words, or None when nothing, or more than one run of words, is left."""
    tokens = _TOKEN.findall(text)
    keys = [_key(t) for t in tokens]
    phrase = [w for w in (_key(t) for t in _TOKEN.findall(label)) if w]
    if not phrase:
        return None
    start = next((i for i in range(len(keys) - len(phrase) + 1) if keys[i:i + len(phrase)] == phrase), None)
    if start is None:
        return None
    gone = set(range(start, start + len(phrase)))
    verb_at = next((i for i, k in enumerate(keys) if i not in gone and first_verb([k]) == verb), None)
    if verb_at is not None:
        gone.add(verb_at)
    kept = [i for i, k in enumerate(keys) if i not in gone and k and k not in FILLER and k not in _NOUNS]
    if not kept or kept != list(range(kept[0], kept[-1] + 1)):
        return None
    if any(keys[i] in NOT_VALUES for i in kept):
        return None  # "something nice", "whatever you like": what kind of value, not the value
    if any(first_verb([keys[i]]) is not None for i in kept):
        return None  # a second verb: another step, not a value
    if len(kept) > 1 and not all(re.search(r"[A-Z0-9@._/-]", tokens[i]) for i in kept):
        return None  # several words are a value only as a name or a code ("Ann Lee", "12 B"), not as prose
    value = " ".join(tokens[i] for i in kept).strip(_EDGE.replace(")", "").replace("(", ""))
    return value or None
