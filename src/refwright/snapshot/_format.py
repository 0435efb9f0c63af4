"""The snapshot text a model reads (pure, no I/O).

One line per element: ``@e2 [input type="email"] "Name" placeholder="Email" [required]``, indented two
spaces per tree level unless the snapshot is interactive-only. Names, values and text are JSON string
literals, so page text can never start a new line or fake a ref. The page runtime renders the lines
(``render`` in snapshot/runtime/render.js); this module holds the same ``quote`` for text Python
prints, parses lines back into typed nodes, and cuts an oversized tree.
"""

from __future__ import annotations

import json
import re

from ._types import SnapshotNode

__all__ = ["counted", "json_line", "parse_line", "quote", "truncate_tree", "truncation_advice"]

MAX_NAME = 150
MAX_VALUE = 200
MAX_TEXT = 500


# What JSON escapes, plus the characters Python's str.splitlines() (and many viewers) treat as line
# breaks although JSON leaves them alone: C1 controls such as NEL, and the Unicode line/paragraph separators.
# Lone surrogates are escaped too (as JavaScript's JSON.stringify does): they cannot be encoded as UTF-8.
_NEEDS_ESCAPE = re.compile("[\x00-\x1f\"\\\\\x7f-\x9f\u2028\u2029\ud800-\udfff]")
_EXTRA_ESCAPES = {c: f"\\u{c:04x}" for c in (*range(0x7F, 0xA0), 0x2028, 0x2029, *range(0xD800, 0xE000))}


def counted(n: int, noun: str, nouns: str | None = None) -> str:
    """``1 line``, ``2 lines``: a count with its noun in the right number (``nouns``: an irregular plural)."""
    return f"{n} {noun if n == 1 else nouns or noun + 's'}"


def quote(text: str, limit: int = MAX_NAME) -> str:
    """A JSON string literal that can never span lines, cut to ``limit`` characters."""
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    if _NEEDS_ESCAPE.search(text) is None:
        return '"' + text + '"'
    return json.dumps(text, ensure_ascii=False).translate(_EXTRA_ESCAPES)


def json_line(value: object) -> str:
    """``value`` as JSON on one line for every reader: no U+2028/2029 or C1 control left raw (JSONL)."""
    return json.dumps(value, ensure_ascii=False).translate(_EXTRA_ESCAPES)


# One token after the label: a quoted name, ``key="..."``, or a ``[state]``.
_TOKEN = re.compile(r' (?:(placeholder|value|url|error)=)?("(?:[^"\\]|\\.)*")| \[([^\]]*)\]')
_LABEL = re.compile(r"\[([^\]]*)\]")


def parse_line(body: str, depth: int, ref: str | None, role: str | None, name: str | None,
               interactive: bool) -> SnapshotNode:
    """The typed node of one line the page runtime rendered (without its ref and indentation).

    ``role`` and ``name`` come from the runtime for lines with a ref (their names uncut); other lines
    print their role as their label and carry the name the model read.
    """
    if body.startswith('"'):
        return SnapshotNode("text", "text", json.loads(body), depth, None, None, None, None, (), False, True)
    m = _LABEL.match(body)
    if m is None:
        raise ValueError(f"not a snapshot line: {body!r}")
    label = m.group(1)
    fields: dict[str, str] = {}
    states: list[str] = []
    for key, literal, state in _TOKEN.findall(body, m.end()):
        if state:
            states.append(state)
        else:
            fields[key or "name"] = json.loads(literal)
    placeholder = fields.get("placeholder")
    if name is None:
        # A name equal to the placeholder is printed once, as the placeholder.
        name = fields.get("name", placeholder or "")
    return SnapshotNode(role or label, label, name, depth, ref, fields.get("value"), placeholder,
                        fields.get("url"), tuple(states), interactive, False)


def truncate_tree(lines: list[str], limit: int, *, interactive: bool = False, selector: str | None = None,
                  max_depth: int | None = None, landmarks: tuple[str, ...] = ()) -> str:
    """The first lines that fit in ``limit`` characters, and a loud note saying what helps with the
    options already in use (``landmarks``: selectors of the page's landmarks, such as ``main``)."""
    kept: list[str] = []
    size = 0
    for line in lines:
        if size + len(line) + 1 > limit:
            break
        kept.append(line)
        size += len(line) + 1
    total = sum(len(line) + 1 for line in lines)
    note = (f"[... snapshot truncated: showed {len(kept)} of {len(lines)} lines ({size} of {total} characters). "
            + truncation_advice(interactive=interactive, selector=selector, max_depth=max_depth,
                                landmarks=landmarks) + "]")
    return "\n".join([*kept, note])


def truncation_advice(*, interactive: bool, selector: str | None, max_depth: int | None,
                      landmarks: tuple[str, ...]) -> str:
    """What to run instead of a snapshot that was cut, given the options it used."""
    flags = " -i" if interactive else ""
    if selector is not None:
        part = f"Use a narrower selector than {quote(selector)} (snapshot{flags} -s <css>) to look inside less of it"
    elif landmarks:
        named = ", ".join(f"`snapshot{flags} -s {lm}`" for lm in landmarks[:4])
        part = f"Look inside one part of the page at a time: {named}"
    else:
        part = f"Use snapshot{flags} -s <css> to look inside one part of the page"
    extra: list[str] = []
    if max_depth is None:
        extra.append("-d <depth> to see less depth")
    elif max_depth > 1:
        extra.append(f"-d {max(1, max_depth // 2)} to see less depth")
    if not interactive:
        extra.append("-i for controls only")
    if not extra:
        return part + "."
    return part + ", or add " + " or ".join(extra) + "."
