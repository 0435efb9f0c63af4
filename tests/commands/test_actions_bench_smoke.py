"""benchmarks/actions.py still runs: every row is timed with the settle step on and off, and the step is
switched back on afterwards. No timing is asserted; the script is where times are measured."""

from __future__ import annotations

from benchmarks.actions import ROWS, measure

from refwright._async.pipeline import _settle


async def test_the_actions_benchmark_runs_one_round_each_way() -> None:
    settling = _settle.SETTLING
    times = await measure(1, toggle=True)
    assert set(times) == {*ROWS, *(row + " [off]" for row in ROWS)}
    assert all(len(samples) == 1 and samples[0] > 0 for samples in times.values())
    assert settling == _settle.SETTLING
