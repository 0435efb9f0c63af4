"""benchmarks/tokens.py still runs its 12-step flow with refwright's documented loop, and the flow succeeds.

No size is asserted: the benchmark measures it against the peers (benchmarks/RESULTS.md).
"""

from __future__ import annotations

from benchmarks.tokens import Known, main_async, refs_in


def test_refs_are_read_from_both_formats() -> None:
    assert refs_in('@e3 [button] "Save"\n- textbox "Email" [required, ref=f1e12]') == [
        ("e3", "button", "Save"), ("f1e12", "textbox", "Email")]
    known = Known()
    known.read('@e1 [button] "A"\n@e2 [button] "B"', replace=True)
    known.read('Changes:\n- @e1 [button] "A"\n+ @e3 [link] "C"', replace=False)
    assert known.find("link", "C") == "e3"
    assert list(known.refs) == ["e2", "e3"]


async def test_the_flow_succeeds_with_refwright() -> None:
    report = await main_async(["refwright"], 12, None)
    result = report["tools"]["refwright"]
    assert result["ok"] and not result["error"], report["answers"]["refwright"][-3:]
    # The documented loop: one snapshot per new document, and one when an answer said to.
    answers = report["answers"]["refwright"]
    assert sum(a.startswith("@e") for a in answers) <= 4, answers
