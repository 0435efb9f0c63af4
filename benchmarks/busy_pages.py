#!/usr/bin/env python3
"""How long commands on pages whose scripts never yield take to answer, and the `open` after them.

    PYTHONPATH=src python benchmarks/busy_pages.py [rounds]

Action timeout 2000 ms, navigation timeout 5000 ms; prints the median and every run.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.server import TestServer

import refwright
from refwright import Config, TimeoutConfig


async def timed(page: refwright.Page, command: str) -> tuple[float, str]:
    started = time.monotonic()
    try:
        await page.run_command(command)
        outcome = "ok"
    except refwright.RefwrightError as exc:
        outcome = type(exc).__name__
    return time.monotonic() - started, outcome


async def main(rounds: int) -> None:
    server = TestServer()
    click = server.html("/busy", "<title>Busy</title><button onclick='while(true){}'>Spin</button>")
    on_load = server.html("/load", "<title>L</title><script>while(true){}</script>")
    timer = server.html("/timer", "<title>T</title><script>setTimeout(() => { while(true){} }, 200)</script>")
    config = Config(timeouts=TimeoutConfig(action=2000, navigation=5000), allow_private=True)
    results: dict[str, list[tuple[float, str]]] = {}
    async with refwright.launch(config=config) as browser:
        page = await browser.new_page()
        for _ in range(rounds):
            await page.run_command(f"open {click}")
            await page.run_command("snapshot -i")
            results.setdefault("click (loop on click)", []).append(await timed(page, "click @e1"))
            results.setdefault("open (loop on load)", []).append(await timed(page, f"open {on_load}"))
            await page.run_command(f"open {timer}")
            await asyncio.sleep(0.4)
            results.setdefault("get title (loop in a timer)", []).append(await timed(page, "get title"))
            results.setdefault("next open", []).append(await timed(page, f"open {server.empty_page}"))
    server.stop()
    for name, runs in results.items():
        median = statistics.median(seconds for seconds, _ in runs)
        print(f"{name}: median {median:.2f}s", [f"{seconds:.2f} {outcome}" for seconds, outcome in runs])


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 3))
