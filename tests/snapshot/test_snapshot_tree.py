"""Assembling a tree from runtime results, and parsing lines back into nodes (pure: no browser)."""

from __future__ import annotations

from typing import Any

import pytest

from refwright.snapshot._format import parse_line, quote
from refwright.snapshot._refs import RefTable
from refwright.snapshot._tree import TreeBuilder


def result(token: str, rows: list[tuple[str, int, int, str, str, str]]) -> dict[str, Any]:
    """A runtime result from (line, depth, local id or 0, role, name, kind) rows."""
    refs = [(i, r) for i, r in enumerate(rows) if r[2]]
    return {"token": token, "lines": [r[0] for r in rows], "depths": [r[1] for r in rows],
            "refLines": [i for i, _ in refs], "refIds": [r[2] for _, r in refs],
            "refRoles": [r[3] for _, r in refs], "refNames": [r[4] for _, r in refs],
            "refKinds": "".join(r[5] for _, r in refs)}


MAIN = result("main", [
    ('[heading] "Shop" [level=1]', 0, 1, "heading", "Shop", "-"),
    ('[iframe] "Cart"', 0, 2, "iframe", "Cart", "f"),
    ('[button] "Pay"', 1, 3, "button", "Pay", "x"),
    ('"Total: 3"', 1, 0, "", "", ""),
])
FRAME = result("frame", [('[link] "Remove"', 0, 1, "link", "Remove", "x")])


def assemble(table: RefTable, *, indent: bool = True) -> TreeBuilder:
    build = TreeBuilder(table, indent=indent)
    doc = build.document(MAIN, (), 0)
    (index,) = doc.iframe_lines
    build.emit(doc, 0, index + 1)
    iframe = build.target(doc, index)
    build.emit(build.document(FRAME, (iframe.selector("engine"),), doc.depths[index] + 1), 0, 1)
    build.emit(doc, index + 1, len(doc.lines))
    return build


def test_refs_follow_reading_order_and_frames_are_spliced_in() -> None:
    table = RefTable()
    table.begin("main")
    build = assemble(table)
    assert build.lines == [
        '@e1 [heading] "Shop" [level=1]',
        '@e2 [iframe] "Cart"',
        '  @e3 [link] "Remove"',
        '  @e4 [button] "Pay"',
        '  "Total: 3"',
    ]
    assert build.targets["e3"].frames == ("engine=ref:main:2",)
    assert build.targets["e3"].token == "frame"
    assert [(e.ref, e.role, e.name) for e in build.refs().values()] == [
        ("e1", "heading", "Shop"), ("e2", "iframe", "Cart"), ("e3", "link", "Remove"), ("e4", "button", "Pay")]


def test_refs_are_stable_across_snapshots_and_new_documents_get_new_ones() -> None:
    table = RefTable()
    table.begin("main")
    first = assemble(table).lines
    table.begin("main")
    assert assemble(table).lines == first
    table.begin("other-document")
    lines = assemble(table).lines
    assert lines[0].startswith("@e5 ") and lines[2].startswith("  @e7 ")


def test_interactive_trees_are_not_indented() -> None:
    table = RefTable()
    table.begin("main")
    assert assemble(table, indent=False).lines[2] == '@e3 [link] "Remove"'


def test_nodes_are_the_lines_as_records() -> None:
    table = RefTable()
    table.begin("main")
    nodes = assemble(table).nodes()
    assert [(n.ref, n.role, n.name, n.depth, n.interactive, n.text) for n in nodes] == [
        ("e1", "heading", "Shop", 0, False, False),
        ("e2", "iframe", "Cart", 0, False, False),
        ("e3", "link", "Remove", 1, True, False),
        ("e4", "button", "Pay", 1, True, False),
        (None, "text", "Total: 3", 1, False, True),
    ]
    assert nodes[0].states == ("level=1",)


@pytest.mark.parametrize(("line", "expected"), [
    ('[input type="email"] placeholder="Email" [required]',
     ("input type=\"email\"", "Email", "Email", None, None, ("required",))),
    ('[textbox] "Name" value="a \\"b\\" \\u2028" [focused] [invalid]',
     ("textbox", "Name", None, 'a "b" \u2028', None, ("focused", "invalid"))),
    ('[link] "Docs [v2]" url="https://x.test/?a=[1]"',
     ("link", "Docs [v2]", None, None, "https://x.test/?a=[1]", ())),
    ("[list]", ("list", "", None, None, None, ())),
])
def test_parse_line(line: str, expected: tuple[Any, ...]) -> None:
    node = parse_line(line, 2, None, None, None, False)
    assert (node.label, node.name, node.placeholder, node.value, node.url, node.states) == expected
    assert node.role == node.label and node.depth == 2


def test_parse_line_reads_back_any_quoted_text() -> None:
    for text in ['"', "\\", "\x00\x1f\x7f\x85", "\u2028", "[x]", ' value="y"', "é😀"]:
        assert parse_line(quote(text), 0, None, None, None, False).name == text
        assert parse_line("[x] " + quote(text), 0, None, None, None, False).name == text


def test_parse_line_refuses_what_is_not_a_line() -> None:
    with pytest.raises(ValueError, match="not a snapshot line"):
        parse_line("no label", 0, None, None, None, False)
