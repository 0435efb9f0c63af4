"""Which controls need a person's approval before they are used (pure)."""

from __future__ import annotations

import re

from ._labels import fold

__all__ = ["APPROVAL", "RISKY_WORDS", "SAFE", "risk_of"]

SAFE = "safe"
APPROVAL = "approval-required"

# Labels that commit something: money, messages, deletions, submissions.
RISKY_WORDS = (
    "pay", "buy", "purchase", "order", "checkout", "check out", "delete", "remove", "send", "submit", "transfer",
    "subscribe", "unsubscribe", "publish", "post", "donate", "erase", "destroy", "withdraw", "place order",
    "book now", "reset", "trash",
)
_RISKY = re.compile(r"(?<![\w])(?:" + "|".join(re.escape(w) for w in RISKY_WORDS) + r")(?![\w])")

# What a risky word commits, as the proposal's reason says it.
_PAYMENT = "a payment or purchase"
_WHAT = {
    **dict.fromkeys(("pay", "buy", "purchase", "order", "checkout", "check out", "transfer", "donate", "withdraw",
                     "place order", "book now"), _PAYMENT),
    **dict.fromkeys(("delete", "remove", "erase", "destroy", "trash"), "a deletion"),
    **dict.fromkeys(("send", "post", "publish"), "it sends or publishes something"),
    "submit": "a submit (what was entered is sent)",
    "subscribe": "a subscription", "unsubscribe": "a subscription change",
    "reset": "a reset (what was entered is lost)",
}

# Kinds whose effect refwright cannot see in advance.
_UNPREDICTABLE = {
    "pointer": "a custom pointer target (its effect is not declared)",
    "draggable": "a drag",
    "droptarget": "a drop",
}


def risk_of(kind: str, label: str, *, submits: bool = False, resets: bool = False) -> tuple[str, str]:
    """``(risk, reason)``: ``approval-required`` with why, or ``safe`` with an empty reason."""
    if submits:
        return APPROVAL, "it submits a form (what was entered is sent)"
    if resets:
        return APPROVAL, "it resets a form (what was entered is lost)"
    if kind in _UNPREDICTABLE:
        return APPROVAL, _UNPREDICTABLE[kind]
    m = _RISKY.search(fold(label))
    if m:
        word = m.group(0)
        return APPROVAL, f"its label says {word!r}: {_WHAT[word]}"
    return SAFE, ""
