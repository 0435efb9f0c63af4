"""Which collapsed sections a search may open (pure): only those the request names as where its target is,
never a section whose header merely shares the target's name (issue #39: act acts only on what is named)."""

from __future__ import annotations

import re
from typing import Any

from .._labels import fold
from .._model import Inspection
from ..grammar._plan import Target

__all__ = ["in_open_section", "only_named"]


def only_named(text: str, target: str, items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The collapsed sections a search for ``target`` may open: those ``text`` names as where the target is
    ("the Confirm button inside Shipping details") when it names any; else any but one whose header shares the
    target's own name (the target's look-alike, never the section that hides it)."""
    said, wanted = fold(text), fold(target)

    def name(i: dict[str, Any]) -> str:
        return r"\W+".join(re.escape(w) for w in re.findall(r"\w+", fold(str(i["l"]))))

    placed = [i for i in items if name(i) and re.search(
        rf"\b(?:in|inside|into|under|within|from|behind|beneath)\s+(?:the\s+|a\s+|its\s+)?{name(i)}(?!\w)", said)]
    if placed:
        return placed
    return [i for i in items if not name(i) or not re.match(rf"{name(i)}(?:\W+(?:button|link|btn)\b|\W*$)", wanted)]


_IN_SECTION = re.compile(r"^(?P<head>.+?)\s+(?:(?:that|which)\s+(?:sits|is|lives)\s+)?(?:in|inside|within|under)\s+"
                         r"(?:the\s+)?(?P<place>.+?)(?:\s+section)?$", re.IGNORECASE)


def in_open_section(label: str, inspection: Inspection) -> Target | None:
    """The target ``label`` names inside a section ("Confirm button that sits inside Shipping details") once
    that section is open: its own name, and its kind when a kind word says it; None when not so."""
    m = _IN_SECTION.match(label.strip())
    if m is None:
        return None
    place = fold(m.group("place")).strip()
    if not any(fold(c.label).strip() == place and "expanded" in c.states for c in inspection.controls):
        return None
    head = re.sub(r"^(?:the|a)\s+", "", m.group("head").strip(), flags=re.IGNORECASE)
    kind = re.search(r"\s+(button|link)$", head, re.IGNORECASE)
    if kind is None:
        return Target(label=head)
    return Target(label=head[:kind.start()], role=kind.group(1).lower())
