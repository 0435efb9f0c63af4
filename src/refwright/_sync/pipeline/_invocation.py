# Generated from src/refwright/_async/pipeline/_invocation.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""What runs: one command of the language, parsed from a line or built by a typed method."""

from __future__ import annotations

from dataclasses import dataclass

from ..._errors import RefwrightError
from ...commands import ParsedCommand, lookup, parse

__all__ = ["Invocation"]


@dataclass(frozen=True)
class Invocation:
    """A command and its arguments. ``typed``: built by a typed ``Page`` method, which runs on its own tab
    and answers with its own result type (a ``StepResult``); a line runs on the window's active tab.
    ``request``: the words a recording notes for a typed step (``page.act``'s request)."""

    command: ParsedCommand
    typed: bool = False
    request: str | None = None

    @classmethod
    def parse(cls, line: str) -> Invocation:
        return cls(parse(line))

    @classmethod
    def of(cls, name: str, *args: str, request: str | None = None) -> Invocation:
        """The invocation a typed method makes: the command ``name`` with ``args`` as already split."""
        spec = lookup(name)
        if spec is None:
            raise RefwrightError(f"Unknown command `{name}`. Run `help` to list commands.")
        line = " ".join((spec.name, *args))
        return cls(ParsedCommand(line=line, spec=spec, raw_args=args, args=args), typed=True, request=request)

    @property
    def name(self) -> str:
        return self.command.spec.name
