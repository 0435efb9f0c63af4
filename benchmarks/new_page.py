"""What a fresh, isolated page costs: a new browser context and page, `open`, `snapshot -i`, close.

    python benchmarks/new_page.py [--rounds 20]

Measured in one run, alternating per round so machine load falls on all alike:
- refwright: ``browser.new_page(isolated=True)``, ``open``, ``snapshot -i``, ``page.close()``;
- Playwright with its stock switches: ``new_context``, ``new_page``, ``goto``, ``aria_snapshot(mode="ai")``,
  ``close``, on the same Chromium (what a tool that launches through Playwright pays);
- the same Playwright with refwright's switches (``_discovery.chromium_args``), to show what the switches
  alone change.
Reports the median wall time per page and the CPU time all processes spent per page (the test process,
Playwright's driver, and every Chromium process: the browser, its renderers and helpers), read from
/proc, since a fresh page's cost is mostly CPU in processes other than this one.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from playwright.async_api import Browser, async_playwright

import refwright
from refwright import Config
from refwright._discovery import chromium_args, find_browser

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.server import PageServer

_HZ = os.sysconf("SC_CLK_TCK")


def tree_cpu_seconds() -> float:
    """CPU time of this process and all its descendants, live or already reaped by them."""
    children: dict[int, list[tuple[int, float]]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        # utime, stime, cutime, cstime: a renderer reaped by its zygote is counted in the zygote's cutime.
        spent = sum(int(x) for x in fields[11:15]) / _HZ
        children.setdefault(int(fields[1]), []).append((int(entry), spent))
    me = os.getpid()
    total = time.process_time()
    stack = [me]
    while stack:
        for pid, spent in children.get(stack.pop(), []):
            total += spent
            stack.append(pid)
    return total


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    candidate = find_browser()
    if candidate is None:
        sys.exit("No Chromium found; see `refwright doctor`.")
    with PageServer() as server:
        url = server.url("/docs.html")
        async with refwright.launch(config=Config(allow_private=True)) as rw, async_playwright() as pw:
            stock = await pw.chromium.launch(executable_path=candidate.path)
            switched = await pw.chromium.launch(executable_path=candidate.path, args=chromium_args())

            async def refwright_page() -> None:
                page = await rw.new_page(isolated=True)
                await page.run_command(f"open {url}")
                await page.run_command("snapshot -i")
                await page.close()

            def playwright_page(browser: Browser) -> Callable[[], Awaitable[None]]:
                async def run() -> None:
                    context = await browser.new_context()
                    page = await context.new_page()
                    await page.goto(url)
                    await page.locator("body").aria_snapshot(mode="ai")
                    await context.close()
                return run

            tools = {"refwright": refwright_page, "Playwright, stock switches": playwright_page(stock),
                     "Playwright, refwright's switches": playwright_page(switched)}
            wall: dict[str, list[float]] = {name: [] for name in tools}
            cpu: dict[str, list[float]] = {name: [] for name in tools}
            for run in tools.values():  # warm-up: first launches of each kind
                await run()
            for _ in range(args.rounds):
                for name, run in tools.items():
                    await asyncio.sleep(0.3)  # let the previous page's teardown finish off the clock
                    c0, t0 = tree_cpu_seconds(), time.perf_counter()
                    await run()
                    t1 = time.perf_counter()
                    await asyncio.sleep(0.3)  # its own teardown counts toward its CPU
                    cpu[name].append(tree_cpu_seconds() - c0)
                    wall[name].append(t1 - t0)
            await stock.close()
            await switched.close()
    base = "Playwright, stock switches"
    print(f"{'fresh isolated page':34s} {'wall ms':>8s} {'CPU ms':>8s} {'CPU vs stock':>13s}")
    for name in tools:
        w, c = statistics.median(wall[name]) * 1000, statistics.median(cpu[name]) * 1000
        ratio = statistics.median(cpu[name]) / statistics.median(cpu[base])
        print(f"{name:34s} {w:8.0f} {c:8.0f} {ratio:12.2f}x")


if __name__ == "__main__":
    asyncio.run(main())
