"""Where `snapshot -i`'s characters go on real pages, and what each way of printing fewer would give.

    python benchmarks/realpages_options.py --from RUN.json --texts DIR             # breakdown only
    python benchmarks/realpages_options.py --from RUN.json --pages PAGES --limit 40 # + the options

``RUN.json`` is a ``benchmarks/realpages.py --json`` run with agent-browser in it, and ``DIR`` its
``--texts`` folder: the breakdown reads both tools' texts (characters per line kind and per part of a
line: ref, label, name, the rest; per page). With ``--pages``, this tree's refwright opens each page
again and takes ``snapshot -i -u`` with no output cap, so each option is computed from the same whole
list of lines and then cut at the cap as ``snapshot -i`` cuts it:

  base           what ``snapshot -i`` prints today (checked against a plain ``snapshot -i`` of the page)
  no-headings    heading lines left out
  no-bare-heads  only the heading lines without a ref left out (``[heading] [level=3]`` above a link)
  no-levels      headings without ``[level=N]``
  dedup-drop     a link line whose name and target repeat an earlier link line's is left out (its ref
                 still acts, but the model never reads it)
  dedup-alias    the same, with its ref kept on the first line: `` +@e9`` per repeat
  names-80/60    names cut at 80 / 60 characters instead of 100
  cap-N          the output cap at N characters instead of 100,000

Recall is counted as realpages.py counts it (role and name against Chromium's tree), on the refs a model
can read in the option's text, on the pages the option prints whole. None of these options is refwright's
behaviour; the lead decides (docs: benchmarks/RESULTS.md).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make `benchmarks` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import compare as cmp
from benchmarks.realpages import TRUTH_ROLES, VIEWPORT, _items, recall
from benchmarks.server import PageServer

CAP = 100_000
_LINE = re.compile(r'^(?P<ref>@e\d+ )?\[(?P<label>[^\]]*)\](?P<name> "(?:[^"\\]|\\.)*")?(?P<rest>.*)$')
_URL = re.compile(r' url="(?:[^"\\]|\\.)*"')
_AB_LINE = re.compile(r'^\s*- (?P<role>\w+)')
_CUT = "[... snapshot truncated"


def rw_kind(line: str) -> str:
    m = _LINE.match(line)
    if m is None:
        return "other"
    kind = m.group("label").split()[0]
    return kind + ("" if m.group("ref") else " (no ref)")


def breakdown(texts: Path, pages: list[str]) -> list[str]:
    """Characters per line kind, per part of a refwright line and per page, refwright against agent-browser."""
    rw_kinds: Counter[str] = Counter()
    ab_kinds: Counter[str] = Counter()
    rw_lines: Counter[str] = Counter()
    ab_lines: Counter[str] = Counter()
    parts: Counter[str] = Counter()
    per_page: list[tuple[int, int, str]] = []
    for page in pages:
        try:
            rw = (texts / f"{page}.refwright.txt").read_text(encoding="utf-8")
            ab = (texts / f"{page}.agent-browser.txt").read_text(encoding="utf-8")
        except FileNotFoundError:
            continue
        per_page.append((len(rw), len(ab), page))
        for line in rw.splitlines():
            kind = "truncation note" if line.startswith(_CUT) else rw_kind(line)
            rw_kinds[kind] += len(line) + 1
            rw_lines[kind] += 1
            m = _LINE.match(line)
            if m is None:
                parts["other lines"] += len(line) + 1
                continue
            parts["ref '@eN '"] += len(m.group("ref") or "")
            parts["label '[link]'"] += len(m.group("label")) + 2
            if m.group("name"):
                parts["name's quotes and space"] += 3
                parts["name"] += len(m.group("name")) - 3
            parts["rest (states, placeholder, value)"] += len(m.group("rest"))
            parts["newline"] += 1
        for line in ab.splitlines():
            am = _AB_LINE.match(line)
            kind = am.group("role").lower() if am else "other"
            ab_kinds[kind] += len(line) + 1
            ab_lines[kind] += 1
    rw_total = sum(r for r, _, _ in per_page)
    ab_total = sum(a for _, a, _ in per_page)
    out = [f"breakdown of {len(per_page)} pages: refwright {rw_total:,} characters, agent-browser {ab_total:,}, "
           f"{rw_total / max(ab_total, 1):.3f}x",
           "  line kind              refwright lines    chars  share | agent-browser lines    chars"]
    for kind in sorted(set(rw_kinds) | set(ab_kinds), key=lambda k: -(rw_kinds[k] + ab_kinds[k]))[:16]:
        out.append(f"  {kind:22} {rw_lines[kind]:15,} {rw_kinds[kind]:8,} {rw_kinds[kind] / rw_total:6.1%} | "
                   f"{ab_lines[kind]:19,} {ab_kinds[kind]:8,}")
    out.append("  part of a refwright line          chars  share")
    for part, n in parts.most_common():
        if n:
            out.append(f"  {part:32} {n:7,} {n / rw_total:6.1%}")
    out.append("  biggest pages                           refwright  agent-browser  ratio  share of refwright's")
    for rw_chars, ab_chars, page in sorted(per_page, reverse=True)[:12]:
        out.append(f"  {page:40} {rw_chars:9,} {ab_chars:14,} {rw_chars / max(ab_chars, 1):6.3f} "
                   f"{rw_chars / rw_total:6.1%}")
    return out


# -- options ------------------------------------------------------------------------------------------------

def _split(line: str) -> tuple[str, str | None]:
    """A ``-u`` line without its url, and the url (None when it has none)."""
    m = _URL.search(line)
    if m is None:
        return line, None
    return line[: m.start()] + line[m.end():], json.loads(m.group(0)[5:])


def cap(lines: list[str], limit: int | None) -> str:
    """The text as ``snapshot -i`` prints it under ``limit``, with a note of the usual length when cut."""
    text = "\n".join(lines)
    if limit is None or len(text) <= limit:
        return text
    kept: list[str] = []
    size = 0
    for line in lines:
        if size + len(line) + 1 > limit:
            break
        kept.append(line)
        size += len(line) + 1
    note = (f"[... snapshot truncated: showed {len(kept)} of {len(lines)} lines ({size} of {len(text) + 1} "
            "characters). Look inside one part of the page at a time: `snapshot -i -s main`, or add -d <depth> "
            "to see less depth.]")
    return "\n".join([*kept, note])


def _cut_name(line: str, limit: int) -> str:
    m = _LINE.match(line)
    if m is None or not m.group("name"):
        return line
    name = json.loads(m.group("name")[1:])
    if len(name) <= limit:
        return line
    short = json.dumps(name[: limit - 1] + "…", ensure_ascii=False)
    return f"{m.group('ref') or ''}[{m.group('label')}] {short}{m.group('rest')}"


Pairs = list[tuple[str, "str | None"]]


def _no_headings(pairs: Pairs) -> Pairs:
    return [(ln, u) for ln, u in pairs if not rw_kind(ln).startswith("heading")]


def _no_bare_heads(pairs: Pairs) -> Pairs:
    return [(ln, u) for ln, u in pairs if rw_kind(ln) != "heading (no ref)"]


def _no_levels(pairs: Pairs) -> Pairs:
    return [(re.sub(r" \[level=\d\]", "", ln) if rw_kind(ln).startswith("heading") else ln, u) for ln, u in pairs]


def _dedup(pairs: Pairs, *, alias: bool) -> Pairs:
    """A link line whose name and target repeat an earlier link line's: left out, its ref on the first."""
    first: dict[tuple[str, str], int] = {}
    out: Pairs = []
    for line, url in pairs:
        m = _LINE.match(line)
        key = (m.group("name"), url) if m and m.group("name") and url is not None and rw_kind(line) == "link" else None
        if key is not None and key in first:
            if alias:
                kept, kept_url = out[first[key]]
                out[first[key]] = (kept + " +" + str(m.group("ref") if m else "").strip(), kept_url)
            continue
        if key is not None:
            first[key] = len(out)
        out.append((line, url))
    return out


