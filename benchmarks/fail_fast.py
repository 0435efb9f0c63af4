"""How long an action that cannot succeed takes to fail, per reason (issues 28 §2 and 34 §1).

    python benchmarks/fail_fast.py [--rounds N] [--timeout MS]

Each case sets up a page, takes a snapshot, makes the action impossible, and times the failing command
(run_command, in process) with the action timeout at ``--timeout`` (default 30000, the shell's). It prints
the median and worst wall time of each case, the error's first words, and the worst as a share of the
action timeout; a clicked control as a control row (the cost of the checks on an action that succeeds).
Nothing is asserted: these are measurements.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import refwright
from benchmarks.server import PageServer
from refwright import Config, RefwrightError, TimeoutConfig

_PAGE = """<title>Fail fast</title><h1>Sign up</h1>
<ul id=list><li><button id=a>Alpha</button></li><li><button id=b>Beta</button></li></ul>
<button id=save>Save</button> <button id=pay disabled>Pay</button> <a href="#w" id=world>World</a>
<label>Email <input id=email></label>
<label>Shipping <select id=ship><option>Standard</option><option disabled>Express</option></select></label>
<dialog id=d aria-label="Newsletter"><button onclick="d.close()">Close</button></dialog>"""

# name -> (script that makes the action impossible, command, which element's ref the command uses)
CASES: dict[str, tuple[str, str]] = {
    "stale: element removed": ("document.getElementById('a').remove()", "click {Alpha}"),
    "stale: re-rendered list": ("document.getElementById('list').innerHTML = "
                                "'<li><button>Alpha</button></li><li><button>Beta</button></li>'", "click {Beta}"),
    "stale: relabelled node": ("document.getElementById('save').textContent = 'Delete account'", "click {Save}"),
    "stale: page navigated": ("location.reload()", "click {Save}"),
    "covered: modal dialog": ("document.getElementById('d').showModal()", "click {World}"),
    "covered: overlay": ("document.body.insertAdjacentHTML('beforeend', '<div style=\"position:fixed;inset:0;"
                         "background:#0008\"><button>Accept all</button></div>')", "click {World}"),
    "hidden": ("document.getElementById('save').style.display = 'none'", "click {Save}"),
    "disabled": ("", "click {Pay}"),
    "disabled option": ("", "select {Shipping} Express"),
    "wrong kind: select an option": ("", "select {Standard} Standard"),
    "wrong kind: fill a heading": ("", "fill {Sign up} hello"),
    "control: click that succeeds": ("", "click {Save}"),
}


def refs_of(snapshot: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for line in snapshot.splitlines():
        ref, _, rest = line.strip().partition(" ")
        if '"' in rest:
            out.setdefault(rest.split('"')[1], ref)
    return out


async def main(rounds: int, timeout: int) -> None:
    with PageServer() as server:
        url = server.add("/fail.html", _PAGE)
        config = Config(allow_private=True, timeouts=TimeoutConfig(action=timeout))
        async with refwright.launch(config=config) as browser:
            page = await browser.new_page()
            print(f"action timeout {timeout} ms, {rounds} rounds")
            print(f"{'case':<32} {'median ms':>10} {'worst ms':>9} {'worst/timeout':>14}  answer")
            for name, (script, command) in CASES.items():
                times: list[float] = []
                answer = ""
                for _ in range(rounds):
                    await page.run_command(f"open {url}")
                    refs = refs_of((await page.run_command("snapshot -i")).output)
                    if script:
                        await page.playwright_page.evaluate(script)
                        if "reload" in script:
                            await page.playwright_page.wait_for_load_state()
                    start = time.perf_counter()
                    try:
                        answer = (await page.run_command(command.format(**refs))).output
                    except RefwrightError as exc:
                        answer = f"{type(exc).__name__}: {exc}"
                    times.append((time.perf_counter() - start) * 1000)
                worst = max(times)
                print(f"{name:<32} {statistics.median(times):>10.1f} {worst:>9.1f} {worst / timeout:>14.4f}  "
                      f"{answer[:70]}")
            await page.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--timeout", type=int, default=30_000, help="the action timeout in ms")
    args = parser.parse_args()
    asyncio.run(main(args.rounds, args.timeout))
