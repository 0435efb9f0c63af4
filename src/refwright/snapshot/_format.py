"""Rendering runtime nodes as the snapshot text a model reads (pure, no I/O).

One line per element: ``@e2 [input type="email"] "Name" placeholder="Email" [required]``, indented two
spaces per tree level unless the snapshot is interactive-only. Names, values and text are JSON string
literals, so page text can never start a new line or fake a ref.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from typing import Any

from ._types import SnapshotNode

__all__ = ["format_lines", "node_from_runtime", "quote"]

MAX_NAME = 150
MAX_VALUE = 200
MAX_TEXT = 500


# What JSON escapes, plus the characters Python's str.splitlines() (and many viewers) treat as line
# breaks although JSON leaves them alone: C1 controls such as NEL, and the Unicode line/paragraph separators.
_NEEDS_ESCAPE = re.compile("[\x00-\x1f\"\\\\\x7f-\x9f\u2028\u2029]")
_EXTRA_ESCAPES = {c: f"\\u{c:04x}" for c in (*range(0x7F, 0xA0), 0x2028, 0x2029)}


def quote(text: str, limit: int = MAX_NAME) -> str:
    """A JSON string literal that can never span lines, cut to ``limit`` characters."""
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    if _NEEDS_ESCAPE.search(text) is None:
        return '"' + text + '"'
    return json.dumps(text, ensure_ascii=False).translate(_EXTRA_ESCAPES)


def node_from_runtime(raw: Mapping[str, Any], depth_offset: int, ref: str | None) -> SnapshotNode:
    # The runtime's JSON already has the right types; this is the hot loop of large snapshots.
    get = raw.get
    if get("t") == 1:
        return SnapshotNode("text", "text", get("n", ""), raw["d"] + depth_offset, None, None, None, None, (),
                            False, True)
    states = get("s")
    return SnapshotNode(raw["r"], raw["l"], get("n") or "", raw["d"] + depth_offset, ref, get("v"), get("p"),
                        get("u"), tuple(states) if states else (), bool(get("x")), False)


def format_line(node: SnapshotNode, *, indent: bool, urls: bool) -> str:
    pad = "  " * node.depth if indent else ""
    if node.text:
        return pad + quote(node.name, MAX_TEXT)
    parts: list[str] = []
    if node.ref:
        parts.append("@" + node.ref)
    parts.append(f"[{node.label}]")
    # A name that only repeats the placeholder is said once, as the placeholder.
    if node.name and node.name != node.placeholder:
        parts.append(quote(node.name))
    if node.placeholder:
        parts.append("placeholder=" + quote(node.placeholder))
    if node.value is not None:
        parts.append("value=" + quote(node.value, MAX_VALUE))
    if urls and node.url:
        parts.append("url=" + quote(node.url, 2000))
    parts.extend(f"[{s}]" for s in node.states)
    return pad + " ".join(parts)


def is_structural(node: SnapshotNode) -> bool:
    """A line that carries no ref, name, value or text: what ``-c`` drops."""
    return not node.text and not node.ref and not node.name and node.value is None


def format_lines(nodes: Iterable[SnapshotNode], *, interactive: bool, compact: bool, urls: bool) -> list[str]:
    lines: list[str] = []
    for node in nodes:
        if interactive and not node.ref:
            continue
        if compact and is_structural(node):
            continue
        lines.append(format_line(node, indent=not interactive, urls=urls))
    return lines


def truncate_tree(lines: list[str], limit: int) -> str:
    """The first lines that fit in ``limit`` characters, and a loud note saying what to do instead."""
    kept: list[str] = []
    size = 0
    for line in lines:
        if size + len(line) + 1 > limit:
            break
        kept.append(line)
        size += len(line) + 1
    total = sum(len(line) + 1 for line in lines)
    note = (f"[... snapshot truncated: showed {len(kept)} of {len(lines)} lines ({size} of {total} characters). "
            "Use snapshot -s <css> to look inside one part of the page, -d <depth> to see less depth, "
            "or -i for controls only.]")
    return "\n".join([*kept, note])
