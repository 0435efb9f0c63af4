"""Real-pages benchmark: refwright against agent-browser and Playwright on a folder of saved pages.

    python benchmarks/realpages.py --pages /tmp/realpages/test/test-pages --limit 10
    python benchmarks/realpages.py --pages DIR --json out.json --tools refwright,playwright
    python benchmarks/realpages.py --pages DIR --refwright-src /work/main --refwright-src /work/wt/x

The folder holds one sub-folder per page with a ``source.html`` (Mozilla Readability's
``test/test-pages`` has this layout; the pages are not part of this project). They are served from
127.0.0.1 only; the outside hosts they request are unreachable, as they are for every tool here.

Per page and tool:
  open        wall time of ``open URL``; whether it failed while ``get url``/``get title`` show the page
              loaded (a false failure); how many ``Note:`` lines it printed
  recall      the interactive elements of Chromium's own accessibility tree (CDP
              ``Accessibility.getFullAXTree`` of a plain Playwright page, ignored nodes left out) that the
              tool's ``snapshot -i`` lists with the same role and name (whitespace collapsed)
  chars       characters of ``snapshot -i`` (agent-browser: its text snapshot); ``--texts DIR`` keeps the texts
  first link  ``click @ref`` on the first link the snapshot lists: worked, or the error's first line
  title note  whether ``get title``'s answer starts with ``Note:``

refwright runs in a worker subprocess, one per ``--refwright-src`` tree (``PYTHONPATH=TREE/src``; without the
option, the refwright this interpreter imports), so two branches are measured on the same pages in one run.
agent-browser comes from shared/bench/peers.sh (peers.py); Playwright is a plain page of the same Chromium
binary (its open time, and the recall of ``aria_snapshot`` of ``body``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime
import json
import os
import re
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

if __package__ in (None, ""):  # run as a script: make `benchmarks` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import compare as cmp
from benchmarks.peers import AgentBrowser, PeerError, bench_chromium, find_peers
from benchmarks.server import PageServer

VIEWPORT = (1280, 720)
TOOLS = ("refwright", "agent-browser", "playwright")
# Interactive roles counted for recall (Chromium's CDP role names, lower-cased, mapped to ARIA's).
TRUTH_ROLES = frozenset({
    "link", "button", "textbox", "searchbox", "checkbox", "radio", "combobox", "listbox", "option",
    "menuitem", "menuitemcheckbox", "menuitemradio", "tab", "switch", "slider", "spinbutton", "treeitem",
})
_CDP_ROLES = {"menulistoption": "option", "textfield": "textbox", "popupbutton": "button",
              "togglebutton": "button", "listboxoption": "option"}
_ARIA_LINE = re.compile(r'^\s*- (?P<role>[a-z]+)(?: "(?P<name>(?:[^"\\]|\\.)*)")?')
_WORKER_TIMEOUT = 240.0


def truth_role(role: str) -> str:
    r = role.strip().lower()
    return _CDP_ROLES.get(r, r)


def ax_items(nodes: list[dict[str, Any]]) -> list[cmp.Item]:
    """Interactive role+name pairs of a CDP full AX tree, in document order (pure)."""
    out: list[cmp.Item] = []
    for node in nodes:
        if node.get("ignored"):
            continue
        role = truth_role(str((node.get("role") or {}).get("value") or ""))
        if role in TRUTH_ROLES:
            out.append(cmp.Item(f"e{len(out) + 1}", role, str((node.get("name") or {}).get("value") or "")))
    return out


def aria_items(text: str) -> list[cmp.Item]:
    """Interactive role+name pairs of Playwright's aria_snapshot YAML (pure)."""
    out: list[cmp.Item] = []
    for line in text.splitlines():
        m = _ARIA_LINE.match(line)
        if m and m.group("role") in TRUTH_ROLES:
            name = m.group("name") or ""
            with contextlib.suppress(ValueError):
                name = json.loads(f'"{name}"')
            out.append(cmp.Item(f"e{len(out) + 1}", m.group("role"), name))
    return out


