"""Which snapshot `diff snapshot` compares with: the latest one taken the same way (pure).

A snapshot with `-i` lists only the elements with refs; a full tree holds every line. Compared with each
other, fields that did not change show as changed, so each way of taking a snapshot (its flags and the
frame it ran in) keeps its own latest snapshot.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ._types import Snapshot

__all__ = ["SnapshotMemory", "SnapshotView", "ViewSeen"]

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


@dataclass(frozen=True)
class ViewSeen:
    """What a snapshot of one view showed, uncut (a delta compares whole lists, not what fit the cap), and
    the document it showed (the runtime token of the main document)."""

    lines: tuple[str, ...]
    token: str


class SnapshotMemory:
    """The latest snapshot of each view, and which view was taken last."""

    def __init__(self) -> None:
        self._latest: dict[SnapshotView, Snapshot] = {}
        self._seen: dict[SnapshotView, ViewSeen] = {}
        # The uncut lines of the latest snapshot of any view (`snapshot --find` looks through all of them).
        self.last_whole: Sequence[str] = ()
        # The page runtime's latest result of each (frames, options), which it may answer is still the same.
        self.runtime_results: dict[tuple[tuple[str, ...], str], dict[str, Any]] = {}

    def remember(self, view: SnapshotView, snapshot: Snapshot, seen: ViewSeen | None = None) -> None:
        self._latest.pop(view, None)
        self._latest[view] = snapshot
        self._seen.pop(view, None)
        if seen is not None:
            self._seen[view] = seen
        while len(self._latest) > _KEPT:
            forgotten = next(iter(self._latest))
            del self._latest[forgotten]
            self._seen.pop(forgotten, None)

    def seen(self, view: SnapshotView) -> ViewSeen | None:
        """The whole of the latest snapshot of ``view``, for `snapshot --delta`."""
        return self._seen.get(view)

    def get(self, view: SnapshotView) -> Snapshot | None:
        return self._latest.get(view)

    @property
    def last_view(self) -> SnapshotView | None:
        return next(reversed(self._latest), None)

    def clear(self) -> None:
        self._latest.clear()
        self._seen.clear()
        self.runtime_results.clear()
