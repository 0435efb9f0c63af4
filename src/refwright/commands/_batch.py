"""Splitting a `batch` line into its commands (pure: used by the runner and by the MCP approval gate)."""

from __future__ import annotations

from ._tokenize import tokenize

__all__ = ["batch_lines"]


def batch_lines(line: str) -> list[str]:
    """The commands of a batch line: one per line after `batch`; or, when all are on the first line,
    agent-browser's form with one quoted argument per command (``batch "open x" "snapshot -i"``)."""
    head, _, rest = line.lstrip().partition("\n")
    first = head.strip()[len("batch"):].strip()
    lines = [first] if first else []
    lines += [part.strip() for part in rest.splitlines()]
    lines = [part for part in lines if part and not part.startswith("#")]
    if len(lines) == 1 and lines[0][:1] in ("'", '"'):
        return [arg for arg in tokenize(lines[0]) if arg.strip()]
    return lines
