"""The first runtime call in a new document: Playwright's selector-engine route against refwright's direct route.

    python benchmarks/first_call.py --rounds 4

After every navigation, Playwright's route into the page (a selector of refwright's engine) first builds
Playwright's injected script in the document's utility world. refwright's direct route
(``_async/runtime/_world.py``, used for commands under the watchdog) evaluates refwright's engines in that same
world over CDP instead: it asks for the world by name, builds the engines and runs the
operation. This times the first call of one operation (the runtime's `ping`, then a `snapshot -i`) on
each route after a fresh `goto`; the routes alternate per page so machine load falls on both alike.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.server import PAGES_DIR, PageServer

PLAYWRIGHT, DIRECT = "playwright selector engine", "direct (CDP, utility world)"
STEPS: tuple[tuple[str, dict[str, Any]], ...] = (("ping", {}), ("snapshot", {"interactive": True}))


async def main(rounds: int, pages: list[str]) -> None:
    from playwright.async_api import async_playwright

    from refwright._async.runtime._runtime_engine import (
        ENGINE,
        ENGINES,
        decode_answer,
        encode_request,
        register_engine,
        run_op,
    )
    from refwright._async.runtime._world import UtilityWorld
    from refwright._driver._discovery import chromium_args, find_browser

    candidate = find_browser(None)
    assert candidate is not None, "no Chromium found (refwright doctor)"
    times: dict[tuple[str, str], list[float]] = {}
    with PageServer() as site:
        async with async_playwright() as p:
            await register_engine(p.selectors)
            browser = await p.chromium.launch(executable_path=candidate.path, args=chromium_args())
            page = await browser.new_page()
            world = UtilityWorld(page, ENGINES)
            for r in range(rounds):
                for name in pages:
                    for way in ((PLAYWRIGHT, DIRECT) if r % 2 else (DIRECT, PLAYWRIGHT)):
                        for op, args in STEPS:
                            await page.goto(site.url("/" + name))
                            start = time.perf_counter()
                            if way == PLAYWRIGHT:
                                answer = await run_op(page, op, 5_000, **args)
                            else:
                                text = await world.run(ENGINE, encode_request(op, args))
                                assert text is not None, "the direct route did not answer"
                                answer = decode_answer(text)
                            times.setdefault((way, op), []).append((time.perf_counter() - start) * 1000)
                            assert "token" in answer, answer
            await browser.close()
    for (way, op), values in times.items():
        print(f"{way:<30} {op:<9} median {statistics.median(values):7.1f} ms  min {min(values):7.1f} ms")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--pages", default=",".join(sorted(p.name for p in PAGES_DIR.glob("*.html"))))
    opts = parser.parse_args()
    asyncio.run(main(opts.rounds, [p for p in opts.pages.split(",") if p]))
