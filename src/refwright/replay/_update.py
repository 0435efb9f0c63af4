"""``refwright replay --update``: healed statements rewritten in place, each under a comment saying what
changed (pure)."""

from __future__ import annotations

from collections.abc import Sequence

from ._code import check_statement, locator_code, step_statement
from ._steps import Check, Step

__all__ = ["rewrite"]


def rewrite(source: str, healed: Sequence[tuple[Step, Step] | tuple[Check, Check]], date: str) -> str:
    """``source`` with each ``(old, new)`` statement replaced; ``old.line``/``old.end_line`` say where."""
    lines = source.splitlines()
    for old, new in sorted(healed, key=lambda pair: pair[0].line, reverse=True):
        start, end = old.line - 1, old.end_line
        indent = lines[start][: len(lines[start]) - len(lines[start].lstrip())]
        if isinstance(old, Step) and isinstance(new, Step):
            lines[start:end] = [f"{indent}# healed {date}: was {locator_code(old)}", *step_statement(new, indent)]
        elif isinstance(old, Check) and isinstance(new, Check):
            was = old.text if old.text is not None else old.url
            lines[start:end] = [f"{indent}# healed {date}: the check was for {was!r}", *check_statement(new, indent)]
    return "\n".join(lines) + "\n"
