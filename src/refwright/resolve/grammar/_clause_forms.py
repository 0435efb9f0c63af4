"""Steps and remarks a request is written with, beyond the clause rules (pure).

- Arrows and plus signs between steps are sequencing words: "Ann as full name > Next > Oslo as city" is
  three steps, "Theme Light + Save" two. A path of short labels ("File > Save as") stays a menu path.
- A clause that asks for nothing to be done ("no need to open it", "don't save yet", "leave everything
  else alone") is no step: what it forbids is not done anyway.
- A topic before a colon ("Wizard: type Ann ...") says where, not what: the clause after it is read alone
  when the whole clause is not understood.
"""

from __future__ import annotations

import re

from ._lexicon import VERB_ACTION, first_verb

__all__ = ["asks_nothing", "named_values", "steps_of_arrows", "without_topic"]

_VERBS = "|".join(sorted(VERB_ACTION, key=len, reverse=True))
_AFTER_FIRST = re.compile(rf"^(?:after|once\s+(?:you(?:'ve|\s+have)\s+)?)\s*(?P<g>\w+ing)\s+(?P<a>.+?)\s*,?\s+"
                          rf"(?P<b>(?:{_VERBS})\b.*)$", re.IGNORECASE)
_SHOWS_UP = re.compile(r"\s*,?\s*(?:and\s+)?\b(?:once|when|as\s+soon\s+as)\s+(?:the\s+)?(?:[\w-]+\s+){1,3}?"
                       r"(?:shows?\s+up|appears?|is\s+(?:shown|visible)|loads?)\s*,?\s+", re.IGNORECASE)
_KEYS = re.compile(r"\b(?:ctrl|control|alt|option|shift|cmd|command|meta|super|win)\s+\+\s+", re.IGNORECASE)
_ARROW = re.compile(r"\s+(?:>|→|->|\+)\s+")
# A piece that says more than a label: a value and where it goes ("Text area 3 → input box" stays one
# clause: a noun may be a verb of the lexicon too).
_CLAUSE_LIKE = re.compile(r"\w\s+(?:as|into|in|to|with)\s+\w|[:=]|\d{1,4}[/.-]\d", re.IGNORECASE)
# ", but don't save yet": what follows "but" is a clause of its own (one that asks for nothing).
_BUT_NOT = re.compile(r"\s*,?\s+but\s+(?=(?:don'?t|do\s+not|never|not|leave)\b)", re.IGNORECASE)


def steps_of_arrows(text: str) -> str:
    """``text`` with ``>``, ``→`` and ``+`` between steps written as ", then "; a menu path is kept. Also "after
    typing X press Y" (X, then Y) and "once the City field shows up, enter Z" (act reads the page before each
    step anyway: then Z)."""
    text = _BUT_NOT.sub("; ", text)
    text = _SHOWS_UP.sub(", then ", text)
    m = _AFTER_FIRST.match(text)
    base = first_verb([m.group("g")]) if m else None
    if m and base:
        text = f"{base} {m.group('a')}, then {m.group('b')}"
    pieces = _ARROW.split(text)
    if len(pieces) < 2:
        return text
    if _KEYS.search(text):
        return text  # "press Ctrl + S" is a shortcut, not two steps
    if " + " in text or any(_CLAUSE_LIKE.search(p) for p in pieces):
        return ", then ".join(p.strip() for p in pieces)
    return text


_NOTHING = re.compile(
    r"^(?:(?:there'?s\s+)?no\s+need\s+to|(?:please\s+)?(?:don'?t|do\s+not|never)\b|no\s+other\b|nothing\s+else\b|"
    r"leave\s+(?:everything|the\s+rest|all)\s+(?:else\s+)?(?:alone|as\s+(?:it\s+is|is))|"
    r"(?:but\s+)?(?:don'?t|do\s+not)\b|\w+(?:\s+\w+)?\s+stays?\s+(?:empty|blank|as\s+it\s+is)|"
    r"any\s+of\s+(?:them|the\s+\w+)\s+(?:is|are|will\s+do)\s+fine|(?:any|either)\s+(?:one\s+)?(?:is|will\s+do)\b|"
    r"(?:(?:much|greatly)\s+appreciated|(?:i\s+)?appreciate\s+it|cheers|thanks?(?:\s+(?:so\s+much|a\s+lot|you))?|"
    r"thank\s+you(?:\s+so\s+much)?|ta)$)",
    re.IGNORECASE)


def asks_nothing(clause: str) -> bool:
    """Whether ``clause`` only says what not to do, or that anything will do: no step."""
    return _NOTHING.match(clause.strip()) is not None


_TOPIC = re.compile(r"^(?P<t>[^\s:⟦⟧]+(?:\s+[^\s:⟦⟧]+)?)\s*:\s+(?P<rest>\S.*)$")


_PRONOUN = re.compile(r"\b(?:it|them)\b", re.IGNORECASE)


def without_topic(clause: str) -> str | None:
    """The clause after a one- or two-word topic and a colon ("Wizard: Ann as full name"), or None; a pronoun
    in it is the topic ("Section: expand it" is "expand the Section")."""
    m = _TOPIC.match(clause.strip())
    if m is None:
        return None
    return _PRONOUN.sub(lambda _: "the " + m.group("t"), m.group("rest"), count=1)


_FILL_VERB = re.compile(r"^(?:fill\s+(?:in|out)|fill|enter|type|put\s+in|put|input|key\s+in|use)\s+(?:the\s+)?",
                        re.IGNORECASE)
_PAIR = re.compile(r"^(?:the\s+|my\s+)?(?P<name>[^\W\d][\w-]*(?:\s+[^\W\d][\w-]*)?)\s*(?::|=|\s)\s*(?P<value>\S+)$")


def named_values(clause: str) -> list[str] | None:
    """"fill in email a@b.co and code 1234": each field's name with its value, as verbless clauses ("email
    a@b.co", "code 1234"), when the clause is only such pairs after its verb; else None."""
    m = _FILL_VERB.match(clause)
    if m is None:
        return None
    pieces = [p.strip() for p in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", clause[m.end():]) if p.strip()]
    if len(pieces) < 2 or not all(_PAIR.match(p) for p in pieces):
        return None
    return pieces
