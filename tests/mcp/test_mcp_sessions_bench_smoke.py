"""benchmarks/mcp_sessions.py still runs (two sessions); no memory figure is asserted, only that each reading
is there. (benchmarks/mcp_stop.py times what tests/test_mcp_stop.py proves.)"""

from __future__ import annotations

import pytest
from benchmarks import mcp_sessions

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_the_memory_per_session_benchmark_reads_chromium_under_the_server() -> None:
    report = await mcp_sessions.run(2, "docs.html")
    assert [row["sessions"] for row in report["rows"]] == [1, 2]
    # A second context on the same browser is at least one more Chromium process, with memory of its own.
    assert report["rows"][1]["processes"] > report["rows"][0]["processes"] > 0
    assert all(0 < row["pss_kb"] < row["rss_kb"] for row in report["rows"])
    assert "each session after the first" in mcp_sessions.render(report)

