#!/usr/bin/env python3
"""``act`` on requests as people write them: rewrites of MiniWoB++ utterances and of requests on our own
test pages, none of them the wording the resolver's rules were written from.

    pip install --no-deps miniwob        # ships the task pages; only its html folder is used
    python benchmarks/human_requests.py                   # all three parts, 2 seeds a rewrite
    python benchmarks/human_requests.py --part tuning -v  # transcripts of the tuning part's failures

The rewrites live in ``human_requests.json``, apart from the sweep's templates (``miniwob.py`` sends each task's
own utterance). Each MiniWoB++ entry takes its slots (a label, a value, an ordinal) from the task's own
utterance with a regular expression (and, for the tasks whose utterance comes with fields, from those fields; a
form's ``when`` picks it by a field's value) and fills four phrasings a person might write: terse, chatty, with
another verb or order, and with a typo in a filler word or a remark (never in a label). Each page entry
names a page under ``tests/assets``, a check run on it afterwards, and what counts as a wrong result there (the
clicks it does not allow, or a ``wrong`` check).

The runner sends ``act <rewrite>`` unquoted, as a model or a person types it, until ``Done:``, a refusal or
the episode's end, and confirms proposals (it plays the person who approves). An episode succeeds when
MiniWoB++ gives a raw reward of 1 (or the page's check holds). It is a **wrong result** when MiniWoB++
closes the episode with a reward below 1, or when the page shows a click that was not asked for (a refusal
is a failure, never a wrong result).

The ``held-out``, ``held-out-4`` and ``held-out-5`` parts are only measured: their failures are counted, never
printed, so no rule is written from them (``--show`` names the parts whose failures are printed; by default the
tuning part's).
``held-out-2`` and ``held-out-3`` were measured that way once each, then became tuning data (benchmarks/RESULTS.md
says when).
``-v`` adds each printed failure's transcript.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import refwright
from refwright import Config, RefwrightError, TimeoutConfig

HERE = Path(__file__).resolve().parent
# The sweep's runner (serving, opening and scoring tasks), loaded by path: its module name is the package's.
_spec = importlib.util.spec_from_file_location("miniwob_runner", HERE / "miniwob.py")
assert _spec is not None and _spec.loader is not None
mw = importlib.util.module_from_spec(_spec)
sys.modules["miniwob_runner"] = mw
_spec.loader.exec_module(mw)
ASSETS = HERE.parent / "tests" / "assets"
_TOKEN = re.compile(r"`confirm (p-[A-Za-z0-9_-]+)`")
_WORDS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
_ICON_VERBS = {"star": "star", "trash": "delete"}
PARTS = ("tuning", "held-out", "held-out-2", "held-out-3", "held-out-4", "held-out-5")


def slots(found: dict[str, str]) -> dict[str, str]:
    """The slots a rewrite may use: each of the utterance's groups, and derived forms of them (an ordinal as a
    number and a word, a list joined with "and", a menu path with ">" or "then")."""
    out = dict(found)
    for key, value in found.items():
        m = re.fullmatch(r"(\d+)(?:st|nd|rd|th)?", value)
        if m:
            n = int(m.group(1))
            out[f"{key}_n"] = str(n)
            out[f"{key}_word"] = _WORDS[n - 1] if 0 < n <= len(_WORDS) else value
    if "list" in found:
        names = [x.strip() for x in found["list"].split(",") if x.strip()]
        out["list_comma"] = ", ".join(names)
        out["list_and"] = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    if "path" in found:
        steps = [x.strip() for x in found["path"].split(">")]
        out["path_gt"] = " > ".join(steps)
        out["path_arrow"] = " → ".join(steps)
        out["path_then"] = ", then ".join(steps)
    if "i" in found:
        out["i_verb"] = _ICON_VERBS.get(found["i"], found["i"])
    return out


def rewrite(entry: dict[str, Any], utterance: str, fields: dict[str, str], index: int) -> str | None:
    for form in entry["forms"]:
        m = re.fullmatch(form["re"], utterance.strip())
        if m and all(fields.get(k) == v for k, v in form.get("when", {}).items()):
            found = {**fields, **{k: v for k, v in m.groupdict().items() if v}}
            return str(form["rewrites"][index]).format(**slots(found))
    return None


def _phrasings(entry: dict[str, Any]) -> int:
    """How many rewrites an entry has: a page request's list, or a task's forms (which all have as many)."""
    if "rewrites" in entry:
        return len(entry["rewrites"])
    counts = {len(form["rewrites"]) for form in entry["forms"]}
    if len(counts) != 1:
        raise ValueError(f"{entry['task']}: its forms have different numbers of rewrites {sorted(counts)}")
    return counts.pop()


@dataclass
class Run:
    source: str  # task or page
    part: str
    index: int
    seed: int
    request: str = ""
    utterance: str = ""
    success: bool = False
    wrong: bool = False
    seconds: float = 0.0
    note: str = ""
    transcript: list[str] = field(default_factory=list)


async def drive(page: refwright.Page, run: Run, request: str, steps: int, finished: Any) -> str:
    """``act`` until done, refused or finished; the last output (or error)."""
    first = True
    last = ""
    for _ in range(steps):
        if await finished():
            break
        command = f"act {'--new ' if first else ''}{request}"
        first = False
        try:
            last = (await page.run_command(command)).output
        except RefwrightError as exc:
            run.transcript.append(f"act -> Error: {exc.message}")
            run.note = exc.message.splitlines()[0][:160]
            return "Error"
        run.transcript.append("act -> " + last.replace("\n", "\n       "))
        token = _TOKEN.search(last)
        if token:
            try:
                out = (await page.run_command(f"confirm {token.group(1)}")).output
            except RefwrightError as exc:
                run.transcript.append(f"confirm -> Error: {exc.message}")
                run.note = exc.message.splitlines()[0][:160]
                return "Error"
            run.transcript.append("confirm -> " + out.replace("\n", "\n       "))
            continue
        if last.startswith("Done:"):
            break
    return last


async def miniwob_run(page: refwright.Page, base: str, entry: dict[str, Any], index: int, seed: int,
                      steps: int) -> Run:
    run = Run(entry["task"], entry["part"], index, seed)
    pw = page.playwright_page
    await mw._open_task(page, base, entry["task"])
    start = time.monotonic()
    await pw.evaluate(
        "seed => { Math.seedrandom(seed); core.startEpisodeReal(); "
        "for (const id of ['query', 'reward-display']) { const e = document.getElementById(id); "
        "if (e) e.style.display = 'none'; } }", str(seed))
    raw = await pw.evaluate("() => core.getUtterance()")
    run.utterance = str(raw["utterance"] if isinstance(raw, dict) else raw)
    fields = {str(k): str(v) for k, v in (raw.get("fields") or {}).items()} if isinstance(raw, dict) else {}
    request = rewrite(entry, run.utterance, fields, index)
    if request is None:
        run.note = f"no form of the entry fits the utterance {run.utterance!r}"
        return run
    run.request = request

    async def finished() -> bool:
        return bool((await mw._status(page))["done"])

    await drive(page, run, request, steps, finished)
    status = await mw._status(page)
    if not status["done"]:
        await pw.wait_for_timeout(200)
        status = await mw._status(page)
    if status["done"]:
        reward = float(status["raw"])
        run.success = reward >= 1.0
        run.wrong = not run.success
        if run.wrong:
            run.note = f"WRONG: reward {reward} ({status['reason']})"
    elif not run.note:
        run.note = "episode not finished"
    run.seconds = time.monotonic() - start
    return run


_CLICKS = "() => (typeof clicks !== 'undefined' ? clicks.map(c => c.split(' ')[0] === 'Save' ? 'Save' : c) : null)"


async def page_run(page: refwright.Page, base: str, entry: dict[str, Any], index: int, steps: int) -> Run:
    run = Run(entry["page"], entry["part"], index, 0, request=entry["rewrites"][index])
    await page.run_command(f"open {base}/{entry['page']}")
    start = time.monotonic()

    async def finished() -> bool:
        return False

    await drive(page, run, run.request, steps, finished)
    pw = page.playwright_page
    await pw.wait_for_timeout(100)
    check = f"() => {{ try {{ return !!({entry['ok']}); }} catch (e) {{ return false; }} }}"
    run.success = bool(await pw.evaluate(check))
    clicks = await pw.evaluate(_CLICKS)
    if "wrong" in entry:
        wrong = f"() => {{ try {{ return !!({entry['wrong']}); }} catch (e) {{ return false; }} }}"
        run.wrong = bool(await pw.evaluate(wrong)) and not run.success
        if run.wrong:
            run.note = f"WRONG: {entry['wrong']}"
    if clicks is not None and not run.wrong:
        unasked = [c for c in clicks if c not in entry.get("allowed", [])]
        run.wrong = bool(unasked) and not run.success
        if run.wrong:
            run.note = f"WRONG: clicked {unasked}"
    elif clicks is None and "wrong" not in entry:
        log = await pw.evaluate("() => (document.getElementById('log') || {}).textContent || ''")
        run.wrong = bool(log) and not run.success
        if run.wrong:
            run.note = f"WRONG: the page says {log!r}"
    run.seconds = time.monotonic() - start
    return run


async def main_async(args: argparse.Namespace) -> list[Run]:
    data = json.loads((HERE / "human_requests.json").read_text(encoding="utf-8"))
    parts = PARTS if args.part == "all" else (args.part,)
    entries = [e for e in data["miniwob"] if e["part"] in parts and (not args.only or e["task"] in args.only)]
    pages = [e for e in data["pages"] if e["part"] in parts and not args.only] if not args.no_pages else []
    seeds = list(range(args.seed_base, args.seed_base + args.seeds))
    root = mw.miniwob_root()
    httpd, base = mw.serve(root / "html")
    own, own_base = mw.serve(ASSETS)
    config = Config(allow_private=True, timeouts=TimeoutConfig(action=args.action_timeout, navigation=15_000))
    runs: list[Run] = []
    try:
        async with refwright.launch(config=config) as browser:
            page = await browser.new_page()
            # As many phrasings as the entry has (four in the older parts, three in held-out-4 and held-out-5).
            jobs: list[tuple[dict[str, Any], int, int | None]] = [
                (e, i, s) for e in entries for i in range(_phrasings(e)) for s in seeds]
            jobs += [(e, i, None) for e in pages for i in range(_phrasings(e))]
            for entry, index, seed in jobs:
                try:
                    if seed is None:
                        run = await asyncio.wait_for(page_run(page, own_base, entry, index, args.steps), args.timeout)
                    else:
                        run = await asyncio.wait_for(miniwob_run(page, base, entry, index, seed, args.steps),
                                                     args.timeout)
                except TimeoutError:
                    run = Run(entry.get("task") or entry["page"], entry["part"], index, seed or 0,
                              note=f"runner timeout ({args.timeout:.0f}s)", seconds=args.timeout)
                except Exception as exc:  # a page that breaks the runner still counts, as a failure
                    run = Run(entry.get("task") or entry["page"], entry["part"], index, seed or 0,
                              note=f"runner error: {str(exc).splitlines()[0][:160]}")
                runs.append(run)
                if args.progress:
                    print(f"{run.source} #{run.index} seed {run.seed}: {'ok' if run.success else 'FAIL'}",
                          file=sys.stderr, flush=True)
    finally:
        httpd.shutdown()
        own.shutdown()
    print(report(runs, args.show, args.verbose))
    return runs


def report(runs: list[Run], show: list[str], verbose: bool) -> str:
    lines: list[str] = []
    for part in PARTS:
        for kind, test in (("MiniWoB++", lambda r: not r.source.startswith("act/")),
                           ("own pages", lambda r: r.source.startswith("act/"))):
            group = [r for r in runs if r.part == part and test(r)]
            if not group:
                continue
            wins = sum(r.success for r in group)
            wrong = sum(r.wrong for r in group)
            lines.append(f"{part:<10} {kind:<9}: {wins}/{len(group)} episodes ({100 * wins / len(group):.1f}%), "
                         f"{wrong} wrong result(s)")
    if runs:
        longest = max(runs, key=lambda r: r.seconds)
        lines.append(f"longest episode: {longest.seconds:.1f} s; episodes over 5 s: "
                     f"{sum(r.seconds > 5 for r in runs)} of {len(runs)}")
    failed = [r for r in runs if r.part in show and not r.success]
    if failed:
        lines.append(f"failures of {', '.join(show)}:")
    for r in failed:
        lines.append(f"  {r.source} #{r.index} seed {r.seed}: {r.request!r}: {r.note}")
        if verbose:
            lines.extend("      " + t for t in r.transcript)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--part", choices=(*PARTS, "all"), default="all")
    parser.add_argument("--show", nargs="+", choices=PARTS, default=["tuning"],
                        help="parts whose failures are printed (default: tuning; held-out parts are only counted)")
    parser.add_argument("--only", nargs="+", help="only these MiniWoB++ tasks (and no pages)")
    parser.add_argument("--no-pages", action="store_true", help="leave out the requests on our own pages")
    parser.add_argument("--seeds", type=int, default=2, help="episodes per MiniWoB++ rewrite (default 2)")
    parser.add_argument("--seed-base", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--steps", type=int, default=10, help="act and confirm calls per episode (default 10)")
    parser.add_argument("--timeout", type=float, default=40.0, help="seconds per episode (default 40)")
    parser.add_argument("--action-timeout", type=float, default=3_000, help="ms per browser action (default 3000)")
    parser.add_argument("--json", help="also write per-episode results to this file")
    parser.add_argument("--progress", action="store_true", help="print each episode as it ends (stderr)")
    parser.add_argument("-v", "--verbose", action="store_true", help="transcripts of the printed failures")
    args = parser.parse_args(argv)
    runs = asyncio.run(main_async(args))
    if args.json:
        Path(args.json).write_text(json.dumps([r.__dict__ for r in runs], indent=1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
