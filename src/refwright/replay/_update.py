"""``refwright replay --update``: healed statements rewritten in place, each under a comment saying what
changed (pure)."""

from __future__ import annotations

from collections.abc import Sequence

from ._code import locator_code, step_statement
from ._steps import Step

__all__ = ["rewrite"]


def rewrite(source: str, healed: Sequence[tuple[Step, Step]], date: str) -> str:
    """``source`` with each ``(old, new)`` statement replaced; ``old.line``/``old.end_line`` say where."""
    lines = source.splitlines()
    for old, new in sorted(healed, key=lambda pair: pair[0].line, reverse=True):
        start, end = old.line - 1, old.end_line
        indent = lines[start][: len(lines[start]) - len(lines[start].lstrip())]
        note = f"{indent}# healed {date}: was {locator_code(old)}"
        lines[start:end] = [note, *step_statement(new, indent)]
    return "\n".join(lines) + "\n"
