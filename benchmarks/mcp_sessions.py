"""Memory per MCP session of ``refwright mcp --http``, where each session has a browser context of its own.

    python benchmarks/mcp_sessions.py                  # 8 sessions on benchmarks/pages/shop.html
    python benchmarks/mcp_sessions.py --sessions 4 --page news.html --json out.json

The server runs as the real CLI (``refwright mcp --http PORT``); each session is an official MCP client that
opens the page and takes a snapshot, and stays connected. After each new session the memory of every
Chromium process under the server is read from ``/proc/<pid>/smaps_rollup``: PSS (proportional set size,
each shared page split among the processes that map it) is the figure; summed RSS is shown beside it
because it counts Chromium's shared pages once per process and so overstates. The cost of one more
session is the slope of PSS over the sessions after the first (the first also pays for the browser).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

# Run as a script, this file's folder comes first on sys.path, where benchmarks/mcp.py would shadow the SDK.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
import mcp  # noqa: E402

sys.path.insert(0, str(_HERE.parent))
from benchmarks.proctree import descendants  # noqa: E402
from benchmarks.server import PageServer  # noqa: E402

_SRC = _HERE.parent / "src"


def chromium_memory(server_pid: int) -> dict[str, int]:
    """PSS and RSS (kB), summed over the Chromium processes under the server, and how many there are."""
    pss = rss = count = 0
    for pid in descendants(server_pid):
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[0].decode(errors="replace")
            rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
        except OSError:
            continue
        if "chrom" not in Path(command).name:
            continue  # Playwright's driver (node) is not the browser
        count += 1
        for line in rollup.splitlines():
            if line.startswith("Pss:"):
                pss += int(line.split()[1])
            elif line.startswith("Rss:"):
                rss += int(line.split()[1])
    return {"pss_kb": pss, "rss_kb": rss, "processes": count}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def _settle(server_pid: int) -> dict[str, int]:
    """Memory once the browser is quiet: the median of three readings half a second apart."""
    readings = []
    for _ in range(3):
        await asyncio.sleep(0.5)
        readings.append(chromium_memory(server_pid))
    readings.sort(key=lambda r: r["pss_kb"])
    return readings[1]


async def run(sessions: int, page: str) -> dict[str, Any]:
    port = _free_port()
    env = dict(os.environ)
    env["PYTHONPATH"] = str(_SRC) + os.pathsep + env.get("PYTHONPATH", "")
    # The server outlives every client of the run, so it is a plain Popen.
    proc = subprocess.Popen([sys.executable, "-m", "refwright", "mcp", "--http", str(port),  # noqa: ASYNC220
                             "--allow-private", "--max-sessions", str(sessions)], env=env, stderr=subprocess.DEVNULL)
    rows: list[dict[str, Any]] = []
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the HTTP server did not start") from None
                await asyncio.sleep(0.1)
        with PageServer() as pages:
            url = pages.url(f"/{page}")
            async with AsyncExitStack() as stack:
                for n in range(1, sessions + 1):
                    client = await stack.enter_async_context(mcp.Client(f"http://127.0.0.1:{port}/mcp"))
                    for command in (f"open {url}", "snapshot"):
                        result = await client.call_tool("browser", {"command": command})
                        if result.is_error:
                            raise RuntimeError(f"session {n}: {command}: {result.content[0]}")
                    rows.append({"sessions": n, **await _settle(proc.pid)})
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(10)
    first, last = rows[0], rows[-1]
    per_session = (last["pss_kb"] - first["pss_kb"]) / max(1, last["sessions"] - first["sessions"])
    per_session_rss = (last["rss_kb"] - first["rss_kb"]) / max(1, last["sessions"] - first["sessions"])
    return {"page": page, "rows": rows, "per_session_pss_kb": per_session, "per_session_rss_kb": per_session_rss,
            "date": time.strftime("%Y-%m-%d")}


def render(report: dict[str, Any]) -> str:
    lines = [f"refwright mcp --http, one browser context per session, page {report['page']} ({report['date']})",
             "sessions  chromium processes  PSS MB  summed RSS MB"]
    for row in report["rows"]:
        lines.append(f"{row['sessions']:>8}  {row['processes']:>18}  {row['pss_kb'] / 1024:>6.0f}  "
                     f"{row['rss_kb'] / 1024:>13.0f}")
    lines.append(f"each session after the first: {report['per_session_pss_kb'] / 1024:.0f} MB PSS "
                 f"({report['per_session_rss_kb'] / 1024:.0f} MB summed RSS)")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sessions", type=int, default=8)
    parser.add_argument("--page", default="shop.html", help="a page of benchmarks/pages")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    report = asyncio.run(run(args.sessions, args.page))
    print(render(report))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
