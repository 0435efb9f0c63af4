"""Which snapshot `diff snapshot` compares with: the latest one taken the same way (pure).

A snapshot with `-i` lists only the elements with refs; a full tree holds every line. Compared with each
other, fields that did not change show as changed, so each way of taking a snapshot (its flags and the
frame it ran in) keeps its own latest snapshot.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from ._types import Snapshot

__all__ = ["SnapshotMemory", "SnapshotView"]

# Ways of taking a snapshot remembered at once; the oldest is forgotten first.
_KEPT = 8


@dataclass(frozen=True)
class SnapshotView:
    """How a snapshot was taken: its flags and the frame (`frame <target>`) it ran in."""

    interactive: bool = False
    compact: bool = False
    max_depth: int | None = None
    selector: str | None = None
    urls: bool = False
    cursor: bool = False
    include_hidden: bool = False
    frames: tuple[str, ...] = ()

    def flags(self) -> str:
        """The flags as a command line spells them (`-i -d 3`); empty for a full snapshot."""
        parts = ["-i"] if self.interactive else []
        parts += ["-c"] if self.compact else []
        parts += [f"-d {self.max_depth}"] if self.max_depth is not None else []
        if self.selector is not None:
            plain = self.selector and not any(c.isspace() or c in "'\"\\" for c in self.selector)
            parts.append(f"-s {self.selector if plain else json.dumps(self.selector, ensure_ascii=False)}")
        parts += ["-u"] if self.urls else []
        parts += ["-C"] if self.cursor else []
        return " ".join(parts)


class SnapshotMemory:
    """The latest snapshot of each view, and which view was taken last."""

    def __init__(self) -> None:
        self._latest: dict[SnapshotView, Snapshot] = {}

    def remember(self, view: SnapshotView, snapshot: Snapshot) -> None:
        self._latest.pop(view, None)
        self._latest[view] = snapshot
        while len(self._latest) > _KEPT:
            del self._latest[next(iter(self._latest))]

    def get(self, view: SnapshotView) -> Snapshot | None:
        return self._latest.get(view)

    @property
    def last_view(self) -> SnapshotView | None:
        return next(reversed(self._latest), None)

    def clear(self) -> None:
        self._latest.clear()
