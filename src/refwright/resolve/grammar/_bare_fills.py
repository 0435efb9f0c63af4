"""A field and its value said without a usual verb, and a few other field phrasings (pure, issue #39):

- a field's kind, then its value: "field: Ann", "time 7:55 PM", "the 2nd textbox = -7";
- a value, then the field it goes in: "10/20/2017 in the date box", "a@b.co goes in Email", "1234 into Code";
- a value and how to write it, with no field: "ann in CAPS" (the page's only text field);
- a password said twice: "password x1 twice" (every password field), "type it in both boxes" after a value
  (the same value: into every password field when it was a password);
- a radio or box by its ordinal alone: "the 3rd radio" checks it;
- the cursor put in a field: "cursor in the 3rd textbox";
- a suggestion by its start and end, in more words: "a tag that begins "Sa" and finishes "ino"", "fill the
  Tags field with whichever suggestion starts with "Sa"".

Each reads only what it is sure of: a value must look like one (a quoted string, or a word with a digit or an
@ in it) unless the field is named by its kind; the field is matched on the page later, and several fields of
that kind are a refusal there, never a guess.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from ._lexicon import verb_action
from ._plan import Kind, Part, Target
from ._target import QE, Q, only_quote, parse_target, restore, role_of
from ._transforms import split_transforms

__all__ = ["BARE_FILL_RULES", "same_value"]

_Built = tuple[list[Part], bool]
_Builder = Callable[[re.Match[str], str, list[str], bool], _Built | None]

_FIELD_ROLES = ("textbox", "date", "time", "spinner", "textarea")
# One value: a quoted string, a time of day ("7:55 PM"), or one run of non-space characters.
_VALUE = rf"(?:{Q}\d+{QE}|\d{{1,2}}:\d{{2}}(?::\d{{2}})?\s?[ap]\.?m\.?|[^\s{Q}]+)"
_KINDS = (r"(?:text\s*box|text\s+field|text\s+input|input(?:\s+field|\s+box)?|field|box|text\s*area|date(?:\s+(?:box|"
          r"field|input|picker))?|datepicker|calendar|time(?:\s+(?:box|field|input))?)")
_ORDINAL = r"(?:\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last)"
# Words that are never a value on their own.
_NOT_VALUE = frozenset({"to", "the", "a", "an", "and", "is", "it", "in", "on", "of", "for", "with", "please", "now",
                        "then", "here", "there", "below", "above"})


def _value(said: str, quotes: list[str]) -> str | None:
    value = only_quote(said, quotes)
    if value is not None:
        return value
    value = restore(said.strip(), quotes)
    return None if not value or value.casefold() in _NOT_VALUE or verb_action(value) is not None else value


def _looks_like_data(said: str) -> bool:
    """A quoted string, or a word with a digit or an @ in it: a value, never a label someone means to click."""
    return said.startswith(Q) or re.search(r"[\d@]", said) is not None


def _field(desc: str, quotes: list[str]) -> Target | None:
    """The field ``desc`` names, or None when it names something else (a tab, a list, a button)."""
    readings = parse_target(desc, quotes, default_role="textbox")
    if not readings:
        return None
    first = readings[0]
    if first.role not in (None, "any", *_FIELD_ROLES):
        return None
    field = next((r for r in readings if r.role in _FIELD_ROLES), first)
    if field.label is not None and not field.quoted and len(field.label.split()) > 3:
        return None  # a long unquoted "name" is more likely words no rule reads
    if field.role in (None, "any"):
        field = Target(label=field.label, role="textbox", ordinal=field.ordinal, quoted=field.quoted)
    return field


def _fill(restored: str, value: str, field: Target, search: bool, body: str = "") -> _Built | None:
    _rest, changes = split_transforms(body) if body else ("", [])
    for change in changes:
        value = change(value)
    return [Part(Kind.FILL, restored, value=value, field=field)], search


def _kind_then_value(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built | None:
    # "field: Ann", "time 7:55 PM", "the 2nd textbox = -7": the kind names the field (the only one of that
    # kind, or the one its ordinal says).
    field = _field(m.group("k"), quotes)
    value = _value(m.group("v"), quotes)
    if field is None or value is None or field.label is not None or role_of(value) is not None:
        return None
    return _fill(restored, value, field, search)


def _value_then_field(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built | None:
    # "10/20/2017 in the date box", "a@b.co goes in Email": a value, then where it goes.
    said, where = m.group("v"), m.group("f")
    field = _field(where, quotes)
    if field is None or not (_looks_like_data(said) or m.group("g")):
        return None
    value = _value(said, quotes)
    return _fill(restored, value, field, search) if value is not None else None


def _value_written(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built | None:
    # "ann in CAPS", "ann written entirely in lower case": a value and how to write it; the field is the page's
    # only text field (several are a refusal when the part is matched).
    rest, changes = split_transforms(m.group(0))
    if not changes or not re.fullmatch(_VALUE, rest.strip()):
        return None
    value = _value(rest.strip(), quotes)
    if value is None:
        return None
    for change in changes:
        value = change(value)
    return [Part(Kind.FILL, restored, value=value, field=Target(role="textbox"))], search


_INTO = re.compile(rf"^(?P<v>{_VALUE})\s+(?:in|into|inside)\s+(?P<f>(?:the\s+|my\s+)?(?:{Q}\d+{QE}|[^\s{Q}]+)"
                   rf"(?:\s+[^\s{Q}]+){{0,3}})$", re.IGNORECASE)


def _written_into(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built | None:
    # "bo written entirely in upper case in Username": a value, how to write it, and its field.
    rest, changes = split_transforms(m.group(0))
    said = _INTO.fullmatch(rest.strip()) if changes else None
    field = _field(said.group("f"), quotes) if said else None
    value = _value(said.group("v"), quotes) if said else None
    if field is None or value is None:
        return None
    for change in changes:
        value = change(value)
    return [Part(Kind.FILL, restored, value=value, field=field)], search


def _password_twice(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built | None:
    # "password x1 twice": into each password field (a password and its confirmation), and nowhere else.
    value = _value(m.group("v"), quotes)
    if value is None:
        return None
    return [Part(Kind.FILL, restored, value=value, field=Target(label="password", role="textbox", every=True))], search


def _cursor(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built | None:
    targets = parse_target(m.group("d"), quotes, default_role="textbox")
    return ([Part(Kind.FOCUS, restored, targets=targets)], search) if targets else None


def _suggestion(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built | None:
    # "a tag that begins "Sa" and finishes "ino"", "the Tags field with whichever suggestion starts with "Sa"":
    # the start is typed, and the one suggestion that fits is chosen.
    start = _value(m.group("s"), quotes)
    end = _value(m.group("e"), quotes) if m.group("e") else ""
    where = m.group("f") or m.group("f2")
    field = _field(where, quotes) if where else Target(role="textbox")
    if start is None or end is None or field is None:
        return None
    return [Part(Kind.SUGGEST, restored, labels=(start, end), field=replace(field, every=False))], search


# A fill whose value is the previous fill's ("set the password to x1. Type it in both boxes").
_SAME = "\u27e6same\u27e7"


def _same_again(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built | None:
    desc = m.group("f")
    every = re.match(r"(?:both|all|each|every|the\s+(?:two|three))\b", desc.strip(), re.IGNORECASE) is not None
    field = _field(re.sub(r"^(?:both|all|each|every)(?:\s+of)?(?:\s+the)?\s+", "", desc.strip(), flags=re.IGNORECASE),
                   quotes)
    if field is None:
        return None
    return [Part(Kind.FILL, restored, value=_SAME, field=replace(field, every=every or field.every))], search


def same_value(parts: list[Part]) -> list[Part]:
    """Fills of "it" given the value of the fill just before them; a value said for a password goes into
    password fields only ("both boxes" are then the password fields). With no fill just before, "it" is what
    an answer rule reads ("solve the problem, type it in the box"), or nothing, and is refused then."""
    out: list[Part] = []
    for part in parts:
        if part.kind == Kind.FILL and part.value == _SAME:
            prev = out[-1] if out and out[-1].kind == Kind.FILL and out[-1].value else None
            if prev is None:
                out.append(Part(Kind.ANSWER, part.text, field=part.field))
                continue
            field = part.field or Target(role="textbox")
            if prev.field is not None and "password" in (prev.field.label or "").casefold() and field.label is None:
                field = Target(label="password", role="textbox", every=field.every)
            part = replace(part, value=prev.value, field=field)
        out.append(part)
    return out


def _two_fills(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built | None:
    # "fill the Username box with ann and the Password box with x1": each field with its own value.
    parts: list[Part] = []
    for where, said in ((m.group("a"), m.group("v")), (m.group("b"), m.group("w"))):
        field, value = _field(where, quotes), _value(said, quotes)
        if field is None or value is None or (field.label is None and field.ordinal is None):
            return None
        parts.append(Part(Kind.FILL, restored, value=value, field=field))
    return parts, search


def _ordinal_choice(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built | None:
    targets = parse_target(m.group(0), quotes)
    if not targets or targets[0].ordinal is None or targets[0].role not in ("radio", "checkbox"):
        return None
    return [Part(Kind.CHECK, restored, targets=targets)], search


_START = r"(?:starts|begins|starting|beginning|that\s+starts|which\s+starts)"
_END = r"(?:ends|ending|finishes|finishing)"
_NOUN = r"(?:item|value|word|name|entry|option|one|suggestion|thing|tag|term|result|choice|completion)"

BARE_FILL_RULES: tuple[tuple[str, _Builder], ...] = (
    (r"^(?:type|enter|put|write|fill|input)\s+(?:it|that|the\s+same(?:\s+\w+)?)\s+(?:again\s+)?(?:in|into)\s+(?P<f>.+)$",
     _same_again),
    (rf"^fill(?:\s+in|\s+out)?\s+(?P<a>(?:(?!\s+with\s).)+?)\s+with\s+(?P<v>{_VALUE})\s*,?\s+and\s+"
     rf"(?P<b>(?:(?!\s+with\s).)+?)\s+with\s+(?P<w>{_VALUE})$", _two_fills),
    (rf"^(?:the\s+)?{_ORDINAL}\s+(?:radio(?:\s+button|\s+option)?|check\s*box)$", _ordinal_choice),
    (rf"^(?:(?:enter|type|input|write|pick|choose|select|put(?:\s+in)?|use)\s+|fill(?:\s+in|\s+out)?\s+(?P<f>.+?)\s+"
     rf"with\s+)(?:an?\s+|the\s+|any\s+|whichever\s+|some\s+)?(?:\w+\s+)?(?:{_NOUN}|[a-z]+)\s+(?:that\s+|which\s+)?"
     rf"(?:{_START})(?:\s+with)?\s+(?P<s>{_VALUE})(?:\s*,?\s*and\s+(?:that\s+|which\s+)?(?:{_END})"
     rf"(?:\s+(?:with|in|on))?\s+(?P<e>{_VALUE}))?(?:\s+(?:into|in)\s+(?P<f2>.+))?$", _suggestion),
    (r"^(?:the\s+|your\s+|my\s+|a\s+)?(?:text\s+)?cursor\s+(?:in|into|inside|on|at)\s+(?P<d>.+)$", _cursor),
    (rf"^(?:the\s+|my\s+)?(?:password|passcode|pin)\s+(?P<v>{_VALUE})\s+twice$", _password_twice),
    (rf"^(?P<k>(?:the\s+)?(?:{_ORDINAL}\s+)?{_KINDS})\s*(?::|=|\s)\s*(?P<v>{_VALUE})$", _kind_then_value),
    (rf"^(?P<v>{_VALUE})\s+(?P<g>(?:goes|should\s+go|go)\s+)?(?:in|into|inside|on)\s+(?P<f>(?:the\s+|my\s+)?"
     rf"(?:{Q}\d+{QE}|[^\s{Q}]+)(?:\s+[^\s{Q}]+){{0,3}})$", _value_then_field),
    # "choose 10/11/2016 in the datepicker": a value (a date, a number) into a field named by its kind.
    (rf"^(?:choose|pick|select|set)\s+(?P<v>{_VALUE})\s+(?:in|on|into|from)\s+(?P<f>(?:the\s+|a\s+)?{_KINDS})(?P<g>)$",
     _value_then_field),
    (rf"^{_VALUE}\s+\S.*\s(?:in|into|inside)\s+\S.*$", _written_into),
    (rf"^{_VALUE}\s+(?:(?:written|typed|spelled|spelt)\s+)?(?:(?:entirely|completely|fully|all)\s+)?in\s+(?:all\s+)?"
     r"(?:upper[\s-]?case|capitals?|capital\s+letters|caps|block\s+letters|lower[\s-]?case|small\s+letters)"
     r"(?:\s+letters)?$",
     _value_written),
)
