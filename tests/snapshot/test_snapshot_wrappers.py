"""A list item or paragraph that holds a single line says nothing of its own: that line takes its place,
one level up. Wrappers with more than one line, or with a name, ref, value or state, keep their line, and
so does every top-level line (what `snapshot -s` was asked about)."""

from __future__ import annotations

from refwright import Page

from ..conftest import run
from ..server import TestServer

PAGE = """<nav aria-label="Docs"><ul>
  <li><a href="#a">Alpha</a></li>
  <li><p><a href="#b">Beta</a></p></li>
  <li><a href="#c">Gamma</a> <button>Gamma menu</button>
    <ul><li><a href="#d">Delta</a></li></ul></li>
  <li aria-current="page"><a href="#e">Epsilon</a></li>
  <li><span>Plain text</span></li>
</ul></nav>
<main><p>By <a href="#f">Ann</a></p><div><p>Alone</p></div></main>"""


async def test_single_line_wrappers_give_way_to_their_line(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.html('/wrappers.html', PAGE)}")
    assert (await run(page, "snapshot")).splitlines() == [
        '@e1 [navigation] "Docs"',
        "  [list]",
        '    @e2 [link] "Alpha"',
        '    @e3 [link] "Beta"',  # a paragraph inside the item: both give way
        "    [listitem]",  # the link, its menu button and a sub-list: the item keeps its line
        '      @e4 [link] "Gamma"',
        '      @e5 [button] "Gamma menu"',
        "      [list]",
        '        @e6 [link] "Delta"',
        "    [listitem] [current]",  # a state is something of its own
        '      @e7 [link] "Epsilon"',
        '    "Plain text"',
        "[main]",
        "  [paragraph]",
        '    "By"',
        '    @e8 [link] "Ann"',
        '  "Alone"',
    ]
    # The refs of the lines that moved up are the elements themselves.
    await run(page, "click @e3")
    assert await run(page, "get url") == server.url("/wrappers.html#b")


async def test_a_wrapper_asked_for_by_selector_keeps_its_line(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.html('/wrappers.html', PAGE)}")
    assert await run(page, "snapshot -s 'main div p'") == '[paragraph]\n  "Alone"'
    assert (await run(page, "snapshot -s 'nav li'")).splitlines() == ["[listitem]", '  @e1 [link] "Alpha"']


async def test_the_typed_nodes_are_the_lines(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.html('/wrappers.html', PAGE)}")
    snap = await page.snapshot()
    assert len(snap.nodes) == len(snap.tree.splitlines())
    beta = next(n for n in snap.nodes if n.name == "Beta")
    assert (beta.ref, beta.role, beta.depth) == ("e3", "link", 2)
    assert snap.refs["e3"].name == "Beta"
