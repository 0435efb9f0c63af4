"""Plain-language requests parsed into request kinds (pure, no page).

``parse_request("Enter \\"Keli\\" into the text field and press Submit")`` gives a ``Plan`` of two
``Part``s: a ``fill`` and a ``click``. The parser knows grammar, never pages: which control a part means is
decided later, against what ``inspect`` sees.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import replace

from ..._errors import UnsupportedRequestError
from .._labels import ORDINAL_PATTERN, norm, synonym
from ._answer_rules import ANSWER_RULES, join_answers
from ._bare_fills import BARE_FILL_RULES, same_value
from ._clause_forms import asks_nothing, named_values, steps_of_arrows, without_topic
from ._copy_rules import COPY_RULES, copy_paste
from ._fills import every_field, field_target, fill_parts
from ._item_rules import ITEM_RULES
from ._lexicon import CLAUSE_VERBS, first_verb, verb_action
from ._phrasings import PHRASING_RULES, not_understood, point_back
from ._plan import Kind, Part, Plan, Target
from ._puzzles import PUZZLE_RULES
from ._remarks import is_chat, popup_conditions
from ._target import (
    PLACEHOLDER,
    QE,
    Q,
    only_quote,
    parse_target,
    protect,
    restore,
    role_of,
    strip_articles,
)
from ._wording import reword

__all__ = ["UnsupportedRequestError", "parse_request"]


VERBS = CLAUSE_VERBS
_VERB_ALT = "|".join(VERBS)
_SPLIT_ALWAYS = re.compile(r"\s*(?:;|,?\s+and\s+then\s+|,\s*then\s+|\s+then\s+|\.\s+(?=\S))\s*", re.IGNORECASE)
# "Find and click X" is one clause: the "and" after find or locate joins, it does not split.
_SPLIT_VERB = re.compile(rf"(?<!^find)(?<!^locate)(?:\s*,\s*(?:and\s+)?|\s+and\s+)(?=(?:{_VERB_ALT}|save)\b)",
                         re.IGNORECASE)


# "...to the bottom of the text hit submit": a final submit joined without "and" is a clause of its own.
_SPLIT_SUBMIT = re.compile(r"\s+(?=(?:hit|press|click)\s+(?:the\s+)?submit\b)", re.IGNORECASE)


# "username ann, password x, login": a list of verbless clauses. A chunk whose first piece begins with no verb
# is split at every comma ("Select A, B and C" begins with one, and its commas stay a list of names).
_COMMA = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+")


def _verbless_list(chunk: str) -> list[str]:
    pieces = _COMMA.split(chunk)
    first = pieces[0].split()
    if len(pieces) < 2 or not first or verb_action(first[0]) is not None or \
            re.match(rf"^(?:{_VERB_ALT}|sliders?|submit|copy|paste|solve|guess|generate)\b", pieces[0], re.IGNORECASE):
        return [chunk]
    return pieces


def _split(text: str) -> list[str]:
    clauses: list[str] = []
    for chunk in (c for whole in _SPLIT_ALWAYS.split(text) for c in _verbless_list(whole)):
        for piece in (p for part in _SPLIT_VERB.split(chunk) for p in _SPLIT_SUBMIT.split(part)):
            piece = piece.strip().strip(",").strip()
            if piece:
                clauses.append(piece)
    return clauses


# Words around names that only say what they are: "the boxes X and Y", "the X option", "option X".
_NAME_HEAD = re.compile(r"^(?:the\s+|a\s+|an\s+)?(?:(?:check\s*|tick\s*)?box(?:es)?|check\s*box(?:es)?|options?|"
                        r"radio(?:\s+buttons?)?|choices?|items?|entries|answers?)\s+(?:labell?ed\s+|named\s+|called\s+)?",
                        re.IGNORECASE)
_NAME_TAIL = re.compile(r"\s+(?:(?:check\s*|tick\s*)?box(?:es)?|check\s*box(?:es)?|options?|radio(?:\s+buttons?)?|"
                        r"choices?|items?|answers?)$", re.IGNORECASE)


def _names(text: str, quotes: list[str]) -> tuple[str, ...]:
    text = _NAME_HEAD.sub("", text.strip())
    text = _NAME_TAIL.sub("", strip_articles(text)) if _NAME_TAIL.search(text) else text
    raw = [x for x in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*", text.strip()) if x.strip()]
    names: list[str] = []
    for item in raw:
        item = item.strip().rstrip(".")
        q = only_quote(item, quotes)
        if q is not None:
            names.append(q)
            continue
        names.append(restore(item, quotes))
    if len(names) == 1 and names[0].strip().lower() in ("nothing", "none", "no boxes", "no checkboxes",
                                                        "no items"):
        return ()
    return tuple(names)


# Kinds of clause as a table, pattern -> builder; tried before the older rules below (each new kind goes here).
# A builder turns a clause its pattern matched into parts (and whether following clicks search collapsed
# sections), or None when the clause, read closer, is not its kind after all: the next rule is tried.
_Built = tuple[list[Part], bool]
_Builder = Callable[[re.Match[str], str, list[str], bool], _Built | None]


def _submit(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> tuple[list[Part], bool]:
    return [Part(Kind.SUBMIT, restored)], search


def _close(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> tuple[list[Part], bool]:
    close = (Target(label="Close", role="button"), Target(label="Close"))
    return [Part(Kind.CLICK, restored, targets=close)], search


def _nothing(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> tuple[list[Part], bool]:
    return [], search


def _scroll(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> tuple[list[Part], bool]:
    said = f"{m.group('w0') or ''} {m.group('w') or ''} {m.group(0).split()[1]}"
    way = "top" if re.search(r"\b(?:top|up|start|beginning)\b", said, re.IGNORECASE) else "bottom"
    return [Part(Kind.SCROLL, restored, targets=parse_target(m.group("d"), quotes), value=way)], search


def _sliders(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> tuple[list[Part], bool] | None:
    values = tuple(v.replace("−", "-").lstrip("+") for v in re.findall(r"[-+−]?\d+(?:\.\d+)?", m.group("v")))
    count = m.group("n")
    if count and len(values) != {"two": 2, "three": 3, "four": 4, "five": 5}.get(count.lower(), int(count) if
                                                                                 count.isdigit() else 0):
        return None  # "the three sliders to 5 and 11": not a value each
    return [Part(Kind.SLIDERS, restored, labels=values)], search


def _role_widget(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> tuple[list[Part], bool]:
    # "Click on a "textarea" widget": the quoted word is a kind of control, not a label; "a" asks for any
    # one of that kind, so the first in page order is it (the answer says so), "the" for the only one.
    role = role_of(quotes[int(m.group("q"))]) or "any"
    ordinal = 1 if m.group("a").lower() in ("a", "an") and role != "any" else None
    targets = (Target(role=role, ordinal=ordinal), Target(label=quotes[int(m.group("q"))], quoted=True))
    return [Part(Kind.FIND if search else Kind.CLICK, restored, targets=targets)], search


def _suggest(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> tuple[list[Part], bool]:
    # "Enter an item that starts with "Sa" and ends with "ino"": type the start, then choose among the
    # suggestions the one that fits.
    start = only_quote(m.group("s"), quotes) or m.group("s")
    end = (only_quote(m.group("e"), quotes) or m.group("e")) if m.group("e") else ""
    field = field_target(m.group("f"), quotes) if m.group("f") else Target(role="textbox")
    return [Part(Kind.SUGGEST, restored, labels=(start, end), field=field)], search


def _lookup(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> tuple[list[Part], bool]:
    # "Enter the value of Language into the text field": the value is the one the page shows for that key.
    key = only_quote(m.group("k"), quotes) or restore(strip_articles(m.group("k")), quotes)
    return [Part(Kind.LOOKUP, restored, labels=(key,), field=field_target(m.group("f"), quotes))], search


def _lookup_each(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> tuple[list[Part], bool]:
    return [Part(Kind.LOOKUP, restored)], search


_END = r"(?P<w>\s+(?:all\s+the\s+way\s+)?(?:down|up|to\s+(?:the\s+|its\s+)?(?:bottom|end|top|start|beginning))" \
       r"(?:\s+of\s+(?:the\s+|its\s+)?(?:text|content|contents|box|list))?)?"
_RULES: tuple[tuple[re.Pattern[str], _Builder], ...] = tuple((re.compile(p, re.IGNORECASE), b) for p, b in (
    *BARE_FILL_RULES,
    (r"^submit(?:\s+(?:(?:the|this|my)\s+)?(?:form|it|text\s+input|input|text\s*box|text\s+field|answer|page|entry|survey|order|request|application|details|"
     r"data|everything|that|this))?(?:\s+(?:when|once)\s+(?:you(?:'re|\s+are|'ve|\s+have)\s+)?(?:all\s+)?(?:done|finished|ready))?$",
     _submit),
    (r"^(?:enter|type|input|write|put|fill\s+in)\s+the\s+value\s+(?:of|for)\s+(?P<k>.+?)\s+(?:into|in)\s+(?P<f>.+)$",
     _lookup),
    (r"^(?:enter|type|input|write|put|fill\s+in)\s+the\s+values?\s+that\s+(?:corresponds?|match(?:es)?)\s+(?:with|to)\s+"
     r"(?:each|every)\s+(?:label|field)\s+(?:into|in)\s+the\s+(?:form|fields?)$", _lookup_each),
    # "fill in the form from the table", "copy each value from the table into the matching field", "enter the
    # values for each label into the form", "fill each field with its value from the table".
    (r"^(?:enter|type|input|write|put|fill(?:\s+in|\s+out)?|copy|complete)\s+(?:the\s+|each\s+|every\s+|all\s+(?:the\s+)?)?"
     r"(?:form|fields?|values?)\s+(?:(?:with\s+(?:its|their|the)\s+values?\s+)?(?:from|in|of)\s+the\s+table|for\s+"
     r"(?:each|every)\s+label)(?:\s+(?:into|in|to)\s+the\s+(?:form|(?:matching\s+|right\s+)?fields?))?$",
     _lookup_each),
    (r"^(?:enter|type|put|copy|fill\s+in)\s+(?:each|every)\s+value\s+(?:from|in)\s+the\s+table\s+(?:into|in|to)\s+"
     r"(?:the\s+|its\s+)?(?:matching|right|corresponding)\s+fields?$", _lookup_each),
    (r"^close(?:\s+(?:the|that|this|its))?\s+(?:dialog|popup|pop-up|window|modal|box|message|overlay)"
     r"(?:\s+(?:box|window))?$", _close),
    # "close any popup that shows up": what act does anyway when a popup covers what it needs; no step.
    (r"^(?:close|dismiss)\s+(?:any|all|every)\s+(?:(?:of\s+)?the\s+)?(?:dialogs?|pop-?ups?|modals?|overlays?|"
     r"windows?)(?:\s+(?:that|which)\s+(?:\w+\s+)?(?:shows?|appears?|pops?|comes?)(?:\s+up)?|\s+(?:if|when)\b.*|"
     r"\s+(?:on|along)\s+the\s+way)?$", _nothing),
    (rf"^scroll\s+(?:down\s+|up\s+)?(?P<w0>to\s+the\s+(?:bottom|end|top|start|beginning)\s+of\s+)?(?P<d>.+?){_END}$",
     _scroll),
    (r"^(?:set|move|put|drag|adjust)\s+(?:the\s+|all\s+(?:the\s+)?)?(?:(?P<n>two|three|four|five|\d)\s+)?sliders\s+to\s+"
     r"(?:the\s+)?(?:combination|values?)?\s*(?P<v>\[?\s*[-+−]?\d+(?:\.\d+)?(?:\s*(?:,|,?\s+and|\s)\s*[-+−]?\d+"
     r"(?:\.\d+)?)+\s*\]?)$", _sliders),
    (rf"^(?:enter|type|input|write|pick|choose|select|put\s+in)\s+(?:an?\s+|the\s+|any\s+)?(?:item|value|word|name|"
     rf"entry|option|one|something|suggestion|thing)\s+(?:that\s+|which\s+)?(?:starts|begins|starting|beginning)"
     rf"(?:\s+with)?\s+(?P<s>{Q}\d+{QE}|[^\s{Q}]+)(?:\s*,?\s*and\s+(?:that\s+|which\s+)?(?:ends|ending)"
     rf"(?:\s+(?:with|in))?\s+(?P<e>{Q}\d+{QE}|[^\s{Q}]+))?(?:\s+(?:into|in)\s+(?P<f>.+))?$", _suggest),
    (rf"^(?:click|tap|press|select|choose|pick)(?:\s+on)?\s+(?P<a>an?|the)\s+{Q}(?P<q>\d+){QE}\s+"
     r"(?:widget|element|control)$", _role_widget),
    *ITEM_RULES,
    *ANSWER_RULES,
    *PUZZLE_RULES,
    *PHRASING_RULES,
))


def _find_and_click(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built:
    return [Part(Kind.FIND, restored, targets=parse_target(m.group("d"), quotes))], False


def _expand_one(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built:
    # One section, asked for in so many words: opening it is a step of its own.
    return [Part(Kind.EXPAND, restored)], True


def _route(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built | None:
    # A route ("Navigate through the file tree"): what follows is looked for by opening what is collapsed.
    return None if PLACEHOLDER.search(m.string) else ([], True)


def _click_part(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built:
    """A click on what the clause describes (``d``), or a search for it behind collapsed sections."""
    return [Part(Kind.FIND if search else Kind.CLICK, restored, targets=parse_target(m.group("d"), quotes))], search


def _focus(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built:
    return [Part(Kind.FOCUS, restored, targets=parse_target(m.group("d"), quotes, default_role="textbox"))], search


def _use_field(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built | None:
    # "Use the search box to enter "Truman"": the field comes first.
    fill = fill_parts(restored, f"{m.group('v')} into {m.group('f')}", quotes)
    return (fill, search) if fill else None


def _fill_body(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built | None:
    """A value into a field, as the clause's body (``b``) says: ``"x" into the Name field``, ``x as the date``."""
    fill = fill_parts(restored, m.group("b"), quotes)
    return (fill, search) if fill else None