def miss_class(expected: str, got: str | None) -> str:
    """Why a name did not match, as a class a fixer can act on (pure)."""
    e, g = cmp.norm_name(expected), cmp.norm_name(got or "")
    if got is None:
        return "absent" if e else "absent (unnamed in Chromium)"
    if not g:
        return "unnamed in refwright"
    if not e:
        return "named only in refwright"
    if "<" in g and ">" in g and "<" not in e:
        return "markup in name"
    if re.sub(r"\s", "", e) == re.sub(r"\s", "", g):
        return "spaces differ"
    if e.casefold() == g.casefold():
        return "case differs (text-transform?)"
    if g.startswith(e) and g != e and g[len(e):].strip() in (e, ""):
        return "name repeated"
    if e in g:
        return "refwright name longer (contains Chromium's)"
    if g in e or (g.endswith("…") and e.startswith(g[:-1])):
        return "refwright name shorter (inside Chromium's)"
    return "other name"


def recall(truth: list[cmp.Item], got: list[cmp.Item]) -> tuple[int, list[dict[str, Any]]]:
    """How many truth items the tool lists by role+name, and a classified record of each miss."""
    cov = cmp.compare(truth, got)
    misses = []
    for m in cov.misses:
        partner = m.refwright
        rec: dict[str, Any] = {"role": m.item.role, "name": m.item.name, "why": m.why}
        if partner is not None:
            rec["got_role"], rec["got_name"] = partner.role, partner.name
        rec["class"] = (f"role differs (got {partner.role})" if partner is not None and m.why == "role differs"
                        else miss_class(m.item.name, partner.name if partner is not None else None))
        misses.append(rec)
    return cov.matched, misses


# -- refwright worker (a subprocess per source tree) ------------------------------------------------------

