"""Assembling one snapshot tree from the runtime's per-document results (pure, no I/O).

The page runtime of each document renders its lines and lists which of them carry a ref. This module
gives those refs their stable names (``e12``), indents, splices a frame's lines in after its iframe, and
builds the typed nodes only when someone asks for them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ._format import parse_line, quote
from ._refs import RefTable, RefTarget
from ._types import RefEntry, SnapshotNode

__all__ = ["Document", "TreeBuilder"]


class Document:
    """One document's snapshot lines; refs are named as its lines are emitted, in reading order."""

    __slots__ = ("_chain", "_columns", "_next", "_token", "depths", "iframe_lines", "lines", "offset", "refs")

    def __init__(self, result: Mapping[str, Any], frames: tuple[str, ...], offset: int) -> None:
        self.lines: list[str] = result["lines"]
        self.depths: list[int] = result["depths"]
        self.offset = offset
        # line index -> (ref, kind); kind is "x" for a control, "f" for an iframe, "-" for named content
        self.refs: dict[int, tuple[str, str]] = {}
        self._columns = list(zip(result["refLines"], result["refIds"], result["refRoles"], result["refNames"],
                                 result["refKinds"], strict=True))
        # Line index of each iframe, in order.
        self.iframe_lines = [c[0] for c in self._columns if c[4] == "f"]
        # Selectors of the iframes that lead to this document, outermost first.
        self._chain = frames
        self._token = str(result["token"])
        self._next = 0


class TreeBuilder:
    def __init__(self, table: RefTable, *, indent: bool) -> None:
        self.lines: list[str] = []
        self.targets: dict[str, RefTarget] = {}
        self._table = table
        self._indent = indent
        self._spans: list[tuple[Document, int, int]] = []

    def document(self, result: Mapping[str, Any], frames: tuple[str, ...], offset: int) -> Document:
        self._table.release(frames, str(result["token"]), result.get("gone", ()))
        return Document(result, frames, offset)

    def _name_refs(self, doc: Document, end: int) -> None:
        known = self._table.document(doc._chain, doc._token)
        new_ref = self._table.new_ref
        targets = self.targets
        columns = doc._columns
        n = doc._next
        while n < len(columns) and columns[n][0] < end:
            index, local_id, role, name, kind = columns[n]
            ref = known.get(local_id)
            if ref is None:
                ref = known[local_id] = new_ref()
            targets[ref] = RefTarget(ref, doc._chain, doc._token, local_id, role, name)
            doc.refs[index] = (ref, kind)
            n += 1
        doc._next = n

    def emit(self, doc: Document, start: int, end: int) -> None:
        """Append lines ``start:end`` of ``doc``, each with its ref and indentation."""
        self._name_refs(doc, end)
        out = self.lines
        lines, depths, refs, offset = doc.lines, doc.depths, doc.refs, doc.offset
        for i in range(start, end):
            placed = refs.get(i)
            line = lines[i] if placed is None else "@" + placed[0] + " " + lines[i]
            if self._indent:
                depth = depths[i] + offset
                if depth:
                    line = "  " * depth + line
            out.append(line)
        self._spans.append((doc, start, end))

    def target(self, doc: Document, index: int) -> RefTarget:
        """The target of an emitted line's ref."""
        return self.targets[doc.refs[index][0]]

    def note(self, text: str, depth: int) -> None:
        """A line of refwright's own (``(frame content unavailable)``), shown as page text."""
        doc = Document({"lines": [quote(text, len(text))], "depths": [depth], "token": "", "refLines": [],
                        "refIds": [], "refRoles": [], "refNames": [], "refKinds": ""}, (), 0)
        self.emit(doc, 0, 1)

    def refs(self) -> dict[str, RefEntry]:
        return {t.ref: RefEntry(t.ref, t.role, t.name) for t in self.targets.values()}

    def nodes(self) -> tuple[SnapshotNode, ...]:
        out: list[SnapshotNode] = []
        targets = self.targets
        for doc, start, end in self._spans:
            for i in range(start, end):
                placed = doc.refs.get(i)
                depth = doc.depths[i] + doc.offset
                if placed is None:
                    out.append(parse_line(doc.lines[i], depth, None, None, None, False))
                else:
                    ref, kind = placed
                    target = targets[ref]
                    out.append(parse_line(doc.lines[i], depth, ref, target.role, target.name, kind == "x"))
        return tuple(out)
