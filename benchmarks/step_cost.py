"""What a step costs the model on the 6,000-control page: characters read, and time, with the answers that say
only what changed (``snapshot --delta``, an action's ``Changes:`` lines) against those that say everything.

    python benchmarks/step_cost.py [--rounds N] [--controls N]

Rows (each median over ``rounds``; everything measured in one process, alternating sides):

* ``snapshot -i`` of the freshly opened page (cold), again on the unchanged page (repeat), and after one
  label changed (after change): milliseconds, and each as a ratio of the cold one;
* characters of the full ``snapshot -i`` and of ``snapshot -i --delta`` after one changed label (goal: at
  most 2% of the full one);
* a ``click`` whose handler relabels three buttons, with ``Config.action_changes`` off and on: milliseconds,
  characters of the answer, and the ratio (what the default costs);
* the same click on a small page (the sign-up form size), off and on.

Nothing is asserted: these are measurements.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

_RELABEL = """<script>
document.addEventListener('click', e => {
  if (e.target.id !== 'relabel') return;
  const all = document.querySelectorAll('main button:not([aria-label])');
  const picked = all.length > 500 ? [5, 50, 500] : [0, 1, 2];
  for (const i of picked) all[i].textContent = 'Relabelled ' + Date.now() % 1000 + ' ' + i;
});
</script><button id="relabel">Relabel three</button>"""

# One label changed by hand: [index among the buttons named by their text, new text].
_LABEL = "([i, t]) => { document.querySelectorAll('main button:not([aria-label])')[i].textContent = t; }"

_SMALL = """<title>Small</title><main><h1>Sign up</h1><label>Email <input id=e></label>
<label>Password <input type=password></label><label><input type=checkbox> I agree</label>
<button>One</button><button>Two</button><button>Three</button><a href="/x">Terms</a></main>"""


async def _ms(coro: Any) -> tuple[float, Any]:
    start = time.perf_counter()
    result = await coro
    return (time.perf_counter() - start) * 1000, result


async def measure(rounds: int, controls: int) -> dict[str, Any]:
    import refwright
    from benchmarks.pagegen import controls_page
    from benchmarks.server import PageServer
    from refwright import Config

    big_html = controls_page(controls).html.replace("</body>", _RELABEL + "</body>")
    small_html = _SMALL.replace("</main>", "</main>" + _RELABEL)
    out: dict[str, list[float]] = {}

    def add(key: str, value: float) -> None:
        out.setdefault(key, []).append(value)

    with PageServer() as server:
        big = server.add("/big.html", big_html)
        small = server.add("/small.html", small_html)
        async with refwright.launch(config=Config(allow_private=True)) as browser:
            on = await browser.new_page(config=Config(allow_private=True))
            off = await browser.new_page(config=Config(allow_private=True, action_changes=False))
            for n in range(rounds):
                # Snapshot times and sizes.
                await on.run_command(f"open {big}")
                cold, full = await _ms(on.run_command("snapshot -i"))
                repeat, _ = await _ms(on.run_command("snapshot -i"))
                await on.playwright_page.evaluate(_LABEL, [7, f"Changed {n}"])
                changed, _ = await _ms(on.run_command("snapshot -i"))
                await on.playwright_page.evaluate(_LABEL, [9, f"Changed again {n}"])
                delta_ms, delta = await _ms(on.run_command("snapshot -i --delta"))
                add("cold ms", cold)
                add("repeat ms", repeat)
                add("after change ms", changed)
                add("delta ms", delta_ms)
                add("full chars", len(full.output))
                add("delta chars", len(delta.output))
                # What the default costs an action, on the big page and a small one.
                for url, tag in ((big, "big"), (small, "small")):
                    for page, side in ((off, "off"), (on, "on")) if n % 2 else ((on, "on"), (off, "off")):
                        await page.run_command(f"open {url}")
                        await page.run_command("snapshot -i")
                        took, answer = await _ms(page.run_command("click #relabel"))
                        add(f"click {tag} {side} ms", took)
                        add(f"click {tag} {side} chars", len(answer.output))
    med = {k: statistics.median(v) for k, v in out.items()}
    med["repeat / cold"] = med["repeat ms"] / med["cold ms"]
    med["after change / cold"] = med["after change ms"] / med["cold ms"]
    med["delta chars / full chars"] = med["delta chars"] / med["full chars"]
    for tag in ("big", "small"):
        med[f"click {tag} on / off (time)"] = med[f"click {tag} on ms"] / med[f"click {tag} off ms"]
    return med


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--controls", type=int, default=6000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    med = asyncio.run(measure(args.rounds, args.controls))
    if args.json:
        print(json.dumps(med))
        return
    for key, value in med.items():
        print(f"{key:<34} {value:>10.3f}" if isinstance(value, float) and value < 10 else f"{key:<34} {value:>10.1f}")


if __name__ == "__main__":
    main()
