"""MCP benchmark: refwright's ``commands`` and ``actions`` profiles against @playwright/mcp, in one run.

    python benchmarks/mcp.py                     # every page in benchmarks/pages, 5 timed rounds
    python benchmarks/mcp.py --rounds 9 --json out.json

Each server runs as its own process over stdio and is driven by the official MCP Python SDK client, the
way a coding agent or desktop assistant drives it, so a call is timed from the request written to the
parsed result. Every server runs on the same Chromium (``--chromium``; by default the one refwright launches
headless) and gets the same pages from the same local server (127.0.0.1 only) and the same steps: navigate
to the page, then snapshot it. The servers take turns round-robin (the order rotates each round) so load
from other processes on the machine falls on all of them alike.

What each step is, per server:
  refwright commands   browser {"command": "open URL"} / {"command": "snapshot"} (also "snapshot -i")
  refwright actions    browser {"action": "navigate", "url"} / {"action": "snapshot"}
  @playwright/mcp      browser_navigate {"url"} / browser_snapshot {}
Result size is the characters of the result's text content: what the model reads.

Targets (issue 12): refwright's median call latency at most 0.5x and its snapshot result at most 0.5x
@playwright/mcp's. @playwright/mcp comes from shared/bench/peers.sh (``peers.sh install``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

# Run as a script, this file's folder comes first on sys.path, where this file would shadow the mcp package.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
import mcp  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.peers import bench_chromium, find_peers  # noqa: E402
from benchmarks.server import PAGES_DIR, PageServer  # noqa: E402

_SRC = Path(__file__).resolve().parent.parent / "src"
_REF = re.compile(r"@e(\d+)")


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(_SRC) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def _refwright(profile: str, chromium: str | None) -> mcp.StdioServerParameters:
    return mcp.StdioServerParameters(command=sys.executable, env=_env(), args=[
        "-m", "refwright", "mcp", "--profile", profile, "--allow-private",
        *(["--executable-path", chromium] if chromium else [])])


# server -> (tool, arguments) for each step
def _steps(server: str, url: str) -> dict[str, tuple[str, dict[str, Any]]]:
    if server == "refwright commands":
        return {"navigate": ("browser", {"command": f"open {url}"}), "snapshot": ("browser", {"command": "snapshot"}),
                "snapshot -i": ("browser", {"command": "snapshot -i"})}
    if server == "refwright actions":
        return {"navigate": ("browser", {"action": "navigate", "url": url}),
                "snapshot": ("browser", {"action": "snapshot"})}
    return {"navigate": ("browser_navigate", {"url": url}), "snapshot": ("browser_snapshot", {})}


async def _call(client: mcp.Client, tool: str, args: dict[str, Any]) -> tuple[float, str]:
    start = time.perf_counter()
    result = await client.call_tool(tool, args)
    elapsed = (time.perf_counter() - start) * 1000
    text = "".join(c.text for c in result.content if c.type == "text")
    if result.is_error:
        raise RuntimeError(f"{tool} {args} failed: {text[:300]}")
    return elapsed, text


async def run(rounds: int, pages: list[str], chromium: str | None = None) -> dict[str, Any]:
    chromium = bench_chromium(chromium)
    peers = find_peers(chromium=chromium)
    servers: dict[str, Any] = {"refwright commands": _refwright("commands", chromium),
                               "refwright actions": _refwright("actions", chromium)}
    scratch: str | None = None
    if peers is not None and peers.has_mcp:
        cmd = peers.mcp_command()
        # It writes snapshot and console files into its working directory: a temporary one, not the checkout.
        scratch = tempfile.mkdtemp(prefix="rw-bench-pwmcp-")
        servers["@playwright/mcp"] = mcp.StdioServerParameters(command=cmd[0], args=cmd[1:], env=dict(os.environ),
                                                               cwd=scratch)
    else:
        print("@playwright/mcp is not installed (peers.sh install); measuring refwright only", file=sys.stderr)
    try:
        report = await _measure(servers, rounds, pages)
        report["chromium"] = chromium
        return report
    finally:
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)


async def _measure(servers: dict[str, Any], rounds: int, pages: list[str]) -> dict[str, Any]:
    times: dict[tuple[str, str], list[float]] = {}
    # Result characters of each page's first timed visit, and of its last: refwright never reuses a ref
    # within a tab, so its refs (and results) grow a little longer as a session goes on.
    first: dict[tuple[str, str, str], int] = {}
    sizes: dict[tuple[str, str, str], int] = {}
    last_ref: dict[str, int] = {}
    with PageServer() as site:
        async with AsyncExitStack() as stack:
            clients = {name: await stack.enter_async_context(mcp.Client(params)) for name, params in servers.items()}
            names = list(clients)
            # Warm up: the first call launches each browser.
            for name in names:
                for tool, args in _steps(name, site.url(f"/{pages[0]}")).values():
                    await _call(clients[name], tool, args)
            for r in range(rounds):
                order = names[r % len(names):] + names[:r % len(names)]
                for page in pages:
                    for name in order:
                        for step, (tool, args) in _steps(name, site.url(f"/{page}")).items():
                            ms, text = await _call(clients[name], tool, args)
                            times.setdefault((name, step), []).append(ms)
                            first.setdefault((name, step, page), len(text))
                            sizes[(name, step, page)] = len(text)
                            last_ref[name] = max([last_ref.get(name, 0), *map(int, _REF.findall(text))])
    report: dict[str, Any] = {"rounds": rounds, "pages": pages, "load": os.getloadavg(), "servers": {}}
    for name in servers:
        entry: dict[str, Any] = {}
        for step in ("navigate", "snapshot", "snapshot -i"):
            if (name, step) not in times:
                continue
            entry[step] = {"median_ms": round(statistics.median(times[(name, step)]), 1),
                           "min_ms": round(min(times[(name, step)]), 1),
                           "calls_ms": [round(t, 1) for t in times[(name, step)]],
                           "first_chars": {p: first[(name, step, p)] for p in pages},
                           "chars": {p: sizes[(name, step, p)] for p in pages}}
        # The latency target is over every call the standard steps make (navigate and snapshot).
        calls = times[(name, "navigate")] + times[(name, "snapshot")]
        entry["median_call_ms"] = round(statistics.median(calls), 1)
        entry["last_ref"] = last_ref.get(name, 0)
        report["servers"][name] = entry
    return report


def render(report: dict[str, Any]) -> str:
    pages = report["pages"]
    lines = [f"MCP calls over stdio, {report['rounds']} rounds, load {report['load'][0]:.2f}, "
             f"every server on {report.get('chromium')}",
             "", f"{'server':<20} {'step':<12} {'median ms':>10} {'min ms':>8}  " + "  ".join(
                 f"{p.removesuffix('.html'):>9}" for p in pages) + "  (result chars, last round)"]
    for name, entry in report["servers"].items():
        for step in ("navigate", "snapshot", "snapshot -i"):
            if step in entry:
                e = entry[step]
                lines.append(f"{name:<20} {step:<12} {e['median_ms']:>10} {e['min_ms']:>8}  " + "  ".join(
                    f"{e['chars'][p]:>9}" for p in pages))
    peer = report["servers"].get("@playwright/mcp")
    if peer:
        lines.append("")
        peer_chars = sum(peer["snapshot"]["chars"].values())
        for name in ("refwright commands", "refwright actions"):
            e = report["servers"][name]
            latency = e["median_call_ms"] / peer["median_call_ms"]
            lines.append(f"{name}: median call {e['median_call_ms']} ms = {latency:.2f}x @playwright/mcp's "
                         f"{peer['median_call_ms']} ms (target <= 0.5x)")
            steps = ", ".join(f"{step} {e[step]['median_ms'] / peer[step]['median_ms']:.2f}x"
                              for step in ("navigate", "snapshot"))
            first_size = sum(e["snapshot"]["first_chars"].values()) / sum(peer["snapshot"]["first_chars"].values())
            size = sum(e["snapshot"]["chars"].values()) / peer_chars
            refs = f", with refs up to @e{e['last_ref']}" if e["last_ref"] else ""
            lines.append(f"  per step (medians): {steps}; snapshot chars {first_size:.3f}x on each page's first "
                         f"visit, {size:.3f}x on the last{refs} (target <= 0.5x)")
            # A visit (navigate, then snapshot) is the same work on every server, wherever each does its
            # first walk of the new document: @playwright/mcp's navigate takes a snapshot too.
            ours, theirs = _visit_ms(e), _visit_ms(peer)
            lines.append(f"  per page visit (navigate + snapshot, median of the sums): {ours:.1f} ms = "
                         f"{ours / theirs:.2f}x @playwright/mcp's {theirs:.1f} ms")
        small = report["servers"]["refwright commands"].get("snapshot -i")
        if small:
            size = sum(small["chars"].values()) / sum(peer["snapshot"]["chars"].values())
            lines.append(f"refwright commands `snapshot -i`: {size:.2f}x @playwright/mcp's snapshot chars")
    return "\n".join(lines)


def _visit_ms(entry: dict[str, Any]) -> float:
    """The median time of a page visit: each navigate call plus the snapshot call that followed it."""
    return float(statistics.median(n + s for n, s in zip(entry["navigate"]["calls_ms"],
                                                         entry["snapshot"]["calls_ms"], strict=True)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--pages", default=",".join(sorted(p.name for p in PAGES_DIR.glob("*.html"))))
    parser.add_argument("--chromium", metavar="PATH",
                        help="the Chromium every server runs on (default: the one refwright launches headless)")
    parser.add_argument("--json", metavar="FILE", help="also write the numbers as JSON")
    opts = parser.parse_args()
    report = asyncio.run(run(opts.rounds, [p for p in opts.pages.split(",") if p], opts.chromium))
    print(render(report))
    if opts.json:
        Path(opts.json).write_text(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
