"""What a snapshot is made of: nodes from the page runtime, refs, and the rendered tree."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
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


class Snapshot:
    """A rendered snapshot: ``tree`` is the text for the model, ``refs`` maps ``e3`` to its entry.

    ``nodes`` are the tree's lines as typed records (names as the model read them; refs carry full
    names). ``refs`` and ``nodes`` are built on first use: a large page's snapshot is read as text far
    more often than as records, and building them up front was most of the Python time.
    """

    __slots__ = ("_nodes", "_nodes_fn", "_refs", "_refs_fn", "title", "tree", "truncated", "url")

    def __init__(self, tree: str, refs: Mapping[str, RefEntry] | Callable[[], dict[str, RefEntry]] | None = None,
                 nodes: Iterable[SnapshotNode] | Callable[[], tuple[SnapshotNode, ...]] = (), url: str = "",
                 title: str = "", truncated: bool = False) -> None:
        self.tree = tree
        self.url = url
        self.title = title
        self.truncated = truncated
        self._refs: dict[str, RefEntry] | None = None
        self._refs_fn: Callable[[], dict[str, RefEntry]] | None = None
        if callable(refs):
            self._refs_fn = refs
        else:
            self._refs = dict(refs or {})
        self._nodes: tuple[SnapshotNode, ...] | None = None
        self._nodes_fn: Callable[[], tuple[SnapshotNode, ...]] | None = None
        if callable(nodes):
            self._nodes_fn = nodes
        else:
            self._nodes = tuple(nodes)

    @property
    def refs(self) -> dict[str, RefEntry]:
        if self._refs is None:
            assert self._refs_fn is not None
            self._refs, self._refs_fn = self._refs_fn(), None
        return self._refs

    @property
    def nodes(self) -> tuple[SnapshotNode, ...]:
        if self._nodes is None:
            assert self._nodes_fn is not None
            self._nodes, self._nodes_fn = self._nodes_fn(), None
        return self._nodes

    def __str__(self) -> str:
        return self.tree

    def __repr__(self) -> str:
        return (f"Snapshot(url={self.url!r}, title={self.title!r}, refs={len(self.refs)}, "
                f"lines={self.tree.count(chr(10)) + 1}, truncated={self.truncated})")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Snapshot):
            return NotImplemented
        return (self.tree, self.url, self.title, self.truncated, self.refs) == (
            other.tree, other.url, other.title, other.truncated, other.refs)

    __hash__ = None  # type: ignore[assignment]
