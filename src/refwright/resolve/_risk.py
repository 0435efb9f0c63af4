"""Which controls need a person's approval before they are used (pure)."""

from __future__ import annotations

import re

from ._text import fold

__all__ = ["APPROVAL", "RISKY_WORDS", "SAFE", "risk_of"]

SAFE = "safe"
APPROVAL = "approval-required"

# Labels that commit something: money, messages, deletions, submissions.
RISKY_WORDS = (
    "pay", "buy", "purchase", "order", "checkout", "check out", "delete", "remove", "send", "submit", "transfer",
    "subscribe", "unsubscribe", "publish", "post", "donate", "erase", "destroy", "withdraw", "place order",
    "book now", "reset",
)
_RISKY = re.compile(r"(?<![\w])(?:" + "|".join(re.escape(w) for w in RISKY_WORDS) + r")(?![\w])")

# Kinds whose effect refwright cannot see in advance.
_UNPREDICTABLE = {
    "pointer": "a custom pointer target (its effect is not declared)",
    "draggable": "a drag",
    "droptarget": "a drop",
}


def risk_of(kind: str, label: str, *, submits: bool = False, resets: bool = False) -> tuple[str, str]:
    """``(risk, reason)``: ``approval-required`` with why, or ``safe`` with an empty reason."""
    if submits:
        return APPROVAL, "it submits a form"
    if resets:
        return APPROVAL, "it resets a form"
    if kind in _UNPREDICTABLE:
        return APPROVAL, _UNPREDICTABLE[kind]
    m = _RISKY.search(fold(label))
    if m:
        return APPROVAL, f"its label says {m.group(0)!r}"
    return SAFE, ""
