"""Clause shapes people write that the core rules do not read (pure): putting the cursor in a field, logging
in as someone, setting something to a value, a field named before its quoted value, finding something
before saying what to do with it, going or switching to a tab.

Tried after the kinds with their own modules (items, answers, puzzles) and before the core rules.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from ..._errors import UnsupportedRequestError
from ._lexicon import CLAUSE_VERBS, verb_action
from ._plan import Kind, Part, Target
from ._target import QE, Q, only_quote, parse_target, restore, role_of, strip_articles

__all__ = ["FIND_PENDING", "PHRASING_RULES", "is_pronoun", "not_understood", "point_back"]

_Built = tuple[list[Part], bool]
_Builder = Callable[[re.Match[str], str, list[str], bool], _Built | None]

# A find whose action is in the next clause ("find X in the tree and click it"): a part's value marks it.
FIND_PENDING = "pending"
_PRONOUN = re.compile(r"^(?:it|them|that|this|that\s+one|this\s+one|the\s+same(?:\s+one)?|those|these|"
                      r"(?:that|this|the\s+same)\s+(?:\w+\s+)?(?:link|button|item|file|folder|entry|option|tab|"
                      r"control|element|one))$", re.IGNORECASE)
_VERBS = "|".join(CLAUSE_VERBS)
_FIELD_WORDS = r"(?:text\s*box|text\s+field|text\s+area|textarea|input(?:\s+field|\s+box)?|field|box|search\s+box)"


def is_pronoun(text: str) -> bool:
    """Whether a target description only points back ("it", "that link", "the same one")."""
    return _PRONOUN.match(strip_articles(text).strip()) is not None if text.strip() else False


def _focus(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built:
    targets = parse_target(m.group("d"), quotes, default_role="textbox")
    return [Part(Kind.FOCUS, restored, targets=targets)], search


def _log_in(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built:
    user = only_quote(m.group("u"), quotes) or restore(m.group("u"), quotes)
    password = only_quote(m.group("p"), quotes) or restore(m.group("p"), quotes)
    return [Part(Kind.FILL, restored, value=user, field=Target(label="username", role="textbox")),
            Part(Kind.FILL, restored, value=password, field=Target(label="password", role="textbox")),
            Part(Kind.CLICK, restored, targets=(Target(label="log in"),))], search


def _set_to(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built | None:
    """``set X to V``: which control X is and what V does to it are decided against the page (a list's
    option, a radio among several, a field's text, a slider's number)."""
    what = m.group("d").strip()
    value = only_quote(m.group("v"), quotes) or restore(strip_articles(m.group("v")).rstrip("."), quotes)
    if not value:
        return None
    bare = strip_articles(what)
    if re.fullmatch(r"(?:my\s+)?(?:password|passcode|pin)", bare, re.IGNORECASE):
        # "set the password to x1": a password field is never listed on the page, so it is a fill.
        return [Part(Kind.FILL, restored, value=value, field=Target(label="password", role="textbox"))], search
    if re.fullmatch(r"(?:the\s+)?slider", bare, re.IGNORECASE) and re.fullmatch(r"[-+−]?\d+(?:\.\d+)?", value):
        return [Part(Kind.SLIDER, restored, value=value.replace("−", "-").lstrip("+"))], search
    targets = () if is_pronoun(what) else parse_target(what, quotes)
    field = targets[0] if targets else None
    if field is not None and field.role in ("textbox", "textarea", "date", "time", "spinner") and field.label is None:
        # "Set the spinner to -4", "set the date to 10/20/2017": a field's value, as typing it would be.
        return [Part(Kind.FILL, restored, value=value.replace("−", "-") if field.role == "spinner" else value,
                     field=field)], search
    return [Part(Kind.SET, restored, targets=targets, value=value)], search


_PAIR = re.compile(rf"(?P<f>[A-Za-z][A-Za-z ]{{0,30}}?)\s*[:=]?\s*{Q}(?P<v>\d+){QE}")


def _date_value(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built:
    # "Choose the date 10/11/2016": a date (or time) field's value.
    value = only_quote(m.group("v"), quotes) or restore(m.group("v").strip(), quotes)
    return [Part(Kind.FILL, restored, value=value, field=Target(role=m.group("r").lower()))], search


def _named_value(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built | None:
    # "Username "keli", password "3hI"": each field's name, then the quoted value it takes.
    parts = []
    for pair in _PAIR.finditer(m.string):
        name = re.sub(r"^(?:and|the)\s+", "", pair.group("f").strip(), flags=re.IGNORECASE)
        words = name.lower().split()
        if not words or len(words) > 3 or any(w in CLAUSE_VERBS or verb_action(w) is not None or w == "use"
                                              for w in words) or \
                (role_of(name) is not None and name.lower() not in ("password", "username")):
            return None
        parts.append(Part(Kind.FILL, restored, value=quotes[int(pair.group("v"))],
                          field=Target(label=name, role="textbox")))
    return (parts, search) if parts else None


def _find(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built | None:
    targets = parse_target(m.group("d"), quotes)
    if not targets:
        return None
    # Where it is ("in the sections", "in one of the tabs") says to look behind collapsed things.
    return [Part(Kind.FIND, restored, targets=targets, value=FIND_PENDING)], search or bool(m.group("w"))


def _go_to(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built | None:
    if re.search(r"\s(?:>|→)\s", m.group("d")):
        return None  # a menu path
    return [Part(Kind.FIND if search else Kind.CLICK, restored, targets=parse_target(m.group("d"), quotes))], search


def _search(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built | None:
    """``search for X``: X typed into the page's search field, then its search button pressed."""
    value = only_quote(m.group("v"), quotes) or restore(m.group("v"), quotes)
    words = value.lower().split()
    if not words or len(words) > 4 or any(role_of(w) is not None or w in _NOT_SEARCHED for w in words):
        return None  # "search the tabs for the link": a route, read by the rules after
    field = parse_target(m.group("f"), quotes, default_role="textbox")[0] if m.group("f") else Target(role="textbox")
    button = tuple(Target(label=name, role="button") for name in ("search", "find", "go", "look up"))
    return [Part(Kind.FILL, restored, value=value, field=field), Part(Kind.CLICK, restored, targets=button)], search


