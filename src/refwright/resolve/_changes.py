"""A short summary of what a step changed, from two inspections of the page (pure)."""

from __future__ import annotations

from ..snapshot._format import quote
from ._model import Control, Inspection, describe

__all__ = ["summarize_changes"]

_MAX_LINES = 8
_MAX_TEXT = 80
_STATE_WORDS = ("checked", "expanded", "selected", "pressed", "disabled", "readonly", "focused")


def _text(text: str) -> str:
    return quote(text, _MAX_TEXT)


def _state_change(old: Control, new: Control) -> list[str]:
    changes: list[str] = []
    for word in _STATE_WORDS:
        was, now = word in old.states, word in new.states
        if was != now:
            changes.append(word if now else f"not {word}")
    if old.label != new.label and old.kind == new.kind:
        changes.append(f"label now {_text(new.label)}")
    if old.value_hash != new.value_hash:
        changes.append("value changed")
    return changes


def summarize_changes(before: Inspection, after: Inspection, *, max_lines: int = _MAX_LINES) -> str:
    """``Changes: ...`` lines: controls that appeared, disappeared or changed, then text that did.

    Values are never shown, only that they changed. At most ``max_lines`` lines, then ``(+N more)``.
    """
    lines: list[str] = []
    if after.url != before.url:
        lines.append(f"Navigated to {after.url}")
    elif after.token != before.token:
        lines.append("The page reloaded (a new document).")
    if after.title != before.title and after.title:
        lines.append(f"Title is now {_text(after.title)}")
    same_document = after.token == before.token
    old = {c.id: c for c in before.controls} if same_document else {}
    new = {c.id: c for c in after.controls} if same_document else {}
    if same_document:
        appeared = [c for c in after.controls if c.id not in old]
        gone = [c for c in before.controls if c.id not in new]
        for c in appeared:
            lines.append("+ " + describe(c))
        for c in gone:
            lines.append("- " + describe(c, with_ref=False))
        for c in after.controls:
            prev = old.get(c.id)
            if prev is not None:
                diff = _state_change(prev, c)
                if diff:
                    lines.append("~ " + describe(c) + ": " + ", ".join(diff))
    old_texts = set(before.texts)
    new_texts = set(after.texts)
    for t in after.texts:
        if t not in old_texts:
            lines.append("+ text " + _text(t))
    for t in before.texts:
        if t not in new_texts:
            lines.append("- text " + _text(t))
    if not lines:
        return "Changes: none visible."
    shown = lines[:max_lines]
    more = len(lines) - len(shown)
    out = "Changes:\n" + "\n".join(shown)
    if more > 0:
        out += f"\n(+{more} more; run `inspect` for the full list)"
    return out
