#!/usr/bin/env python3
"""Runs you can keep, on MiniWoB++: record the local resolver's run of a task on seed 1, then replay the saved
script with no model on seeds 2-5, given the new seed's values as its parameters (as ``--set`` gives them;
the benchmark reads them from the new request, refwright does not), healing with ``--heal local``.

    pip install miniwob
    python benchmarks/replay.py                              # the default task list, seeds 2-5
    python benchmarks/replay.py click-button enter-text --replay-seeds 2 3
    python benchmarks/replay.py --redesign                   # seed 1 again, renamed, reordered, placeholders
    python benchmarks/miniwob.py --tasks all --seeds 5 --timeout 10 --json sweep.json
    python benchmarks/replay.py --redesign --sweep sweep.json  # every task the sweep solved on every seed

For each replay it reports whether every step replayed unchanged, some were healed, or the replay failed;
whether the task's own reward was earned (a replay does what the recording did: on a seed that asks for
something else, it is the wrong thing, which the reward shows); and times: the replay against the recorded
run, and an unhealed replay against the same Playwright calls written by hand (run on the same seed).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import refwright
from benchmarks.miniwob import _open_task, _status, miniwob_root, run_episode, serve
from benchmarks.redesign import REDESIGNS, acted_on, redesign
from refwright import Config, TimeoutConfig
from refwright.replay import Check, Step, parse_script
from refwright.replay._params import bind
from refwright.replay._run import Replayer, ReplayError
from refwright.replay._script_reader import script_params
from refwright.replay._steps import SET_TO
from refwright.replay._verify import locator

# MiniWoB++ tasks the local resolver solves on every seed (benchmarks/miniwob.py) whose request carries values
# or names a target: text entry, logins, lists, dates, times, sliders, spinners, checkboxes, options, links, tabs.
TASKS = ("enter-text", "enter-text-2", "enter-text-dynamic", "enter-password", "login-user", "focus-text-2",
         "form-sequence-2", "choose-list", "click-scroll-list", "choose-date", "choose-date-easy", "enter-date",
         "enter-time", "use-slider", "use-slider-2", "use-spinner", "click-checkboxes", "click-checkboxes-large",
         "click-checkboxes-transfer", "click-option", "click-link", "click-tab", "click-tab-2", "click-tab-2-easy")


@dataclass
class Recorded:
    """A task's run on seed 1 as its script's steps, its parameters, and the request it was recorded from."""

    steps: list[Step | Check]
    params: dict[str, str]
    utterance: str
    password: str = ""


def _as_shown(value: str) -> tuple[str, Callable[[str], str]]:
    """How a request shows a value the page took in another form (a date field's 2012-09-10 is asked for as
    09/10/2012), and how to turn what a request shows back into the field's form."""
    date = re.fullmatch(r"(\d{4})-(\d\d)-(\d\d)", value)
    if date:
        year, month, day = date.groups()

        def iso(shown: str) -> str:
            m, d, y = shown.split("/")
            return f"{y}-{int(m):02d}-{int(d):02d}"

        return f"{month}/{day}/{year}", iso
    clock = re.fullmatch(r"(\d\d):(\d\d)", value)
    if clock:
        hour, minute = int(clock.group(1)), clock.group(2)

        def hhmm(shown: str) -> str:
            h, rest = shown.split(":")
            m, half = rest.split()
            return f"{int(h) % 12 + (12 if half.upper() == 'PM' else 0):02d}:{m}"

        return f"{(hour - 1) % 12 + 1}:{minute} {'PM' if hour >= 12 else 'AM'}", hhmm
    if value.isupper() or value.islower():
        # A field that takes the value in one case ("Type "anna" in all upper case letters"): the other case.
        return (value.lower(), str.upper) if value.isupper() else (value.upper(), str.lower)
    return value, lambda shown: shown


