"""The real-pages options benchmark: each option's lines from one `snapshot -i -u`, the cap, the breakdown,
and a run on a served page with real Chromium (benchmarks/realpages_options.py measures the figures)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from benchmarks.realpages_options import breakdown, cap, measure, options, summary

LINES = [
    '@e1 [heading] "Shop" [level=1]',
    '@e2 [link] "Tent" url="https://x.test/tent"',
    "[heading] [level=3]",
    '@e3 [link] "Tent" url="https://x.test/tent"',
    '@e4 [link] "Tent" url="https://x.test/other"',
    '@e5 [link] "A very long teaser that goes on and on past sixty characters, surely" url="https://x.test/t"',
    '@e6 [button] "Go"',
]


def test_each_option_drops_only_what_it_names() -> None:
    out = options(LINES)
    assert out["base"][1] == '@e2 [link] "Tent"' and len(out["base"]) == len(LINES)
    assert [ln for ln in out["no-headings"] if "heading" in ln] == []
    assert out["no-bare-heads"] == [ln for ln in out["base"] if ln != "[heading] [level=3]"]
    assert out["no-levels"][0] == '@e1 [heading] "Shop"' and out["no-levels"][2] == "[heading]"
    # Same name and target: printed once; same name, another target: kept.
    assert '@e3 [link] "Tent"' not in out["dedup-drop"] and '@e4 [link] "Tent"' in out["dedup-drop"]
    assert out["dedup-alias"][1] == '@e2 [link] "Tent" +@e3'
    cut = out["names-60"][5]
    assert cut.startswith('@e5 [link] "A very long teaser') and cut.endswith('…"') and len(cut) < len(out["base"][5])
    assert out["names-80"][5] == out["base"][5]
    both = out["no-bare-heads+dedup-alias"]
    assert "[heading] [level=3]" not in both and both[1] == '@e2 [link] "Tent" +@e3' and len(both) == len(LINES) - 2


def test_cap_cuts_at_a_line_and_says_so() -> None:
    lines = [f'@e{n} [link] "Item {n}"' for n in range(1, 200)]
    assert cap(lines, None) == "\n".join(lines)
    text = cap(lines, 500)
    kept = text.splitlines()[:-1]
    assert kept == lines[: len(kept)] and len("\n".join(kept)) <= 500
    assert text.splitlines()[-1].startswith("[... snapshot truncated")


def test_breakdown_counts_kinds_parts_and_pages(tmp_path: Path) -> None:
    (tmp_path / "p.refwright.txt").write_text('@e1 [link] "Home"\n[heading] [level=2]\n@e2 [button] "Go"')
    (tmp_path / "p.agent-browser.txt").write_text('- link "Home" [ref=e1]\n- button "Go" [ref=e2]')
    out = "\n".join(breakdown(tmp_path, ["p", "missing"]))
    assert "breakdown of 1 pages: refwright 55 characters, agent-browser 45" in out
    assert "heading (no ref)" in out and "ref '@eN '" in out


def test_a_run_measures_each_option_against_chromiums_tree(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "source.html").write_text(
        "<title>a</title><h3><a href='/x'>Tent</a></h3><a href='/x'>Tent</a><a href='/y'>Tent</a><button>Go</button>")
    truth = [["link", "Tent"], ["link", "Tent"], ["link", "Tent"], ["button", "Go"]]
    records = asyncio.run(measure(tmp_path, ["a"], {"a": {"truth": truth, "ab_chars": 100}}))
    v = records[0]["variants"]
    assert records[0]["plain_chars"] == v["base"]["chars"]
    assert v["base"]["matched"] == 4 and v["dedup-alias"]["matched"] == 4
    assert v["dedup-drop"]["matched"] == 3 and v["dedup-drop"]["chars"] < v["base"]["chars"]
    assert v["no-bare-heads"]["chars"] < v["base"]["chars"]
    assert records[0]["extras"] == []
    assert "dedup-drop" in "\n".join(summary(records))
