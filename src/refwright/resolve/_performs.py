"""What a plain-language request does to the page, as the action policy names it (pure): `act click Save`
is a Click, `act fill Name with Ann` a Fill. The action policy decides a request on these, so an `act` is
held to the same rules as the commands it stands for."""

from __future__ import annotations

from collections.abc import Sequence

from .._errors import RefwrightError
from ..safety._actions import ActionType
from .grammar._clauses import parse_request
from .grammar._plan import Kind

__all__ = ["request_actions"]

A = ActionType

# Each kind of request part and the actions carrying it out takes. A kind that types and then picks (a
# suggestion list, a guess) is both; where a part may click to reveal its control, it is a Click as well.
_KIND_ACTIONS: dict[Kind, frozenset[ActionType]] = {
    Kind.CLICK: frozenset({A.CLICK}),
    Kind.FOCUS: frozenset({A.FOCUS}),
    Kind.MENU: frozenset({A.CLICK}),
    Kind.FILL: frozenset({A.FILL}),
    Kind.COPY: frozenset({A.FILL}),
    Kind.NAMES: frozenset({A.FILL}),
    Kind.OPTION: frozenset({A.SELECT}),
    Kind.SLIDER: frozenset({A.FILL}),
    Kind.CHECK: frozenset({A.CLICK}),
    Kind.FIND: frozenset({A.CLICK}),
    Kind.SUBMIT: frozenset({A.CLICK}),
    Kind.EXPAND: frozenset({A.CLICK}),
    Kind.SCROLL: frozenset({A.SCROLL}),
    Kind.SLIDERS: frozenset({A.FILL}),
    Kind.SUGGEST: frozenset({A.FILL, A.CLICK}),
    Kind.LOOKUP: frozenset({A.FILL, A.CLICK}),
    Kind.ITEM: frozenset({A.CLICK}),
    Kind.ANSWER: frozenset({A.FILL}),
    Kind.HIGHLIGHT: frozenset({A.CLICK}),
    Kind.CLASSIFY: frozenset({A.CLICK}),
    Kind.UNTIL: frozenset({A.CLICK}),
    Kind.GUESS: frozenset({A.FILL, A.CLICK}),
    Kind.RESULT: frozenset({A.CLICK}),
}

# A request act does not understand can still end in a click: a decision provider picks one control, which
# act can only click or focus.
_UNREAD = frozenset({A.CLICK})


def request_actions(args: Sequence[str]) -> frozenset[ActionType]:
    """The actions the request in ``args`` (its words, or the whole request as one argument) performs."""
    try:
        plan = parse_request(" ".join(args))
    except RefwrightError:
        return _UNREAD
    found: set[ActionType] = set()
    for part in plan.parts:
        found |= _KIND_ACTIONS.get(part.kind, _UNREAD)
    return frozenset(found) or _UNREAD