def _ordinal(number: str) -> str:
    n = int(number)
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def values_for(recorded: Recorded, utterance: str) -> dict[str, str] | None:
    """The new seed's values for the script's parameters, read from the new request the way a person running
    the script does: the recorded request with each parameter's recorded value as a blank, matched against the
    new one. None when the new request does not read as the recorded one with other values."""
    pattern, last, seen = "", 0, set()
    given = {**recorded.params, **({"password_": recorded.password} if recorded.password else {})}
    forms = {n: _as_shown(v) if v not in recorded.utterance else (v, lambda shown: shown) for n, v in given.items()}
    lists = {s.target_param for s in recorded.steps if isinstance(s, Step) and s.loop} | \
        {s.param for s in recorded.steps if isinstance(s, Step) and s.options and s.param}
    for n, v in given.items():
        if n.endswith("_place") and v.isdigit():  # a place the request gives as "the 3rd radio button"
            forms[n] = (_ordinal(v), lambda shown: shown.rstrip("stndrh"))
        elif n in lists:  # a list the request gives as "nothing" is an empty one
            forms[n] = (v or "nothing", lambda shown: "" if shown == "nothing" else shown)
    blanks = sorted(((f, n) for n, (f, _) in forms.items() if f), key=lambda p: len(p[0]), reverse=True)
    if not blanks:
        return {}
    found = re.compile("|".join(re.escape(v) for v, _ in blanks))
    names = dict(blanks)
    for m in found.finditer(recorded.utterance):
        name = names[m.group(0)]
        pattern += re.escape(recorded.utterance[last:m.start()])
        pattern += f"(?P={name})" if name in seen else f"(?P<{name}>.+?)"
        seen.add(name)
        last = m.end()
    pattern += re.escape(recorded.utterance[last:])
    # "in all upper case letters": the case a request asks for is read with its value, as a person typing it does.
    cased = r"in all (?P<case_>upper|lower) case"
    pattern = re.sub(r"in\\ all\\ (?:upper|lower)\\ case", lambda _: cased, pattern)
    match = re.fullmatch(pattern, utterance, re.DOTALL)
    if match is None:
        return None
    case = {"upper": str.upper, "lower": str.lower}.get(match.groupdict().get("case_") or "")
    return {n: case(v) if case and (recorded.params[n].isupper() or recorded.params[n].islower()) else forms[n][1](v)
            for n, v in match.groupdict().items() if v is not None and n in recorded.params}


@dataclass
class Replay:
    task: str
    seed: int
    status: str  # replayed, healed, failed
    reward: bool
    seconds: float
    hand: float | None = None
    unhealed: float | None = None
    note: str = ""


async def _start(page: refwright.Page, base: str, task: str, seed: int) -> None:
    await _open_task(page, base, task)
    await page.playwright_page.evaluate(
        "seed => { Math.seedrandom(seed); core.startEpisodeReal(); "
        "for (const id of ['query', 'reward-display']) { const e = document.getElementById(id); "
        "if (e) e.style.display = 'none'; } }", str(seed))


async def _rewarded(page: refwright.Page) -> bool:
    status = await _status(page)
    if not status["done"]:
        await page.playwright_page.wait_for_timeout(200)
        status = await _status(page)
    return bool(status["done"]) and float(status["raw"]) >= 1.0  # type: ignore[arg-type]


def _password(utterance: str) -> str:
    """A password the request gives is read from the environment on replay, as a person running it sets it."""
    password = re.search(r'password "([^"]+)"', utterance, re.IGNORECASE)
    if password:
        os.environ["REFWRIGHT_SECRET_PASSWORD"] = password.group(1)
    return password.group(1) if password else ""


async def record(browser: refwright.Browser, base: str, task: str) -> tuple[Recorded, float, bool]:
    page = await browser.new_page()
    try:
        await _open_task(page, base, task)
        recording = page.recording(task)
        started = time.perf_counter()
        episode = await run_episode(page, task, 1, 10)
        seconds = time.perf_counter() - started
        recording.task = episode.utterance  # the request the script's parameters are named from
        script = recording.script()
        items = parse_script(script)
        password = _password(episode.utterance)
    finally:
        await page.close()
    # The episode is started in the page, not by a URL: the script's goto is the harness's.
    steps = [i for i in items if not (isinstance(i, Step) and i.action == "goto")]
    return Recorded(steps, script_params(script), episode.utterance, password), seconds, episode.success


async def _by_hand(page: refwright.Page, steps: list[Step | Check]) -> float:
    """The same steps as Playwright calls a person would write: no count, no healing, no bookkeeping."""
    pw = page.playwright_page
    started = time.perf_counter()
    for s in steps:
        if isinstance(s, Check):
            continue
        if not s.targeted:
            for _ in range(s.repeat):
                await pw.keyboard.press(s.value or "")
            continue
        loc = locator(pw, s)
        for _ in range(s.repeat):
            if s.action == "drag" and s.to is not None:
                await loc.drag_to(locator(pw, s.to))
            elif s.action == "fill":
                await loc.fill(s.value or "")
            elif s.action == "select":
                await loc.select_option(list(s.options) if s.options or s.item_of else s.value or "")
            else:
                await getattr(loc, s.action)()
    return time.perf_counter() - started


