"""What a fresh, isolated page costs: a new browser context and page, `open`, `snapshot -i`, close; and what a
launch costs.

    python benchmarks/new_page.py [--rounds 20]

Measured in one run, alternating per round so machine load falls on all alike:
- refwright: ``browser.new_page(isolated=True)``, ``open``, ``snapshot -i``, ``page.close()``, on the Chromium
  it launches headless (the headless shell where one is installed), and on full Chromium when both are here;
- Playwright with its stock switches: ``new_context``, ``new_page``, ``goto``, ``aria_snapshot(mode="ai")``,
  ``close``, on the same Chromium (what a tool that launches through Playwright pays);
- the same Playwright with refwright's switches (``_discovery.chromium_args``), to show what the switches
  alone change;
- a launch: ``refwright.launch()``, its first page opened and snapshotted, closed, on each binary.
Reports the median wall time and the CPU time all processes spent (the test process, Playwright's driver,
and every Chromium process: the browser, its renderers and helpers), read from /proc, since a fresh page's
cost is mostly CPU in processes other than this one.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import os
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack
from pathlib import Path

from playwright.async_api import Browser, async_playwright

import refwright
from refwright import Config
from refwright._driver._discovery import chromium_args, find_browser, is_headless_shell

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
    # This process's own time, and that of the children it reaped (a launch's Playwright driver, and with it
    # its Chromium).
    spent_here = os.times()
    total = time.process_time() + spent_here.children_user + spent_here.children_system
    stack = [me]
    while stack:
        for pid, spent in children.get(stack.pop(), []):
            total += spent
            stack.append(pid)
    return total


async def _timed(name: str, run: Callable[[], Awaitable[None]], wall: dict[str, list[float]],
                 cpu: dict[str, list[float]]) -> None:
    await asyncio.sleep(0.3)  # let the previous run's teardown finish off the clock
    c0, t0 = tree_cpu_seconds(), time.perf_counter()
    await run()
    t1 = time.perf_counter()
    await asyncio.sleep(0.3)  # its own teardown counts toward its CPU
    cpu.setdefault(name, []).append(tree_cpu_seconds() - c0)
    wall.setdefault(name, []).append(t1 - t0)


def _table(title: str, base: str, wall: dict[str, list[float]], cpu: dict[str, list[float]]) -> None:
    print(f"{title:44s} {'wall ms':>8s} {'CPU ms':>8s}  CPU vs the {base}")
    for name in wall:
        w, c = statistics.median(wall[name]) * 1000, statistics.median(cpu[name]) * 1000
        ratio = statistics.median(cpu[name]) / statistics.median(cpu[base])
        print(f"{name:44s} {w:8.0f} {c:8.0f}  {ratio:.2f}x")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    candidate = find_browser()
    if candidate is None:
        sys.exit("No Chromium found; see `refwright doctor`.")
    full = find_browser(headless=False)
    binaries = {Path(candidate.path).name: candidate.path}
    if full is not None and not is_headless_shell(full.path) and full.path != candidate.path:
        binaries[Path(full.path).name] = full.path
    config = Config(allow_private=True)
    with PageServer() as server:
        url = server.url("/docs.html")

        async def first_page(browser: refwright.Browser) -> None:
            page = await browser.new_page(isolated=True)
            await page.run_command(f"open {url}")
            await page.run_command("snapshot -i")
            await page.close()

        async with AsyncExitStack() as stack:
            pw = await stack.enter_async_context(async_playwright())
            tools: dict[str, Callable[[], Awaitable[None]]] = {}
            for label, path in binaries.items():
                rw = await stack.enter_async_context(refwright.launch(config=config, executable_path=path))
                tools[f"refwright ({label})"] = functools.partial(first_page, rw)
            stock = await pw.chromium.launch(executable_path=candidate.path)
            switched = await pw.chromium.launch(executable_path=candidate.path, args=chromium_args())
            stack.push_async_callback(stock.close)
            stack.push_async_callback(switched.close)

            def playwright_page(browser: Browser) -> Callable[[], Awaitable[None]]:
                async def run() -> None:
                    context = await browser.new_context()
                    page = await context.new_page()
                    await page.goto(url)
                    await page.locator("body").aria_snapshot(mode="ai")
                    await context.close()
                return run

            # Playwright's rows run on the first binary (the one refwright launches headless).
            stock_name = "Playwright, stock switches"
            tools[stock_name] = playwright_page(stock)
            tools["Playwright, refwright's switches"] = playwright_page(switched)

            async def launch(path: str) -> None:
                async with refwright.launch(config=config, executable_path=path) as browser:
                    await first_page(browser)

            launches = {f"launch ({label})": functools.partial(launch, path)
                        for label, path in binaries.items()}
            wall: dict[str, list[float]] = {}
            cpu: dict[str, list[float]] = {}
            launch_wall: dict[str, list[float]] = {}
            launch_cpu: dict[str, list[float]] = {}
            for run in tools.values():  # warm-up: first launches of each kind
                await run()
            for r in range(args.rounds):
                for name, run in tools.items():
                    await _timed(name, run, wall, cpu)
                if r % 4 == 0:  # launches are slower: a quarter as many
                    for name, run in launches.items():
                        await _timed(name, run, launch_wall, launch_cpu)
    _table(f"fresh isolated page (Playwright on {Path(candidate.path).name})", stock_name, wall, cpu)
    print()
    _table("launch, first page, close", next(iter(launches)), launch_wall, launch_cpu)


if __name__ == "__main__":
    asyncio.run(main())
