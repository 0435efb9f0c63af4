"""The real-pages benchmark still runs: its truth extraction, miss classes, and a refwright + Playwright run
on two tiny pages (no timing asserted; benchmarks/realpages.py measures)."""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

import pytest
from benchmarks import compare as cmp
from benchmarks.realpages import aria_items, ax_items, miss_class, page_names, recall, run


def test_ax_items_keeps_interactive_unignored_nodes_with_aria_role_names() -> None:
    nodes = [
        {"role": {"value": "RootWebArea"}, "name": {"value": "Doc"}},
        {"role": {"value": "link"}, "name": {"value": "Home"}},
        {"role": {"value": "button"}, "name": {"value": "Hidden"}, "ignored": True},
        {"role": {"value": "MenuListOption"}, "name": {"value": "Red"}},
        {"role": {"value": "StaticText"}, "name": {"value": "Home"}},
        {"role": {"value": "textbox"}},
    ]
    assert [(i.role, i.name) for i in ax_items(nodes)] == [("link", "Home"), ("option", "Red"), ("textbox", "")]


def test_aria_items_reads_roles_and_quoted_names() -> None:
    text = '- banner:\n  - link "Home \\"page\\"":\n    - /url: /\n  - text: hi\n- button "Go"\n- textbox'
    assert [(i.role, i.name) for i in aria_items(text)] == [("link", 'Home "page"'), ("button", "Go"),
                                                           ("textbox", "")]


@pytest.mark.parametrize(("expected", "got", "cls"), [
    ("Home", None, "absent"),
    ("", None, "absent (unnamed in Chromium)"),
    ("Home", "", "unnamed in refwright"),
    ("Read more", "Readmore", "spaces differ"),
    ("NEWS", "news", "case differs (text-transform?)"),
    ("Citi fined", "Citi fined Citi fined", "name repeated"),
    ("Logo", '<img src="/a.png" alt="Logo">', "markup in name"),
    ("Home", "Home page", "refwright name longer (contains Chromium's)"),
    ("Home page", "Home", "refwright name shorter (inside Chromium's)"),
    ("Home", "Away", "other name"),
])
def test_miss_class_names_the_difference(expected: str, got: str | None, cls: str) -> None:
    assert miss_class(expected, got) == cls


def test_recall_counts_role_and_name_as_multisets() -> None:
    truth = [cmp.Item("e1", "link", "Edit"), cmp.Item("e2", "link", "Edit"), cmp.Item("e3", "button", "Go")]
    got = [cmp.Item("e1", "link", "Edit"), cmp.Item("e2", "button", "GO")]
    matched, misses = recall(truth, got)
    assert matched == 1
    assert sorted(m["class"] for m in misses) == ["absent", "case differs (text-transform?)"]


def test_a_run_on_two_pages_measures_refwright_and_playwright(tmp_path: Path) -> None:
    for name, body in (("a", '<a href="/b/source.html">Next</a><button>Go</button>'),
                       ("b", '<label>Q <input type="search"></label>')):
        (tmp_path / name).mkdir()
        (tmp_path / name / "source.html").write_text(f"<title>{name}</title>{body}")
    (tmp_path / "not-a-page").mkdir()
    names = page_names(tmp_path, "", 0)
    assert names == ["a", "b"]
    args = argparse.Namespace(tools="refwright,playwright", refwright_src=None, nav_timeout=None, partial=None,
                              peers_script=None, texts=None)
    doc = asyncio.run(run(args, tmp_path, names))
    a, b = doc["pages"]
    assert a["truth"] == [["link", "Next"], ["button", "Go"]]
    assert b["truth"] == [["searchbox", "Q"]]
    rw = a["tools"]["refwright"]
    assert rw["open_ok"] and rw["matched"] == 2 and rw["misses"] == []
    assert rw["first_link"]["name"] == "Next" and rw["first_link"]["ok"]
    assert not rw["title_starts_note"]
    assert doc["summary"]["refwright"]["recall"] == doc["summary"]["playwright"]["recall"] == 1.0
