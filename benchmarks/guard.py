"""The network guard's cost: `open` on a page that reaches many (unresolvable) outside hosts, and the
filtering proxy's per-request overhead.

Serves a local page that names N outside hosts in <img>, <script> and <iframe> (none resolves here,
so each is refused by the guard), times `open` on fresh host names (cold: every name is looked up) and
on the same names again (warm: what a cache can answer), then times plain GETs to a local upstream
directly and through the proxy. Run it against two trees to compare, for example:

    PYTHONPATH=/path/to/main/src python benchmarks/guard.py     # before
    PYTHONPATH=$PWD/src python benchmarks/guard.py              # after
"""

from __future__ import annotations

import argparse
import asyncio
import http.server
import json
import socket
import statistics
import threading
import time
import uuid
from typing import ClassVar

import refwright
from refwright import Config
from refwright.safety import FilteringProxy


class _Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    wbufsize = -1  # head and body in one write (no delayed-ACK stalls); flushed after each request
    pages: ClassVar[dict[str, bytes]] = {}

    def do_GET(self) -> None:
        body = self.pages.get(self.path, b"ok")
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8" if self.path in self.pages else "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


def page_with_hosts(hosts: list[str]) -> bytes:
    parts = ["<!doctype html><title>Many hosts</title><h1>Many hosts</h1>"]
    for i, host in enumerate(hosts):
        kind = i % 3
        if kind == 0:
            parts.append(f'<img src="https://{host}/pixel.gif" alt="">')
        elif kind == 1:
            parts.append(f'<script src="https://{host}/tag.js" async></script>')
        else:
            parts.append(f'<iframe src="http://{host}/frame.html" width="1" height="1"></iframe>')
    return "".join(parts).encode()


async def time_open(hosts: int, rounds: int, executable_path: str | None) -> dict[str, object]:
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    port = httpd.server_address[1]
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    cold: list[float] = []
    warm: list[float] = []
    config = Config(allow_private=(f"127.0.0.1:{port}",))
    try:
        async with refwright.launch(config=config, executable_path=executable_path) as browser:
            page = await browser.new_page()
            await page.run_command(f"open http://127.0.0.1:{port}/warmup")
            for r in range(rounds):
                tag = uuid.uuid4().hex[:8]
                names = [f"cdn{i}-{tag}.bench-unreachable.com" for i in range(hosts)]
                for label, out in (("cold", cold), ("warm", warm)):
                    path = f"/page-{tag}-{label}.html"
                    _Handler.pages[path] = page_with_hosts(names)
                    start = time.perf_counter()
                    result = await page.run_command(f"open http://127.0.0.1:{port}{path}")
                    out.append(time.perf_counter() - start)
                    if "Many hosts" not in result.output:
                        raise SystemExit(f"open failed in round {r}: {result.output[:300]}")
            await page.close()
    finally:
        httpd.shutdown()
    return {"hosts": hosts, "rounds": rounds, "open_cold_median_s": round(statistics.median(cold), 3),
            "open_warm_median_s": round(statistics.median(warm), 3),
            "open_cold_s": [round(x, 3) for x in cold], "open_warm_s": [round(x, 3) for x in warm]}


def _get(port: int, target: str, count: int) -> float:
    """Seconds per request for ``count`` keep-alive GETs of ``target`` on one connection."""
    request = f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
    with socket.create_connection(("127.0.0.1", port)) as s:
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        f = s.makefile("rb")
        start = time.perf_counter()
        for _ in range(count):
            s.sendall(request)
            length = 0
            while (line := f.readline()) not in (b"\r\n", b""):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            f.read(length)
        return (time.perf_counter() - start) / count


def proxy_overhead(count: int) -> dict[str, object]:
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    port = httpd.server_address[1]
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    proxy = FilteringProxy(allow_private=[f"127.0.0.1:{port}"])
    proxy.start()
    try:
        direct = statistics.median(_get(port, "/x", count) for _ in range(3))
        proxied = statistics.median(_get(proxy.port, f"http://127.0.0.1:{port}/x", count) for _ in range(3))
    finally:
        proxy.stop()
        httpd.shutdown()
    return {"requests": count, "direct_ms": round(direct * 1000, 3), "proxied_ms": round(proxied * 1000, 3),
            "overhead_ms": round((proxied - direct) * 1000, 3)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hosts", type=int, default=60, help="outside hosts on the page (default 60)")
    parser.add_argument("--rounds", type=int, default=5, help="opens of fresh host names (default 5)")
    parser.add_argument("--requests", type=int, default=300, help="GETs for the proxy overhead (default 300)")
    parser.add_argument("--executable-path", default=None)
    args = parser.parse_args()
    result = {"refwright": refwright.__file__, **asyncio.run(time_open(args.hosts, args.rounds, args.executable_path))}
    result["proxy"] = proxy_overhead(args.requests)
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
