"""Latency of the input-area commands (find, keyboard, mouse, clipboard, set, batch) on a local page.

    python benchmarks/input.py [--rounds N]

Prints the median and p90 wall time of each command over N rounds (run_command, in process), and a batch
of five commands against the same five sent one by one. Nothing is asserted: these are measurements.
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
from refwright import Config

_PAGE = """<title>Input</title><label>Name <input id=n></label> <button onclick="1">Save</button>
<canvas id=c width=200 height=100></canvas>"""

COMMANDS = [
    "find role button click --name Save",
    "find label Name fill Ada",
    "keyboard type hello world",
    "keyboard inserttext hello world",
    "mouse move 50 50",
    "mouse wheel 10",
    "clipboard write some text",
    "clipboard read",
    "set viewport 1024 700",
    "set media dark",
]
FIVE = ["find label Name fill Ada", "get value #n", "mouse move 10 10", "set media light", "get title"]


async def main(rounds: int) -> None:
    with PageServer() as server:
        url = server.add("/input.html", _PAGE)
        async with refwright.launch(config=Config(allow_private=True)) as browser:
            page = await browser.new_page()
            await page.run_command(f"open {url}")
            await page.run_command("click #n")
            print(f"{'command':<40} {'median ms':>10} {'p90 ms':>8}")
            for command in [*COMMANDS, "batch (5 commands)", "the same 5, one by one"]:
                times = []
                for _ in range(rounds):
                    start = time.perf_counter()
                    if command.startswith("batch"):
                        await page.run_command("batch\n" + "\n".join(FIVE))
                    elif command.startswith("the same"):
                        for line in FIVE:
                            await page.run_command(line)
                    else:
                        await page.run_command(command)
                    times.append((time.perf_counter() - start) * 1000)
                times.sort()
                p90 = times[min(len(times) - 1, int(len(times) * 0.9))]
                print(f"{command:<40} {statistics.median(times):>10.1f} {p90:>8.1f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    asyncio.run(main(parser.parse_args().rounds))
