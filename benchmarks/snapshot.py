"""Snapshot benchmark: refwright against agent-browser, @playwright/mcp and Playwright, in one run.

    python benchmarks/snapshot.py                      # 6,000-control page + 50,000-element check
    python benchmarks/snapshot.py --corpus --profile --json out.json   # + every page in benchmarks/pages
    python benchmarks/snapshot.py --tools refwright --controls 200 --big 0   # no peers needed

Every tool snapshots the same page from the same local server (127.0.0.1 only), in the same viewport,
headless. Each is warmed up, then timed round-robin (the order rotates every round, so load from other
processes on the machine falls on all tools alike); the table shows min and median of the warm runs, and
the first call after the page opened. Each page starts in a fresh refwright page and a fresh
agent-browser session, so ref numbers (part of the output) do not depend on earlier pages.

What is timed, per tool:
  refwright snapshot -i / snapshot    ``await page.run_command(...)`` in this process
  playwright aria_snapshot(ai)        ``await page.aria_snapshot(mode="ai")`` on refwright's own page
  agent-browser snapshot -i / snapshot   one CLI process against the already-running daemon (as agents use it)
  @playwright/mcp browser_snapshot    one ``tools/call`` over MCP stdio, request written to answer parsed
Output size is the number of characters the model would read (for MCP: the tool result's text).

Also per page: whether refwright -i lists every interactive element agent-browser -i lists (role+name,
only refs refwright's text shows; see compare.py), the same with refwright's -C, and where refwright's
time goes (rwprofile.py: page runtime, transfer, Python; cost after a navigation; --profile adds a
renderer CPU profile).

Peers come from shared/bench/peers.sh (``peers.sh install``); a tool that is not installed is skipped.
The machine may be shared: the load average is recorded, and min is the steadier figure under load.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import datetime
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make `benchmarks` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import refwright
from benchmarks import compare as cmp
from benchmarks.pagegen import controls_page, count_controls, count_elements, elements_page
from benchmarks.peers import AgentBrowser, McpClient, PeerError, Peers, bench_chromium, find_peers
from benchmarks.rwprofile import breakdown, cold_start, cpu_profile, register_bench_engine
from benchmarks.server import PAGES_DIR, PageServer

RW_I = "refwright snapshot -i"
RW_FULL = "refwright snapshot"
PW_AI = "playwright aria_snapshot(ai)"
AB_I = "agent-browser snapshot -i"
AB_FULL = "agent-browser snapshot"
MCP = "@playwright/mcp browser_snapshot"
# The peers' snapshot tools that "the fastest peer" is chosen from.
PEER_SNAPSHOTS = (AB_I, MCP, PW_AI)
TOOLS = ("refwright", "playwright", "agent-browser", "mcp")

TARGET_TIME_RATIO = 0.25  # refwright -i time / fastest peer, on the 6,000-control page
TARGET_SIZE_RATIO = 0.8  # refwright -i chars / agent-browser -i chars, on realistic pages


@dataclass
class Measurement:
    variant: str
    times_ms: list[float] = field(default_factory=list)
    chars: list[int] = field(default_factory=list)
    error: str | None = None
    output: str = ""
    # The first call after the page opened (the first warm-up run): what an agent pays after each navigation.
    first_ms: float | None = None

    @property
    def median_ms(self) -> float | None:
        return statistics.median(self.times_ms) if self.times_ms else None

    @property
    def min_ms(self) -> float | None:
        return min(self.times_ms) if self.times_ms else None

    @property
    def size(self) -> int | None:
        return self.chars[-1] if self.chars else None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "runs": len(self.times_ms),
            "min_ms": _r(self.min_ms),
            "median_ms": _r(self.median_ms),
            "max_ms": _r(max(self.times_ms) if self.times_ms else None),
            "first_ms": _r(self.first_ms),
            "times_ms": [_r(t) for t in self.times_ms],
            "chars": self.size,
        }
        if self.chars and min(self.chars) != max(self.chars):
            out["chars_varied"] = [min(self.chars), max(self.chars)]
        if self.error:
            out["error"] = self.error
        return out


def _r(x: float | None, nd: int = 2) -> float | None:
    return None if x is None else round(x, nd)


@dataclass
class Options:
    repeats: int = 5
    warmup: int = 2
    controls: int = 6000
    big: int = 50_000
    big_repeats: int = 3
    corpus_repeats: int = 9
    big_peers: bool = False
    corpus: bool = False
    pages: list[str] = field(default_factory=list)
    tools: tuple[str, ...] = TOOLS
    full: bool = True
    breakdown: bool = True
    profile: bool = False
    timeout: float = 180.0
    viewport: tuple[int, int] = (1280, 720)
    peers_script: str | None = None
    # The Chromium every tool runs on (peers.bench_chromium): None is the one refwright launches headless.
    chromium: str | None = None
    save_outputs: Path | None = None
    quiet: bool = False
    # refwright's Config.max_snapshot_chars: None keeps refwright's default, 0 lifts the limit.
    rw_max_chars: int | None = None


class Bench:
    """The tools, each started once and reused for every page."""

    def __init__(self, opts: Options) -> None:
        self.opts = opts
        self.log: Callable[[str], None] = (lambda s: None) if opts.quiet else (
            lambda s: print(s, file=sys.stderr, flush=True))
        self.browser: refwright.Browser | None = None
        self.page: refwright.Page | None = None
        self.ab: AgentBrowser | None = None
        self.mcp: McpClient | None = None
        self.peers: Peers | None = None
        self.skipped: dict[str, str] = {}
        self.environment: dict[str, Any] = {}
        self.chromium: str | None = None

    # -- set-up --------------------------------------------------------------------------------------------

    async def start(self) -> None:
        tools = set(self.opts.tools)
        w, h = self.opts.viewport
        # Every tool runs on this one Chromium.
        self.chromium = bench_chromium(self.opts.chromium)
        self.environment["chromium_path"] = self.chromium
        if tools & {"refwright", "playwright"}:
            config = refwright.Config(
                allow_private=True,
                timeouts=refwright.TimeoutConfig(action=self.opts.timeout * 1000, navigation=120_000))
            if self.opts.rw_max_chars is not None and hasattr(config, "max_snapshot_chars"):
                config = dataclasses.replace(config, max_snapshot_chars=self.opts.rw_max_chars or None)
            self.environment["refwright_max_snapshot_chars"] = getattr(config, "max_snapshot_chars", None)
            self.browser = refwright.launch(config=config, executable_path=self.chromium)
            self.page = await self.browser.new_page()
            await self.page.playwright_page.set_viewport_size({"width": w, "height": h})
            # The instrumented runtime copy must be registered before the first document loads.
            await register_bench_engine(self.page)
        if tools & {"agent-browser", "mcp"}:
            self.peers = find_peers(self.opts.peers_script, chromium=self.chromium)
            if self.peers is None:
                for t in tools & {"agent-browser", "mcp"}:
                    self.skipped[t] = "peers.sh not found (set REFWRIGHT_PEERS_SH)"
        if "agent-browser" in tools and self.peers is not None:
            if self.peers.has_agent_browser:
                self.ab = AgentBrowser(self.peers)
            else:
                self.skipped["agent-browser"] = f"not installed at {self.peers.ab_binary} (peers.sh install)"
        if "mcp" in tools and self.peers is not None:
            if self.peers.has_mcp:
                self.mcp = McpClient([*self.peers.mcp_command(), "--viewport-size", f"{w}x{h}"])
                await self.mcp.start()
            else:
                self.skipped["mcp"] = f"not installed at {self.peers.mcp_cli} (peers.sh install)"
        for tool, why in self.skipped.items():
            self.log(f"skipping {tool}: {why}")

    async def close(self) -> None:
        if self.ab is not None:
            await self.ab.close()
        if self.mcp is not None:
            await self.mcp.close()
        if self.browser is not None:
            await self.browser.close()

    def variants(self, *, peers: bool = True) -> list[str]:
        tools = set(self.opts.tools)
        out: list[str] = []
        if self.page is not None and "refwright" in tools:
            out += [RW_I] + ([RW_FULL] if self.opts.full else [])
        if self.page is not None and "playwright" in tools and peers:
            out.append(PW_AI)
        if self.ab is not None and peers:
            out += [AB_I] + ([AB_FULL] if self.opts.full else [])
        if self.mcp is not None and peers:
            out.append(MCP)
        return out

    def runner(self, variant: str) -> Callable[[], Awaitable[str]]:
        page, ab, mcp = self.page, self.ab, self.mcp
        if variant in (RW_I, RW_FULL):
            assert page is not None
            command = "snapshot -i" if variant == RW_I else "snapshot"
            return lambda: _output(page.run_command(command))
        if variant == PW_AI:
            assert page is not None
            return lambda: page.playwright_page.aria_snapshot(mode="ai", timeout=self.opts.timeout * 1000)
        if variant in (AB_I, AB_FULL):
            assert ab is not None
            args = ("snapshot", "-i") if variant == AB_I else ("snapshot",)
            return lambda: ab.run(*args, timeout=self.opts.timeout)
        if variant == MCP:
            assert mcp is not None
            return lambda: mcp.call_tool("browser_snapshot", {}, timeout=self.opts.timeout)
        raise ValueError(variant)

    async def open(self, url: str, variants: list[str]) -> dict[str, str]:
        """Open ``url`` in every tool that runs ``variants``; returns the tools that failed.

        Each page starts fresh: a new refwright page and a new agent-browser session (daemon), so ref
        numbers (and so output sizes) do not depend on which pages ran before. Playwright's refs are
        per document already.
        """
        failed: dict[str, str] = {}
        if self.page is not None and {RW_I, RW_FULL, PW_AI} & set(variants):
            assert self.browser is not None
            if self.page.url not in ("", "about:blank"):
                await self.page.close()
                self.page = await self.browser.new_page()
                w, h = self.opts.viewport
                await self.page.playwright_page.set_viewport_size({"width": w, "height": h})
            await self.page.run_command(f"open {url}")
        if self.ab is not None and {AB_I, AB_FULL} & set(variants):
            try:
                await self.ab.close()
                await self.ab.open(url, self.opts.viewport)
            except PeerError as exc:
                failed["agent-browser"] = str(exc)
        if self.mcp is not None and MCP in variants:
            try:
                await self.mcp.call_tool("browser_navigate", {"url": url}, timeout=self.opts.timeout)
            except PeerError as exc:
                failed["mcp"] = str(exc)
        return failed

    async def check_environment(self) -> None:
        """Record what each browser reports for viewport, headless user agent and version."""
        js = "innerWidth + 'x' + innerHeight + ' ' + (/Headless/.test(navigator.userAgent) ? 'headless' : 'headed')"
        seen: dict[str, str] = {}
        if self.page is not None:
            seen["refwright/playwright"] = str(await self.page.playwright_page.evaluate(js))
            browser = self.page.playwright_page.context.browser
            self.environment["chromium"] = browser.version if browser else None
        if self.ab is not None and self.ab.started:
            with contextlib.suppress(PeerError):
                seen["agent-browser"] = (await self.ab.eval(js)).strip().strip('"')
        if self.mcp is not None:
            with contextlib.suppress(PeerError):
                text = await self.mcp.call_tool("browser_evaluate", {"function": f"() => {js}"})
                seen["mcp"] = _mcp_result(text)
        self.environment["viewport_and_mode"] = seen
        if len(set(seen.values())) > 1:
            self.log(f"WARNING: tools disagree on viewport/mode: {seen}")
        self.environment["round_trip_floor_ms"] = await self.floors()

    async def floors(self, runs: int = 7) -> dict[str, float]:
        """The cost of one trivial call through each tool's channel: what any of its snapshots pays first."""
        probes: dict[str, Callable[[], Awaitable[object]]] = {}
        if self.page is not None:
            pw = self.page.playwright_page
            probes["playwright page.title()"] = pw.title
        if self.ab is not None and self.ab.started:
            ab = self.ab
            probes["agent-browser get url (CLI process + daemon)"] = lambda: ab.run("get", "url")
        if self.mcp is not None:
            mcp = self.mcp
            probes["MCP tools/list"] = lambda: mcp.request("tools/list", {})
        out: dict[str, float] = {}
        for label, probe in probes.items():
            times: list[float] = []
            try:
                for i in range(runs + 1):
                    t0 = time.perf_counter()
                    await probe()
                    if i:
                        times.append((time.perf_counter() - t0) * 1000)
            except Exception as exc:
                self.log(f"floor probe {label} failed: {exc}")
                continue
            out[label] = round(statistics.median(times), 2)
        return out

    # -- measuring -----------------------------------------------------------------------------------------

    async def measure(self, name: str, url: str, variants: list[str], *, repeats: int, warmup: int,
                      coverage: bool, meta: dict[str, Any]) -> dict[str, Any]:
        if not variants:
            raise SystemExit("no tool to run: check --tools and the peers installation")
        self.log(f"[{name}] opening {url}")
        t0 = time.perf_counter()
        failed = await self.open(url, variants)
        open_s = time.perf_counter() - t0
        runs = {v: Measurement(v) for v in variants}
        for tool, why in failed.items():
            for v in variants:
                if (tool == "agent-browser" and v in (AB_I, AB_FULL)) or (tool == "mcp" and v == MCP):
                    runs[v].error = f"open failed: {why}"
        if not self.environment.get("viewport_and_mode"):
            await self.check_environment()
        fns = {v: self.runner(v) for v in variants}

        async def once(v: str) -> None:
            m = runs[v]
            if m.error:
                return
            start = time.perf_counter()
            try:
                out = await fns[v]()
            except Exception as exc:  # any tool's failure is reported in its row, and the others go on
                m.error = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"[:400]
                self.log(f"[{name}] {v} failed: {m.error}")
                return
            elapsed = (time.perf_counter() - start) * 1000
            m.times_ms.append(elapsed)
            m.chars.append(len(out))
            m.output = out

        for i in range(warmup):
            self.log(f"[{name}] warm-up {i + 1}/{warmup}")
            for v in variants:
                await once(v)
        for m in runs.values():
            m.first_ms = m.times_ms[0] if m.times_ms else None
            m.times_ms.clear()
            m.chars.clear()
        for r in range(repeats):
            k = r % len(variants)
            order = variants[k:] + variants[:k]
            for v in order:
                await once(v)
            self.log(f"[{name}] round {r + 1}/{repeats}: " + ", ".join(
                f"{v.split(' ', 1)[0]}{'-i' if v.endswith('-i') else ''}={runs[v].times_ms[-1]:.0f}ms"
                for v in variants if runs[v].times_ms and len(runs[v].times_ms) == r + 1))
        result: dict[str, Any] = {"name": name, "url": url, **meta, "open_s": round(open_s, 2),
                                  "loadavg_1min": round(os.getloadavg()[0], 2),
                                  "tools": {v: m.to_json() for v, m in runs.items()}}
        result["ratios"] = ratios(runs)
        if coverage and self.ab is not None and self.page is not None and RW_I in runs and AB_I in runs \
                and not runs[RW_I].error and not runs[AB_I].error:
            result["coverage"] = await self.coverage()
        if self.opts.breakdown and self.page is not None and RW_I in runs and not runs[RW_I].error:
            self.log(f"[{name}] refwright breakdown")
            result["refwright_breakdown"] = await breakdown(
                self.page, interactive=True, repeats=max(1, min(repeats, 5)), timeout_ms=self.opts.timeout * 1000)
            if self.opts.profile:
                result["refwright_cpu_profile"] = await cpu_profile(self.page, command="snapshot -i", runs=3)
            result["refwright_cold_start"] = await cold_start(
                self.page, url, runs=max(1, min(repeats, 3)), timeout_ms=self.opts.timeout * 1000)
        if self.opts.save_outputs is not None:
            self.opts.save_outputs.mkdir(parents=True, exist_ok=True)
            for v, m in runs.items():
                slug = v.replace("@", "").replace("/", "-").replace(" ", "_").replace("(", "").replace(")", "")
                (self.opts.save_outputs / f"{name}__{slug}.txt").write_text(m.output, encoding="utf-8")
        return result

    async def coverage(self) -> dict[str, Any]:
        """refwright's -i snapshot against agent-browser's `snapshot -i --json`.

        Only the refs refwright's output text shows count: a snapshot cut at Config.max_snapshot_chars
        still knows the refs past the cut, but the model never sees them.
        """
        assert self.ab is not None and self.page is not None
        ab_json = await self.ab.run("snapshot", "-i", "--json", timeout=self.opts.timeout)
        rw = await self.page.run_command("snapshot -i")
        rw_cursor = await self.page.run_command("snapshot -i -C")
        assert rw.snapshot is not None and rw_cursor.snapshot is not None
        report = coverage_report(ab_json, visible_refs(rw))
        # The daemon must have served the timed runs from its running browser, not a relaunched one.
        lifecycle = (json.loads(ab_json).get("data") or {}).get("lifecycle") or {}
        report["agent_browser_daemon_reused"] = bool(lifecycle.get("reused")) and not lifecycle.get("relaunchedBrowser")
        if not report["agent_browser_daemon_reused"]:
            self.log(f"WARNING: agent-browser did not reuse its running browser: {lifecycle}")
        report["refwright_truncated"] = rw.snapshot.truncated
        if rw.snapshot.truncated:
            whole = coverage_report(ab_json, dict(rw.snapshot.refs))["interactive"]
            report["interactive_if_not_truncated"] = {
                k: whole[k] for k in ("matched", "missed", "missed_by_reason", "missed_by_role")}
        with_cursor = coverage_report(ab_json, visible_refs(rw_cursor))["interactive"]
        report["interactive_with_cursor_flag"] = {
            k: with_cursor[k] for k in ("matched", "missed", "missed_by_reason", "missed_by_role")}
        report["interactive_with_cursor_flag"]["refwright_chars"] = len(rw_cursor.output)
        return report


