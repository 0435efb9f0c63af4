"""The snapshot benchmark still runs: page generators, ref matching, and a refwright-only run on tiny pages.

No timing is asserted here; benchmarks/snapshot.py is where times are measured. The peers test runs only
where shared/bench/peers.sh has installed them.
"""

from __future__ import annotations

import json

import pytest
from benchmarks import compare as cmp
from benchmarks.pagegen import controls_page, count_controls, count_elements, elements_page
from benchmarks.peers import find_peers
from benchmarks.server import PAGES_DIR, PageServer
from benchmarks.snapshot import AB_I, MCP, PW_AI, RW_FULL, RW_I, Options, report, run_benchmark

from refwright import RefEntry


@pytest.mark.parametrize("n", [3, 8, 61, 250])
def test_controls_page_has_exactly_n_controls(n: int) -> None:
    page = controls_page(n)
    assert page.controls == n == count_controls(page.html)
    assert page.elements == count_elements(page.html) > n
    assert controls_page(n).html == page.html  # deterministic


def test_elements_page_reaches_the_element_count() -> None:
    page = elements_page(1_000)
    assert 1_000 <= page.elements < 1_100
    assert page.controls > 100


def test_corpus_pages_are_within_the_intended_size() -> None:
    pages = sorted(PAGES_DIR.glob("*.html"))
    assert len(pages) >= 4
    for file in pages:
        assert 100 <= count_elements(file.read_text(encoding="utf-8")) <= 1_500, file.name


def test_page_server_serves_memory_and_files() -> None:
    import urllib.request

    with PageServer() as server:
        url = server.add("/x.html", "<p>hi</p>")
        assert url.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(url, timeout=5) as r:
            assert r.read() == b"<p>hi</p>"
        name = next(PAGES_DIR.glob("*.html")).name
        with urllib.request.urlopen(server.url("/" + name), timeout=5) as r:
            assert r.status == 200
        with pytest.raises(urllib.error.HTTPError):
            urllib.request.urlopen(server.url("/../pyproject.toml"), timeout=5)


def test_compare_classifies_misses() -> None:
    ab_json = json.dumps({"success": True, "data": {
        "refs": {
            "e1": {"role": "button", "name": "Save"},
            "e2": {"role": "button", "name": "Save"},
            "e3": {"role": "link", "name": "Cloudrunner 4 Cloudrunner 4"},
            "e4": {"role": "combobox", "name": "Country"},
            "e5": {"role": "option", "name": "France"},
            "e6": {"role": "generic", "name": ""},
            "e7": {"role": "cell", "name": "Total"},
        },
        "snapshot": '- button "Save" [ref=e1]\n- button "Save" [ref=e2]\n'
                    '- link "Cloudrunner 4 Cloudrunner 4" [ref=e3]\n'
                    '- combobox "Country" [ref=e4]: France\n  - option "France" [selected, ref=e5]\n'
                    '- generic "Free shipping" [ref=e6] clickable [cursor:pointer, onclick]\n- cell "Total" [ref=e7]',
    }})
    items = cmp.ab_items(ab_json)
    assert [i.ref for i in items] == ["e1", "e2", "e3", "e4", "e5", "e6", "e7"]
    assert items[4].parent == "combobox"
    assert items[5].clickable and items[5].name == "Free shipping"
    rw = {"e1": RefEntry("e1", "button", "Save"), "e2": RefEntry("e2", "button", "Save"),
          "e3": RefEntry("e3", "link", "Cloudrunner 4Cloudrunner 4"), "e4": RefEntry("e4", "combobox", "Country"),
          "e9": RefEntry("e9", "heading", "Extra")}
    interactive = cmp.compare([i for i in items if cmp.is_interactive(i)], cmp.rw_items(rw))
    assert interactive.matched == 3
    assert {(m.item.ref, m.why) for m in interactive.misses} == {
        ("e3", "name differs"), ("e5", "absent"), ("e6", "absent")}
    assert interactive.by_role() == {"link": 1, "option in combobox": 1, "generic (clickable)": 1}
    assert [i.ref for i in interactive.extras] == ["e9"]
    with_cursor = cmp.compare(items[5:6], cmp.rw_items({"e1": RefEntry("e1", "clickable", "Free shipping")}))
    assert with_cursor.complete


async def test_refwright_only_run_on_tiny_pages() -> None:
    opts = Options(tools=("refwright", "playwright"), controls=40, big=400, big_repeats=1, repeats=1,
                   corpus_repeats=1, warmup=0, pages=["settings"], quiet=True)
    results = await run_benchmark(opts)
    names = [p["name"] for p in results["pages"]]
    assert names == ["controls-40", "settings", "elements-400"]
    for page in results["pages"]:
        tools = page["tools"]
        assert tools[RW_I].get("error") is None, tools[RW_I]
        assert tools[RW_I]["runs"] == 1 and tools[RW_I]["chars"] > 0
        assert tools[RW_I]["median_ms"] > 0
        assert "refwright_breakdown" in page
        breakdown = page["refwright_breakdown"]
        assert breakdown["nodes"] > 0 and breakdown["payload_chars"] > 0
        assert breakdown["instrumented"]["query_all_calls_per_text_content"] is not None
        # The stages are really timed: the runtime's calls (on either route) and the operation in the page.
        assert breakdown["run_op_ms"] > 0 and breakdown["instrumented"]["in_page_op_ms"] is not None
    first = results["pages"][0]
    assert set(first["tools"]) == {RW_I, RW_FULL, PW_AI}
    assert first["ratios"]["fastest_peer"] == PW_AI
    assert "controls-40" in report(results)


_peers = find_peers()


@pytest.mark.skipif(_peers is None or not (_peers.has_agent_browser and _peers.has_mcp),
                    reason="peers not installed (shared/bench/peers.sh install)")
async def test_peers_run_on_a_tiny_page() -> None:
    opts = Options(tools=("refwright", "agent-browser", "mcp"), controls=12, big=0, repeats=1, warmup=0,
                   full=False, breakdown=False, quiet=True)
    results = await run_benchmark(opts)
    page = results["pages"][0]
    for variant in (RW_I, AB_I, MCP):
        assert page["tools"][variant].get("error") is None, page["tools"][variant]
        assert page["tools"][variant]["chars"] > 0
    assert page["coverage"]["interactive"]["agent_browser_refs"] >= 12
    assert page["coverage"]["interactive"]["complete"], page["coverage"]["interactive"]