_NOT_SEARCHED = frozenset({"the", "through", "tabs", "sections", "folders", "tree", "page", "list", "it", "them",
                           "a", "an", "one", "for", "in"})


PHRASING_RULES: tuple[tuple[str, _Builder], ...] = (
    (rf"^(?:search(?:\s+for)?|look\s+up|query)\s+(?P<v>{Q}\d+{QE}|(?:(?!\s(?:in|on|using|with)\s).)+?)"
     r"(?:\s+(?:in|on|using|with)\s+(?P<f>(?:the\s+|a\s+)?(?:\w+\s+)?(?:search\s+)?(?:box|field|bar|input|textbox)))?$",
     _search),
    (r"^(?:click|tap|press)\s+(?:in|into|inside)\s+(?P<d>.+)$", _focus),
    (r"^(?:put|place|set|move)\s+(?:the\s+|your\s+|my\s+|a\s+)?(?:text\s+)?cursor\s+(?:in|into|on|inside|at)\s+(?P<d>.+)$",
     _focus),
    (rf"^(?:select|choose|activate|focus\s+on|go\s+to|switch\s+to|pick)\s+(?P<d>(?:the\s+|a\s+)?(?:\w+\s+)?{_FIELD_WORDS})$",
     _focus),
    (rf"^(?:log|sign)\s*(?:in|on)\s+(?:as|with\s+(?:the\s+)?(?:user\s*name|user|login|e-?mail|account))\s+"
     rf"(?P<u>{Q}\d+{QE}|\S+)\s*,?\s+(?:with|and|using)\s+(?:the\s+|a\s+)?(?:password|pass|pw|pwd)\s+"
     rf"(?P<p>{Q}\d+{QE}|\S+)$", _log_in),
    (rf"^(?:set|change|switch|make|turn|adjust)\s+(?!between\b)(?P<d>.+?)\s+(?:to|as)\s+(?!(?:{_VERBS})\b)(?P<v>.+)$",
     _set_to),
    (rf"^make\s+(?P<d>it)\s+(?P<v>{Q}\d+{QE}|[-+−]?\d+(?:\.\d+)?)$", _set_to),
    (r"^(?:move|slide|drag|put|push|pull)\s+(?P<d>it|that|this)\s+to\s+(?P<v>.+)$", _set_to),
    (r"^(?:slide|move|drag)\s+(?P<d>)to\s+(?P<v>[-+−]?\d+(?:\.\d+)?)$", _set_to),
    (rf"^(?:choose|pick|select|enter|type|put|set)\s+(?:the\s+)?(?P<r>date|time)\s+(?:of\s+|to\s+)?(?P<v>{Q}\d+{QE}|\d[\d/.:-]*(?:\s?[ap]\.?m\.?)?)$",
     _date_value),
    (rf"^{_PAIR.pattern}(?:\s*(?:,|;|\band\b)\s*{_PAIR.pattern.replace('?P<f>', '?:').replace('?P<v>', '?:')})*$",
     _named_value),
    (r"^(?:find|locate|look\s+for|spot)\s+(?!and\s)(?P<d>(?:(?!\s+(?:in|on|inside|within|under|among|through|from)\s).)+?)"
     r"(?P<w>\s+(?:in|on|inside|within|under|among|through|from)\s+.+)?$", _find),
    (r"^(?:switch|go|navigate|move|jump|head|proceed|change)\s+(?:over\s+|back\s+)?to\s+(?P<d>.+)$", _go_to),
)


