"""Where refwright's snapshot time goes: page runtime, transfer, Python.

Three measurements, none of which changes refwright:

* ``run_command`` with the runtime channel's calls timed (``RuntimeChannel.run``, which every call into the
  page goes through, on either route), so total − those calls is the Python side (ref table, formatting,
  result).
* An instrumented copy of the page runtime, registered as a second selector engine under another name,
  that times the operation itself and its ``JSON.stringify`` inside the page and counts how often
  Playwright calls ``queryAll`` for one ``text_content``. Wall time minus in-page time is the transfer
  (CDP → Playwright driver → Python) and Playwright's selector machinery.
* Optionally a V8 CPU profile of the renderer (CDP ``Profiler``) while snapshots run: self and inclusive
  time per runtime function. The profiler slows the page down; read it as proportions.
"""

from __future__ import annotations

import base64
import hashlib
import json
import statistics
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable
from typing import Any

from playwright.async_api import Error as PlaywrightError

import refwright
from refwright._async.runtime import _channel as rw_channel_module
from refwright._async.runtime._runtime_engine import RUNTIME_SOURCE, run_op, selectors_of
from refwright.snapshot._refs import RefTable
from refwright.snapshot._tree import TreeBuilder

__all__ = ["BENCH_ENGINE", "breakdown", "cold_start", "cpu_profile", "instrumented_source",
           "register_bench_engine", "snapshot_opts"]

# Patches applied to a copy of the assembled runtime; each is optional (the runtime may change under us).
_PATCHES = {
    "op": ("result = op ? op(req, root) : { error: 'unknown ' + what + ' operation ' + req.op };",
           "{ const __t0 = performance.now(); result = op ? op(req, root) : { error: 'unknown ' + what + "
           "' operation ' + req.op }; __bench.op = performance.now() - __t0; }"),
    "stringify": ("out.textContent = JSON.stringify(result);",
                  "{ const __t1 = performance.now(); const __s = JSON.stringify(result); "
                  "__bench.stringify = performance.now() - __t1; __bench.chars = __s.length; "
                  "out.textContent = __s; }"),
    # The copy must not replace the real runtime's shared helpers for refwright's other engines.
    "global": ("globalThis.__refwrightRuntime", "globalThis.__refwrightBenchRuntime"),
}


def instrumented_source(source: str = RUNTIME_SOURCE) -> tuple[str, list[str]]:
    """The runtime wrapped with timers, and which patches applied."""
    applied: list[str] = []
    for name, (old, new) in _PATCHES.items():
        if old in source:
            source = source.replace(old, new)
            applied.append(name)
    wrapped = (
        "(() => {\n"
        "  const __bench = { op: null, stringify: null, chars: null, calls: 0, queryAll: null };\n"
        f"  const inner = {source.strip().rstrip(';')};\n"
        "  return { queryAll(root, body) {\n"
        "    if (body === 'bench-stats') {\n"
        "      const d = document.createElement('div'); d.textContent = JSON.stringify(__bench);\n"
        "      __bench.calls = 0; return [d];\n"
        "    }\n"
        "    const t0 = performance.now(); const r = inner.queryAll(root, body);\n"
        "    if (body.startsWith('run:')) { __bench.calls++; __bench.queryAll = performance.now() - t0; }\n"
        "    return r;\n"
        "  } };\n"
        "})()"
    )
    return wrapped, applied


_SOURCE, _APPLIED = instrumented_source()
BENCH_ENGINE = "rwbench" + hashlib.sha256(_SOURCE.encode()).hexdigest()[:10]
_registered: set[int] = set()


def snapshot_opts(interactive: bool) -> dict[str, Any]:
    """The options Page.snapshot sends for ``snapshot`` / ``snapshot -i`` without other flags."""
    return {"interactive": interactive, "maxDepth": None, "selector": None, "cursor": False,
            "includeHidden": False}


async def register_bench_engine(page: refwright.Page) -> None:
    """Register the instrumented copy; documents loaded before this do not have it."""
    selectors = selectors_of(page.playwright_page, None)
    if id(selectors) in _registered:
        return
    try:
        await selectors.register(BENCH_ENGINE, _SOURCE, content_script=True)
    except PlaywrightError as exc:
        if "already registered" not in str(exc):
            raise
    _registered.add(id(selectors))


def _median(xs: list[float]) -> float | None:
    return statistics.median(xs) if xs else None


async def _timed(fn: Callable[[], Awaitable[Any]]) -> tuple[float, Any]:
    t0 = time.perf_counter()
    value = await fn()
    return (time.perf_counter() - t0) * 1000, value


