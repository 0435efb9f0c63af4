"""What a plain-language request does to the page, as the action policy names it (pure): `act click Save`
is a Click, `act fill Name with Ann` a Fill. The action policy decides a request on these, so an `act` is
held to the same rules as the commands it stands for."""

from __future__ import annotations

from collections.abc import Sequence

from .._errors import RefwrightError
from ..safety._actions import ActionType
from .grammar._clauses import parse_request
from .grammar._plan import KINDS

__all__ = ["request_actions"]

A = ActionType

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
        found |= {A(name) for name in KINDS[part.kind].actions}
    return frozenset(found) or _UNREAD