def _number(value: str) -> str:
    return value.replace("−", "-").lstrip("+")


def _spinner(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built | None:
    low = m.string.lower()
    if "spin" not in low and "number field" not in low and "number input" not in low:
        return None
    return [Part(Kind.FILL, restored, value=_number(m.group("n")), field=Target(role="spinner"))], search


def _fill_with(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built:
    value = only_quote(m.group("v"), quotes) or m.group("v")
    desc, every = every_field(m.group("f"))
    field = parse_target(desc, quotes, default_role="textbox")
    # "the Email address field": the reading with a field role wins over the plain label "Email address field".
    target = next((r for r in field if r.role == "textbox"), field[0]) if field else Target(role="textbox")
    if target.role in (None, "any"):
        target = Target(label=target.label, role="textbox", ordinal=target.ordinal, quoted=target.quoted)
    if every and target.label is None and target.ordinal is None:
        target = replace(target, every=True)
    return [Part(Kind.FILL, restored, value=value, field=target)], search


def _slider(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built | None:
    if "slider" not in m.string.lower():
        return None
    return [Part(Kind.SLIDER, restored, value=_number(m.group("n")))], search


def _option(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built:
    if re.search(r"\s(?:>|→)\s", PLACEHOLDER.sub("", m.group("l"))):
        # "Pick File > Save from the menu": a menu path.
        labels = tuple(only_quote(x, quotes) or restore(x.strip(), quotes)
                       for x in re.split(r"\s*(?:>|→)\s*", m.group("l")) if x.strip())
        return [Part(Kind.MENU, restored, labels=labels)], search
    label = only_quote(m.group("l"), quotes) or restore(strip_articles(m.group("l")), quotes)
    menu = (m.group("w") or "").strip()
    if m.group("k").lower() == "menu" and menu and menu.lower() not in _NOT_MENU_NAMES:
        # "choose Zoom in from the View menu": the menu's entry, under the menu that name opens.
        return [Part(Kind.MENU, restored, labels=(only_quote(menu, quotes) or restore(menu, quotes), label))], search
    # "Select A, B and C from the list": several options of a multiple select (the whole text is tried as one
    # option first, for labels such as "Washington, D.C.").
    names = _names(m.group("l"), quotes)
    labels = (label, *names) if len(names) > 1 else (label,)
    return [Part(Kind.OPTION, restored, labels=labels, value="several" if len(names) > 1 else None)], search


_NOT_MENU_NAMES = frozenset({"main", "top", "context", "side", "popup", "pop-up", "dropdown", "drop-down", "select",
                             "options", "pull-down", "this", "that", "same"})


def _menu_path(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built | None:
    if not re.search(r"\s*(?:>|→)\s*", PLACEHOLDER.sub("", m.string)):
        return None
    labels = tuple(only_quote(x, quotes) or restore(x.strip(), quotes)
                   for x in re.split(r"\s*(?:>|→)\s*", m.group("p")) if x.strip())
    return ([Part(Kind.MENU, restored, labels=labels)], search) if len(labels) >= 2 else None


def _ordinal(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built | None:
    readings = parse_target(f"{m.group('o')} {m.group('r')}", quotes)
    if not readings or readings[0].ordinal is None:
        return None
    kind = Kind.CHECK if readings[0].role in ("radio", "checkbox") else Kind.CLICK
    return [Part(kind, restored, targets=readings)], search


def _uncheck(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built:
    return [Part(Kind.NAMES, restored, labels=_names(m.group("n"), quotes), value="off")], search


def _check(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built:
    body = m.group("n")
    readings = parse_target(body, quotes)
    if readings and (readings[0].role not in (None,) or readings[0].ordinal is not None):
        return [Part(Kind.FIND if search else Kind.CLICK, restored, targets=readings)], search
    return [Part(Kind.NAMES, restored, labels=_names(body, quotes), value="on")], search


# The rest of the request kinds, tried in this order after _RULES: the order matters where a clause fits
# two (a "select ... as ..." is a fill before it is a choice of options).
_MORE_RULES: tuple[tuple[re.Pattern[str], _Builder], ...] = tuple((re.compile(p, re.IGNORECASE), b) for p, b in (
    *BARE_FILL_RULES,
    (r"^(?:.*?\b)?(?:find|locate)\s+and\s+(?:click|tap|select|press)(?:\s+on)?\s+(?P<d>.+)$", _find_and_click),
    (r"^(?:expand|open)\s+(?:the\s+|a\s+)?(?:collapsed\s+|collapsible\s+|hidden\s+)?(?:section|panel|"
     r"header|collapsible|accordion|fold|details)(?:\s+(?:below|above|on the page))?$", _expand_one),
    (r"^(?:expand|open|search|look|go|browse|switch|navigate)\b.*\b(?:sections?|panels?|tabs|headers?|"
     r"collapsibles?|accordions?|folds?|trees?|folders?)\b", _route),
    (r"^.*?\bby\s+(?:clicking|pressing|tapping|hitting|selecting|choosing)(?:\s+on)?\s+(?P<d>.+)$", _click_part),
    (r"^focus(?:\s+(?:into|in|on|onto|to))?\s+(?P<d>.+)$", _focus),
    (r"^use\s+(?P<f>.+?)\s+to\s+(?:enter|type|input|write|fill in|search for|pick|choose|select|set|get)\s+"
     r"(?:it\s+to\s+)?(?P<v>.+)$", _use_field),
    # "type the Language value from the table into the field", "put the Language shown on the page in the box"
    (r"^(?:enter|type|input|write|put|fill\s+in|copy)\s+the\s+(?!(?:text|words?|letters|characters|code|string|"
     r"answer|result|value|number)\b)(?P<k>[^,]+?)\s+(?:value\s+(?:(?:from|in|on)\s+the\s+(?:table|page|list)\s+)?|"
     r"(?:shown|given|listed|written)\s+(?:on|in)\s+the\s+(?:table|page|list)\s+|(?:from|in)\s+the\s+table\s+)"
     r"(?:into|in|to)\s+(?P<f>.+)$", _lookup),
    (r"^(?:enter|type|input|write|put|key in|fill in|insert)\s+(?P<b>.+)$", _fill_body),
    (r"^copy\s+(?:all\s+(?:of\s+)?)?(?:the\s+)?(?:text|contents?|value|words?)?\s*(?:that\s+is\s+)?"
     r"(?:in|from|of|inside)\s+(?P<s>.+?)\s*(?:,\s*(?:and\s+)?(?:then\s+)?|\s+and\s+(?:then\s+)?|\s+)"
     r"paste\s+(?:it|that|this|them|the\s+text)?\s*(?:into|in|to|inside)\s+(?P<d>.+)$", copy_paste),
    *((p, copy_paste) for p in COPY_RULES),
    (r"^(?:select|choose|pick|set)\s+(?P<b>.+?\s+as\s+.+)$", _fill_body),
    # "password s3cret": a password field is never listed on the page, so it is read here, not spotted.
    (rf"^(?P<b>(?:the\s+|my\s+)?(?:password|passcode|pin)\s+(?:{Q}\d+{QE}|[^\s{Q}]+))$", _fill_body),
    # "12/24/2016 as the date": a value and the field it goes into, said without a verb.
    (rf"^(?P<b>(?:{Q}\d+{QE}|[^\s{Q}]+)\s+as\s+(?:the\s+|my\s+)?[^\s{Q}]+(?:\s+[^\s{Q}]+)?)$", _fill_body),
    (r"^(?:select|set|choose|pick|enter|put|adjust|type)\s+(?:the\s+(?:spinner|spin ?button)\s+"
     r"(?:to|at)\s+)?(?P<n>[-+−]?\d+(?:\.\d+)?)(?:\s+(?:with|on|using|in|into|via)\s+(?:the\s+)?"
     r"(?:spinner|spin ?button|number field|number input))?$", _spinner),
    (rf"^fill(?:\s+in|\s+out)?\s+(?P<f>.+?)\s+with\s+(?P<v>{Q}\d+{QE}|\d{{1,2}}:\d{{2}}\s?[ap]\.?m\.?|\S+)$",
     _fill_with),
    (r"^(?:select|set|choose|pick|move|slide|drag|put|adjust)\s+(?:the\s+slider\s+(?:to|at)\s+)?"
     r"(?:the\s+value\s+)?(?P<n>[-+−]?\d+(?:\.\d+)?)(?:\s+(?:with|on|using|in|via|by)\s+(?:the\s+)?"
     r"slider)?$", _slider),
    (rf"^(?:select|choose|pick)\s+(?P<l>.+?)\s+(?:from|in|on)\s+(?:the\s+)?(?P<w>(?:[\w-]+|{Q}\d+{QE})\s+)?"
     r"(?P<k>list|dropdown|drop-down|drop down|select box|menu|options|select)$", _option),
    (r"^(?:(?:select|choose|click|open|go to|navigate to|pick|tap)\s+(?:on\s+)?)?(?P<p>.+)$", _menu_path),
    (rf"^(?:check|select|click|choose|pick|mark|tick|tap|press)(?:\s+on)?\s+(?:the\s+)?"
     rf"(?P<o>{ORDINAL_PATTERN})\s+(?P<r>.+)$", _ordinal),
    (r"^(?:uncheck|untick|deselect|unselect|clear)\s+(?P<n>.+)$", _uncheck),
    (r"^(?:select|check|tick|mark|choose|pick|toggle)\s+(?P<n>.+)$", _check),
    (r"^(?:click|tap|press|hit|push|open|follow|activate|double-click|double click|go to)"
     r"(?:\s+(?:on|at|onto|in))?\s+(?P<d>.+)$", _click_part),
))


def _parse_clause(clause: str, quotes: list[str], search: bool) -> tuple[list[Part], bool]:
    """Parts of one clause, and whether following clicks search collapsed sections: the first rule whose
    pattern matches and whose builder takes the clause; a short clause left over names what to click."""
    c = clause.strip().rstrip(".!?").strip()
    restored = restore(c, quotes)
    for pattern, build in _RULES + _MORE_RULES:
        found = pattern.match(c)
        if found:
            built = build(found, restored, quotes, search)
            if built is not None:
                return built
    if asks_nothing(c):
        return [], search
    rest = without_topic(c)
    if rest is not None:
        # Only when a rule reads what follows: "zip code: 75011" names a field, not a topic.
        try:
            after = _parse_clause(rest, quotes, search)
            if all(p.kind != Kind.SPOT for p in after[0]):
                return after
        except UnsupportedRequestError:
            pass
    pairs = named_values(c)
    if pairs is not None:
        # Each "name value" is read as a verbless clause is: a field's name and its value.
        return [x for p in pairs for x in _parse_clause(p, quotes, search)[0]], search
    q = only_quote(c, quotes)
    # A short clause without a verb is read as a label ("Copy link", "Next"); a longer one is not a label.
    short = q is not None or (len(c.split()) <= 4 and not re.match(rf"^(?:{_VERB_ALT})\b", c, re.IGNORECASE)
                              and verb_action(c.split()[0]) is None)
    # No rule reads it: the clause is kept, and the one control whose label it names is looked for on the page
    # when its turn comes (a short clause is first read whole, as the name of what to click). Its verb is the
    # first verb of the lexicon in it, in any form ("would you mind pressing ..."). It is never a target to
    # reach by closing or opening things.
    verb = "" if short else (first_verb(re.findall(r"[\w'-]+", PLACEHOLDER.sub(" ", c))) or "")
    if not short and (not verb or (verb_action(verb) in ("fill", "set") and _UNSPOTTED_TEXT.search(c))):
        # No verb act knows: what to do is not known, so nothing is done (a label in it is not enough). Nor is
        # text entry no rule reads when its value is quoted or a pronoun (the value is not a label's remainder).
        raise UnsupportedRequestError(not_understood(restored))
    return [Part(Kind.SPOT, restored, targets=parse_target(c, quotes) if short else (),
                 labels=tuple(quotes[int(i)] for i in PLACEHOLDER.findall(c)), value=verb)], search


_UNSPOTTED_TEXT = re.compile(rf"{Q}\d+{QE}|\b(?:it|them|that|this|one)\b", re.IGNORECASE)


def _login_last(parts: list[Part]) -> list[Part]:
    """"Log me in: my username is ann and the password x": logging in comes after what it is done with, so a
    login said first is moved after the rest (it never goes before the fields are filled)."""
    logins = [p for p in parts if p.kind in (Kind.CLICK, Kind.SPOT) and len(p.targets) >= 1 and
              p.targets[0].label is not None and synonym(p.targets[0].label) == "login"]
    if len(logins) != 1 or parts[-1] is logins[0]:
        return parts
    return [p for p in parts if p is not logins[0]] + logins


def parse_request(request: str, keep: Collection[str] = ()) -> Plan:
    """The parts of ``request``, in order; ``UnsupportedRequestError`` when a clause is not understood.

    ``keep`` holds the words the page's labels show (lower case): never read as typos of filler words."""
    text = norm(request)
    if not text:
        raise UnsupportedRequestError("Empty request. Say what to do, for example: act click \"Save\".")
    protected, quotes = protect(text)
    protected, dismiss = popup_conditions(protected)
    protected = steps_of_arrows(reword(protected, keep).strip().rstrip(".!?").strip())
    parts: list[Part] = []
    search = False
    clauses = _split(protected)
    chat = [i for i, c in enumerate(clauses) if is_chat(c, clauses[:i] + clauses[i + 1:], keep)]
    for i, clause in enumerate(clauses):
        if i in chat and len(chat) < len(clauses):
            continue  # a remark beside what the request asks for ("Hiya", "it could be a folder")
        found, search = _parse_clause(clause, quotes, search)
        parts.extend(found)
    parts = join_answers(point_back(_login_last(same_value(parts))))
    if not parts:
        raise UnsupportedRequestError(
            f"Nothing to do in {request!r}: name a control to click or a value to enter, for example "
            "act expand the sections to find and click \"Details\"."
        )
    return Plan(request=text, parts=tuple(parts), dismiss=tuple(restore(d, quotes) for d in dismiss))
