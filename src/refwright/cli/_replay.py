"""``refwright replay SCRIPT``: run a saved run's script with no model, healing broken steps on request."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .._errors import RefwrightError
from ._options import add_browser_options, browser_options, show_guard, terminal_available

if TYPE_CHECKING:
    from ..replay._run import Outcome

__all__ = ["add_parser", "run"]


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "replay", help="run a saved run's script with no model, healing steps the page broke",
        description="Run SCRIPT (written by `agent --save-run`, `shell --save-run` or page.recording()) with no "
        "model. One line per step on stderr; the exit status is 0 when every step and check passed.")
    parser.add_argument("script", metavar="SCRIPT", help="the saved script (a .py file)")
    parser.add_argument("--heal", metavar="SPEC", help="heal a step that finds no element or several: local (the "
                        "local resolver), or openai:MODEL / anthropic:MODEL (asked when local healing finds no "
                        "clear winner); without it a broken step fails")
    parser.add_argument("--update", action="store_true", help="rewrite healed lines of SCRIPT in place")
    parser.add_argument("--report", metavar="FILE", help="write each step's outcome and time to FILE (JSON; with "
                        "--data, one JSON line per row)")
    parser.add_argument("--set", metavar="NAME=VALUE", action="append", default=[],
                        help="run with this value for one of the script's parameters (repeatable)")
    parser.add_argument("--data", metavar="FILE", help="run once per row of FILE (.csv with a header, or .jsonl), "
                        "its columns being parameter names, each row in a fresh browser context; a column left "
                        "out keeps the recorded value")
    parser.add_argument("--parallel", metavar="N", type=int, default=1,
                        help="with --data: run N rows at a time, each on a page of its own (default 1)")
    parser.add_argument("--approve", choices=("auto",), help="let a healed step riskier than the recorded one "
                        "go ahead without asking (otherwise a terminal prompt, else the replay stops)")
    add_browser_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..replay._params import bind
    from ..replay._script_reader import ScriptError, parse_script, script_params
    from ._replay_rows import read_rows, values_from

    path = Path(args.script)
    try:
        source = path.read_text(encoding="utf-8")
        items = parse_script(source)
        params = script_params(source)
        given = values_from(path.name, params, [tuple(v.split("=", 1)) if "=" in v else (v, None)
                                                for v in args.set], "--set")
        rows = read_rows(path.name, params, args.data) if args.data else None
    except OSError as exc:
        print(f"error: cannot read {exc.filename or args.script}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except ScriptError as exc:
        print(f"error: {path.name} {exc}", file=sys.stderr)
        return 2
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if rows is not None and args.update:
        print("error: --update rewrites the script from one replay; run it without --data.", file=sys.stderr)
        return 2
    if args.parallel < 1:
        print("error: --parallel takes a number of rows to run at a time, 1 or more.", file=sys.stderr)
        return 2
    heal = args.heal.strip().lower() if args.heal else None
    decider: Any = None
    if heal is not None and not heal.startswith("local"):
        from ..agent import llm_from_spec

        try:
            decider = llm_from_spec(args.heal)
        except RefwrightError as exc:
            print(f"error: --heal {args.heal}: {exc.message}", file=sys.stderr)
            return 2
    if rows is not None:
        from ._replay_rows import replay_rows

        try:
            return asyncio.run(replay_rows(args, path, items, {**params, **given}, rows, heal, decider, _ask))
        except KeyboardInterrupt:
            print("Interrupted.", file=sys.stderr)
            return 130
    try:
        items = bind(items, {**params, **given})
    except ValueError as exc:
        print(f"error: --set: {exc}", file=sys.stderr)
        return 2
    try:
        code, outcomes = asyncio.run(_replay(args, path, items, heal, decider))
    except KeyboardInterrupt:
        print("Interrupted.", file=sys.stderr)
        return 130
    _write_back(args, path, source, code, outcomes)
    return code


async def _replay(args: argparse.Namespace, path: Path, items: list[Any], heal: str | None,
                  decider: Any) -> tuple[int, list[Outcome]]:
    import refwright

    from ..replay._run import Replayer, ReplayError

    def log(line: str) -> None:
        print(f"{path.name}:{line}", file=sys.stderr, flush=True)

    options = browser_options(args)
    code = 0
    async with refwright.launch(**options.launch_kwargs()) as browser:
        page = await browser.new_page()
        show_guard(browser.capabilities())
        replayer = Replayer(page, heal=heal, decider=decider, approve=args.approve,
                            ask=_ask if terminal_available() else None, log=log)
        try:
            await replayer.run(items)
        except ReplayError as exc:
            code = 1
            print(f"error: {path.name} {exc.message}", file=sys.stderr)
            try:
                snapshot = await page.snapshot(interactive=True)
                print(f"The page ({page.url}) as it is now:\n{snapshot.tree}", file=sys.stderr)
            except RefwrightError:
                pass
        except RefwrightError as exc:
            code = 1
            done = len(replayer.outcomes)
            line = items[done].line if done < len(items) else 0
            print(f"error: {path.name} line {line}: {exc.message}", file=sys.stderr)
        finally:
            close = getattr(decider, "aclose", None)
            if close is not None:
                await close()
    return code, replayer.outcomes


def _write_back(args: argparse.Namespace, path: Path, source: str, code: int, outcomes: list[Outcome]) -> None:
    """``--update``: the healed lines rewritten in the script; ``--report``: every step's outcome and time."""
    from ..replay._steps import Check, Step
    from ..replay._update import rewrite

    healed: list[tuple[Step, Step] | tuple[Check, Check]] = []
    for o in outcomes:
        if isinstance(o.item, Step) and o.new is not None and not o.item.item_of:  # a loop's item: not a line
            healed.append((o.item, o.new))
        elif isinstance(o.item, Check) and o.new_check is not None:
            healed.append((o.item, o.new_check))
    if args.update and healed:
        date = datetime.now(UTC).strftime("%Y-%m-%d")
        path.write_text(rewrite(source, healed, date), encoding="utf-8")
        print(f"{path.name}: rewrote {len(healed)} healed line(s)", file=sys.stderr)
    if args.report:
        report = {"script": str(path), "ok": code == 0, "total_ms": round(sum(o.ms for o in outcomes), 1),
                  "replayed": sum(o.status == "replayed" for o in outcomes),
                  "healed": sum(o.status == "healed" for o in outcomes),
                  "failed": sum(o.status == "failed" for o in outcomes),
                  "steps": [o.as_json() for o in outcomes]}
        Path(args.report).write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


async def _ask(question: str) -> bool:
    return await asyncio.to_thread(_ask_tty, question)


def _ask_tty(question: str) -> bool:
    try:
        fd = os.open("/dev/tty", os.O_RDWR | os.O_NOCTTY)
    except OSError:
        return False
    try:
        os.write(fd, f"refwright: {question} [y/N] ".encode())
        answer = os.read(fd, 100)
    except OSError:
        return False
    finally:
        os.close(fd)
    return answer.decode(errors="replace").strip().lower() in ("y", "yes")
