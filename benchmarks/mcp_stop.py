"""How long ``refwright mcp`` (stdio) takes to end on SIGTERM or SIGINT while its client holds stdin open.

    python benchmarks/mcp_stop.py                 # 3 rounds each: SIGTERM and SIGINT, with and without a browser
    python benchmarks/mcp_stop.py --rounds 5 --json out.json
    python benchmarks/mcp_stop.py --http          # `refwright mcp --http` with no client (issue 44: within 1 s)

Each round starts the real CLI with its stdin and stdout as pipes, speaks the initialize handshake (and
opens a local page when the round has a browser), then sends the signal without closing stdin. Timed: from
the signal to the server's exit, and to the last of its Chromium processes gone. The goal (issue 28) is
2 s; before the fix the server was still running 15 s after SIGTERM.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import statistics
import sys
import time
from pathlib import Path
from typing import Any

_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))
from benchmarks.proctree import descendants  # noqa: E402
from benchmarks.server import PageServer  # noqa: E402

_SRC = _HERE.parent / "src"
_GIVE_UP = 20.0


async def _ask(proc: asyncio.subprocess.Process, ident: int, method: str, params: dict[str, Any]) -> Any:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write((json.dumps({"jsonrpc": "2.0", "id": ident, "method": method, "params": params}) + "\n").encode())
    await proc.stdin.drain()
    while True:
        answer = json.loads(await asyncio.wait_for(proc.stdout.readline(), 60))
        if answer.get("id") == ident:
            return answer


async def one_round(signum: int, url: str | None) -> dict[str, float]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(_SRC) + os.pathsep + env.get("PYTHONPATH", "")
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "refwright", "mcp", "--allow-private", env=env, stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL)
    assert proc.stdin is not None
    await _ask(proc, 1, "initialize", {"protocolVersion": "2025-11-25", "capabilities": {},
                                       "clientInfo": {"name": "bench", "version": "1"}})
    proc.stdin.write(b'{"jsonrpc": "2.0", "method": "notifications/initialized"}\n')
    if url is not None:
        await _ask(proc, 2, "tools/call", {"name": "browser", "arguments": {"command": f"open {url}"}})
    children = descendants(proc.pid)
    sent = time.monotonic()
    proc.send_signal(signum)
    try:
        await asyncio.wait_for(proc.wait(), _GIVE_UP)
    except TimeoutError:
        proc.kill()
        await proc.wait()
        return {"exit_s": float("inf"), "browser_gone_s": float("inf")}
    exited = time.monotonic() - sent
    while any(_state(pid) != "Z" for pid in children):
        if time.monotonic() - sent > _GIVE_UP:
            return {"exit_s": exited, "browser_gone_s": float("inf")}
        await asyncio.sleep(0.02)
    return {"exit_s": exited, "browser_gone_s": time.monotonic() - sent}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def http_round(signum: int) -> dict[str, float]:
    """``refwright mcp --http`` with no client: from the signal to the exit; whether stderr held a traceback."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(_SRC) + os.pathsep + env.get("PYTHONPATH", "")
    port = _free_port()
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "refwright", "mcp", "--http", str(port), env=env, stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            await asyncio.sleep(0.05)
    sent = time.monotonic()
    proc.send_signal(signum)
    assert proc.stderr is not None
    err, _ = await asyncio.wait_for(asyncio.gather(proc.stderr.read(), proc.wait()), _GIVE_UP)
    return {"exit_s": time.monotonic() - sent, "browser_gone_s": 0.0,
            "traceback": float(b"Traceback" in err)}


async def run_http(rounds: int) -> dict[str, Any]:
    cases: dict[str, list[dict[str, float]]] = {}
    for _ in range(rounds):
        for name, signum in (("SIGTERM", signal.SIGTERM), ("SIGINT", signal.SIGINT)):
            cases.setdefault(f"HTTP {name} no client", []).append(await http_round(signum))
    return {"rounds": rounds, "date": time.strftime("%Y-%m-%d"), "cases": cases}


def _state(pid: int) -> str:
    """The process's state letter; a process that is gone counts as a zombie (Z)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "Z"


async def run(rounds: int) -> dict[str, Any]:
    cases: dict[str, list[dict[str, float]]] = {}
    with PageServer() as pages:
        for _ in range(rounds):
            for name, signum in (("SIGTERM", signal.SIGTERM), ("SIGINT", signal.SIGINT)):
                for browser in (False, True):
                    key = f"{name} {'with a browser' if browser else 'no browser'}"
                    url = pages.url("/docs.html") if browser else None
                    cases.setdefault(key, []).append(await one_round(signum, url))
    return {"rounds": rounds, "date": time.strftime("%Y-%m-%d"), "cases": cases}


def render(report: dict[str, Any]) -> str:
    what = "--http, no client" if report.get("http") else "(stdio), stop signal with stdin held open"
    lines = [f"refwright mcp {what}, {report['rounds']} rounds ({report['date']})",
             "case                       exit s (median / max)   browser gone s (median / max)"]
    for key, rows in report["cases"].items():
        exits = [r["exit_s"] for r in rows]
        gone = [r["browser_gone_s"] for r in rows]
        lines.append(f"{key:<26} {statistics.median(exits):>6.2f} / {max(exits):<6.2f}        "
                     f"{statistics.median(gone):>6.2f} / {max(gone):.2f}"
                     + (f"   tracebacks: {int(sum(r['traceback'] for r in rows))}" if "traceback" in rows[0] else ""))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--http", action="store_true", help="time `refwright mcp --http` with no client instead")
    args = parser.parse_args()
    report = asyncio.run(run_http(args.rounds)) if args.http else asyncio.run(run(args.rounds))
    report["http"] = args.http
    print(render(report))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