async def breakdown(page: refwright.Page, *, interactive: bool, repeats: int, timeout_ms: float) -> dict[str, Any]:
    """Median milliseconds of each stage of one ``snapshot`` (``-i`` when ``interactive``) on the open page."""
    command = "snapshot -i" if interactive else "snapshot"
    # 1. The real path, with the runtime channel's calls timed (either route into the page).
    channel = rw_channel_module.RuntimeChannel
    original = channel.run
    op_times: list[float] = []

    async def timed_run_op(self: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
        ms, value = await _timed(lambda: original(self, *args, **kwargs))
        op_times.append(ms)
        result: dict[str, Any] = value
        return result

    totals: list[float] = []
    run_ops: list[float] = []
    # Per call position: the main document first, then one call per child frame.
    per_call: list[list[float]] = []
    setattr(channel, "run", timed_run_op)  # noqa: B010
    try:
        for _ in range(repeats):
            op_times.clear()
            ms, _result = await _timed(lambda: page.run_command(command))
            totals.append(ms)
            run_ops.append(sum(op_times))
            for i, t in enumerate(op_times):
                if i == len(per_call):
                    per_call.append([])
                per_call[i].append(t)
    finally:
        setattr(channel, "run", original)  # noqa: B010
    python_side = [t - o for t, o in zip(totals, run_ops, strict=True)]

    # 2. The instrumented runtime copy: time inside the page, and the wall time around it.
    walls: list[float] = []
    stats: list[dict[str, Any]] = []
    text = "{}"
    instrumented_error: str | None = None
    try:
        text = await _instrumented_runs(page, interactive, repeats, timeout_ms, walls, stats)
    except Exception as exc:  # a runtime whose protocol changed: the other figures still stand
        instrumented_error = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"

    # 3. The Python stages on that payload, in isolation.
    try:
        py = _python_stages(text, interactive, repeats)
    except Exception as exc:  # refwright's internals moved: say so instead of failing the benchmark
        py = {"error": f"{type(exc).__name__}: {exc}", "nodes": 0, "json_loads_ms": None, "refs_format_ms": None}

    def stat(key: str) -> float | None:
        values = [float(s[key]) for s in stats if isinstance(s.get(key), (int, float))]
        return _median(values)

    in_page_total = stat("queryAll")
    wall = _median(walls)
    instrumented: dict[str, Any] = {
        "patches": _APPLIED,
        "wall_ms": wall,
        "in_page_op_ms": stat("op"),
        "in_page_stringify_ms": stat("stringify"),
        "in_page_query_all_ms": in_page_total,
        "query_all_calls_per_text_content": stat("calls"),
        "transfer_and_playwright_ms": (wall - in_page_total) if wall is not None and in_page_total else None,
    }
    if instrumented_error:
        instrumented["error"] = instrumented_error
    out: dict[str, Any] = {
        "command": command,
        "repeats": repeats,
        "run_command_ms": _median(totals),
        "run_op_ms": _median(run_ops),
        "run_op_calls_ms": [_median(ts) for ts in per_call],
        "python_after_run_op_ms": _median(python_side),
        "instrumented": instrumented,
        "payload_chars": len(text),
        "nodes": py["nodes"],
        "python_json_loads_ms": py["json_loads_ms"],
        "python_nodes_refs_format_ms": py["refs_format_ms"],
    }
    if "error" in py:
        out["python_stages_error"] = py["error"]
    return out


async def _instrumented_runs(page: refwright.Page, interactive: bool, repeats: int, timeout_ms: float,
                             walls: list[float], stats: list[dict[str, Any]]) -> str:
    await register_bench_engine(page)
    pw = page.playwright_page
    payload = base64.b64encode(json.dumps({"op": "snapshot", **snapshot_opts(interactive)}).encode()).decode()
    run = pw.locator(f"{BENCH_ENGINE}=run:{payload}")
    read_stats = pw.locator(f"{BENCH_ENGINE}=bench-stats")
    # One untimed run gives this copy its element ids, as the real runtime has them by now.
    await run.text_content(timeout=timeout_ms)
    await read_stats.text_content(timeout=timeout_ms)  # resets the counters
    text: str | None = None
    for _ in range(repeats):
        ms, text = await _timed(lambda: run.text_content(timeout=timeout_ms))
        walls.append(ms)
        stats.append(json.loads(await read_stats.text_content(timeout=timeout_ms) or "{}"))
    return text or "{}"


def _python_stages(text: str, interactive: bool, repeats: int) -> dict[str, Any]:
    """json.loads, then naming refs and joining lines as Page.snapshot does (refwright internals)."""
    loads: list[float] = []
    formats: list[float] = []
    result: dict[str, Any] = {}
    for _ in range(repeats):
        t0 = time.perf_counter()
        result = json.loads(text)
        loads.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        build = TreeBuilder(RefTable(), indent=not interactive)
        doc = build.document(result, (), 0)
        build.emit(doc, 0, len(doc.lines))
        "\n".join(build.lines)
        formats.append((time.perf_counter() - t0) * 1000)
    return {"nodes": len(result.get("lines", [])), "json_loads_ms": _median(loads),
            "refs_format_ms": _median(formats)}


async def cold_start(page: refwright.Page, url: str, *, runs: int, timeout_ms: float) -> dict[str, Any]:
    """What the first snapshot after a navigation costs, split into the engine's start and the walk.

    Each run re-opens ``url`` (same tab, as an agent navigates) and times a ``ping`` (the first use of
    refwright's selector engine in the new document), the first ``snapshot -i`` and a second one. A second
    pass times Playwright's own first locator call (``css=body`` count) before the ping, to show how much of
    the start is Playwright setting up its injected script in the new document rather than refwright.
    """
    pings: list[float] = []
    firsts: list[float] = []
    seconds: list[float] = []
    css_first: list[float] = []
    ping_after_css: list[float] = []
    pw = page.playwright_page
    for _ in range(runs):
        await page.run_command(f"open {url}")
        ms, _r = await _timed(lambda: run_op(pw, "ping", timeout_ms))
        pings.append(ms)
        ms, _r = await _timed(lambda: page.run_command("snapshot -i"))
        firsts.append(ms)
        ms, _r = await _timed(lambda: page.run_command("snapshot -i"))
        seconds.append(ms)
    for _ in range(runs):
        await page.run_command(f"open {url}")
        ms, _r = await _timed(lambda: pw.locator("css=body").count())
        css_first.append(ms)
        ms, _r = await _timed(lambda: run_op(pw, "ping", timeout_ms))
        ping_after_css.append(ms)
    return {"runs": runs, "engine_start_ping_ms": _median(pings), "first_snapshot_i_after_ping_ms": _median(firsts),
            "second_snapshot_i_ms": _median(seconds), "playwright_first_css_locator_ms": _median(css_first),
            "ping_after_playwright_locator_ms": _median(ping_after_css)}


async def cpu_profile(page: refwright.Page, *, command: str, runs: int, top: int = 15) -> dict[str, Any]:
    """Self and inclusive renderer CPU time per JS function while ``command`` runs ``runs`` times."""
    pw = page.playwright_page
    cdp = await pw.context.new_cdp_session(pw)
    try:
        await cdp.send("Profiler.enable")
        await cdp.send("Profiler.setSamplingInterval", {"interval": 200})
        await cdp.send("Profiler.start")
        t0 = time.perf_counter()
        for _ in range(runs):
            await page.run_command(command)
        wall = (time.perf_counter() - t0) * 1000
        stopped = await cdp.send("Profiler.stop")
        await cdp.send("Profiler.disable")
    finally:
        await cdp.detach()
    return summarize_profile(stopped["profile"], top=top) | {"command": command, "runs": runs, "wall_ms": wall}


def summarize_profile(profile: dict[str, Any], top: int = 15) -> dict[str, Any]:
    nodes = {int(n["id"]): n for n in profile["nodes"]}
    parent: dict[int, int] = {}
    for n in profile["nodes"]:
        for child in n.get("children", []):
            parent[int(child)] = int(n["id"])

    def key(node_id: int) -> str:
        frame = nodes[node_id]["callFrame"]
        name = frame.get("functionName") or "(anonymous)"
        if name.startswith("(") or (not frame.get("url") and frame.get("lineNumber", -1) < 0):
            return name
        return f"{name}:{int(frame.get('lineNumber', 0)) + 1}"

    samples: list[int] = [int(s) for s in profile.get("samples", [])]
    deltas: list[int] = [int(d) for d in profile.get("timeDeltas", [])]
    self_us: dict[str, int] = defaultdict(int)
    incl_us: dict[str, int] = defaultdict(int)
    total = 0
    # timeDeltas[i] is the time before sample i; attribute the time after a sample to it.
    for i, node_id in enumerate(samples):
        dt = deltas[i + 1] if i + 1 < len(deltas) else 0
        total += dt
        self_us[key(node_id)] += dt
        seen: set[str] = set()
        cur: int | None = node_id
        while cur is not None:
            k = key(cur)
            if k not in seen:
                incl_us[k] += dt
                seen.add(k)
            cur = parent.get(cur)
    idle = self_us.get("(idle)", 0)
    busy = max(1, total - idle)

    def rows(table: dict[str, int]) -> list[dict[str, Any]]:
        ranked = sorted(((k, v) for k, v in table.items() if k not in ("(idle)", "(root)")),
                        key=lambda kv: -kv[1])[:top]
        return [{"function": k, "ms": round(v / 1000, 1), "share_of_busy": round(v / busy, 3)} for k, v in ranked]

    return {"total_ms": round(total / 1000, 1), "busy_ms": round(busy / 1000, 1), "self": rows(self_us),
            "inclusive": rows(incl_us)}
