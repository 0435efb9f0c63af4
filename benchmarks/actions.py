"""What it costs an action to wait for what it set off (a navigation, a new tab, a download, requests).

    python benchmarks/actions.py [--rounds N]                   # this checkout
    python benchmarks/actions.py --rounds N --toggle            # A/B in one process: settle step off/on
    python benchmarks/actions.py --rounds N --against OTHER/src  # A/B against another checkout's src
    python benchmarks/actions.py --rounds N --changes           # A/B in one process: Changes: lines off/on

Times ``run_command`` (in process) on a local page for actions that cause nothing (a click on a button
whose handler does nothing, a fill, a key press) and for actions that cause something (a click that
navigates, one that opens a new tab, one that starts a download, one whose fetch ends in a navigation).
With ``--toggle``, each round runs every row twice in one process, with the settle step switched off and
on in alternating order, so that both sides see the same load (the least noisy comparison on a shared
machine). With ``--against``, each side runs in its own process, in alternating blocks (the machine's load
drifts), and the table gives each side's median and the ratio of this checkout's median to the other's.
With ``--changes``, each row runs on two pages of one browser, one with ``Config.action_changes`` off and
one with it on (the default), in alternating order: what the ``Changes:`` lines of an answer cost.
Nothing is asserted: these are measurements.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

_HOME = """<title>Home</title><label>Name <input id=n></label> <button id=noop onclick="1">Nothing</button>
<a id=nav href="/two.html">Two</a> <a id=blank href="/two.html" target=_blank>New tab</a>
<a id=dl href="/report.csv" download="report.csv">Report</a>
<button id=late onclick="fetch('/slow').then(() => { location = '/two.html'; })">Later</button>"""
_TWO = "<title>Two</title><p>The second page."

ROWS = {
    "click (causes nothing)": ("click #noop", False),
    "fill (causes nothing)": ("fill #n Ada", False),
    "press Tab (causes nothing)": ("press Tab", False),
    "click that navigates": ("click #nav", True),
    "click that opens a tab": ("click #blank", True),
    "click that downloads": ("click #dl", True),
    "click: fetch, then navigates": ("click #late", True),
}


async def measure(rounds: int, toggle: bool = False, changes_off: bool = False) -> dict[str, list[float]]:
    """Milliseconds of each row's command over ``rounds`` rounds; the home page is opened again after
    each row that leaves it. With ``toggle``, also each row without the settle step (rows "... [off]")."""
    import refwright
    from benchmarks.server import PageServer
    from refwright import Config

    # Without toggle, nothing of this checkout's settle step is touched: --against runs this on a
    # checkout that has none.
    sides: list[tuple[str, Any]] = [(" [off]", frozenset()), ("", None)] if toggle else [("", None)]
    times: dict[str, list[float]] = {row + label: [] for row in ROWS for label, _ in sides}
    with PageServer() as server:
        server.add("/two.html", _TWO)
        server.add("/report.csv", "a,b\n1,2\n")
        server.add("/slow", "ok")
        home = server.add("/home.html", _HOME)
        async with refwright.launch(config=Config(allow_private=True)) as browser:
            # --no-changes: this checkout's actions answer without Changes: lines, so that an A/B against a
            # checkout that predates them measures the rest of the path alone.
            page = await (browser.new_page(config=Config(allow_private=True, action_changes=False)) if changes_off
                          else browser.new_page())
            await page.run_command(f"open {home}")
            for n in range(rounds):
                for row, (command, changes) in ROWS.items():
                    for label, actions in sides if n % 2 else sides[::-1]:
                        with _settling(actions):
                            times[row + label].append(await _timed(page, command, changes, home))
    return times


@contextmanager
def _settling(actions: Any) -> Iterator[None]:
    """The settle step runs for ``actions`` (None: as it is) until the block ends."""
    if actions is None:
        yield
        return
    from refwright._async.pipeline import _settle

    settling = _settle.SETTLING
    _settle.SETTLING = actions
    try:
        yield
    finally:
        _settle.SETTLING = settling


async def _timed(page: Any, command: str, changes: bool, home: str) -> float:
    """Milliseconds of one command; then the page is put back as it was (not timed)."""
    start = time.perf_counter()
    await page.run_command(command)
    took = (time.perf_counter() - start) * 1000
    if command == "click #blank":
        while len(page.tabs) > 1:
            await page.tabs.close(page.tabs.ids()[-1])
        await page.tabs.select("t1")
    # Whatever an action left behind (a late note, a loading page) is not the next row's cost.
    await page.run_command("wait 150")
    if changes:
        await page.run_command(f"open {home}")
    return took


async def measure_changes(rounds: int) -> dict[str, list[float]]:
    """Milliseconds of each row on a page with Config.action_changes off (rows "... [off]") and on."""
    import refwright
    from benchmarks.server import PageServer
    from refwright import Config

    times: dict[str, list[float]] = {row + label: [] for row in ROWS for label in (" [off]", "")}
    with PageServer() as server:
        server.add("/two.html", _TWO)
        server.add("/report.csv", "a,b\n1,2\n")
        server.add("/slow", "ok")
        home = server.add("/home.html", _HOME)
        async with refwright.launch(config=Config(allow_private=True)) as browser:
            sides = [(" [off]", await browser.new_page(config=Config(allow_private=True, action_changes=False))),
                     ("", await browser.new_page(config=Config(allow_private=True)))]
            for _, page in sides:
                await page.run_command(f"open {home}")
            for n in range(rounds):
                for row, (command, changes) in ROWS.items():
                    for label, page in sides if n % 2 else sides[::-1]:
                        times[row + label].append(await _timed(page, command, changes, home))
    return times


def _summary(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]


def _run_side(src: Path, rounds: int, changes_off: bool = False) -> dict[str, list[float]]:
    env = {**os.environ, "PYTHONPATH": f"{src}{os.pathsep}{ROOT}"}
    flags = ["--no-changes"] if changes_off else []
    out = subprocess.run([sys.executable, __file__, "--rounds", str(rounds), "--json", *flags], env=env, check=True,
                         capture_output=True, text=True, timeout=600).stdout
    data: dict[str, list[float]] = json.loads(out.strip().splitlines()[-1])
    return data


def compare(rounds: int, against: Path, blocks: int = 3, changes_off: bool = False) -> None:
    mine: dict[str, list[float]] = {row: [] for row in ROWS}
    theirs: dict[str, list[float]] = {row: [] for row in ROWS}
    per_block = max(1, rounds // blocks)
    for _ in range(blocks):
        for side, src in ((theirs, against), (mine, ROOT / "src")):
            for row, samples in _run_side(src, per_block, changes_off and side is mine).items():
                side[row].extend(samples)
    print(f"{'action':<32} {'other median':>12} {'this median':>12} {'this p90':>9} {'ratio':>6}")
    for row in ROWS:
        other, _ = _summary(theirs[row])
        this, p90 = _summary(mine[row])
        print(f"{row:<32} {other:>12.1f} {this:>12.1f} {p90:>9.1f} {this / other:>6.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--against", type=Path, help="another checkout's src folder to compare with")
    parser.add_argument("--toggle", action="store_true", help="compare with the settle step off, in one process")
    parser.add_argument("--changes", action="store_true", help="compare with Changes: lines off, in one process")
    parser.add_argument("--no-changes", action="store_true",
                        help="this checkout with Changes: lines off (Config.action_changes), e.g. with --against")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.against is not None:
        compare(args.rounds, args.against.resolve(), changes_off=args.no_changes)
        return
    sys.path.insert(0, str(ROOT))
    if args.changes:
        times = asyncio.run(measure_changes(args.rounds))
        print(f"{'action':<32} {'off median':>10} {'on median':>10} {'on p90':>8} {'ratio':>6}")
        for row in ROWS:
            off, _ = _summary(times[row + " [off]"])
            on, p90 = _summary(times[row])
            print(f"{row:<32} {off:>10.1f} {on:>10.1f} {p90:>8.1f} {on / off:>6.2f}")
        return
    times = asyncio.run(measure(args.rounds, args.toggle, args.no_changes))
    if args.json:
        print(json.dumps(times))
        return
    if args.toggle:
        print(f"{'action':<32} {'off median':>10} {'on median':>10} {'on p90':>8} {'ratio':>6}")
        for row in ROWS:
            off, _ = _summary(times[row + " [off]"])
            on, p90 = _summary(times[row])
            print(f"{row:<32} {off:>10.1f} {on:>10.1f} {p90:>8.1f} {on / off:>6.2f}")
        return
    print(f"{'action':<32} {'median ms':>10} {'p90 ms':>8}")
    for row, samples in times.items():
        median, p90 = _summary(samples)
        print(f"{row:<32} {median:>10.1f} {p90:>8.1f}")


if __name__ == "__main__":
    main()