async def _timed_replay(page: refwright.Page, steps: list[Step | Check]) -> float:
    started = time.perf_counter()
    await Replayer(page).run([s for s in steps if not isinstance(s, Check)])
    return time.perf_counter() - started


async def _healing_replay(page: refwright.Page, steps: list[Step | Check]) -> tuple[str, float, str]:
    """The steps replayed with ``--heal local --approve auto``: replayed, healed or failed; seconds; why."""
    replayer = Replayer(page, heal="local", approve="auto")
    started = time.perf_counter()
    note = ""
    try:
        await replayer.run([s for s in steps if not isinstance(s, Check)])
    except ReplayError as exc:
        note = exc.message[:140]
    seconds = time.perf_counter() - started
    statuses = {o.status for o in replayer.outcomes}
    return "failed" if note else "healed" if "healed" in statuses else "replayed", seconds, note


async def replay(browser: refwright.Browser, base: str, task: str, recorded: Recorded, seed: int,
                 rounds: int) -> Replay:
    page = await browser.new_page()
    try:
        await _start(page, base, task, seed)
        raw = await page.playwright_page.evaluate("() => core.getUtterance()")
        utterance = str(raw["utterance"] if isinstance(raw, dict) else raw)
        values = values_for(recorded, utterance)
        if values is None:
            return Replay(task, seed, "failed", False, 0.0, note=f"the request {utterance!r} does not read as the "
                          f"recorded {recorded.utterance!r} with other values")
        _password(utterance)
        steps = bind(recorded.steps, {**recorded.params, **values})
        status, seconds, note = await _healing_replay(page, steps)
        result = Replay(task, seed, status, await _rewarded(page), seconds, note=note)
        # A slider set or a date picked by refwright's own way there has no one Playwright call to compare with.
        if status == "replayed" and not any(isinstance(s, Step) and (s.by == "none" or s.action in SET_TO)
                                            for s in steps):
            # Timed apart from the first replay (which paid for the page's first layout), alternating with the
            # hand-written calls on fresh episodes of the same seed; medians of both.
            ours, hand = [], []
            for _ in range(rounds):
                await _start(page, base, task, seed)
                hand.append(await _by_hand(page, steps))
                await _start(page, base, task, seed)
                ours.append(await _timed_replay(page, steps))
            result.hand = statistics.median(hand)
            result.unhealed = statistics.median(ours)
        return result
    finally:
        await page.close()


async def _acted(browser: refwright.Browser, base: str, task: str, steps: list[Step | Check],
                 kind: str | None) -> tuple[str, list[str], int, float, str]:
    """Replay on seed 1 with the redesign ``kind`` (None: as recorded): status, the elements acted on, the
    number of changes the redesign made, seconds, and why it failed."""
    page = await browser.new_page()
    try:
        await _start(page, base, task, 1)
        changed = await redesign(page.playwright_page, kind)
        status, seconds, note = await _healing_replay(page, steps)
        return status, await acted_on(page.playwright_page), changed, seconds, note
    finally:
        await page.close()


async def redesigned(browser: refwright.Browser, base: str, task: str, steps: list[Step | Check]) -> list[Replay]:
    """The recording replayed on its own seed under each redesign; a replay counts as healed (or replayed)
    only when it acted on the elements the unredesigned replay acted on."""
    status, reference, _, _, note = await _acted(browser, base, task, steps, None)
    if status == "failed":
        print(f"{task}: the unredesigned replay on seed 1 {status} ({note}); skipped", file=sys.stderr)
        return []
    rows = []
    for kind in REDESIGNS:
        status, acted, changed, seconds, note = await _acted(browser, base, task, steps, kind)
        if not changed:
            continue  # the redesign has nothing to change on this page
        same = acted == reference
        if status != "failed" and not same:
            status, note = "wrong", f"acted on {acted}, the recording on {reference}"
        rows.append(Replay(task, 1, status, same, seconds, note=f"{kind}: {note}" if note else kind))
    return rows