OPTIONS: dict[str, Callable[[Pairs], Pairs]] = {
    "no-headings": _no_headings,
    "no-bare-heads": _no_bare_heads,
    "no-levels": _no_levels,
    "dedup-drop": lambda p: _dedup(p, alias=False),
    "dedup-alias": lambda p: _dedup(p, alias=True),
    "names-80": lambda p: [(_cut_name(ln, 80), u) for ln, u in p],
    "names-60": lambda p: [(_cut_name(ln, 60), u) for ln, u in p],
}
# Options taken together (applied left to right).
COMBOS = (("no-bare-heads", "dedup-alias"), ("no-levels", "dedup-alias"), ("no-headings", "dedup-alias"),
          ("no-bare-heads", "no-levels", "dedup-alias", "names-60"))


def options(ulines: list[str]) -> dict[str, list[str]]:
    """Each option's whole list of lines (before the cap), from the uncut ``snapshot -i -u`` lines."""
    pairs = [_split(line) for line in ulines]
    out = {"base": [ln for ln, _ in pairs]}
    for key, fn in OPTIONS.items():
        out[key] = [ln for ln, _ in fn(pairs)]
    for combo in COMBOS:
        got = pairs
        for key in combo:
            got = OPTIONS[key](got)
        out["+".join(combo)] = [ln for ln, _ in got]
    return out


