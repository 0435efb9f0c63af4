"""benchmarks/mcp.py still runs: every server answers each step over stdio, and the report is rendered.

No timing is asserted; @playwright/mcp takes part only where shared/bench/peers.sh installed it.
"""

from __future__ import annotations

from benchmarks.mcp import _visit_ms, render, run


async def test_the_mcp_benchmark_runs_one_round() -> None:
    report = await run(1, ["docs.html"])
    servers = report["servers"]
    assert {"refwright commands", "refwright actions"} <= set(servers)
    for name, entry in servers.items():
        for step in ("navigate", "snapshot"):
            assert len(entry[step]["calls_ms"]) == 1 and entry[step]["median_ms"] > 0, (name, step)
        # Every snapshot result has the page in it; a visit is a navigate and the snapshot after it.
        assert entry["snapshot"]["chars"]["docs.html"] > 1_000, name
        assert _visit_ms(entry) == entry["navigate"]["calls_ms"][0] + entry["snapshot"]["calls_ms"][0]
    assert servers["refwright commands"]["last_ref"] > 0 and servers["refwright actions"]["last_ref"] == 0
    text = render(report)
    assert "refwright commands   snapshot" in text
    if "@playwright/mcp" in servers:
        assert text.count("per page visit") == 2 and "snapshot chars" in text
