"""What a snapshot is made of: nodes from the page runtime, refs, and the rendered tree."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

__all__ = ["RefEntry", "Snapshot", "SnapshotNode"]


class SnapshotNode(NamedTuple):
    """One element or text run as the page runtime saw it.

    ``role`` is the ARIA role (``textbox`` for an email input); ``label`` is how the tree prints it
    (``input type="email"``). ``ref`` is set for elements that got one. A NamedTuple rather than a frozen
    dataclass: snapshots of large pages build tens of thousands of these, and it is several times faster.
    """

    role: str
    label: str
    name: str = ""
    depth: int = 0
    ref: str | None = None
    value: str | None = None
    placeholder: str | None = None
    url: str | None = None
    states: tuple[str, ...] = ()
    interactive: bool = False
    text: bool = False


class RefEntry(NamedTuple):
    """A ref as the model sees it: ``@e3`` is ``RefEntry(ref="e3", role="button", name="Save")``."""

    ref: str
    role: str
    name: str


@dataclass(frozen=True)
class Snapshot:
    """A rendered snapshot: ``tree`` is the text for the model, ``refs`` maps ``e3`` to its entry."""

    tree: str
    refs: dict[str, RefEntry] = field(default_factory=dict)
    nodes: tuple[SnapshotNode, ...] = ()
    url: str = ""
    title: str = ""
    truncated: bool = False

    def __str__(self) -> str:
        return self.tree