CAPS = (50_000, 40_000, 25_000)


def extras(truth: list[cmp.Item], lines: list[str], refs: Any) -> list[str]:
    """Printed lines of an interactive role whose role and name Chromium's tree does not have (a multiset)."""
    pool = Counter(t.key() for t in truth)
    out = []
    for line in lines:
        m = re.match(r"@(e\d+) ", line)
        entry = refs.get(m.group(1)) if m else None
        if entry is None or entry.role not in TRUTH_ROLES:
            continue
        key = cmp.Item("", entry.role, entry.name).key()
        if pool[key] > 0:
            pool[key] -= 1
        else:
            out.append(line)
    return out


def printed_refs(text: str) -> list[str]:
    refs = re.findall(r"^@(e\d+) ", text, re.M)
    refs += re.findall(r" \+@(e\d+)", text)
    return refs


async def measure(pages_dir: Path, names: list[str], runs: dict[str, Any]) -> list[dict[str, Any]]:
    import refwright

    browser = refwright.launch(config=refwright.Config(allow_private=True, max_snapshot_chars=None))
    capped = refwright.launch(config=refwright.Config(allow_private=True))
    records = []
    try:
        with PageServer(pages_dir) as server:
            for n, name in enumerate(names, 1):
                url = server.url(f"/{name}/source.html")
                rec: dict[str, Any] = {"page": name}
                page = await browser.new_page()
                check = await capped.new_page()
                try:
                    await page.playwright_page.set_viewport_size({"width": VIEWPORT[0], "height": VIEWPORT[1]})
                    await check.playwright_page.set_viewport_size({"width": VIEWPORT[0], "height": VIEWPORT[1]})
                    for p in (page, check):
                        try:
                            await p.run_command(f"open {url}")
                        except refwright.RefwrightError as exc:
                            rec.setdefault("open_error", str(exc)[:200])
                    r = await page.run_command("snapshot -i -u")
                    plain = (await check.run_command("snapshot -i")).output
                    assert r.snapshot is not None
                    refs = r.snapshot.refs
                    ulines = r.output.splitlines() if r.output != "(no interactive elements)" else []
                    variants = options(ulines)
                    rec["plain_chars"] = len(plain)
                    truth = _items(runs[name]["truth"]) if name in runs else None
                    rec["ab_chars"] = runs.get(name, {}).get("ab_chars")
                    rec["variants"] = {}
                    if truth is not None:
                        rec["extras"] = extras(truth, variants["base"], refs)
                    for key, lines in variants.items():
                        for limit in (CAP, *CAPS) if key == "base" else (CAP,):
                            label = key if limit == CAP else f"cap-{limit // 1000}k"
                            text = cap(lines, limit) if lines else "(no interactive elements)"
                            v: dict[str, Any] = {"chars": len(text), "whole": not text.endswith("depth.]")}
                            if truth is not None:
                                items = [cmp.Item(ref, refs[ref].role, refs[ref].name)
                                         for ref in printed_refs(text) if ref in refs]
                                v["matched"] = recall(truth, items)[0]
                                v["truth"] = len(truth)
                            rec["variants"][label] = v
                finally:
                    await page.close()
                    await check.close()
                records.append(rec)
                print(f"[{n}/{len(names)}] {name}: base {rec['variants']['base']['chars']} "
                      f"(plain snapshot -i {rec['plain_chars']}), agent-browser {rec['ab_chars']}",
                      file=sys.stderr, flush=True)
    finally:
        await browser.close()
        await capped.close()
    return records