async def main_async(args: argparse.Namespace) -> int:
    root = miniwob_root()
    httpd, base = serve(root / "html")
    config = Config(allow_private=True, timeouts=TimeoutConfig(action=3_000, navigation=15_000))
    rows: list[Replay] = []
    recorded: dict[str, float] = {}
    try:
        async with refwright.launch(config=config) as browser:
            for task in args.tasks:
                script, seconds, ok = await record(browser, base, task)
                steps = bind(script.steps, script.params)  # the recorded values (a list's loop, one step an item)
                recorded[task] = seconds
                if not ok:
                    print(f"{task}: the recorded run on seed 1 did not succeed; skipped", file=sys.stderr)
                    continue
                if args.redesign:
                    for row in await redesigned(browser, base, task, steps):
                        rows.append(row)
                        print(f"{task} {row.note.split(':')[0]}: {row.status}, same elements "
                              f"{'yes' if row.reward else 'no'}, {row.seconds * 1000:.0f} ms {row.note}",
                              file=sys.stderr, flush=True)
                    continue
                for seed in args.replay_seeds:
                    row = await replay(browser, base, task, script, seed, args.rounds)
                    rows.append(row)
                    print(f"{task} seed {seed}: {row.status}, reward {'yes' if row.reward else 'no'}, "
                          f"{row.seconds * 1000:.0f} ms {row.note}", file=sys.stderr, flush=True)
    finally:
        httpd.shutdown()
    print(summary(rows, recorded))
    return 0


def summary(rows: list[Replay], recorded: dict[str, float]) -> str:
    if not rows:
        return "no replays"
    n = len(rows)
    counts = {s: sum(r.status == s for r in rows) for s in ("replayed", "healed", "failed", "wrong")}
    ok = counts["replayed"] + counts["healed"]
    wrong = f", {counts['wrong']} acted on other elements" if counts["wrong"] else ""
    lines = [f"{n} replays of {len({r.task for r in rows})} tasks: {counts['replayed']} replayed unchanged, "
             f"{counts['healed']} healed, {counts['failed']} failed{wrong}; {100 * ok / n:.0f}% ran to the end"
             + (" (goal: 93%, the figure before parameters)" if any(r.note.split(":")[0] in REDESIGNS for r in rows)
                else "")]
    if any(r.note.split(":")[0] in REDESIGNS for r in rows):
        for kind in REDESIGNS:
            mine = [r for r in rows if r.note.split(":")[0] == kind]
            if mine:
                good = sum(r.status in ("replayed", "healed") for r in mine)
                lines.append(f"  {kind}: {good}/{len(mine)} acted on the recorded elements "
                             f"({sum(r.status == 'healed' for r in mine)} healed)")
        recorded = {}  # the redesigned replays run on the recording's seed: no ratio against other runs
    else:
        # With the new seed's values as parameters, a replay succeeds when it does the new seed's task.
        earned = sum(r.reward for r in rows)
        lines.append(f"the new seed's task done (its reward earned): {earned}/{n}, {100 * earned / n:.0f}% "
                     "(goal: 90%)")
    ratios = [r.seconds / recorded[r.task] for r in rows if recorded.get(r.task)]
    if ratios:
        lines.append(f"replay time / recorded run time: median {statistics.median(ratios):.3f}")
    hand = [r.unhealed / r.hand for r in rows if r.hand and r.unhealed and r.hand > 0.001]
    if hand:
        lines.append(f"unhealed replay time / the same Playwright calls by hand: median {statistics.median(hand):.2f}x "
                     f"(max {max(hand):.2f}x; goal: within 1.2x) over {len(hand)} replays")
    return "\n".join(lines)


def swept(path: str) -> list[str]:
    """The tasks a sweep (``benchmarks/miniwob.py --json``) solved on every seed it ran."""
    episodes = json.loads(Path(path).read_text(encoding="utf-8"))
    return [task for task, runs in episodes.items() if runs and all(run["success"] for run in runs)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("tasks", nargs="*", default=list(TASKS))
    parser.add_argument("--sweep", help="replay the tasks this sweep's JSON (benchmarks/miniwob.py --json) "
                                        "shows solved on every seed, instead of the tasks named")
    parser.add_argument("--replay-seeds", type=int, nargs="+", default=[2, 3, 4, 5])
    parser.add_argument("--rounds", type=int, default=3, help="timed rounds per unhealed replay (default 3)")
    parser.add_argument("--redesign", action="store_true",
                        help="replay on seed 1 again, under each redesign (benchmarks/redesign.py)")
    args = parser.parse_args(argv)
    if args.sweep:
        args.tasks = swept(args.sweep)
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
