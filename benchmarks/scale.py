"""Many sessions at once: memory per session, commands per second at N concurrent sessions, and a soak.

Sessions come from ``refwright.SessionPool`` (a browser context each, on one local Chromium, or on the
endpoints given with --endpoint). Each session opens its own page, whose title names the session, and
checks every answer against it: a lost, duplicated or crossed output fails the run. agent-browser runs
the same workload through its own sessions (``--session NAME``) in the same run for comparison.

    PYTHONPATH=$PWD/src python benchmarks/scale.py            # N = 1, 4, 16, 64; soak 32 x 300
    PYTHONPATH=$PWD/src python benchmarks/scale.py --quick    # N = 1, 4, 16; soak 8 x 50

Memory is PSS (/proc/PID/smaps_rollup) summed over this process and its descendants: summed RSS counts
Chromium's shared pages once per process.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refwright
from benchmarks.peers import AgentBrowser, PeerError, find_peers
from benchmarks.server import PageServer

CONFIG = refwright.Config(allow_private=True)


def descendants(pid: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def pss_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def tree_pss_mb() -> tuple[float, float]:
    """(this Python process, its descendants) in MB of PSS."""
    me = os.getpid()
    return pss_kb(me) / 1024, sum(pss_kb(p) for p in descendants(me)) / 1024


def page_html(n: int) -> str:
    rows = "".join(f"<li><a href='#{i}'>item {i} of session {n}</a></li>" for i in range(20))
    return f"<title>session {n}</title><h1>Session {n}</h1><input placeholder='q'><button>Go</button><ul>{rows}</ul>"


class Started(asyncio.Barrier):
    """Every session waits here after opening its page; the clock starts when the last one arrives, so
    rates count commands, not browser or daemon start-up."""

    at = 0.0

    async def wait(self) -> int:
        index = await super().wait()
        if not self.at:
            self.at = time.perf_counter()
        return index


async def rw_session(pool: refwright.SessionPool, url: str, n: int, commands: int, errors: list[str],
                     barrier: asyncio.Barrier) -> int:
    done = 0
    async with pool.session() as page:
        await page.run_command(f"open {url}")
        await barrier.wait()
        for i in range(commands):
            try:
                if i % 2:
                    out = (await page.run_command("snapshot -i")).output
                    ok = f"item 19 of session {n}\"" in out and f"session {n + 1}\"" not in out
                else:
                    out = (await page.run_command("get title")).output
                    ok = out == f"session {n}"
            except refwright.RefwrightError as exc:  # counted, like a wrong answer; the run goes on
                out, ok = f"{type(exc).__name__}: {exc}", False
            if not ok:
                errors.append(f"session {n} command {i}: {out[:80]!r}")
            done += 1
    return done


async def ab_session(peers: object, url: str, n: int, commands: int, errors: list[str],
                     barrier: asyncio.Barrier) -> int:
    ab = AgentBrowser(peers, session=f"rwscale{os.getpid()}-{n}")  # type: ignore[arg-type]
    done = 0
    try:
        await ab.open(url, (1280, 720))
        await barrier.wait()
        for i in range(commands):
            if i % 2:
                out = await ab.run("snapshot", "-i")
                ok = f"item 19 of session {n}" in out
            else:
                out = (await ab.run("get", "title")).strip()
                ok = out == f"session {n}"
            if not ok:
                errors.append(f"ab session {n} command {i}: {out[:80]!r}")
            done += 1
    finally:
        await ab.close()
    return done


async def rw_rate(endpoints: list[str], urls: list[str], n: int, commands: int) -> dict[str, object]:
    errors: list[str] = []
    async with refwright.SessionPool(endpoints, sessions_per_browser=max(n, 1), config=CONFIG) as pool:
        async with pool.session() as warm:  # the browser start is not part of the rate
            await warm.run_command(f"open {urls[0]}")
        barrier = Started(n)
        counts = await asyncio.gather(*(rw_session(pool, urls[i], i, commands, errors, barrier)
                                        for i in range(n)))
        elapsed = time.perf_counter() - barrier.at
    return {"sessions": n, "commands": sum(counts), "seconds": round(elapsed, 2),
            "commands_per_s": round(sum(counts) / elapsed, 1), "errors": errors[:5], "error_count": len(errors)}


async def ab_rate(peers: object, urls: list[str], n: int, commands: int) -> dict[str, object]:
    errors: list[str] = []
    barrier = Started(n)
    try:
        counts = await asyncio.gather(*(ab_session(peers, urls[i], i, commands, errors, barrier)
                                        for i in range(n)))
    except PeerError as exc:
        return {"sessions": n, "error": str(exc)[:300]}
    elapsed = time.perf_counter() - barrier.at
    return {"sessions": n, "commands": sum(counts), "seconds": round(elapsed, 2),
            "commands_per_s": round(sum(counts) / elapsed, 1), "error_count": len(errors), "errors": errors[:5]}


async def memory(urls: list[str], n: int) -> dict[str, object]:
    async with refwright.SessionPool(["local"], sessions_per_browser=n + 1, config=CONFIG) as pool, \
            pool.session() as first:
        await first.run_command(f"open {urls[0]}")
        await asyncio.sleep(1.0)
        py0, ch0 = tree_pss_mb()
        hold = asyncio.Event()
        opened = 0

        async def keep(i: int) -> None:
            nonlocal opened
            async with pool.session() as page:
                await page.run_command(f"open {urls[i]}")
                opened += 1
                await hold.wait()

        tasks = [asyncio.create_task(keep(i)) for i in range(1, n + 1)]
        while opened < n:  # noqa: ASYNC110 - a count, not one event
            await asyncio.sleep(0.1)
        await asyncio.sleep(1.0)
        py1, ch1 = tree_pss_mb()
        hold.set()
        await asyncio.gather(*tasks)
    return {"sessions": n, "python_mb_per_session": round((py1 - py0) / n, 2),
            "browser_mb_per_session": round((ch1 - ch0) / n, 1), "browser_total_mb": round(ch1, 1)}


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="N = 1, 4, 16 and a small soak")
    parser.add_argument("--commands", type=int, default=40, help="commands per session for the rate runs")
    parser.add_argument("--endpoint", action="append", help="pool endpoints (default: local)")
    parser.add_argument("--no-peer", action="store_true", help="skip agent-browser")
    args = parser.parse_args()
    endpoints = args.endpoint or ["local"]
    sizes = [1, 4, 16] if args.quick else [1, 4, 16, 64]
    soak_n, soak_m = (8, 50) if args.quick else (32, 300)
    before = set(descendants(os.getpid()))
    report: dict[str, object] = {"endpoints": [e.split("?")[0] for e in endpoints]}
    with PageServer() as server:
        for n in range(max(max(sizes), soak_n)):
            server.add(f"/s{n}.html", page_html(n))
        urls = [server.url(f"/s{n}.html") for n in range(max(max(sizes), soak_n))]
        if endpoints == ["local"]:
            report["memory"] = await memory(urls, 8)
            print(json.dumps({"memory": report["memory"]}), flush=True)
        rates = []
        for n in sizes:
            rates.append(await rw_rate(endpoints, urls, n, args.commands))
            print(json.dumps({"refwright": rates[-1]}), flush=True)
        report["refwright"] = rates
        soak = await rw_rate(endpoints, urls, soak_n, soak_m)
        soak["expected_commands"] = soak_n * soak_m
        report["soak"] = soak
        print(json.dumps({"soak": soak}), flush=True)
        peers = None if args.no_peer else find_peers()
        if peers is not None and peers.has_agent_browser:
            ab_rates = []
            for n in [s for s in sizes if s <= 16]:
                ab_rates.append(await ab_rate(peers, urls, n, args.commands))
                print(json.dumps({"agent-browser": ab_rates[-1]}), flush=True)
            report["agent-browser"] = ab_rates
    await asyncio.sleep(1.0)
    leaked = sorted(set(descendants(os.getpid())) - before)
    report["leaked_processes"] = leaked
    print(json.dumps({"leaked_processes": leaked}), flush=True)
    ok = soak["error_count"] == 0 and soak["commands"] == soak["expected_commands"] and not leaked
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
