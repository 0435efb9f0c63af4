#!/usr/bin/env python3
"""MiniWoB++ with refwright's model-free resolver: ``act <utterance>`` until done, no model anywhere.

    pip install miniwob            # ships the task pages; only its html folder is used
    python benchmarks/miniwob.py --tasks dev --seeds 5
    python benchmarks/miniwob.py --tasks all --seeds 3
    python benchmarks/miniwob.py click-button enter-text --seeds 3 -v

For each task and seed the runner serves the pages on loopback, opens the task, seeds it
(``Math.seedrandom``), starts an episode (``core.startEpisodeReal()``), reads ``core.getUtterance()``, hides
the query box (and the reward display) from the page, as benchmarks do, then sends ``act <utterance>`` up to
``--steps`` times until the resolver says ``Done:``, refuses, or the episode ends. A proposal (an approval-
required step such as clicking Submit) is confirmed by the runner, which plays the person who approves it.
Success is a raw reward >= 1.0 (``WOB_RAW_REWARD_GLOBAL``).

The 18 development tasks are the only ones the rules were written against; the rest of the 125-task
sweep is held out and only measured.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import http.server
import importlib.machinery
import json
import re
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import refwright
from refwright import Config, RefwrightError, TimeoutConfig

DEV_TASKS = (
    "click-button", "click-dialog", "click-test", "click-test-2", "click-menu", "focus-text", "focus-text-2",
    "form-sequence-2", "click-tab", "click-checkboxes", "click-checkboxes-large", "click-option", "choose-list",
    "use-slider", "click-collapsible-2", "enter-text", "enter-text-dynamic", "login-user",
)

_TOKEN = re.compile(r"`confirm (p-[A-Za-z0-9_-]+)`")


def miniwob_root() -> Path:
    # This file is named miniwob.py too: look past its own folder for the package.
    here = Path(__file__).resolve().parent
    path = [p for p in sys.path if Path(p or ".").resolve() != here]
    spec = importlib.machinery.PathFinder.find_spec("miniwob", path)
    if spec is None or not spec.submodule_search_locations:
        sys.exit("The miniwob package is not installed: pip install miniwob")
    return Path(next(iter(spec.submodule_search_locations)))


def all_tasks(root: Path) -> list[str]:
    """The registered tasks (the 125-task sweep), read from the package without importing gymnasium."""
    registration = root / "registration.py"
    if registration.exists():
        ids = re.findall(r'id="miniwob/([a-z0-9-]+)-v1"', registration.read_text(encoding="utf-8"))
        if ids:
            return sorted(set(ids))
    return sorted(p.stem for p in (root / "html" / "miniwob").glob("*.html"))


class _Quiet(http.server.SimpleHTTPRequestHandler):
    # The task pages are UTF-8 and most do not say so; without a charset Chromium reads them as Latin-1.
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,  # noqa: RUF012 (the base's own)
                      ".html": "text/html; charset=utf-8", ".js": "application/javascript; charset=utf-8",
                      ".css": "text/css; charset=utf-8"}

    def log_message(self, format: str, *args: object) -> None:
        pass


def serve(directory: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = functools.partial(_Quiet, directory=str(directory))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}"


@dataclass
class Episode:
    task: str
    seed: int
    utterance: str = ""
    reward: float | None = None
    success: bool = False
    steps: int = 0
    seconds: float = 0.0
    transcript: list[str] = field(default_factory=list)
    note: str = ""


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


async def _status(page: refwright.Page) -> dict[str, object]:
    result = await page.playwright_page.evaluate(
        "() => ({done: WOB_DONE_GLOBAL, raw: WOB_RAW_REWARD_GLOBAL, reason: String(WOB_REWARD_REASON)})")
    return dict(result)


async def run_episode(page: refwright.Page, task: str, seed: int, max_steps: int, new: bool = True) -> Episode:
    ep = Episode(task, seed)
    pw = page.playwright_page
    await pw.evaluate(
        "seed => { Math.seedrandom(seed); core.startEpisodeReal(); "
        "for (const id of ['query', 'reward-display']) { const e = document.getElementById(id); "
        "if (e) e.style.display = 'none'; } }", str(seed))
    raw_utterance = await pw.evaluate("() => core.getUtterance()")
    ep.utterance = str(raw_utterance["utterance"] if isinstance(raw_utterance, dict) else raw_utterance)
    first = True
    while ep.steps < max_steps:
        status = await _status(page)
        if status["done"]:
            break
        command = f"act {'--new ' if first and new else ''}{_quote(ep.utterance)}"
        first = False
        ep.steps += 1
        try:
            output = (await page.run_command(command)).output
        except RefwrightError as exc:
            ep.transcript.append(f"act -> Error: {exc.message}")
            ep.note = exc.message.splitlines()[0][:160]
            break
        ep.transcript.append("act -> " + output.replace("\n", "\n       "))
        token = _TOKEN.search(output)
        if token:
            ep.steps += 1
            try:
                output = (await page.run_command(f"confirm {token.group(1)}")).output
            except RefwrightError as exc:
                ep.transcript.append(f"confirm -> Error: {exc.message}")
                ep.note = exc.message.splitlines()[0][:160]
                break
            ep.transcript.append("confirm -> " + output.replace("\n", "\n       "))
            continue
        if output.startswith("Done:"):
            break
    status = await _status(page)
    if not status["done"]:
        # Let a last click's handler finish.
        await pw.wait_for_timeout(200)
        status = await _status(page)
    if status["done"]:
        ep.reward = float(status["raw"])  # type: ignore[arg-type]
        ep.success = ep.reward >= 1.0
        if not ep.success and not ep.note:
            ep.note = f"reward {ep.reward} ({status['reason']})"
    elif not ep.note:
        ep.note = "episode not finished"
    return ep


async def _open_task(page: refwright.Page, base: str, task: str) -> None:
    await page.run_command(f"open {base}/miniwob/{task}.html")
    await page.playwright_page.wait_for_function("() => typeof core !== 'undefined' && core.cover_div",
                                                 timeout=10_000)


async def run_task(browser: refwright.Browser, base: str, task: str, seeds: list[int], max_steps: int,
                   timeout: float, new: bool = True) -> list[Episode]:
    page = await browser.new_page()
    episodes: list[Episode] = []
    try:
        await _open_task(page, base, task)
        for seed in seeds:
            start = time.monotonic()
            if not new and episodes:
                # Without --new, each episode is a fresh document of the task, as a person reopening it gets.
                await _open_task(page, base, task)
            try:
                ep = await asyncio.wait_for(run_episode(page, task, seed, max_steps, new), timeout)
            except TimeoutError:
                ep = Episode(task, seed, note=f"runner timeout ({timeout:.0f}s)")
            except Exception as exc:  # a page that breaks the runner still counts, as a failure
                ep = Episode(task, seed, note=f"runner error: {str(exc).splitlines()[0][:160]}")
            ep.seconds = time.monotonic() - start
            episodes.append(ep)
            try:
                await page.playwright_page.evaluate("() => { if (!WOB_DONE_GLOBAL) core.endEpisode(0); }")
            except Exception:
                await page.run_command(f"open {base}/miniwob/{task}.html")
    except Exception as exc:
        episodes.extend(Episode(task, s, note=f"could not open the task: {str(exc)[:120]}")
                        for s in seeds[len(episodes):])
    finally:
        await page.close()
    return episodes


def report(results: dict[str, list[Episode]], dev: set[str], verbose: bool) -> str:
    lines = []
    totals = {"dev": [0, 0, 0], "held-out": [0, 0, 0]}
    for task, eps in results.items():
        group = "dev" if task in dev else "held-out"
        wins = sum(e.success for e in eps)
        totals[group][0] += wins
        totals[group][1] += len(eps)
        totals[group][2] += wins == len(eps) and len(eps) > 0
        notes = sorted({e.note for e in eps if not e.success and e.note})
        mark = "*" if task in dev else " "
        lines.append(f"{mark} {task:<32} {wins}/{len(eps)}" + (f"   {notes[0][:90]}" if notes else ""))
        if verbose:
            for e in eps:
                lines.append(f"    seed {e.seed}: {'OK ' if e.success else 'FAIL'} {e.utterance!r} "
                             f"({e.steps} calls, {e.seconds:.1f}s) {e.note}")
                for t in e.transcript:
                    lines.append("      " + t)
    for group, (wins, n, solved) in totals.items():
        if n:
            tasks = sum(1 for t in results if (t in dev) == (group == "dev"))
            lines.append(f"{group}: {wins}/{n} episodes ({100 * wins / n:.1f}%), {solved}/{tasks} tasks solved "
                         "on every seed")
    every = [e for eps in results.values() for e in eps]
    if every:
        longest = max(every, key=lambda e: e.seconds)
        lines.append(f"longest episode: {longest.seconds:.1f} s ({longest.task}, seed {longest.seed}); "
                     f"episodes over 5 s: {sum(e.seconds > 5 for e in every)} of {len(every)}")
    return "\n".join(lines)


async def main_async(args: argparse.Namespace) -> int:
    root = miniwob_root()
    known = all_tasks(root)
    if args.tasks == ["dev"]:
        tasks = list(DEV_TASKS)
    elif args.tasks == ["all"]:
        tasks = known
    elif args.tasks == ["held-out"]:
        tasks = [t for t in known if t not in DEV_TASKS]
    else:
        tasks = args.tasks
    seeds = list(range(args.seed_base, args.seed_base + args.seeds))
    httpd, base = serve(root / "html")
    config = Config(allow_private=True, timeouts=TimeoutConfig(action=args.action_timeout, navigation=15_000))
    results: dict[str, list[Episode]] = {}
    try:
        async with refwright.launch(config=config, executable_path=args.executable_path) as browser:
            for task in tasks:
                results[task] = await run_task(browser, base, task, seeds, args.steps, args.timeout,
                                               not args.no_new)
                eps = results[task]
                print(f"{task}: {sum(e.success for e in eps)}/{len(eps)}", file=sys.stderr, flush=True)
    finally:
        httpd.shutdown()
    print(report(results, set(DEV_TASKS), args.verbose))
    if args.json:
        write_json(Path(args.json), results)
    return 0


def write_json(path: Path, results: dict[str, list[Episode]]) -> None:
    path.write_text(json.dumps(
        {t: [{"seed": e.seed, "success": e.success, "reward": e.reward, "steps": e.steps, "note": e.note,
              "utterance": e.utterance, "seconds": round(e.seconds, 2)} for e in eps]
         for t, eps in results.items()}, indent=1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("tasks", nargs="*", default=["dev"], help="dev (default), held-out, all, or task names")
    parser.add_argument("--tasks", dest="tasks_opt", nargs="+", help="same as the positional tasks")
    parser.add_argument("--seeds", type=int, default=3, help="episodes per task (default 3)")
    parser.add_argument("--seed-base", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--steps", type=int, default=10, help="act and confirm calls per episode (default 10)")
    parser.add_argument("--timeout", type=float, default=40.0, help="seconds per episode (default 40)")
    parser.add_argument("--action-timeout", type=float, default=3_000, help="ms per browser action (default 3000)")
    parser.add_argument("--executable-path", default=None, help="Chromium to use (default: discovered)")
    parser.add_argument("--json", help="also write per-episode results to this file")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every episode's transcript")
    parser.add_argument("--no-new", action="store_true",
                        help="send the first act of an episode without --new, and open the task anew for each episode")
    args = parser.parse_args(argv)
    if args.tasks_opt:
        args.tasks = args.tasks_opt
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