def visible_refs(result: refwright.CommandResult) -> dict[str, refwright.RefEntry]:
    """The refs of a snapshot result that its output text actually lists."""
    assert result.snapshot is not None
    shown = set(re.findall(r"(?m)^\s*@(e\d+)\b", result.output))
    return {ref: entry for ref, entry in result.snapshot.refs.items() if ref in shown}


def coverage_report(ab_json: str, rw_refs: dict[str, refwright.RefEntry]) -> dict[str, Any]:
    """Interactive elements first (the target), then agent-browser's other refs (headings, cells)
    against whatever refwright elements are left."""
    ab = cmp.ab_items(ab_json)
    interactive = cmp.compare([i for i in ab if cmp.is_interactive(i)], cmp.rw_items(rw_refs))
    other = cmp.compare([i for i in ab if not cmp.is_interactive(i)], interactive.extras)
    return {"interactive": interactive.to_json(), "other": other.to_json(), "extra": len(other.extras),
            "extra_by_role": other.to_json()["extra_by_role"],
            "extra_examples": other.to_json()["extra_examples"]}


async def _output(result: Awaitable[refwright.CommandResult]) -> str:
    return (await result).output


def _mcp_result(text: str) -> str:
    """The value out of browser_evaluate's markdown (### Result then a fenced or plain line)."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.strip().lower().startswith("### result"):
            for value in lines[i + 1:]:
                if value.strip() and not value.startswith("```"):
                    return value.strip().strip('"')
    return text.strip()[:80]


def ratios(runs: dict[str, Measurement]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    rw = runs.get(RW_I)
    if rw is None or rw.median_ms is None:
        return out
    peers = {v: runs[v].median_ms for v in PEER_SNAPSHOTS if v in runs and runs[v].median_ms is not None}
    if peers:
        fastest = min(peers, key=lambda v: peers[v] or 0.0)
        out["fastest_peer"] = fastest
        out["time_vs_fastest_peer"] = _r(rw.median_ms / (peers[fastest] or 1e-9), 3)
        # By min, the fastest peer may be another one.
        fastest_min = min((runs[v].min_ms or 0.0) for v in peers)
        out["time_vs_fastest_peer_min"] = _r((rw.min_ms or 0) / (fastest_min or 1e-9), 3)
        out["time_target_met"] = max(out["time_vs_fastest_peer"], out["time_vs_fastest_peer_min"]) <= TARGET_TIME_RATIO
    for v in (AB_I, MCP, PW_AI):
        m = runs.get(v)
        if m is not None and m.median_ms:
            out[f"time_vs {v}"] = _r(rw.median_ms / m.median_ms, 3)
        if m is not None and m.size:
            out[f"chars_vs {v}"] = _r((rw.size or 0) / m.size, 3)
    full, ab_full = runs.get(RW_FULL), runs.get(AB_FULL)
    if full is not None and ab_full is not None and full.size and ab_full.size:
        out[f"chars {RW_FULL} vs {AB_FULL}"] = _r(full.size / ab_full.size, 3)
    return out


# -- pages --------------------------------------------------------------------------------------------------

def corpus_pages(selected: list[str]) -> list[Path]:
    files = sorted(PAGES_DIR.glob("*.html"))
    if selected:
        wanted = {s.removesuffix(".html") for s in selected}
        unknown = wanted - {f.stem for f in files}
        if unknown:
            raise SystemExit(f"unknown corpus page(s): {', '.join(sorted(unknown))}; have "
                             f"{', '.join(f.stem for f in files)}")
        files = [f for f in files if f.stem in wanted]
    return files


def _git_commit() -> str | None:
    root = Path(__file__).resolve().parent.parent
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True,
                              timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "src"], cwd=root, capture_output=True,
                               text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return head + ("+dirty-src" if dirty else "") if head else None


async def run_benchmark(opts: Options) -> dict[str, Any]:
    bench = Bench(opts)
    started = datetime.datetime.now(datetime.UTC)
    load_before = os.getloadavg()
    results: dict[str, Any] = {
        "started": started.isoformat(timespec="seconds"),
        "command": " ".join([Path(sys.argv[0]).name, *sys.argv[1:]]) if sys.argv else "",
        "options": {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(opts).items()},
        "targets": {"time_vs_fastest_peer_6000": TARGET_TIME_RATIO, "chars_vs_agent_browser": TARGET_SIZE_RATIO},
        "pages": [],
    }
    with PageServer() as server:
        try:
            await bench.start()
            if opts.controls > 0:
                page = controls_page(opts.controls)
                url = server.add(f"/controls-{opts.controls}.html", page.html)
                results["pages"].append(await bench.measure(
                    f"controls-{opts.controls}", url, bench.variants(), repeats=opts.repeats,
                    warmup=opts.warmup, coverage=True,
                    meta={"kind": "generated", "controls": page.controls, "elements": page.elements,
                          "html_bytes": len(page.html.encode())}))
            if opts.corpus or opts.pages:
                for file in corpus_pages(opts.pages):
                    text = file.read_text(encoding="utf-8")
                    results["pages"].append(await bench.measure(
                        file.stem, server.url("/" + file.name), bench.variants(), repeats=opts.corpus_repeats,
                        warmup=opts.warmup, coverage=True,
                        meta={"kind": "corpus", "controls": count_controls(text), "elements": count_elements(text),
                              "html_bytes": len(text.encode())}))
            if opts.big > 0:
                page = elements_page(opts.big)
                url = server.add(f"/elements-{opts.big}.html", page.html)
                variants = bench.variants(peers=opts.big_peers)
                results["pages"].append(await bench.measure(
                    f"elements-{opts.big}", url, variants, repeats=opts.big_repeats, warmup=1,
                    coverage=opts.big_peers,
                    meta={"kind": "large", "controls": page.controls, "elements": page.elements,
                          "html_bytes": len(page.html.encode())}))
        finally:
            results["environment"] = {
                **bench.environment,
                "cpus": os.cpu_count(),
                "loadavg_before": [round(x, 2) for x in load_before],
                "loadavg_after": [round(x, 2) for x in os.getloadavg()],
                "python": platform.python_version(),
                "playwright": _version("playwright"),
                "refwright_commit": _git_commit(),
                "peers": bench.peers.versions() if bench.peers else {},
                "skipped": bench.skipped,
                "viewport": f"{opts.viewport[0]}x{opts.viewport[1]}",
            }
            results["seconds"] = round((datetime.datetime.now(datetime.UTC) - started).total_seconds(), 1)
            await bench.close()
    return results


def _version(dist: str) -> str | None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(dist)
    except PackageNotFoundError:
        return None


# -- report -------------------------------------------------------------------------------------------------

def _fmt_ms(x: float | None) -> str:
    if x is None:
        return "-"
    return f"{x:.0f}" if x >= 100 else f"{x:.1f}"


def _calls(b: dict[str, Any]) -> str:
    calls = b.get("run_op_calls_ms") or []
    if len(calls) <= 1:
        return ""
    return " (main document " + _fmt_ms(calls[0]) + ", " + ", ".join(
        f"frame {i} {_fmt_ms(t)}" for i, t in enumerate(calls[1:], 1)) + ")"


def report(results: dict[str, Any]) -> str:
    lines: list[str] = []
    env = results.get("environment", {})
    lines.append(f"refwright snapshot benchmark  ({results.get('started')}, {results.get('seconds')} s)")
    lines.append(f"  chromium {env.get('chromium')} at {env.get('chromium_path')} (every tool), "
                 f"playwright {env.get('playwright')}, refwright {env.get('refwright_commit')}, "
                 f"peers {env.get('peers')}")
    lines.append(f"  {env.get('cpus')} CPUs, load average before {env.get('loadavg_before')} after "
                 f"{env.get('loadavg_after')} (shared machine: other work was running)")
    lines.append(f"  viewport/mode per tool: {env.get('viewport_and_mode')}; refwright Config.max_snapshot_chars="
                 f"{env.get('refwright_max_snapshot_chars')}")
    if env.get("round_trip_floor_ms"):
        lines.append("  round-trip floor (median ms of a trivial call): " + ", ".join(
            f"{k} {v}" for k, v in env["round_trip_floor_ms"].items()))
    if env.get("skipped"):
        lines.append(f"  skipped: {env['skipped']}")
    lines.append("  min/median: warm runs, round-robin across tools; first: the first call after the page opened; "
                 "chars: what the model reads")
    for page in results["pages"]:
        lines.append("")
        lines.append(f"== {page['name']}: {page['elements']} elements, {page['controls']} controls, "
                     f"{page['html_bytes']:,} bytes of HTML (load average {page.get('loadavg_1min')} after it ran)")
        lines.append(f"  {'tool':<36} {'runs':>4} {'min ms':>9} {'median ms':>10} {'chars':>10} {'first ms':>9}")
        for variant, m in page["tools"].items():
            if m.get("error"):
                lines.append(f"  {variant:<36} ERROR {m['error'][:80]}")
                continue
            lines.append(f"  {variant:<36} {m['runs']:>4} {_fmt_ms(m['min_ms']):>9} {_fmt_ms(m['median_ms']):>10} "
                         f"{(m['chars'] or 0):>10,} {_fmt_ms(m.get('first_ms')):>9}")
        r = page.get("ratios", {})
        if "fastest_peer" in r:
            verdict = ""
            if page["kind"] == "generated":
                # Both figures must meet it: under load a median can favour whichever tool was hit less.
                worst = max(r["time_vs_fastest_peer"], r["time_vs_fastest_peer_min"])
                verdict = " PASS" if worst <= TARGET_TIME_RATIO else " FAIL"
                verdict += f" (target <= {TARGET_TIME_RATIO}x)"
            lines.append(f"  time: refwright -i / fastest peer ({r['fastest_peer']}) = "
                         f"{r['time_vs_fastest_peer']}x median, {r['time_vs_fastest_peer_min']}x min{verdict}")
        size = r.get(f"chars_vs {AB_I}")
        if size is not None:
            verdict = ""
            if page["kind"] == "corpus":
                verdict = (" PASS" if size <= TARGET_SIZE_RATIO else " FAIL") + f" (target <= {TARGET_SIZE_RATIO}x)"
            lines.append(f"  size: refwright -i / agent-browser -i = {size}x chars{verdict}")
        if page.get("coverage"):
            cov = page["coverage"]
            for kind in ("interactive", "other"):
                c = cov[kind]
                verdict = ""
                if kind == "interactive":
                    verdict = " PASS" if c["complete"] else " FAIL"
                lines.append(f"  {kind} refs: refwright lists {c['matched']}/{c['agent_browser_refs']} of "
                             f"agent-browser's by role+name; {c['missed']} missed {c['missed_by_reason'] or ''}"
                             f"{verdict}")
                if c["missed"]:
                    lines.append(f"    missed by role: {c['missed_by_role']}")
                    for ex in c["missed_examples"][:6 if kind == "interactive" else 3]:
                        rw = f" -> refwright {ex['refwright']['role']} {json.dumps(ex['refwright']['name'])}" \
                            if "refwright" in ex else ""
                        inside = f" (in {ex['inside']})" if ex.get("inside") else ""
                        lines.append(f"      {ex['why']:<13} {ex['role']} {json.dumps(ex['name'])[:60]}{inside}"
                                     f"{rw[:80]}")
            if cov.get("refwright_truncated"):
                whole = cov.get("interactive_if_not_truncated", {})
                total = cov["interactive"]["agent_browser_refs"]
                lines.append(f"    refwright's output was cut at Config.max_snapshot_chars; with the refs it holds but "
                             f"does not show it would list {whole.get('matched')}/{total} "
                             f"({whole.get('missed')} missed)")
            wc = cov.get("interactive_with_cursor_flag")
            if wc and cov["interactive"]["missed"]:
                lines.append(f"    with refwright snapshot -i -C ({wc['refwright_chars']:,} chars): "
                             f"{wc['missed']} missed {wc['missed_by_role'] or ''}")
            if cov["extra"]:
                lines.append(f"  refwright lists {cov['extra']} refs agent-browser does not: {cov['extra_by_role']}")
                shown = ", ".join(f"{e['role']} {json.dumps(e['name'], ensure_ascii=False)[:40]}"
                                  for e in cov["extra_examples"][:6])
                lines.append(f"    e.g. {shown}")
        b = page.get("refwright_breakdown")
        if b:
            ins = b["instrumented"]
            lines.append(
                f"  refwright -i breakdown (median ms): run_command {_fmt_ms(b['run_command_ms'])} = "
                f"run_op {_fmt_ms(b['run_op_ms'])}{_calls(b)} + python {_fmt_ms(b['python_after_run_op_ms'])}; "
                f"in page: op {_fmt_ms(ins['in_page_op_ms'])} + JSON.stringify {_fmt_ms(ins['in_page_stringify_ms'])}"
                f" ({ins['query_all_calls_per_text_content']} queryAll call(s)); transfer+playwright "
                f"{_fmt_ms(ins['transfer_and_playwright_ms'])}; payload {b['payload_chars']:,} chars, "
                f"{b['nodes']:,} nodes; json.loads {_fmt_ms(b['python_json_loads_ms'])}, "
                f"refs+lines {_fmt_ms(b['python_nodes_refs_format_ms'])}")
        cold = page.get("refwright_cold_start")
        if cold:
            lines.append(f"  refwright after a navigation (median ms): engine start (ping) "
                         f"{_fmt_ms(cold['engine_start_ping_ms'])}, then first snapshot -i "
                         f"{_fmt_ms(cold['first_snapshot_i_after_ping_ms'])}, "
                         f"second {_fmt_ms(cold['second_snapshot_i_ms'])}; Playwright's own first locator call "
                         f"{_fmt_ms(cold.get('playwright_first_css_locator_ms'))}, a ping after it "
                         f"{_fmt_ms(cold.get('ping_after_playwright_locator_ms'))}")
        prof = page.get("refwright_cpu_profile")
        if prof:
            top = ", ".join(f"{row['function']} {row['share_of_busy']:.0%}" for row in prof["self"][:8])
            lines.append(f"  renderer CPU self time (busy {prof['busy_ms']} ms over {prof['runs']} runs): {top}")
    corpus = [p for p in results["pages"] if p["kind"] == "corpus"]
    if corpus:
        lines.append("")
        lines.append("== corpus summary (median ms; chars; refwright -i vs agent-browser -i)")
        head = (f"  {'page':<16}{'elems':>6}{'rw -i':>8}{'ab -i':>8}{'mcp':>8}{'pw ai':>8}"
                f"{'rw chars':>10}{'ab chars':>10}{'ratio':>7}{'missed':>8}")
        lines.append("  (missed = interactive agent-browser refs that refwright -i does not list by role+name)")
        lines.append(head)
        for p in corpus:
            t = p["tools"]

            def med(v: str, t: dict[str, Any] = t) -> str:
                return _fmt_ms(t[v]["median_ms"]) if v in t and not t[v].get("error") else "-"

            def ch(v: str, t: dict[str, Any] = t) -> str:
                return f"{t[v]['chars']:,}" if v in t and t[v].get("chars") else "-"

            ratio = p.get("ratios", {}).get(f"chars_vs {AB_I}")
            missed = p["coverage"]["interactive"]["missed"] if p.get("coverage") else "-"
            lines.append(f"  {p['name']:<16}{p['elements']:>6}{med(RW_I):>8}{med(AB_I):>8}{med(MCP):>8}"
                         f"{med(PW_AI):>8}{ch(RW_I):>10}{ch(AB_I):>10}{ratio if ratio is not None else '-':>7}"
                         f"{missed:>8}")
    return "\n".join(lines)


def parse_args(argv: list[str] | None) -> tuple[Options, Path | None]:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--repeats", type=int, default=5, help="timed runs per tool and page (default 5)")
    p.add_argument("--warmup", type=int, default=2, help="untimed runs first (default 2)")
    p.add_argument("--controls", type=int, default=6000, help="controls on the generated page; 0 skips it")
    p.add_argument("--big", type=int, default=50_000, help="elements on the large page; 0 skips it")
    p.add_argument("--big-repeats", type=int, default=3)
    p.add_argument("--corpus-repeats", type=int, default=9,
                   help="timed runs per tool on corpus pages (default 9: they are quick, and the machine is shared)")
    p.add_argument("--big-peers", action="store_true", help="also run the peers on the large page")
    p.add_argument("--corpus", action="store_true", help="also run every page in benchmarks/pages")
    p.add_argument("--pages", default="", help="comma-separated corpus pages (implies --corpus)")
    p.add_argument("--tools", default=",".join(TOOLS), help=f"comma-separated subset of {','.join(TOOLS)}")
    p.add_argument("--no-full", action="store_true", help="skip the full (non -i) snapshots")
    p.add_argument("--no-breakdown", action="store_true", help="skip refwright's time breakdown")
    p.add_argument("--profile", action="store_true", help="add a renderer CPU profile of refwright -i")
    p.add_argument("--timeout", type=float, default=180.0, help="seconds one snapshot may take")
    p.add_argument("--viewport", default="1280x720")
    p.add_argument("--rw-max-chars", type=int, default=None,
                   help="refwright Config.max_snapshot_chars for the run (0: no limit; default: refwright's)")
    p.add_argument("--peers-script", default=None, help="path of peers.sh (default: shared/bench/peers.sh)")
    p.add_argument("--chromium", default=None,
                   help="the Chromium every tool runs on (default: the one refwright launches headless)")
    p.add_argument("--save-outputs", type=Path, default=None, help="write each tool's last output here")
    p.add_argument("--json", type=Path, default=None, help="write the results here")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    a = p.parse_args(argv)
    tools = tuple(t.strip() for t in a.tools.split(",") if t.strip())
    bad = set(tools) - set(TOOLS)
    if bad:
        p.error(f"unknown tools {sorted(bad)}; choose from {','.join(TOOLS)}")
    w, _, h = a.viewport.partition("x")
    opts = Options(repeats=max(1, a.repeats), warmup=max(0, a.warmup), controls=a.controls, big=a.big,
                   big_repeats=max(1, a.big_repeats), corpus_repeats=max(1, a.corpus_repeats),
                   big_peers=a.big_peers, corpus=a.corpus,
                   pages=[s for s in a.pages.split(",") if s], tools=tools, full=not a.no_full,
                   breakdown=not a.no_breakdown, profile=a.profile, timeout=a.timeout, viewport=(int(w), int(h)),
                   peers_script=a.peers_script, chromium=a.chromium, save_outputs=a.save_outputs, quiet=a.quiet,
                   rw_max_chars=a.rw_max_chars)
    return opts, a.json


def main(argv: list[str] | None = None) -> int:
    opts, json_path = parse_args(argv)
    results = asyncio.run(run_benchmark(opts))
    print(report(results))
    if json_path is not None:
        json_path.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"\nresults written to {json_path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
