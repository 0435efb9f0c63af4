"""``refwright replay SCRIPT --set NAME=VALUE`` and ``--data rows.csv``: a script's parameters given other
values, once or once per row of a file, each row in a fresh browser context; a failing row does not stop
the others."""

from __future__ import annotations

import argparse
import asyncio
import csv
import json
import sys
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .._errors import RefwrightError
from ._options import browser_options, guard_line, terminal_available

__all__ = ["RowResult", "read_rows", "replay_rows", "values_from"]


def _listed(params: Mapping[str, str]) -> str:
    if not params:
        return "it has no parameters (nothing it typed or chose was recorded as one)"
    return "its parameters are " + ", ".join(params)


def values_from(script: str, params: Mapping[str, str], pairs: Sequence[tuple[str, Any]], where: str) -> dict[str, str]:
    """The values ``pairs`` give (``--set NAME=VALUE`` or a row's columns), each checked against the script's
    parameters: a name it does not declare is an error that lists those it does."""
    out: dict[str, str] = {}
    for name, value in pairs:
        if value is None and where == "--set":
            raise ValueError(f"--set {name}: give NAME=VALUE, e.g. --set {next(iter(params), 'email')}=...")
        if name not in params:
            raise ValueError(f"{where}: {script} has no parameter {name!r}; {_listed(params)}.")
        if value is None:
            continue  # a column this row leaves out: the recorded value
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            value = ", ".join(value)  # a JSON list for a list parameter: its items
        out[name] = value if isinstance(value, str) else json.dumps(value) if not isinstance(value, (int, float)) \
            else str(value)
    return out


def read_rows(script: str, params: Mapping[str, str], data: str) -> list[dict[str, str]]:
    """The rows of a ``.csv`` file (its header names the parameters) or a ``.jsonl`` file (one object a
    line), each as the values it gives."""
    path = Path(data)
    text = path.read_text(encoding="utf-8")
    rows: list[dict[str, str]] = []
    if path.suffix.lower() in (".jsonl", ".ndjson"):
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except ValueError as exc:
                raise ValueError(f"--data {data}: line {number} is not JSON ({exc}).") from None
            if not isinstance(row, dict):
                raise ValueError(f"--data {data}: line {number} is not a JSON object of parameter names.")
            rows.append(values_from(script, params, list(row.items()), f"--data {data}, line {number}"))
    elif path.suffix.lower() in (".csv", ".tsv"):
        reader = csv.DictReader(text.splitlines(), delimiter="\t" if path.suffix.lower() == ".tsv" else ",")
        for name in reader.fieldnames or []:
            if name not in params:
                raise ValueError(f"--data {data}: its column {name!r} is not a parameter of {script}; "
                                 f"{_listed(params)}.")
        for row in reader:
            pairs = [(k, v) for k, v in row.items() if k is not None]
            rows.append(values_from(script, params, pairs, f"--data {data}"))
    else:
        raise ValueError(f"--data {data}: give a .csv file (a header of parameter names, one row a run) or a .jsonl "
                         "file (one JSON object a line).")
    if not rows:
        raise ValueError(f"--data {data} has no rows.")
    return rows


@dataclass
class RowResult:
    row: int
    values: dict[str, str]
    error: str = ""
    line: int = 0
    outcomes: list[Any] = field(default_factory=list)
    ms: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.error

    def summary(self) -> str:
        if not self.ok:
            where = f" at line {self.line}" if self.line else ""
            return f"row {self.row}: failed{where}: {self.error}"
        healed = sum(o.status == "healed" for o in self.outcomes)
        note = f", {healed} step(s) healed" if healed else ""
        return f"row {self.row}: passed ({len(self.outcomes)} steps{note}, {self.ms / 1000:.1f} s)"

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"row": self.row, "ok": self.ok, "values": self.values, "ms": round(self.ms, 1)}
        if not self.ok:
            out["line"] = self.line or None
            out["error"] = self.error
        out["steps"] = [o.as_json() for o in self.outcomes]
        return out


Ask = Callable[[str], Awaitable[bool]]


async def _one_row(browser: Any, number: int, items: list[Any], values: dict[str, str], args: argparse.Namespace,
                   heal: str | None, decider: Any, ask: Ask | None) -> RowResult:
    from ..replay._params import bind
    from ..replay._run import Replayer, ReplayError

    result = RowResult(number, values)
    started = time.perf_counter()
    try:
        bound = bind(items, values)
    except ValueError as exc:  # a value the script cannot take (a place that is not a number): this row fails
        result.error = str(exc)
        return result
    page = await browser.new_page(isolated=True)  # a fresh context: no cookie or login carried between rows
    replayer = Replayer(page, heal=heal, decider=decider, approve=args.approve, ask=ask)
    try:
        await replayer.run(bound)
    except ReplayError as exc:
        result.line, _, result.error = _split_line(exc.message)
    except RefwrightError as exc:
        done = len(replayer.outcomes)
        result.line = bound[done].line if done < len(bound) else 0
        result.error = exc.message
    finally:
        result.outcomes = replayer.outcomes
        result.ms = (time.perf_counter() - started) * 1000
        try:
            await page.close()
        except RefwrightError:
            pass
    return result


def _split_line(message: str) -> tuple[int, str, str]:
    """``line 21: why`` -> ``(21, "", "why")``."""
    head, sep, rest = message.partition(": ")
    if sep and head.startswith("line ") and head[5:].isdigit():
        return int(head[5:]), "", rest
    return 0, "", message


async def replay_rows(args: argparse.Namespace, path: Path, items: list[Any], base: dict[str, str],
                      rows: list[dict[str, str]], heal: str | None, decider: Any, ask: Ask) -> int:
    """Each row replayed with its values (the others recorded or ``--set``); one line per row on stdout, one
    JSON line per row in ``--report``; 1 when any row failed."""
    import refwright

    options = browser_options(args)
    gate = asyncio.Semaphore(args.parallel)
    prompt = ask if terminal_available() and args.parallel == 1 else None
    results: list[RowResult] = []
    async with refwright.launch(**options.launch_kwargs()) as browser:
        print(guard_line(browser.capabilities()), file=sys.stderr, flush=True)

        async def row(number: int, given: dict[str, str]) -> RowResult:
            async with gate:
                result = await _one_row(browser, number, items, {**base, **given}, args, heal, decider, prompt)
            print(result.summary(), flush=True)
            return result

        try:
            results = list(await asyncio.gather(*(row(n, r) for n, r in enumerate(rows, 1))))
        finally:
            close = getattr(decider, "aclose", None)
            if close is not None:
                await close()
    failed = [r for r in results if not r.ok]
    print(f"{path.name}: {len(results) - len(failed)} of {len(results)} rows passed"
          + (f"; failed: rows {', '.join(str(r.row) for r in failed)}" if failed else ""), file=sys.stderr)
    if args.report:
        write_report(args.report, results)
    return 1 if failed else 0


def write_report(path: str, results: Sequence[RowResult]) -> None:
    Path(path).write_text("".join(json.dumps(r.as_json(), ensure_ascii=False) + "\n" for r in results),
                          encoding="utf-8")
