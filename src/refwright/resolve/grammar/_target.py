"""What a request's words point at (pure): quoted strings kept aside while a request is parsed, role words,
and the readings of a target description ("the "Next" link", "the 2nd text field")."""

from __future__ import annotations

import re

from .._labels import ORDINAL_PATTERN, ordinal_of
from ._plan import Target

__all__ = [
    "PLACEHOLDER",
    "QE",
    "ROLE_WORDS",
    "Q",
    "only_quote",
    "parse_target",
    "plural",
    "protect",
    "restore",
    "role_of",
    "strip_articles",
]


# Role phrases, longest first when matched; values are the canonical role words.
ROLE_WORDS: dict[str, str] = {
    "radio button": "radio", "radiobutton": "radio", "radio": "radio", "option button": "radio",
    "check box": "checkbox", "checkbox": "checkbox", "tickbox": "checkbox", "tick box": "checkbox",
    "input textbox": "textbox", "input text box": "textbox", "text input": "textbox", "input field": "textbox",
    "text field": "textbox", "text box": "textbox", "textbox": "textbox", "input box": "textbox",
    "input": "textbox", "field": "textbox", "search box": "textbox", "searchbox": "textbox", "box": "textbox",
    "text area": "textarea", "textarea": "textarea",
    "menu item": "menuitem", "menuitem": "menuitem", "menu entry": "menuitem",
    "button": "button", "hyperlink": "link", "link": "link", "tab": "tab", "option": "option",
    "item": "item", "entry": "item", "slider": "slider", "dropdown": "select", "drop-down": "select",
    "drop down": "select", "select box": "select", "list": "select", "icon": "icon", "image": "icon",
    "element": "any", "control": "any", "widget": "any",
    "date field": "date", "date": "date", "time field": "time", "time": "time",
    # A field's kind as people name it: "the date box", "the datepicker", "the time input".
    "date box": "date", "date input": "date", "date picker": "date", "datepicker": "date", "calendar": "date",
    "time box": "time", "time input": "time", "radio option": "radio",
    "spinner": "spinner", "spin button": "spinner", "spinbutton": "spinner", "number field": "spinner",
    "number input": "spinner",
}
_ROLE_ALT = "|".join(re.escape(w) for w in sorted(ROLE_WORDS, key=len, reverse=True))
# "buttons", "links", "text fields": a plural role phrase.
_ROLE_RE = re.compile(rf"^(?:{_ROLE_ALT})(?:e?s)?$", re.IGNORECASE)
# "any text area", "one of the buttons", "a checkbox element": any one control of that kind.
_ANY_ONE = re.compile(r"^(?:any\s+|an?\s+|one\s+of\s+(?:the\s+)?)(?P<r>.+?)(?:\s+(?:widget|element|control)s?)?$",
                      re.IGNORECASE)
# "the textarea element": the kind, said with a word for any control.
_OF_KIND = re.compile(r"^(?P<r>.+?)\s+(?:widget|element|control)s?$", re.IGNORECASE)

Q = "\u27e6"  # ⟦n⟧ stands for the n-th quoted string while the request is parsed
QE = "\u27e7"
PLACEHOLDER = re.compile(rf"{Q}(\d+){QE}")
_QUOTES = re.compile(
    r"\"([^\"]*)\"|“([^”]*)”|„([^“”]*)[“”]|«([^»]*)»|‘([^’]*)’|(?<![\w'])'([^']+)'(?![\w'])"
)
_ARTICLES = re.compile(r"^(?:(?:the|a|an|on|at|onto|their|his|its)\s+)+", re.IGNORECASE)
_NAMED = re.compile(r"\s*\b(?:labell?ed|named|called|titled|that says|saying|with (?:the )?(?:text|label))\b\s*",
                    re.IGNORECASE)


def protect(text: str) -> tuple[str, list[str]]:
    quotes: list[str] = []

    def repl(m: re.Match[str]) -> str:
        value = next(g for g in m.groups() if g is not None)
        quotes.append(value)
        return f"{Q}{len(quotes) - 1}{QE}"

    return _QUOTES.sub(repl, text), quotes


def restore(text: str, quotes: list[str]) -> str:
    return PLACEHOLDER.sub(lambda m: quotes[int(m.group(1))], text)


def only_quote(text: str, quotes: list[str]) -> str | None:
    m = PLACEHOLDER.fullmatch(text.strip())
    return quotes[int(m.group(1))] if m else None


def strip_articles(text: str) -> str:
    return _ARTICLES.sub("", text.strip()).strip()


def role_of(words: str) -> str | None:
    w = words.strip().lower()
    if not w:
        return None
    if _ROLE_RE.match(w):
        base = w
        if base not in ROLE_WORDS and base.endswith("s"):
            base = base[:-1]
        if base not in ROLE_WORDS and base.endswith("e"):
            base = base[:-1]
        return ROLE_WORDS.get(base)
    return None


def plural(words: str) -> bool:
    w = words.strip().lower()
    return w.endswith("s") and w not in ROLE_WORDS


def parse_target(desc: str, quotes: list[str], *, default_role: str | None = None) -> tuple[Target, ...]:
    """Readings of a target description, most specific first."""
    said = desc.strip().rstrip(".!?").strip()
    for pattern, ordinal in ((_ANY_ONE, 1), (_OF_KIND, None)):
        m = pattern.match(said)
        role = role_of(m.group("r")) if m else None
        if m and role is not None and role != "any":
            return (Target(role=role, ordinal=ordinal),)
    d = strip_articles(desc).rstrip(".!?").strip()
    d = _NAMED.sub(" ", d).strip()
    if not d:
        return (Target(role=default_role),) if default_role else ()
    m = re.match(rf"^({ORDINAL_PATTERN})\s+(.+)$", d, re.IGNORECASE)
    if m:
        ordinal = ordinal_of(m.group(1))
        rest = m.group(2)
        label = None
        ph = PLACEHOLDER.search(rest)
        if ph:
            label = quotes[int(ph.group(1))]
            rest = PLACEHOLDER.sub(" ", rest).strip()
        # Only "<ordinal> <role>" is an ordinal: "First Name" is a label.
        role = role_of(rest) or (default_role if label is not None and not rest else None)
        if role is not None:
            return (Target(label=label, role=role, ordinal=ordinal, quoted=label is not None),)
    ph = PLACEHOLDER.search(d)
    if ph:
        label = quotes[int(ph.group(1))]
        rest = strip_articles(PLACEHOLDER.sub(" ", d, count=1)).strip()
        role = role_of(rest)
        if role is not None:
            return (Target(label=label, role=role, quoted=True), Target(label=label, quoted=True))
        return (Target(label=label, quoted=True),)
    text = restore(d, quotes)
    whole_role = role_of(text)
    if whole_role is not None:
        # "the text field", "the button": a role with no label (a control labelled "button" comes second).
        return (Target(role=whole_role, every=plural(text)), Target(label=text))
    readings = [Target(label=text)]
    words = text.split(" ")
    for n in (3, 2, 1):
        if len(words) > n:
            head, tail = " ".join(words[:n]), " ".join(words[n:])
            role = role_of(head)
            if role is not None:
                readings.append(Target(label=tail, role=role))
            head, tail = " ".join(words[:-n]), " ".join(words[-n:])
            role = role_of(tail)
            if role is not None:
                readings.append(Target(label=head, role=role))
    if default_role is not None and len(readings) == 1:
        readings.append(Target(label=text, role=default_role))
    return tuple(readings)
