"""The cost of the state and network commands: `state save`/`state load` (scrypt + AES-GCM + Playwright's
storage state), `open` of a page with many sub-resources with and without routes (each route asks the
network guard first) and while a HAR is recorded, and the size of HELP.

    PYTHONPATH=$PWD/src python benchmarks/state_network.py [--runs 7] [--resources 60]
"""

from __future__ import annotations

import argparse
import asyncio
import http.server
import os
import statistics
import tempfile
import threading
import time
from collections.abc import Awaitable, Callable
from typing import ClassVar

import refwright
from refwright import Config


class _Handler(http.server.BaseHTTPRequestHandler):
    resources: ClassVar[int] = 60
    # Head and body go out in two writes: without this the body waits for the client's delayed ACK (~40 ms).
    disable_nagle_algorithm = True

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        if self.path.startswith("/page"):
            tags = "".join(f'<img src="/img/{i}.svg?{self.path}">' for i in range(self.resources))
            body = f"<title>Many</title><p>{tags}</p>".encode()
            kind = "text/html"
        else:
            body = b'<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>'
            kind = "image/svg+xml"
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)


async def _median(runs: int, step: Callable[[int], Awaitable[object]]) -> float:
    times = []
    for i in range(runs):
        start = time.perf_counter()
        await step(i)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--resources", type=int, default=60)
    args = parser.parse_args()
    _Handler.resources = args.resources
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    os.environ.setdefault("REFWRIGHT_STATE_KEY", "benchmark password")
    print(f"HELP: {len(refwright.HELP)} characters")
    with tempfile.TemporaryDirectory() as out:
        async with refwright.launch(config=Config(allow_private=True, output_dir=out)) as browser:
            page = await browser.new_page(isolated=True)
            await page.run_command(f"open {base}/page-0")
            for i in range(20):
                await page.run_command(f"cookies set c{i} v{i}")
                await page.run_command(f"storage local set k{i} {'x' * 100}")
            save = await _median(args.runs, lambda i: page.run_command(f"state save s{i}.state"))
            load = await _median(args.runs, lambda i: page.run_command(f"state load s{i}.state"))
            print(f"state save (20 cookies, 20 keys): median {save:.1f} ms · state load: median {load:.1f} ms")

            async def open_page(i: int) -> None:
                await page.run_command(f"open {base}/page-{i}")
                await page.playwright_page.wait_for_load_state("networkidle")

            plain = await _median(args.runs, open_page)
            await page.run_command("network route **/never-matches --abort")
            await page.run_command("network route **/img/* ")
            routed = await _median(args.runs, lambda i: open_page(100 + i))
            await page.run_command("network unroute")
            await page.run_command("network har start")
            recording = await _median(args.runs, lambda i: open_page(200 + i))
            stopped = await page.run_command("network har stop bench.har")
            print(f"open + networkidle, {args.resources} images: plain {plain:.1f} ms · with 2 routes (one "
                  f"matching every image) {routed:.1f} ms · recording a HAR {recording:.1f} ms")
            print(stopped.output)
            listed = await _median(args.runs, lambda i: page.run_command("network requests"))
            print(f"network requests (the last 100 of the log): median {listed:.1f} ms")
            await page.close()
    httpd.shutdown()


if __name__ == "__main__":
    asyncio.run(main())
