"""`snapshot --find TEXT`: the lines of a snapshot that mention TEXT, each under the headings and landmarks
it sits in, so a model can find a control without reading the page (pure).

A line's landmarks are the landmark lines it is nested in (by indentation, in a full tree); its heading is
the nearest heading above it in the same landmark. Both are printed once, before the first match they
frame, with their refs, so the model can tell which of two "Delete" buttons is the one it wants.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ._format import quote

__all__ = ["find_lines"]

# At most this many matching lines are printed; the rest are counted.
MAX_MATCHES = 40

_LABEL = re.compile(r"^(?:@e\d+ )?\[([^\]]*)\]")
_LANDMARKS = frozenset({"banner", "navigation", "main", "complementary", "contentinfo", "region", "form",
                        "search", "dialog", "alertdialog"})


def _label(line: str) -> str | None:
    m = _LABEL.match(line.lstrip())
    return m.group(1) if m else None


def _depth(line: str) -> int:
    return (len(line) - len(line.lstrip(" "))) // 2


def find_lines(lines: Sequence[str], text: str, flags: str) -> str:
    """The answer of `snapshot --find`: a count, then each match with the headings and landmarks around it."""
    needle = text.casefold().strip()
    name = f"snapshot {flags}".rstrip()
    if not needle:
        return "snapshot --find needs some text to look for, such as `snapshot -i --find Checkout`."
    out: list[str] = []
    printed: set[int] = set()
    matches = 0
    # The landmark lines open above the current line (their indices), and the latest heading seen in each.
    open_marks: list[int] = []
    heading: dict[int, int] = {}
    for i, line in enumerate(lines):
        depth = _depth(line)
        while open_marks and _depth(lines[open_marks[-1]]) >= depth:
            heading.pop(open_marks.pop(), None)
        label = _label(line)
        hit = needle in line.casefold()
        if hit:
            matches += 1
            if matches <= MAX_MATCHES:
                frame = list(open_marks)
                for mark in [*reversed(open_marks), -1]:
                    if mark in heading:
                        frame.append(heading[mark])
                        break
                for index in sorted(set(frame)):
                    if index not in printed:
                        printed.add(index)
                        out.append(lines[index])
                if i not in printed:
                    printed.add(i)
                    out.append(line)
        if label in _LANDMARKS:
            open_marks.append(i)
        elif label == "heading":
            heading[open_marks[-1] if open_marks else -1] = i
    if not matches:
        return (f"No line of `{name}` mentions {quote(text)} ({len(lines)} lines). Try a shorter or different "
                f"word, or `{name}` to read the page.")
    shown = min(matches, MAX_MATCHES)
    count = "1 line of" if matches == 1 else f"{matches} lines of"
    verb = "mentions" if matches == 1 else "mention"
    head = f"{count} `{name}` {verb} {quote(text)}" + (
        f" (the first {shown} shown; add -s <css> or more words to narrow it)" if matches > shown else "") + ":"
    return "\n".join([head, *out])
