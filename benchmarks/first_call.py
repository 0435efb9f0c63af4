"""The first runtime call in a new document: Playwright's selector-engine route against a world of our own.

    python benchmarks/first_call.py --rounds 4

After every navigation, refwright's first call into the page (the snapshot after `open`) goes through a
Playwright selector engine, so Playwright first builds its injected script in the document's utility
world. This times that first call against the same operation (the runtime's `ping`) run in an isolated
world created over CDP (Page.createIsolatedWorld + Runtime.evaluate of the runtime's source), which is
what a channel that bypassed Playwright's selector machinery would pay. The two alternate per page so
machine load falls on both alike. A measurement for a design decision; refwright does not use the CDP
route.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.server import PAGES_DIR, PageServer

PLAYWRIGHT, OWN_WORLD = "playwright selector engine", "own isolated world (CDP)"


async def main(rounds: int, pages: list[str]) -> None:
    from playwright.async_api import async_playwright

    from refwright._async._engine import ENGINE, RUNTIME_SOURCE, register_engine
    from refwright._discovery import chromium_args, find_browser

    candidate = find_browser(None)
    assert candidate is not None, "no Chromium found (refwright doctor)"
    ping = base64.b64encode(json.dumps({"op": "ping"}).encode()).decode()
    own = ("(() => { const engine = " + RUNTIME_SOURCE + "; return engine.queryAll(document, 'run:" + ping
           + "')[0].textContent; })()")
    times: dict[str, list[float]] = {PLAYWRIGHT: [], OWN_WORLD: []}
    with PageServer() as site:
        async with async_playwright() as p:
            await register_engine(p.selectors)
            browser = await p.chromium.launch(executable_path=candidate.path, args=chromium_args())
            page = await browser.new_page()
            cdp = await page.context.new_cdp_session(page)
            frame_id = (await cdp.send("Page.getFrameTree"))["frameTree"]["frame"]["id"]
            for r in range(rounds):
                for name in pages:
                    for way in ((PLAYWRIGHT, OWN_WORLD) if r % 2 else (OWN_WORLD, PLAYWRIGHT)):
                        await page.goto(site.url("/" + name))
                        start = time.perf_counter()
                        if way == PLAYWRIGHT:
                            answer = await page.locator(f"{ENGINE}=run:{ping}").text_content()
                        else:
                            world = await cdp.send("Page.createIsolatedWorld", {"frameId": frame_id,
                                                                               "worldName": "refwright-bench"})
                            result = await cdp.send("Runtime.evaluate", {
                                "expression": own, "contextId": world["executionContextId"], "returnByValue": True})
                            answer = result["result"]["value"]
                        times[way].append((time.perf_counter() - start) * 1000)
                        assert answer and "token" in answer, answer
            await browser.close()
    for way, values in times.items():
        print(f"{way:<30} median {statistics.median(values):7.1f} ms  min {min(values):7.1f} ms")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--pages", default=",".join(sorted(p.name for p in PAGES_DIR.glob("*.html"))))
    opts = parser.parse_args()
    asyncio.run(main(opts.rounds, [p for p in opts.pages.split(",") if p]))
