#!/usr/bin/env python3
"""Time the output and inspection commands (pdf, read, a11y, vitals, diff screenshot, trace, record) and
HELP's size, on the benchmark's static pages in headless Chromium.

    PYTHONPATH=src python benchmarks/output_cmds.py [--repeat N]

Prints one line per page and command: the median wall time in ms over N runs (default 5) and the output's
size. Measured, never asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import refwright
from benchmarks.server import PageServer
from refwright.commands import HELP
from refwright.commands._registry import REFERENCE_HELP

PAGES = ("news.html", "shop.html", "docs.html", "webapp.html", "settings.html")
COMMANDS = ("read", "a11y", "vitals", "pdf bench.pdf", "diff screenshot", "screenshot shot.png")


async def main(repeat: int) -> None:
    print(f"HELP: {len(HELP)} characters (the reference {len(REFERENCE_HELP)}, what follows it "
          f"{len(HELP) - len(REFERENCE_HELP)})")
    config = refwright.Config(allow_private=True)
    with PageServer() as server:
        async with refwright.launch(config=config) as browser:
            page = await browser.new_page()
            for name in PAGES:
                await page.run_command(f"open {server.url('/' + name)}")
                for command in COMMANDS:
                    times, size = [], 0
                    for _ in range(repeat):
                        start = time.perf_counter()
                        size = len((await page.run_command(command)).output)
                        times.append((time.perf_counter() - start) * 1000)
                    print(f"{name:<14} {command:<20} {statistics.median(times):8.1f} ms  {size:6d} chars")
                for first, second in (("trace start", "trace stop bench.zip"),
                                      ("record start bench.webp", "record stop")):
                    start = time.perf_counter()
                    await page.run_command(first)
                    await page.run_command("scroll down 600")
                    await page.run_command(second)
                    print(f"{name:<14} {first + ' … stop':<20} {(time.perf_counter() - start) * 1000:8.1f} ms  "
                          "(with one scroll)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    asyncio.run(main(parser.parse_args().repeat))
