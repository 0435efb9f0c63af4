"""What changed between two snapshots, as a line diff with a one-line summary (pure)."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from ._format import counted
from ._types import Snapshot

__all__ = ["SnapshotDiff", "diff_snapshots"]

_REF = re.compile(r"^\s*(@e\d+) ")


@dataclass(frozen=True)
class SnapshotDiff:
    """``text`` is the summary line followed by ``-``/``+`` lines; counts are by element."""

    text: str
    added: int
    removed: int
    changed: int
    unchanged: int

    @property
    def has_changes(self) -> bool:
        return bool(self.added or self.removed or self.changed)

    def __str__(self) -> str:
        return self.text


def _lines(snapshot: Snapshot | str) -> list[str]:
    text = snapshot.tree if isinstance(snapshot, Snapshot) else snapshot
    if text in ("(empty page)", "(no interactive elements)"):
        return []
    return text.splitlines()


def _ref(line: str) -> str | None:
    m = _REF.match(line)
    return m.group(1) if m else None


def diff_snapshots(before: Snapshot | str, after: Snapshot | str) -> SnapshotDiff:
    old, new = _lines(before), _lines(after)
    old_refs = {r for r in map(_ref, old) if r}
    new_refs = {r for r in map(_ref, new) if r}
    body: list[str] = []
    unchanged = 0
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            unchanged += i2 - i1
            continue
        body.extend("- " + line for line in old[i1:i2])
        body.extend("+ " + line for line in new[j1:j2])
    removed_lines = [ln[2:] for ln in body if ln.startswith("- ")]
    added_lines = [ln[2:] for ln in body if ln.startswith("+ ")]
    changed_refs = {r for r in map(_ref, removed_lines) if r and r in new_refs} & {
        r for r in map(_ref, added_lines) if r and r in old_refs}
    added = sum(1 for ln in added_lines if _ref(ln) not in changed_refs and _ref(ln) not in old_refs)
    removed = sum(1 for ln in removed_lines if _ref(ln) not in changed_refs and _ref(ln) not in new_refs)
    changed = len(changed_refs)
    if not body:
        summary = f"No changes ({counted(unchanged, 'line')})."
    else:
        summary = f"{added} added, {removed} removed, {changed} changed ({counted(unchanged, 'line')} unchanged)."
    return SnapshotDiff("\n".join([summary, *body]), added, removed, changed, unchanged)
