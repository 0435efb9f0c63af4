"""What tabs, frames and dialogs cost a model's turn: the median time of `tab new <url>`, `tab t1` (switch),
`tab` (list), `tab close`, `frame <name>` + `snapshot -i` inside it, a popup adopted as a tab (click to
note), and a click that opens a confirm under Config.dialogs "wait" (the answer that a dialog blocks).

    PYTHONPATH=$PWD/src python benchmarks/tabs.py [--rounds 15]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import refwright
from refwright import Config

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.server import PageServer

PAGE = """<title>Bench</title><h1>Bench</h1><button>Outside</button>
<a id=pop href="/target.html" target=_blank>pop</a>
<button id=confirm onclick="window.r = confirm('Sure?')">confirm</button>
<iframe name=login src="/inner.html"></iframe>"""
INNER = "<title>Inner</title><form><input id=user><input id=pass type=password><button>Sign in</button></form>"
TARGET = "<title>Target</title><p>target</p>"


async def timed(rounds: int, step: Callable[[], Awaitable[object]],
                reset: Callable[[], Awaitable[object]] | None = None) -> float:
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        await step()
        samples.append((time.perf_counter() - start) * 1000)
        if reset is not None:
            await reset()
    return statistics.median(samples)


async def main(rounds: int) -> None:
    with PageServer() as server:
        server.add("/bench.html", PAGE)
        server.add("/inner.html", INNER)
        server.add("/target.html", TARGET)
        url = server.url("/bench.html")
        config = Config(allow_private=True, dialogs="wait")
        async with refwright.launch(config=config) as browser:
            page = await browser.new_page()
            run = page.run_command
            await run(f"open {url}")
            results: dict[str, float] = {}
            results["tab new <url>"] = await timed(rounds, lambda: run(f"tab new {server.url('/target.html')}"),
                                                   lambda: run("tab close"))
            await run("tab new")
            other = page.tabs.ids()[-1]  # ids are never reused: the one after the closed ones
            results["tab t1 (switch)"] = await timed(rounds, lambda: run("tab t1"), lambda: run(f"tab {other}"))
            results["tab (list, 2 tabs)"] = await timed(rounds, lambda: run("tab"))
            await run("tab t1")
            results["tab new (blank)"] = await timed(rounds, lambda: run("tab new"), lambda: run("tab close"))
            await run("tab t1")  # closing the active tab makes its neighbour active

            async def frame_and_snapshot() -> None:
                await run("frame login")
                await run("snapshot -i")

            results["frame login + snapshot -i"] = await timed(rounds, frame_and_snapshot, lambda: run("frame main"))

            async def popup() -> None:
                out = (await run("click #pop")).output
                while "A new tab" not in out:
                    out = (await run("wait 10")).output

            async def close_popup() -> None:
                await page.tabs.close(page.tabs.ids()[-1])

            results["click → popup tab noted"] = await timed(rounds, popup, close_popup)
            results["click → confirm kept open (answer)"] = await timed(
                rounds, lambda: run("click #confirm"), lambda: run("dialog accept"))
    width = max(len(k) for k in results)
    print(f"median of {rounds} rounds, ms")
    for name, ms in results.items():
        print(f"{name:<{width}}  {ms:8.1f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=15)
    asyncio.run(main(parser.parse_args().rounds))
