"""What changed between two renderings of the same view of one document, line by line (pure).

Both the `snapshot --delta` answer and the `Changes:` lines after an action come from here. Lines are
matched in order (a common head and tail are cut first, so one changed label on a 6,000-line page costs
a diff of a few lines); a line that left and came back with the same ref is one changed line, printed as
it is now. Lines are printed without their indentation: the ref says which element it is.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = ["LineDelta", "delta_answer", "line_delta"]

_REF = re.compile(r"^\s*@(e\d+) ")
_FOCUSED = " [focused]"


def _ref(line: str) -> str | None:
    m = _REF.match(line)
    return m.group(1) if m else None


@dataclass(frozen=True)
class LineDelta:
    """``entries`` in page order: ``("+", line)`` added, ``("-", line)`` removed, ``("~", line)`` changed
    (the line as it is now). ``refs_now`` counts the refs of the new rendering."""

    entries: tuple[tuple[str, str], ...]
    refs_now: int

    @property
    def added(self) -> int:
        return sum(1 for sign, _ in self.entries if sign == "+")

    @property
    def removed(self) -> int:
        return sum(1 for sign, _ in self.entries if sign == "-")

    @property
    def changed(self) -> int:
        return sum(1 for sign, _ in self.entries if sign == "~")

    @property
    def unchanged_refs(self) -> int:
        """Refs of the new rendering whose lines are as they were."""
        touched = sum(1 for sign, line in self.entries if sign in "+~" and _ref(line) is not None)
        return self.refs_now - touched

    def counts(self) -> str:
        """``2 changed, 1 added`` (kinds with none are left out)."""
        parts = [f"{n} {kind}" for n, kind in ((self.changed, "changed"), (self.added, "added"),
                                                (self.removed, "removed")) if n]
        return ", ".join(parts) or "nothing changed"

    def lines(self) -> list[str]:
        return [f"{sign} {line}" for sign, line in self.entries]


Expected = Callable[[str, str], bool]


def _same(a: str, b: str, ignore_focus: bool, expected: Expected | None = None) -> bool:
    if a == b:
        return True
    if ignore_focus and a.replace(_FOCUSED, "") == b.replace(_FOCUSED, ""):
        return True
    return expected is not None and expected(a, b)


def line_delta(old: Sequence[str], new: Sequence[str], *, ignore_focus: bool = False,
               expected: Expected | None = None) -> LineDelta:
    """The delta from ``old`` to ``new`` (rendered snapshot lines with their refs and indentation).

    ``ignore_focus``: a line whose only change is ``[focused]`` coming or going is not a change (an action
    moves the focus to its own target, which says nothing new). ``expected(old_line, new_line)``: a change
    the caller already knows of (a fill's own value), not printed either."""
    refs_now = sum(1 for line in new if _ref(line) is not None)
    head = 0
    limit = min(len(old), len(new))
    while head < limit and _same(old[head], new[head], ignore_focus, expected):
        head += 1
    tail = 0
    while tail < limit - head and _same(old[-1 - tail], new[-1 - tail], ignore_focus, expected):
        tail += 1
    a = list(old[head:len(old) - tail])
    b = list(new[head:len(new) - tail])
    if not a and not b:
        return LineDelta((), refs_now)
    removed: list[tuple[int, str]] = []
    added: list[tuple[int, str]] = []
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        # A removed line sits where it was, against the lines that replace it.
        removed.extend((j1 + min(i - i1, j2 - j1), a[i]) for i in range(i1, i2))
        added.extend((j, b[j]) for j in range(j1, j2))
    # A ref on both sides is one element whose line changed (or moved): said once, as it is now.
    added_refs = {r for r in (_ref(line) for _, line in added) if r}
    removed_refs = {r for r in (_ref(line) for _, line in removed) if r}
    both = added_refs & removed_refs
    old_by_ref = {_ref(line): line for _, line in removed if _ref(line) in both}
    entries: list[tuple[int, int, str, str]] = []
    for at, line in removed:
        if _ref(line) not in both:
            entries.append((at, 0, "-", line.lstrip()))
    for at, line in added:
        ref = _ref(line)
        if ref in both:
            if _same(old_by_ref[ref].lstrip(), line.lstrip(), ignore_focus, expected):
                continue
            entries.append((at, 1, "~", line.lstrip()))
        else:
            entries.append((at, 1, "+", line.lstrip()))
    entries.sort(key=lambda e: (e[0], e[1]))
    return LineDelta(tuple((sign, line) for _, _, sign, line in entries), refs_now)


def _named(flags: str) -> str:
    return f"snapshot {flags}".rstrip()


def delta_answer(flags: str, old: Sequence[str] | None, new: Sequence[str], tree: str, *, navigated: bool,
                 limit: int | None = None) -> str:
    """The answer of `snapshot --delta`: one line when nothing changed, the changed lines with their refs
    when something did, and the whole snapshot (``tree``), saying why, when there is nothing to compare
    with (no earlier snapshot taken this way, a new document) or the delta would be no shorter."""
    name = _named(flags)
    if old is None:
        return f"[full snapshot: no earlier `{name}` in this tab to compare with]\n{tree}"
    if navigated:
        return f"[full snapshot: the page is a new document since the last `{name}`; its refs replace the old]\n{tree}"
    delta = line_delta(old, new)
    if not delta.entries:
        return f"No changes since the last `{name}` ({delta.refs_now} refs, all still valid)."
    counts = delta.counts()
    head = f"Changes since the last `{name}`: {counts}; the other {delta.unchanged_refs} refs are unchanged and valid."
    body = delta.lines()
    text = "\n".join([head, *body])
    if len(text) >= len(tree):
        return f"[full snapshot: most of the page changed since the last `{name}` ({counts})]\n{tree}"
    if limit is not None and len(text) > limit:
        kept: list[str] = []
        size = len(head) + 1
        for line in body:
            if size + len(line) + 1 > limit:
                break
            kept.append(line)
            size += len(line) + 1
        text = "\n".join([head, *kept, f"[... delta truncated: showed {len(kept)} of {len(body)} lines. "
                          f"Run `{name}` for the page as it is now, or add -s <css> to look at one part.]"])
    return text
