"""Requests whose value is an answer the page's text gives, parsed into parts (pure, no page).

"Solve the math problem and type your answer into the textbox", "Find the 4th word in the paragraph, type
that into the textbox", "Type the text below into the text field", "Highlight the text in the 2nd
paragraph". A clause that says what to compute or read (the source) and the clause after it that says where
to type it (the sink: "type your answer into...") become one ``answer`` part: ``join_answers``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from ..._errors import UnsupportedRequestError
from .._labels import ORDINAL_PATTERN, ordinal_of
from ._plan import Kind, Part, Target
from ._target import parse_target

__all__ = ["ANSWER_RULES", "join_answers"]

_Built = tuple[list[Part], bool]
_Builder = Callable[[re.Match[str], str, list[str], bool], _Built | None]

_TYPE = r"(?:enter|type|input|write|put|fill\s+in|key\s+in|insert)"
_INTO = r"(?:into|in|inside|on)"
_WHERE = r"(?:\s+(?:below|above|shown|here|on\s+(?:the|this)\s+page))?"
_FIELD_ROLES = ("textbox", "textarea")


def _field(desc: str, quotes: list[str]) -> Target:
    readings = parse_target(desc, quotes, default_role="textbox")
    field = next((r for r in readings if r.role in _FIELD_ROLES), readings[0] if readings else Target(role="textbox"))
    if field.role in (None, "any"):
        field = Target(label=field.label, role="textbox", ordinal=field.ordinal, quoted=field.quoted)
    return field


def _math(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built:
    unknown = (m.groupdict().get("u") or "").lower()
    field = _field(m.group("f"), quotes) if m.groupdict().get("f") else None
    return [Part(Kind.ANSWER, restored, labels=("math", unknown), field=field)], search


def _source(scope: str, quotes: list[str]) -> tuple[tuple[str, ...], tuple[Target, ...]] | None:
    """Where a word is read from: a text field ("the text area"), or a paragraph of the page ("the 2nd
    paragraph", "the text below")."""
    readings = parse_target(scope, quotes)
    if readings and readings[0].role in _FIELD_ROLES:
        return (), readings[:1]
    m = re.fullmatch(rf"(?:the\s+|this\s+)?(?:(?P<o>{ORDINAL_PATTERN})\s+)?(?:paragraph|text|passage|sentence|"
                     rf"block\s+of\s+text){_WHERE}", scope.strip(), re.IGNORECASE)
    if not m:
        return None
    return (str(ordinal_of(m.group("o")) or "") if m.group("o") else "",), ()


def _word(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built | None:
    source = _source(m.group("s"), quotes)
    n = ordinal_of(m.group("o"))
    if source is None or n is None:
        return None
    paragraph, targets = source
    field = _field(m.group("f"), quotes) if m.groupdict().get("f") else None
    return [Part(Kind.ANSWER, restored, labels=("word", str(n), *paragraph), targets=targets, field=field)], search


def _sink(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built:
    field = _field(m.group("f"), quotes) if m.groupdict().get("f") else Target(role="textbox")
    return [Part(Kind.ANSWER, restored, field=field)], search


def _shown(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built:
    return [Part(Kind.ANSWER, restored, labels=("shown",), field=_field(m.group("f"), quotes))], search


def _highlight(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built:
    n = ordinal_of(m.group("o")) if m.group("o") else None
    return [Part(Kind.HIGHLIGHT, restored, labels=("paragraph", str(n) if n else ""))], search


def _result(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built | None:
    # "find and click the 5th search result": counted through the pages of the list.
    n = ordinal_of(m.group("o"))
    if n is None or n < 1:
        return None
    return [Part(Kind.RESULT, restored, labels=(str(n),))], search


def _click_when_done(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built:
    # "Press Submit when done": the click comes last; "when done" is not part of the label.
    return [Part(Kind.CLICK, restored, targets=parse_target(m.group("d"), quotes))], search


_ORD = ORDINAL_PATTERN
_PROBLEM = (r"(?:the\s+|this\s+)?(?:math(?:s|ematical)?\s+|arithmetic\s+|simple\s+)?(?:problem|expression|equation|"
            r"sum|question|calculation|exercise)" + _WHERE)
ANSWER_RULES: tuple[tuple[str, _Builder], ...] = (
    (rf"^(?:solve|compute|calculate|work\s+out|evaluate|answer|do|figure\s+out|find|get)\s+(?:the\s+(?:answer|result|"
     rf"solution|value)\s+(?:to|of|for)\s+)?{_PROBLEM}$", _math),
    (rf"^(?:what'?s|what\s+is)\s+the\s+(?:answer|result|solution)\s+(?:to|of|for)\s+{_PROBLEM}$", _math),
    (rf"^solve\s+for\s+(?P<u>[a-z])(?:\s+in\s+{_PROBLEM})?$", _math),
    # "solve the equation for x", "work out x", "find the value of x".
    (rf"^(?:solve|work\s+out|figure\s+out|find|compute|calculate|get)\s+(?:{_PROBLEM}\s+for\s+|(?:the\s+)?value\s+of\s+)?"
     r"(?P<u>[xyzn])$", _math),
    (rf"^{_TYPE}\s+the\s+(?:answer|result|solution|value)\s+(?:to|of)\s+{_PROBLEM}\s+{_INTO}\s+(?P<f>.+)$", _math),
    (rf"^(?:find|read|get|take|look\s+for|locate|note|pick)\s+the\s+(?P<o>{_ORD})\s+word\s+(?:in|of|from)\s+(?P<s>.+)$",
     _word),
    (rf"^(?:{_TYPE}|copy)\s+the\s+(?P<o>{_ORD})\s+word\s+(?:in|of|from)\s+(?P<s>.+?)\s+(?:into|to|in(?=\s+the\s+(?:\w+\s+)?"
     r"(?:field|box|textbox|input)\b))\s+(?P<f>.+)$", _word),
    (rf"^{_TYPE}\s+(?:in\s+)?(?:your\s+|the\s+|that\s+|this\s+)?(?:answer|result|solution|it|that|this|word)\s+"
     rf"{_INTO}\s+(?P<f>.+)$", _sink),
    # "solve for x, type the answer, submit": the answer into the one text field.
    (rf"^{_TYPE}\s+(?:in\s+)?(?:your|the)\s+(?:answer|result|solution)$", _sink),
    (rf"^{_TYPE}\s+(?:the\s+)?(?:text|words?|letters|characters|code|string)\s+(?:that\s+is\s+|which\s+is\s+)?"
     r"(?:shown|displayed|written)?\s*(?:below|above|here|on\s+the\s+page)\s+(?:into|in|inside)\s+(?P<f>.+)$", _shown),
    (rf"^(?:highlight|select)\s+(?:all\s+)?(?:of\s+)?(?:the\s+)?(?:text|words)\s+(?:in|of)\s+(?:the\s+)?"
     rf"(?:(?P<o>{_ORD})\s+)?(?:paragraph|passage|block\s+of\s+text){_WHERE}$", _highlight),
    (rf"^highlight\s+the\s+(?:(?P<o>{_ORD})\s+)?(?:paragraph|passage){_WHERE}$", _highlight),
    (rf"^(?:find\s+and\s+)?(?:click|open|select|choose|follow|tap)(?:\s+on)?\s+the\s+(?P<o>{_ORD})\s+"
     r"(?:search\s+)?result(?:\s+(?:in|of|from)\s+the\s+(?:list|results|search(?:\s+results)?))?$", _result),
    (r"^(?:press|click|hit|tap|push)(?:\s+on)?\s+(?P<d>.+?)\s+(?:when|once)\s+(?:you(?:'re|\s+are)\s+)?"
     r"(?:done|finished|ready)$", _click_when_done),
)


def join_answers(parts: list[Part]) -> list[Part]:
    """A source ("Solve the problem") and the sink after it ("type your answer into the textbox") as one
    part; a source alone types into the page's text field; a sink with no source is refused."""
    out: list[Part] = []
    i = 0
    while i < len(parts):
        part = parts[i]
        if part.kind == Kind.GUESS and i + 1 < len(parts) and parts[i + 1].kind == Kind.CLICK:
            # "Guess the number ... and press Submit": each guess is typed, then sent with that button.
            out.append(replace(part, text=f"{part.text}, {parts[i + 1].text}", targets=parts[i + 1].targets))
            i += 1
        elif part.kind != Kind.ANSWER:
            out.append(part)
        elif not part.labels:
            raise UnsupportedRequestError(
                f"{part.text!r} says to type an answer, but not what to compute or read. Say what, for example: "
                "act Solve the math problem and type your answer into the textbox.")
        elif part.field is None:
            nxt = parts[i + 1] if i + 1 < len(parts) else None
            if nxt is not None and nxt.kind == Kind.ANSWER and not nxt.labels:
                out.append(replace(part, text=f"{part.text}, {nxt.text}", field=nxt.field))
                i += 1
            else:
                out.append(replace(part, field=Target(role="textbox")))
        else:
            out.append(part)
        i += 1
    return out
