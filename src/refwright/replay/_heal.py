"""Healing's matching (pure): the one control on the page that fits a broken step's recorded intent.

Wider than ``act``'s strict matching, and for healing only: the control must be of the same kind, and its
name must hold the recorded name's words or be clearly the closest to it. One clear winner heals; a tie, or
nothing close, does not.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher

from ..resolve._labels import fold
from ..resolve._model import Control
from ._steps import Step

__all__ = ["HealMatch", "closest_text", "family", "heal_match"]

# ARIA roles and resolver kinds grouped into the kinds of control a healed step may land on.
_FAMILIES = {
    "textbox": "text", "searchbox": "text", "spinbutton": "text", "text": "text", "date": "text", "time": "text",
    "combobox": "select", "listbox": "select", "select": "select",
    "button": "button", "checkbox": "checkbox", "radio": "radio", "link": "link", "tab": "tab",
    "menuitem": "menuitem", "menuitemcheckbox": "menuitem", "menuitemradio": "menuitem", "option": "option",
    "treeitem": "treeitem", "switch": "checkbox", "slider": "slider", "range": "slider", "handle": "slider",
}
# The least similarity a name must have to be "close", and the margin by which it must beat the next one.
_CLOSE = 0.5
_MARGIN = 0.15


def family(role_or_kind: str) -> str:
    return _FAMILIES.get(role_or_kind.lower(), role_or_kind.lower())


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", fold(text).replace("-", ""))


@dataclass(frozen=True)
class HealMatch:
    """The control a step heals to and how it was chosen, or ``control`` None and why not."""

    control: Control | None
    how: str


def _similarity(a: str, b: str) -> float:
    wa, wb = _words(a), _words(b)
    joined = SequenceMatcher(None, "".join(wa), "".join(wb)).ratio()
    common = len(set(wa) & set(wb))
    overlap = 2 * common / (len(set(wa)) + len(set(wb))) if wa and wb else 0.0
    return max(joined, overlap)


def heal_match(step: Step, controls: Sequence[Control]) -> HealMatch:
    """Pick the control ``step`` meant among ``controls`` (what ``inspect`` lists)."""
    want = family(step.role) if step.role else ""
    kin = [c for c in controls if not want or family(c.role or c.kind) == want or family(c.kind) == want]
    meant = step.meant or step.name
    what = f"{step.role or 'control'} {meant!r}"
    if not kin:
        return HealMatch(None, f"the page shows no {step.role or 'such control'} at all")
    if step.by == "none" and step.place is not None and step.place[1] == len(kin):
        # No locator found it when recorded, and its name was a nearby text that changes with it (a slider's
        # readout): the page shows as many of its kind as then, so its place among them is the one it had.
        index, count = step.place
        return HealMatch(kin[index], f"number {index + 1} of the {count} {step.role or 'control'}s, as when recorded")
    words = _words(meant)
    if not words:
        if len(kin) == 1:
            return HealMatch(kin[0], f"the only {step.role} on the page")
        return HealMatch(None, f"the step names no {step.role}, and the page shows {len(kin)}")
    closest, how = _closest(meant, [c.label for c in kin], what, step.role or "control")
    return HealMatch(kin[closest] if closest is not None else None, how)


def closest_text(meant: str, texts: Sequence[str]) -> tuple[int | None, str]:
    """The one text among ``texts`` (what the page shows) that a broken step's recorded text became, by the
    rules a control's name heals by: it holds the recorded words (the fewest other words winning clearly), or
    it is clearly the closest. Its index, or None, and how (or why not)."""
    if not _words(meant):
        return None, "the step names no text"
    return _closest(meant, texts, f"the text {meant!r}", "text", "texts")


def _closest(meant: str, labels: Sequence[str], what: str, kind: str, many: str = "controls"
             ) -> tuple[int | None, str]:
    words = _words(meant)
    holders = sorted((i for i, label in enumerate(labels) if set(words) <= set(_words(label))),
                     key=lambda i: len(_words(labels[i])))
    if holders:
        if len(holders) == 1 or len(_words(labels[holders[0]])) < len(_words(labels[holders[1]])):
            return holders[0], f"its name holds the words of {meant!r}"
        names = ", ".join(repr(labels[i]) for i in holders[:3])
        return None, f"{len(holders)} {many} hold the words of {what} equally ({names})"
    scored = sorted(((round(_similarity(meant, label), 3), i) for i, label in enumerate(labels)), reverse=True)
    if not scored:
        return None, f"no {kind} has a name close to {meant!r}"
    best, index = scored[0]
    if best < _CLOSE:
        return None, f"no {kind} has a name close to {meant!r}"
    if len(scored) > 1 and best - scored[1][0] < _MARGIN:
        return None, f"{labels[index]!r} and {labels[scored[1][1]]!r} are equally close to {what}"
    return index, f"its name is the closest to {meant!r}"
