"""Where an MCP call's time goes: the server's own overhead against the browser work it carries.

    python benchmarks/mcp_profile.py            # 5 rounds over benchmarks/pages

For the ``commands`` profile over stdio (the way benchmarks/mcp.py drives it) and for the same command
lines run in-process on a refwright Page (no MCP, no second process), per step, the median in ms:

  get url        no browser round trip: the MCP server's own cost per call (framing, dispatch, stdio)
  open           navigate: commit, the load event, the title
  snapshot 1st   the first runtime call in a new document: refwright finds the document's utility world
                 over CDP and builds its engines there before the snapshot runs (benchmarks/first_call.py)
  snapshot warm  the same snapshot again
  snapshot -i    interactive only, warm

MCP minus in-process is what the server adds to a call; the rest is the browser's.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
import mcp  # noqa: E402

sys.path.insert(0, str(_HERE.parent))
from benchmarks.server import PAGES_DIR, PageServer  # noqa: E402

_SRC = _HERE.parent / "src"
STEPS = ("get url", "open", "snapshot 1st", "snapshot warm", "snapshot -i")


def _command(step: str, url: str) -> str:
    return {"get url": "get url", "open": f"open {url}", "snapshot 1st": "snapshot", "snapshot warm": "snapshot",
            "snapshot -i": "snapshot -i"}[step]


async def _timed(run: Callable[[str], Awaitable[object]], pages: list[str], site: PageServer, rounds: int
                 ) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {s: [] for s in STEPS}
    await run(f"open {site.url('/' + pages[0])}")  # warm-up: the browser starts
    for _ in range(rounds):
        for page in pages:
            for step in STEPS:
                start = time.perf_counter()
                await run(_command(step, site.url("/" + page)))
                times[step].append((time.perf_counter() - start) * 1000)
    return times


async def main(rounds: int, pages: list[str]) -> None:
    import refwright

    env = dict(os.environ)
    env["PYTHONPATH"] = str(_SRC) + os.pathsep + env.get("PYTHONPATH", "")
    params = mcp.StdioServerParameters(command=sys.executable, env=env,
                                       args=["-m", "refwright", "mcp", "--profile", "commands", "--allow-private"])
    with PageServer() as site:
        async with mcp.Client(params) as client:
            async def over_mcp(command: str) -> object:
                result = await client.call_tool("browser", {"command": command})
                if result.is_error:
                    said = getattr(result.content[0], "text", "") if result.content else ""
                    raise RuntimeError(f"{command}: {said[:200]}")
                return result

            via_mcp = await _timed(over_mcp, pages, site, rounds)
        async with refwright.launch(config=refwright.Config(allow_private=True)) as browser:
            page = await browser.new_page()
            in_process = await _timed(page.run_command, pages, site, rounds)
    print(f"median ms over {rounds} rounds x {len(pages)} pages, load {os.getloadavg()[0]:.1f}")
    print(f"{'step':<16}{'over MCP':>10}{'in-process':>12}{'MCP adds':>10}")
    for step in STEPS:
        a, b = statistics.median(via_mcp[step]), statistics.median(in_process[step])
        print(f"{step:<16}{a:>10.1f}{b:>12.1f}{a - b:>10.1f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--pages", default=",".join(sorted(p.name for p in PAGES_DIR.glob("*.html"))))
    opts = parser.parse_args()
    asyncio.run(main(opts.rounds, [p for p in opts.pages.split(",") if p]))
