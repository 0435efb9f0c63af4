"""A value and the field it goes into, as a fill clause says them (pure): "\"a\" in the username field and
\"b\" in the password field", "the password X in the two fields", "Kiki as the nickname", with the changes a
request asks for before typing (upper case, reversed...)."""

from __future__ import annotations

import re
from dataclasses import replace

from ._dates import parse_date
from ._lexicon import NOT_VALUES
from ._plan import Kind, Part, Target
from ._target import PLACEHOLDER, QE, Q, parse_target, plural, restore, strip_articles
from ._transforms import split_transforms

__all__ = ["every_field", "field_target", "fill_parts"]


# An unquoted value may hold a space only when it is a time of day ("7:55 PM") or a date ("May 3, 2021").
_TIME_VALUE = re.compile(r"\d{1,2}:\d{2}(?::\d{2})?\s?(?:[ap]\.?m\.?)", re.IGNORECASE)
_WHERE = re.compile(r"\s+(?:below|above|here|on (?:the|this) page|on the (?:left|right))$", re.IGNORECASE)

_VALUE_NOISE = {"the", "a", "an", "and", "number", "text", "value", "string", "word", "phrase", "values", ",",
                "characters", "letters", "name", "following"}


_FIELD_ROLES = ("textbox", "textarea", "date", "time", "spinner")


def field_target(desc: str, quotes: list[str]) -> Target:
    """The field a description names: the reading with a field role wins ("the Email field")."""
    readings = parse_target(_WHERE.sub("", desc.strip()), quotes, default_role="textbox")
    field = next((r for r in readings if r.role in _FIELD_ROLES), readings[0] if readings else Target(role="textbox"))
    if field.role in (None, "any"):
        field = Target(label=field.label, role="textbox", ordinal=field.ordinal, quoted=field.quoted)
    return field


def _fill_pairs(clause: str, body: str, quotes: list[str]) -> list[Part] | None:
    """``"a" in the username field and "b" in the password field``: each value with its own field."""
    halves = re.split(r"\s*,?\s+and\s+", body)
    if len(halves) < 2:
        return None
    parts: list[Part] = []
    for half in halves:
        if not re.search(r"\s(?:as|in|into|for)\s", half, re.IGNORECASE):
            return None
        found = _fill_values(clause, half, quotes)
        if not found or len(found) != 1 or found[0].field is None or found[0].field.label is None:
            return None
        parts.extend(found)
    return parts


def fill_parts(clause: str, body: str, quotes: list[str]) -> list[Part] | None:
    body, changes = split_transforms(body)
    parts = _fill_pairs(clause, body, quotes) if not changes else None
    parts = parts or _fill_values(clause, body, quotes)
    if not parts or not changes:
        return parts
    out = []
    for part in parts:
        value = part.value or ""
        for change in changes:
            value = change(value)
        out.append(replace(part, value=value))
    return out


# A value said with what it is: "the password X", "the name Enola".
_NAMED_VALUE = re.compile(r"(?P<n>password|passcode|pin|user\s?name|login|name|e-?mail(?:\s+address)?|title|"
                          r"comment|city|phone(?:\s+number)?)\s+(?P<v>\S+)", re.IGNORECASE)
_EVERY = re.compile(r"^(?:(?:both|all|each|every)(?:\s+of)?(?:\s+the)?|the\s+(?:two|three|four|five))\s+",
                    re.IGNORECASE)


def every_field(desc: str) -> tuple[str, bool]:
    """A field description without the words that say every field it names ("both boxes", "the two fields")."""
    rest = _EVERY.sub("", desc.strip())
    return rest, rest != desc.strip()


def _fill_values(clause: str, body: str, quotes: list[str]) -> list[Part] | None:
    field_desc: str | None = None
    values_part = body
    m = re.search(rf"^(?P<v>.*?{QE}|.*?)\s+(?:into|in|inside|to|on|onto|within|as)\s+"
                  rf"(?P<f>[^{Q}]*?(?:{Q}\d+{QE}[^{Q}]*)?)$", body, re.IGNORECASE)
    if m is None:
        # "a@b.co for the email": "for" names the field only when no other word does.
        m = re.search(rf"^(?P<v>.*?{QE}|\S+)\s+for\s+(?P<f>(?:the\s+|my\s+)?[^{Q}\s]+(?:\s+[^{Q}\s]+)?)$", body,
                      re.IGNORECASE)
    if m and m.group("v").strip():
        values_part, field_desc = m.group("v"), m.group("f")
    tokens = list(PLACEHOLDER.finditer(values_part))
    values: list[tuple[str, str]] = []
    if tokens:
        start = 0
        for tok in tokens:
            name_words = [w for w in re.split(r"[\s,]+", values_part[start:tok.start()].lower())
                          if w and w not in _VALUE_NOISE]
            values.append((" ".join(name_words), quotes[int(tok.group(1))]))
            start = tok.end()
        # Words after the last value that are not understood ("in lower case") would change what to type:
        # refuse rather than type something else.
        tail = [w for w in re.split(r"[\s,]+", values_part[start:].lower()) if w and w not in _VALUE_NOISE]
        if tail:
            return None
    else:
        v = strip_articles(values_part)
        v = re.sub(r"^(?:number|text|value|word|date|time|code|amount)\s+", "", v, flags=re.IGNORECASE)
        named = _NAMED_VALUE.fullmatch(v)
        noun = ""
        if named:
            # "the password X in the two fields": the word before the value says what it is; with no field
            # named, it names the field ("enter the name Enola").
            v = named.group("v")
            noun = named.group("n").lower() if field_desc is None else ""
        if not v or (" " in v and not _TIME_VALUE.fullmatch(v) and parse_date(v) is None):
            return None
        if re.fullmatch(r"(?:below|above|shown|here|there|it|that|this|them|(?:your\s+|my\s+)?(?:result|answer|"
                        r"solution|sum|total|value|number|word))", v, re.IGNORECASE) or v.casefold() in NOT_VALUES:
            # "Type the text below", "enter the result": the value is somewhere on the page, not in the request.
            # Typing the word "below" would be a guess; refuse instead.
            return None
        values.append((noun, restore(v, quotes)))
    every = False
    field: Target | None = None
    if field_desc is not None:
        fd = field_desc.strip()
        fd, every = every_field(fd)
        readings = parse_target(fd, quotes, default_role="textbox")
        # "the Email field": the reading with a field role wins over the plain label "Email field".
        field = next((r for r in readings if r.role in _FIELD_ROLES), readings[0] if readings else None)
        if field is not None and field.label is not None and not field.quoted and len(field.label.split()) > 3:
            # A long unquoted "field name" is more likely words this parser does not understand.
            return None
        if field is not None and field.role in _FIELD_ROLES and field.label is None and \
                field.ordinal is None and plural(strip_articles(fd)) and len(values) == 1:
            every = True
    parts: list[Part] = []
    for name, value in values:
        if name and name not in ("it",):
            target = Target(label=name, role="textbox", every=every)
        elif field is not None:
            target = Target(label=field.label, role=field.role if field.role != "any" else "textbox",
                            ordinal=field.ordinal, quoted=field.quoted, every=every)
        else:
            target = Target(role="textbox", every=every)
        parts.append(Part(Kind.FILL, clause, value=value, field=target))
    return parts