def summary(records: list[dict[str, Any]]) -> list[str]:
    keys = list(records[0]["variants"]) if records else []
    with_ab = [r for r in records if r.get("ab_chars")]
    ab_total = sum(r["ab_chars"] for r in with_ab)
    # The pages today's snapshot -i prints whole: an option's figure there is not the cap's.
    whole_base = [r for r in with_ab if r["variants"]["base"]["whole"]]
    ab_whole = sum(r["ab_chars"] for r in whole_base)
    out = [f"options on {len(with_ab)} pages with agent-browser's figure (its characters: {ab_total:,}; "
           f"{ab_whole:,} on the {len(whole_base)} pages base prints whole)",
           "  option                          chars  vs agent-browser  (on those printed whole)  "
           "recall (pages the option prints whole)  pages cut"]
    for key in keys:
        chars = sum(r["variants"][key]["chars"] for r in with_ab)
        chars_whole = sum(r["variants"][key]["chars"] for r in whole_base)
        whole = [r["variants"][key] for r in with_ab if r["variants"][key]["whole"] and "matched" in r["variants"][key]]
        matched = sum(v["matched"] for v in whole)
        truth = sum(v["truth"] for v in whole)
        cut = sum(1 for r in with_ab if not r["variants"][key]["whole"])
        rec = f"{matched / truth:.4f} ({matched:,}/{truth:,})" if truth else "-"
        out.append(f"  {key:30} {chars:8,}  {chars / max(ab_total, 1):7.3f}x  {chars_whole / max(ab_whole, 1):17.3f}x"
                   f"        {rec:38} {cut}")
    extra = [ln for r in with_ab for ln in r.get("extras", [])]
    out.append(f"  lines of an interactive role not in Chromium's tree (role and name): {len(extra):,}, "
               f"{sum(len(ln) + 1 for ln in extra):,} characters; e.g. {extra[:8]}")
    drift = [(r["page"], r["variants"]["base"]["chars"], r["plain_chars"]) for r in records
             if abs(r["variants"]["base"]["chars"] - r["plain_chars"]) > 300]
    if drift:
        out.append(f"  base differs from a plain `snapshot -i` by more than 300 characters on: {drift}")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--from", dest="run", required=True, help="a realpages.py --json run with agent-browser")
    ap.add_argument("--texts", help="that run's --texts folder: print the breakdown")
    ap.add_argument("--pages", help="the pages folder: measure the options with this tree's refwright")
    ap.add_argument("--limit", type=int, default=0, help="only the first N pages of the run (by name)")
    ap.add_argument("--json", help="write the options' figures per page to this file")
    args = ap.parse_args(argv)
    doc = json.loads(Path(args.run).read_text(encoding="utf-8"))
    pages = sorted(p["page"] for p in doc["pages"])
    if args.limit:
        pages = pages[: args.limit]
    if args.texts:
        print("\n".join(breakdown(Path(args.texts), pages)))
    if args.pages:
        runs = {p["page"]: {"truth": p["truth"], "ab_chars": p["tools"].get("agent-browser", {}).get("chars")}
                for p in doc["pages"]}
        records = asyncio.run(measure(Path(args.pages).resolve(), pages, runs))
        if args.json:
            Path(args.json).write_text(json.dumps(records, indent=1, ensure_ascii=False))
        print("\n".join(summary(records)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