def not_understood(text: str) -> str:
    """The refusal of a clause no rule reads and that names no visible control."""
    return (f"The local resolver does not understand {text!r}. It handles requests such as: click \"Save\", "
            "the \"Next\" link, File > Save, focus the 2nd text field, check the 3rd radio, select A, B and C, "
            "select X from the list, select 40 with the slider, enter \"text\" into the Name field, and "
            "expand the sections to find and click \"X\". Otherwise run `inspect` and act on a ref (`click @e3`).")


_ITEM_NOUN = re.compile(r"^(?:the\s+)?(?:contact|user|person|entry|row|item|account|profile|card|member)\s+(?=\S)",
                        re.IGNORECASE)


def _item_name(label: str) -> str:
    """An item's name without the word that says what kind of item it is ("contact Kara" is "Kara")."""
    return _ITEM_NOUN.sub("", label).strip()


def point_back(parts: list[Part]) -> list[Part]:
    """Pronouns resolved to the previous target in the request ("find X and click it" is a find of X), and a
    find that no later clause acts on refused: finding is not clicking."""
    out: list[Part] = []
    for part in parts:
        prev = out[-1] if out else None
        back = part.kind in (Kind.CLICK, Kind.FIND, Kind.SPOT, Kind.CHECK, Kind.FOCUS) and len(part.targets) >= 1 \
            and part.targets[0].label is not None and is_pronoun(part.targets[0].label) \
            and not part.targets[0].quoted
        if back and prev is not None and prev.kind == Kind.FIND and prev.value == FIND_PENDING:
            out[-1] = Part(Kind.FIND, f"{prev.text}, {part.text}", targets=prev.targets)
            continue
        pending = prev is not None and prev.kind == Kind.FIND and prev.value == FIND_PENDING and \
            prev.targets[0].label is not None and prev.targets[0].role is None
        if prev is not None and prev.kind == Kind.ITEM and prev.value is None and part.kind == Kind.ANSWER and \
                not part.labels:
            # "find the Language in the table, enter it in the field": the value the page shows for that key.
            out[-1] = Part(Kind.LOOKUP, f"{prev.text}, {part.text}", labels=prev.labels, field=part.field)
            continue
        if pending and prev is not None and part.kind == Kind.ANSWER and not part.labels:
            # "find the Language in the table, enter it in the field": the value the page shows for that key.
            out[-1] = Part(Kind.LOOKUP, f"{prev.text}, {part.text}", labels=(prev.targets[0].label or "",),
                           field=part.field)
            continue
        if pending and prev is not None and part.kind in (Kind.CLICK, Kind.SPOT) and part.targets:
            # "find the contact Kara, then click the address": the item that shows the name, and the control
            # in it.
            out[-1] = Part(Kind.ITEM, prev.text, labels=(_item_name(prev.targets[0].label or ""),))
            out.append(replace(part, kind=Kind.CLICK))
            continue
        if back and prev is not None and prev.kind == Kind.SPOT and not prev.value and prev.targets:
            # "the Save button, tap it": a target said first, then what to do with it, is one step.
            out[-1] = replace(part, kind=Kind.CLICK if part.kind == Kind.SPOT else part.kind, targets=prev.targets,
                              text=f"{prev.text}, {part.text}")
            continue
        if back and prev is not None and prev.targets:
            out.append(replace(part, kind=Kind.CLICK if part.kind == Kind.SPOT else part.kind, targets=prev.targets))
            continue
        if back:
            # No earlier target: the one control of the kind it names ("that button"), or else the only control
            # the verb fits, decided on the page.
            role = role_of((part.targets[0].label or "").split()[-1])
            if role is not None and role != "any":
                out.append(replace(part, kind=Kind.CLICK if part.kind == Kind.SPOT else part.kind,
                                   targets=(Target(role=role),)))
            else:
                out.append(Part(Kind.SPOT, part.text, value=part.text.split()[0].lower()))
            continue
        out.append(part)
    for part in out:
        if part.kind == Kind.FIND and part.value == FIND_PENDING:
            raise UnsupportedRequestError(
                f"{part.text!r} says what to find but not what to do with it. Say it, for example: find "
                f"{part.targets[0].describe()} and click it.")
    return out
