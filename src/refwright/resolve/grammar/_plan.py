"""What a request asks for, once parsed: a ``Plan`` of ``Part``s, each of a ``Kind``, aimed at ``Target``s (pure)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from ._numbers import wanted_text

__all__ = ["ACTION_KINDS", "KINDS", "STATE_KINDS", "Kind", "KindFacts", "Part", "Plan", "Target"]


@dataclass(frozen=True)
class Target:
    """What a part points at: a label, a role word, an ordinal (1-based, -1 for last), or some of them."""

    label: str | None = None
    role: str | None = None
    ordinal: int | None = None
    quoted: bool = False
    every: bool = False

    def describe(self) -> str:
        role = self.role if self.role not in (None, "any") else ""
        role_text = {"textbox": "text field", "menuitem": "menu item", "select": "list", "item": "item",
                     "textarea": "text area", "icon": "icon", "date": "date field",
                     "time": "time field"}.get(role or "", role or "")
        parts = []
        if self.ordinal is not None:
            parts.append("the last" if self.ordinal == -1 else f"the {_ordinal_text(self.ordinal)}")
        elif self.every:
            parts.append("every")
        elif role_text and not self.label:
            parts.append("the")
        if self.label is not None:
            parts.append(f'"{self.label}"')
        if role_text:
            parts.append(role_text)
        return " ".join(parts) or "the target"


def _ordinal_text(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


class Kind(StrEnum):
    """What a part of a request asks for. A string, so a kind prints and compares as its word."""

    CLICK = "click"
    FOCUS = "focus"
    MENU = "menu"
    FILL = "fill"
    COPY = "copy"
    NAMES = "names"
    OPTION = "option"
    SLIDER = "slider"
    CHECK = "check"
    FIND = "find"
    SUBMIT = "submit"
    EXPAND = "expand"
    SCROLL = "scroll"
    SLIDERS = "sliders"
    SUGGEST = "suggest"
    LOOKUP = "lookup"
    ITEM = "item"
    ANSWER = "answer"
    HIGHLIGHT = "highlight"
    RESULT = "result"
    # Set a control, named or pointed back to, to a value: what that means (an option, a radio, a field's
    # text, a slider's number) is decided against the page.
    SET = "set"
    # A clause no rule reads: the one visible control whose label it names, as its verb says.
    SPOT = "spot"
    # Puzzle shapes, parsed apart from the core vocabulary (grammar/_puzzles.py): marking numbers as one of
    # two classes, pressing a button until the number it draws fits, guessing a number from feedback.
    CLASSIFY = "classify"
    UNTIL = "until"
    GUESS = "guess"


@dataclass(frozen=True)
class Part:
    """One step kind of a request.

    ``kind`` says what it asks for. ``targets`` are alternative readings, tried in order (``Tab #2`` is first
    a label, then the role ``tab`` with label ``#2``); a ``copy`` reads from them into ``field``.
    ``labels`` is a menu path, a list of names or option labels (for several options of a multiple select
    the whole text first, then each name, with ``value`` ``several``); ``value`` the text to enter, the
    slider number, or ``on``/``off`` for names.
"""

    kind: Kind
    text: str
    targets: tuple[Target, ...] = ()
    labels: tuple[str, ...] = ()
    value: str | None = None
    field: Target | None = None

    def describe(self) -> str:
        return KINDS[self.kind].describe(self)


def _where(part: Part) -> str:
    return part.field.describe() if part.field is not None else "the text field"


def _describe_names(part: Part) -> str:
    if not part.labels:
        return "select nothing"
    return ("clear " if part.value == "off" else "select ") + ", ".join(f'"{x}"' for x in part.labels)


def _describe_option(part: Part) -> str:
    if len(part.labels) > 1:
        return "choose the options " + ", ".join(f'"{x}"' for x in part.labels)
    return f'choose the option "{part.labels[0]}"'


def _answer_source(part: Part) -> str:
    """What an answer is computed or read from, as the request names it (labels: the source's kind first)."""
    what = part.labels[0] if part.labels else ""
    if what == "math":
        return f"the value of {part.labels[1]} in the equation the page shows" if part.labels[1:] and part.labels[1] \
            else "the answer to the math problem the page shows"
    if what == "word":
        n = int(part.labels[1])
        where = part.targets[0].describe() if part.targets else _paragraph(part.labels[2:])
        return f"the {'last' if n == -1 else _ordinal_text(n)} word of {where}"
    if what == "paragraph":
        return "the text of " + _paragraph(part.labels[1:])
    return "the text the page shows"


def _paragraph(labels: tuple[str, ...]) -> str:
    n = int(labels[0]) if labels and labels[0] else 0
    return "the paragraph" if n == 0 else "the last paragraph" if n == -1 else f"the {_ordinal_text(n)} paragraph"


def _verb_target(verb: str) -> Callable[[Part], str]:
    return lambda part: f"{verb} {part.targets[0].describe()}" if part.targets else verb


@dataclass(frozen=True)
class KindFacts:
    """What is known of a kind of part, in one place: how a ``Next:`` line says it, whether the page shows it
    done (a field's value, a box's check: a *state* part) or only act's memory can (a click: an *action*
    part), and what carrying it out does, in the action policy's words (``ActionType`` values)."""

    describe: Callable[[Part], str]
    state: bool
    actions: tuple[str, ...]


_CLICK = ("Click",)
_FILL = ("Fill",)
KINDS: dict[Kind, KindFacts] = {
    Kind.CLICK: KindFacts(_verb_target("click"), False, _CLICK),
    Kind.FOCUS: KindFacts(_verb_target("focus"), False, ("Focus",)),
    Kind.FIND: KindFacts(_verb_target("find and click"), False, _CLICK),
    Kind.MENU: KindFacts(lambda part: "choose " + " > ".join(f'"{x}"' for x in part.labels) + " in the menu", False,
                         _CLICK),
    Kind.FILL: KindFacts(lambda part: f"enter a value into {_where(part)}", True, _FILL),
    Kind.NAMES: KindFacts(_describe_names, True, _FILL),
    Kind.OPTION: KindFacts(_describe_option, True, ("Select",)),
    Kind.COPY: KindFacts(lambda part: f"copy the text of {part.targets[0].describe()} into {_where(part)}", True,
                         _FILL),
    Kind.SLIDER: KindFacts(lambda part: f"set the slider to {part.value}", True, _FILL),
    Kind.CHECK: KindFacts(lambda part: f"check {part.targets[0].describe()}", True, _CLICK),
    Kind.SUBMIT: KindFacts(lambda part: "submit the form", False, _CLICK),
    Kind.EXPAND: KindFacts(lambda part: "expand the collapsed section", False, _CLICK),
    Kind.SCROLL: KindFacts(lambda part: f"scroll {part.targets[0].describe() if part.targets else 'the box'} to its "
                                        f"{'top' if part.value == 'top' else 'end'}", False, ("Scroll",)),
    Kind.SLIDERS: KindFacts(lambda part: "set the sliders to " + ", ".join(part.labels), True, _FILL),
    Kind.LOOKUP: KindFacts(lambda part: (f"enter the value of {part.labels[0]!r} shown on the page into {_where(part)}"
                                         if part.labels else
                                         "enter into each field the value the page shows for its label"),
                           True, ("Fill", "Click")),
    Kind.ITEM: KindFacts(lambda part: f"find the item that shows {part.labels[0]!r}", False, _CLICK),
    Kind.ANSWER: KindFacts(lambda part: f"enter {_answer_source(part)} into {_where(part)}", True, _FILL),
    Kind.HIGHLIGHT: KindFacts(lambda part: "select the text of " + _answer_source(part).removeprefix("the text of "),
                              False, _CLICK),
    Kind.CLASSIFY: KindFacts(lambda part: f"mark each number the page shows as {part.labels[0]} or {part.labels[1]}",
                             False, _CLICK),
    Kind.UNTIL: KindFacts(lambda part: f"click {part.labels[0]!r} until the page shows "
                                       f"{wanted_text(*part.labels[1:3])}", False, _CLICK),
    Kind.GUESS: KindFacts(lambda part: f"guess the number between {part.labels[0]} and {part.labels[1]} from the "
                                       "page's feedback", False, ("Fill", "Click")),
    Kind.RESULT: KindFacts(lambda part: f"click result {part.labels[0]} of the list (its page of results first)",
                           False, _CLICK),
    # What a set or a spotted clause does is decided on the page; before that, the policy reads it as a click
    # (as it reads a request it cannot parse).
    Kind.SET: KindFacts(lambda part: f"set {part.targets[0].describe() if part.targets else 'it'} to "
                                     f"{part.value!r}", False, _CLICK),
    Kind.SPOT: KindFacts(lambda part: f"do what {part.text!r} asks, on the control whose label it names", False,
                         _CLICK),
    Kind.SUGGEST: KindFacts(lambda part: f"choose the suggestion that starts with {part.labels[0]!r}"
                                         + (f" and ends with {part.labels[1]!r}" if part.labels[1] else ""),
                            True, ("Fill", "Click")),
}
# Parts whose outcome the page shows, so whether they are done is read from the page; the others are done
# when act did them.
STATE_KINDS = frozenset(k for k, facts in KINDS.items() if facts.state)
ACTION_KINDS = frozenset(k for k, facts in KINDS.items() if not facts.state)


@dataclass(frozen=True)
class Plan:
    """A request's parts, in order: what it asked for and nothing more (no submit it did not ask for)."""

    request: str
    parts: tuple[Part, ...]
    # The buttons a request names as the way out of a popup, if one comes ("if a popup asks, cancel it"); an
    # empty name is any harmless one. Only these may be pressed to close a popup that covers the page.
    dismiss: tuple[str, ...] = ()

    @property
    def repeatable(self) -> bool:
        """Whether the request does something the page cannot show as done (a click): such a request, once
        done, means "once more" when the page's controls have changed since (a wizard's Next)."""
        return any(p.kind in ACTION_KINDS for p in self.parts)

    @property
    def fills_a_form(self) -> bool:
        """Whether the request only sets what a form holds (fields, boxes, options), so that once it is done
        the page's submit button may be offered, as an offer and not as a part of the request."""
        kinds = [p.kind for p in self.parts]
        fills = {Kind.FILL, Kind.SUGGEST, Kind.LOOKUP, Kind.ANSWER}
        return not self.repeatable and (bool(fills & set(kinds)) or len(kinds) >= 2)
