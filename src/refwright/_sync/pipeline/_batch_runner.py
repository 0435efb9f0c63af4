# Generated from src/refwright/_async/pipeline/_batch_runner.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""`batch`: several command lines in one call, run in order until the first error, each output labelled."""

from __future__ import annotations

from collections.abc import Callable

from ..._errors import RefwrightError
from ..._result import CommandResult
from ...commands._batch import batch_lines

__all__ = ["run_batch"]


def run_batch(line: str, run: Callable[[str], CommandResult]) -> CommandResult:
    commands = batch_lines(line)
    if not commands:
        raise RefwrightError("Usage: batch <command>\\n<command>... (one command per line)")
    for n, command in enumerate(commands, 1):
        if command.split(None, 1)[0].lower() == "batch":
            raise RefwrightError(f"Command {n} of the batch is itself a batch, which is refused: put its commands "
                                 "in this batch directly. Nothing ran.")
    parts: list[str] = []
    last = CommandResult(command=line, output="")
    for n, command in enumerate(commands, 1):
        label = f"[{n}] {command}"
        try:
            result = run(command)
        except RefwrightError as exc:
            left = len(commands) - n
            tail = (f"The batch stopped at command {n} of {len(commands)}"
                    + (f"; the {left} command(s) after it did not run." if left else "."))
            raise type(exc)("\n\n".join([*parts, f"{label}\nError: {exc}", tail])) from exc
        parts.append(f"{label}\n{result.output}")
        last = result
    return CommandResult(command=line, output="\n\n".join(parts), snapshot=last.snapshot,
                         screenshot=last.screenshot)