def _worker_hello() -> str:
    import refwright

    src = Path(refwright.__file__).resolve().parent.parent.parent
    commit = subprocess.run(["git", "-C", str(src), "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    return json.dumps({"ready": True, "src": str(src), "commit": commit})


async def _worker_main(nav_timeout_ms: int | None) -> None:
    import refwright

    kw: dict[str, Any] = {"allow_private": True}
    if nav_timeout_ms:
        kw["timeouts"] = refwright.TimeoutConfig(navigation=nav_timeout_ms)
    browser = refwright.launch(config=refwright.Config(**kw))
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    while line := await reader.readline():
        req = json.loads(line)
        try:
            res = await _measure_rw(browser, req["url"])
        except Exception as exc:  # the report must go on; the page's record says what broke
            res = {"crash": f"{type(exc).__name__}: {exc}"[:500]}
        print(json.dumps(res), flush=True)
    await browser.close()


async def _rw(page: Any, command: str) -> tuple[bool, str, Any]:
    from refwright import RefwrightError

    try:
        r = await page.run_command(command)
        return True, r.output, r
    except RefwrightError as exc:
        return False, str(exc), None


async def _measure_rw(browser: Any, url: str) -> dict[str, Any]:
    page = await browser.new_page()
    try:
        await page.playwright_page.set_viewport_size({"width": VIEWPORT[0], "height": VIEWPORT[1]})
        t0 = time.perf_counter()
        ok, out, _ = await _rw(page, f"open {url}")
        res: dict[str, Any] = {"open_ms": round((time.perf_counter() - t0) * 1000, 1), "open_ok": ok,
                               "open_notes": sum(1 for ln in out.splitlines() if ln.startswith("Note:"))}
        if not ok:
            res["open_error"] = out[:400]
        _, res["url"], _ = await _rw(page, "get url")
        tok, title, _ = await _rw(page, "get title")
        res["title"] = title[:300]
        res["title_starts_note"] = tok and title.startswith("Note:")
        t0 = time.perf_counter()
        sok, snap_out, r = await _rw(page, "snapshot -i")
        res["snapshot_ms"] = round((time.perf_counter() - t0) * 1000, 1)
        if not sok or r is None or r.snapshot is None:
            res["snapshot_error"] = snap_out[:400]
            return res
        res["chars"] = len(snap_out)
        res["text"] = snap_out
        res["cut"] = "[... snapshot truncated" in snap_out[-1000:]
        items = cmp.rw_items(r.snapshot.refs)
        res["items"] = [[i.role, i.name] for i in items]
        link = next((i for i in items if i.role == "link"), None)
        if link is not None:
            cok, cout, _ = await _rw(page, f"click @{link.ref}")
            res["first_link"] = {"ref": link.ref, "name": link.name, "ok": cok,
                                 "output": cout.strip().splitlines()[0][:300] if cout.strip() else ""}
        return res
    finally:
        with contextlib.suppress(Exception):
            await page.close()


class Worker:
    """One refwright source tree, measured in its own process (its own imports, its own browser)."""

    def __init__(self, src: str | None, nav_timeout_ms: int | None) -> None:
        self.src = src
        self.nav_timeout_ms = nav_timeout_ms
        self.proc: asyncio.subprocess.Process | None = None
        self.info: dict[str, Any] = {}
        self.label = "refwright"
        self.env = dict(os.environ)
        if src:
            self.env["PYTHONPATH"] = str(Path(src).resolve() / "src")
        self.args = [sys.executable, str(Path(__file__).resolve()), "--worker"]
        if nav_timeout_ms:
            self.args += ["--nav-timeout", str(nav_timeout_ms)]

    async def start(self) -> None:
        self.proc = await asyncio.create_subprocess_exec(
            *self.args, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, env=self.env,
            limit=1 << 28)
        self.info = json.loads(await self._read(120.0))
        if self.src:
            self.label = f"refwright@{Path(self.src).name}({self.info.get('commit')})"

    async def _read(self, timeout: float) -> str:
        assert self.proc is not None and self.proc.stdout is not None
        line = await asyncio.wait_for(self.proc.stdout.readline(), timeout)
        if not line:
            raise RuntimeError("the refwright worker exited")
        return line.decode()

    async def measure(self, url: str) -> dict[str, Any]:
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.write(json.dumps({"url": url}).encode() + b"\n")
        await self.proc.stdin.drain()
        try:
            return dict(json.loads(await self._read(_WORKER_TIMEOUT)))
        except (TimeoutError, RuntimeError) as exc:
            # A page that hangs the session: record it, and measure the next page in a new worker.
            await self.close()
            await self.start()
            return {"crash": f"no answer in {_WORKER_TIMEOUT:.0f} s ({type(exc).__name__}); worker restarted"}

    async def close(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        with contextlib.suppress(OSError, RuntimeError):
            assert proc.stdin is not None
            proc.stdin.close()
        try:
            await asyncio.wait_for(proc.wait(), 20)
        except TimeoutError:
            proc.kill()
            await proc.wait()


# -- peers --------------------------------------------------------------------------------------------------

async def measure_ab(ab: AgentBrowser, url: str) -> dict[str, Any]:
    res: dict[str, Any] = {}
    t0 = time.perf_counter()
    try:
        await ab.open(url, VIEWPORT)
        res["open_ok"] = True
    except PeerError as exc:
        res["open_ok"], res["open_error"] = False, str(exc)[:400]
    res["open_ms"] = round((time.perf_counter() - t0) * 1000, 1)
    with contextlib.suppress(PeerError):
        res["url"] = (await ab.run("get", "url")).strip()
        res["title"] = (await ab.run("get", "title")).strip()[:300]
    try:
        doc = await ab.run("snapshot", "-i", "--json")
        items = cmp.ab_items(doc)
        res["text"] = str((json.loads(doc).get("data") or {}).get("snapshot") or "")
        res["chars"] = len(res["text"])
        res["items"] = [[i.role, i.name] for i in items]
        link = next((i for i in items if i.role == "link"), None)
        if link is not None:
            try:
                out = await ab.run("click", f"@{link.ref}", timeout=60)
                res["first_link"] = {"ref": link.ref, "name": link.name, "ok": True, "output": out.strip()[:300]}
            except PeerError as exc:
                res["first_link"] = {"ref": link.ref, "name": link.name, "ok": False, "output": str(exc)[:300]}
    except (PeerError, ValueError) as exc:
        res["snapshot_error"] = str(exc)[:400]
    return res


class Truth:
    """A plain Playwright page on the same Chromium: Chromium's AX tree, and Playwright's own numbers."""

    def __init__(self) -> None:
        self._pw: Any = None
        self.browser: Any = None
        # The Chromium refwright's workers launch (the headless shell where one is installed).
        self.exe = bench_chromium()

    async def start(self) -> None:
        from playwright.async_api import async_playwright

        self._pw = await async_playwright().start()
        self.browser = await self._pw.chromium.launch(executable_path=self.exe, headless=True,
                                                      args=["--no-sandbox"])

    async def measure(self, url: str) -> dict[str, Any]:
        ctx = await self.browser.new_context(viewport={"width": VIEWPORT[0], "height": VIEWPORT[1]})
        page = await ctx.new_page()
        res: dict[str, Any] = {}
        hosts: set[str] = set()

        async def only_loopback(route: Any) -> None:
            # Outside hosts are unreachable here anyway; refusing them at once keeps this reference page
            # quick (its open time is then a lower bound: no DNS wait), and the page ends up the same.
            host = urlsplit(route.request.url).hostname or ""
            hosts.add(host)
            await (route.continue_() if host == "127.0.0.1" else route.abort("addressunreachable"))

        await ctx.route("**/*", only_loopback)
        try:
            t0 = time.perf_counter()
            try:
                await page.goto(url, wait_until="load", timeout=60_000)
                res["open_ok"] = True
            except Exception as exc:
                res["open_ok"], res["open_error"] = False, str(exc).splitlines()[0][:300]
            res["open_ms"] = round((time.perf_counter() - t0) * 1000, 1)
            cdp = await ctx.new_cdp_session(page)
            tree = await cdp.send("Accessibility.getFullAXTree")
            res["truth"] = [[i.role, i.name] for i in ax_items(tree.get("nodes") or [])]
            res["outside_hosts"] = len(hosts - {"127.0.0.1", ""})
            with contextlib.suppress(Exception):
                res["items"] = [[i.role, i.name] for i in aria_items(await page.locator("body").aria_snapshot())]
        finally:
            await ctx.close()
        return res

    async def close(self) -> None:
        if self.browser is not None:
            await self.browser.close()
        if self._pw is not None:
            await self._pw.stop()


# -- the run ------------------------------------------------------------------------------------------------

def _items(pairs: list[list[str]]) -> list[cmp.Item]:
    return [cmp.Item(f"e{n + 1}", r, nm) for n, (r, nm) in enumerate(pairs)]


def _find_printed(misses: list[dict[str, Any]], text: str) -> None:
    """For an element the tool does not list, the first line of its output that holds the name, if any."""
    lines = [cmp.norm_name(ln) for ln in text.splitlines()]
    for m in misses:
        name = cmp.norm_name(m["name"])
        if m["why"] == "absent" and name and text:
            m["printed"] = next((ln[:200] for ln in lines if name in ln), None)


def _false_failure(res: dict[str, Any], url: str) -> bool:
    return not res.get("open_ok") and str(res.get("url", "")).strip() == url and bool(res.get("items"))


def _append_line(path: Path, rec: dict[str, Any]) -> None:
    with path.open("a", encoding="utf-8") as f:
        f.write(json.dumps(rec, ensure_ascii=False) + "\n")


def page_names(pages_dir: Path, only: str, limit: int) -> list[str]:
    names = sorted(p.name for p in pages_dir.iterdir() if (p / "source.html").is_file())
    names = [n for n in names if any(o in n for o in only.split(","))]
    return names[:limit] if limit else names


async def run(args: argparse.Namespace, pages_dir: Path, names: list[str]) -> dict[str, Any]:
    tools = set(args.tools.split(","))
    truth = Truth()
    await truth.start()
    workers = [Worker(src, args.nav_timeout) for src in (args.refwright_src or [None])] if "refwright" in tools else []
    for w in workers:
        await w.start()
    ab: AgentBrowser | None = None
    if "agent-browser" in tools:
        peers = find_peers(args.peers_script, chromium=bench_chromium())
        if peers is None or not peers.has_agent_browser:
            print("skipping agent-browser: not installed (bash shared/bench/peers.sh install)", file=sys.stderr)
        else:
            ab = AgentBrowser(peers)
    pages: list[dict[str, Any]] = []
    try:
        with PageServer(pages_dir) as server:
            for n, name in enumerate(names, 1):
                url = server.url(f"/{name}/source.html")
                rec: dict[str, Any] = {"page": name, "url": url, "tools": {}}
                base = await truth.measure(url)
                rec["truth"] = base.pop("truth")
                rec["outside_hosts"] = base.pop("outside_hosts")
                if "playwright" in tools:
                    rec["tools"]["playwright"] = base
                # Trees take turns going first: the first to open a page may pay for a cold cache.
                for w in workers[n % len(workers):] + workers[: n % len(workers)] if workers else []:
                    rec["tools"][w.label] = await w.measure(url)
                rec["tools"] = {k: rec["tools"][k] for k in
                                [*(t for t in rec["tools"] if not t.startswith("refwright")),
                                 *(w.label for w in workers)]}
                if ab is not None:
                    rec["tools"]["agent-browser"] = await measure_ab(ab, url)
                truth_items = _items(rec["truth"])
                for t, res in rec["tools"].items():
                    if "items" in res:
                        res["matched"], res["misses"] = recall(truth_items, _items(res["items"]))
                        res["refs"] = len(res.pop("items"))
                        text = res.pop("text", "")
                        _find_printed(res["misses"], text)
                        if args.texts:
                            out = Path(args.texts) / f"{name}.{t.replace('/', '_')}.txt"
                            out.write_text(text, encoding="utf-8")
                    res["false_open_failure"] = _false_failure({**res, "items": res.get("refs")}, url)
                pages.append(rec)
                if args.partial:
                    _append_line(Path(args.partial), rec)
                print(f"[{n}/{len(names)}] {name}: " + ", ".join(
                    f"{t} {r.get('open_ms')}ms {r.get('matched', '-')}/{len(rec['truth'])}"
                    for t, r in rec["tools"].items()), file=sys.stderr, flush=True)
    finally:
        for w in workers:
            await w.close()
        if ab is not None:
            await ab.close()
        await truth.close()
    return {"date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
            "pages_dir": str(pages_dir), "viewport": VIEWPORT,
            "loadavg": os.getloadavg(), "workers": [w.info | {"label": w.label} for w in workers],
            "pages": pages, "summary": summarize(pages)}


def _median_open(pages: list[dict[str, Any]], tool: str) -> float | None:
    xs = [p["tools"][tool]["open_ms"] for p in pages if "open_ms" in p["tools"].get(tool, {})]
    return round(statistics.median(xs), 1) if xs else None


def summarize(pages: list[dict[str, Any]], many_hosts: int = 20) -> dict[str, Any]:
    tools = sorted({t for p in pages for t in p["tools"]})
    out: dict[str, Any] = {}
    heavy = [p for p in pages if p.get("outside_hosts", 0) >= many_hosts]
    ab_chars = {p["page"]: p["tools"].get("agent-browser", {}).get("chars") for p in pages}
    for t in tools:
        rs = [(p, p["tools"][t]) for p in pages if t in p["tools"]]
        truth = sum(len(p["truth"]) for p, r in rs if "matched" in r)
        matched = sum(r["matched"] for _, r in rs if "matched" in r)
        opens = [r["open_ms"] for _, r in rs if "open_ms" in r]
        s: dict[str, Any] = {
            "pages": len(rs), "recall": round(matched / truth, 4) if truth else None,
            "matched": matched, "truth": truth,
            "open_ms_median": round(statistics.median(opens), 1) if opens else None,
            f"open_ms_median_{many_hosts}plus_hosts": _median_open(heavy, t), "heavy_pages": len(heavy),
            "open_failed": [p["page"] for p, r in rs if r.get("open_ok") is False],
            "false_open_failure": [p["page"] for p, r in rs if r.get("false_open_failure")],
            "crashed": {p["page"]: r["crash"] for p, r in rs if "crash" in r},
            "snapshot_error": {p["page"]: r["snapshot_error"] for p, r in rs if "snapshot_error" in r},
        }
        links = [(p["page"], r["first_link"]) for p, r in rs if "first_link" in r]
        s["first_link_ok"] = sum(1 for _, fl in links if fl["ok"])
        s["first_link_tried"] = len(links)
        s["first_link_failures"] = [{"page": pg, "name": fl["name"], "error": fl["output"]}
                                    for pg, fl in links if not fl["ok"]]
        if any("title_starts_note" in r for _, r in rs):
            s["title_starts_note"] = [p["page"] for p, r in rs if r.get("title_starts_note")]
            s["open_note_lines"] = sum(r.get("open_notes", 0) for _, r in rs)
            s["pages_with_open_notes"] = sum(1 for _, r in rs if r.get("open_notes"))
            s["snapshot_cut"] = [p["page"] for p, r in rs if r.get("cut")]
        pairs = [(r["chars"], ab_chars[p["page"]]) for p, r in rs if r.get("chars") and ab_chars.get(p["page"])]
        if pairs and t != "agent-browser":
            s["chars_vs_agent_browser"] = round(sum(a for a, _ in pairs) / sum(b for _, b in pairs), 3)
        classes: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for p, r in rs:
            for m in r.get("misses", []):
                classes[f"{m['role']}: {m['class']}"].append({**m, "page": p["page"]})
        s["miss_classes"] = {k: {"count": len(v), "pages": len({m["page"] for m in v}), "examples": v[:6]}
                             for k, v in sorted(classes.items(), key=lambda kv: -len(kv[1]))}
        s["per_page_recall"] = {p["page"]: f"{r['matched']}/{len(p['truth'])}" for p, r in rs
                                if "matched" in r and r["matched"] < len(p["truth"])}
        out[t] = s
    return out


def _q(name: str) -> str:
    return json.dumps(name, ensure_ascii=False)


def report(doc: dict[str, Any], examples: int) -> str:
    lines = [f"real pages: {len(doc['pages'])} from {doc['pages_dir']} ({doc['date']}, load {doc['loadavg']})"]
    for t, s in doc["summary"].items():
        lines.append(f"\n== {t}: recall {s['recall']} ({s['matched']}/{s['truth']}), open median "
                     f"{s['open_ms_median']} ms, open failed on {len(s['open_failed'])} pages "
                     f"(falsely: {s['false_open_failure']})")
        lines.append(f"   open median on the {s['heavy_pages']} pages requesting 20+ outside hosts: "
                     f"{s['open_ms_median_20plus_hosts']} ms")
        if "chars_vs_agent_browser" in s:
            lines.append(f"   snapshot -i chars vs agent-browser: {s['chars_vs_agent_browser']}x")
        if s["first_link_tried"]:
            lines.append(f"   first link clicked: {s['first_link_ok']}/{s['first_link_tried']} worked")
            for f in s["first_link_failures"][:examples]:
                lines.append(f"     {f['page']}: {_q(f['name'])[:60]} -> {f['error'][:160]}")
        if "title_starts_note" in s:
            lines.append(f"   get title starts with Note: on {len(s['title_starts_note'])} pages; open printed "
                         f"{s['open_note_lines']} Note lines on {s['pages_with_open_notes']} pages; "
                         f"snapshot cut on {s['snapshot_cut']}")
        for k in ("crashed", "snapshot_error"):
            for pg, err in s[k].items():
                lines.append(f"   {k} {pg}: {err[:200]}")
        for cls, v in list(s["miss_classes"].items())[:12]:
            lines.append(f"   miss {cls}: {v['count']} on {v['pages']} pages")
            for m in v["examples"][:examples]:
                got = f" -> got {m.get('got_role')} {_q(m.get('got_name', ''))[:80]}" if "got_name" in m else ""
                printed = f" -> printed {m['printed']!r}" if m.get("printed") else (
                    " -> name not in output" if "printed" in m else "")
                lines.append(f"      {m['page']}: {_q(m['name'])[:80]}{got}{printed}")
    lines.extend(compare_trees(doc["pages"]))
    return "\n".join(lines)


def compare_trees(pages: list[dict[str, Any]]) -> list[str]:
    """Where two refwright trees measured in one run differ, page by page (the first tree is the base)."""
    labels = [t for t in (pages[0]["tools"] if pages else {}) if t.startswith("refwright@")]
    lines: list[str] = []
    for other in labels[1:]:
        base = labels[0]
        lines.append(f"\n== {other} against {base}")
        for p in pages:
            a, b = p["tools"].get(base, {}), p["tools"].get(other, {})
            diffs = []
            if a.get("matched") != b.get("matched"):
                diffs.append(f"recall {a.get('matched')} -> {b.get('matched')} of {len(p['truth'])}")
            if a.get("open_ok") != b.get("open_ok"):
                diffs.append(f"open ok {a.get('open_ok')} -> {b.get('open_ok')}")
            fa, fb = a.get("first_link", {}), b.get("first_link", {})
            if fa.get("ok") != fb.get("ok"):
                diffs.append(f"first link ok {fa.get('ok')} -> {fb.get('ok')} ({fb.get('output', '')[:100]})")
            if a.get("title_starts_note") != b.get("title_starts_note"):
                diffs.append(f"title starts with Note {a.get('title_starts_note')} -> {b.get('title_starts_note')}")
            if a.get("chars") and b.get("chars") and abs(a["chars"] - b["chars"]) > 0.05 * a["chars"]:
                diffs.append(f"chars {a['chars']} -> {b['chars']}")
            if diffs:
                lines.append(f"   {p['page']}: " + "; ".join(diffs))
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pages", help="folder of <name>/source.html pages (e.g. readability's test/test-pages)")
    ap.add_argument("--limit", type=int, default=0, help="measure only the first N pages (sorted by name)")
    ap.add_argument("--only", default="", help="measure only pages whose name contains one of these (comma-separated)")
    ap.add_argument("--json", help="write every measurement to this file")
    ap.add_argument("--tools", default=",".join(TOOLS), help=f"comma-separated subset of {','.join(TOOLS)}")
    ap.add_argument("--refwright-src", action="append",
                    help="a refwright checkout to measure (repeat to compare trees); default: the imported one")
    ap.add_argument("--nav-timeout", type=int, default=None, help="refwright navigation timeout, ms")
    ap.add_argument("--peers-script", help="path to shared/bench/peers.sh")
    ap.add_argument("--examples", type=int, default=4, help="examples printed per miss class")
    ap.add_argument("--shard", help="K/N: measure every N-th page starting at the K-th (parallel runs)")
    ap.add_argument("--partial", help="append each page's record to this JSON-lines file as it is measured")
    ap.add_argument("--report-from", help="print the report of a saved --json or --partial file, measure nothing")
    ap.add_argument("--texts", help="write each tool's snapshot text to DIR/<page>.<tool>.txt")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        print(_worker_hello(), flush=True)
        asyncio.run(_worker_main(args.nav_timeout))
        return 0
    if args.texts:
        Path(args.texts).mkdir(parents=True, exist_ok=True)
    if args.report_from:
        text = Path(args.report_from).read_text(encoding="utf-8")
        if text.lstrip().startswith("{\"page\""):
            pages = [json.loads(ln) for ln in text.splitlines() if ln.strip()]
            doc = {"date": "?", "pages_dir": args.report_from, "loadavg": "?", "pages": pages,
                   "summary": summarize(pages)}
        else:
            doc = json.loads(text)
        print(report(doc, args.examples))
        return 0
    if not args.pages:
        ap.error("--pages DIR is required (a folder of <name>/source.html)")
    unknown = set(args.tools.split(",")) - set(TOOLS)
    if unknown:
        ap.error(f"unknown tools {sorted(unknown)}; choose from {', '.join(TOOLS)}")
    pages_dir = Path(args.pages).resolve()
    names = page_names(pages_dir, args.only, args.limit) if pages_dir.is_dir() else []
    if args.shard:
        k, n = (int(x) for x in args.shard.split("/"))
        names = names[k - 1::n]
    if not names:
        ap.error(f"no <name>/source.html pages under {pages_dir}: pass the folder that holds them")
    doc = asyncio.run(run(args, pages_dir, names))
    if args.json:
        Path(args.json).write_text(json.dumps(doc, indent=1, ensure_ascii=False))
    print(report(doc, args.examples))
    return 0


if __name__ == "__main__":
    sys.exit(main())
