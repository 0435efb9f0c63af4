"""The first ``snapshot -i`` of a freshly opened page, this checkout against another one.

    python benchmarks/first_snapshot.py --against OTHER/src [--per-process 6] [--blocks 3] [--controls 6000]

Each side runs in its own process (``PYTHONPATH`` set to its ``src``), in alternating blocks, so that load on a
shared machine falls on both. In each process the generated page (``pagegen.controls_page``) is opened in a
new tab ``--per-process`` times, and ``open`` then ``snapshot -i`` are timed; the first snapshot is the one no
kept result can serve. The last column is this checkout's median over the other's. Nothing is asserted.
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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


async def _measure(count: int, controls: int) -> dict[str, list[float]]:
    import refwright
    from benchmarks.pagegen import controls_page
    from benchmarks.server import PageServer
    from refwright import Config

    times: dict[str, list[float]] = {"open": [], "first snapshot -i": []}
    with PageServer() as server:
        url = server.add("/controls.html", controls_page(controls).html)
        async with refwright.launch(config=Config(allow_private=True)) as browser:
            for _ in range(count):
                page = await browser.new_page()
                started = time.perf_counter()
                await page.run_command(f"open {url}")
                opened = time.perf_counter()
                await page.run_command("snapshot -i")
                times["open"].append((opened - started) * 1000)
                times["first snapshot -i"].append((time.perf_counter() - opened) * 1000)
                await page.close()
    return times


def _side(src: Path, count: int, controls: int) -> dict[str, list[float]]:
    env = {**os.environ, "PYTHONPATH": f"{src}{os.pathsep}{ROOT}"}
    out = subprocess.run([sys.executable, __file__, "--json", "--per-process", str(count), "--controls",
                          str(controls)], env=env, check=True, capture_output=True, text=True, timeout=900).stdout
    data: dict[str, list[float]] = json.loads(out.strip().splitlines()[-1])
    return data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, help="another checkout's src folder")
    parser.add_argument("--per-process", type=int, default=6)
    parser.add_argument("--blocks", type=int, default=3)
    parser.add_argument("--controls", type=int, default=6000)
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.json or args.against is None:
        sys.path.insert(0, str(ROOT))
        times = asyncio.run(_measure(args.per_process, args.controls))
        print(json.dumps(times) if args.json else
              "\n".join(f"{row:<20} {statistics.median(v):8.1f} ms median" for row, v in times.items()))
        return
    mine: dict[str, list[float]] = {}
    theirs: dict[str, list[float]] = {}
    blocks: dict[str, list[float]] = {"this": [], "other": []}
    for _ in range(args.blocks):
        for name, side, src in (("other", theirs, args.against.resolve()), ("this", mine, ROOT / "src")):
            got = _side(src, args.per_process, args.controls)
            blocks[name].append(statistics.median(got["first snapshot -i"]))
            for row, samples in got.items():
                side.setdefault(row, []).extend(samples)
    print(f"{'row':<20} {'other median':>12} {'this median':>12} {'ratio':>6}")
    for row in mine:
        other, this = statistics.median(theirs[row]), statistics.median(mine[row])
        print(f"{row:<20} {other:>12.1f} {this:>12.1f} {this / other:>6.2f}")
    print("block medians of the first snapshot (ms): "
          + "; ".join(f"{name} " + ", ".join(f"{m:.0f}" for m in ms) for name, ms in blocks.items()))


if __name__ == "__main__":
    main()
