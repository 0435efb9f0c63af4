"""Where a declared secret's token may stand in a command line (pure): only in text a command types."""

from __future__ import annotations

from collections.abc import Sequence

from ..safety._secrets import has_token
from ._batch import batch_lines
from ._registry import lookup

__all__ = ["misplaced", "misplaced_in"]


def misplaced(lines: Sequence[str]) -> str | None:
    """Why a ``{{secret:NAME}}`` in these command lines is refused: only the commands whose spec types text
    take one, so it can never be sent as a URL, a script or a clipboard write."""
    for line in lines:
        if not has_token(line):
            continue
        name = line.split(None, 1)[0].lower() if line.strip() else ""
        spec = lookup(name)
        if spec is None or not spec.types_text:
            return (f"`{name}` does not take a secret: {{{{secret:NAME}}}} stands for a value only where text is "
                    "typed (fill, type, keyboard type, find … fill, act). Nothing was done.")
    return None


def misplaced_in(line: str) -> str | None:
    """``misplaced`` for one line as sent: a batch is judged line by line."""
    if not has_token(line):
        return None
    spec = lookup(line.split(None, 1)[0]) if line.strip() else None
    return misplaced(batch_lines(line) if spec is not None and spec.runs_lines else [line])
