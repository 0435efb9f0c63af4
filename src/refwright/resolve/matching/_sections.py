"""Which collapsed sections a search may open (pure): only those the request names as where its target is,
never a section whose header merely shares the target's name (issue #39: act acts only on what is named)."""

from __future__ import annotations

import re
from typing import Any

from .._labels import fold

__all__ = ["only_named"]


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
