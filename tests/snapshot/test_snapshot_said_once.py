"""A name that only repeats the lines below it is said once: rows and cells named after their content,
a heading named after the link it wraps. Names an author gave are always printed, and the ref data keeps
every name."""

from __future__ import annotations

from refwright import Page

from ..conftest import run
from ..server import TestServer

LONG = " ".join(["Lorem ipsum dolor sit amet"] * 8)


async def test_rows_and_cells_say_their_content_once(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/spec/said_once.html')}")
    assert (await run(page, "snapshot")).splitlines() == [
        "[table]",
        "  [rowgroup]",
        "    [row]",  # its name was "Event Email": the header cells say it
        '      @e1 [columnheader] "Event"',
        '      @e2 [columnheader] "Email"',
        "    [row]",
        # A cell of text alone keeps its name and its ref; its text line would only repeat it.
        '      @e3 [cell] "Mentions"',
        # A cell named after the checkbox in it: the checkbox says the name and has the ref.
        "      [cell]",
        '        @e4 [checkbox] "Mentions by email"',
        "    [row]",
        '      @e5 [cell] "Replies"',
        "      [cell]",  # "Sent daily", said by its text and its link
        '        "Sent"',
        '        @e6 [link] "daily"',
        '    [row] "Totals"',  # aria-label: an author's name is always printed
        '      @e7 [cell] "Totals"',
        "    [row]",
        # A name cut for length would lose what the text line shows in full: the text line stays.
        "      [cell]",
        f'        "{LONG}"',
        "[heading] [level=3]",
        '  @e8 [link] "Alpine tent"',
        # The link is named by aria-labelledby: the heading's name, which comes from it, stays.
        '@e9 [heading] "Camp stove" [level=3]',
        '  @e10 [link] "Camp stove"',
        '"Camp stove"',
    ]


async def test_interactive_and_compact_snapshots_keep_the_heading_above_its_link(page: Page,
                                                                                  server: TestServer) -> None:
    await run(page, f"open {server.url('/spec/said_once.html')}")
    interactive = (await run(page, "snapshot -i")).splitlines()
    assert interactive[2:4] == ["[heading] [level=3]", '@e3 [link] "Alpine tent"']
    compact = (await run(page, "snapshot -c")).splitlines()
    assert "[heading] [level=3]" in compact
    assert not [line for line in compact if line.strip() in ("[row]", "[cell]")]


async def test_the_typed_snapshot_and_refs_keep_what_the_lines_leave_out(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/spec/said_once.html')}")
    snap = (await page.run_command("snapshot")).snapshot
    assert snap is not None
    assert snap.refs["e8"].name == "Alpine tent"
    assert snap.refs["e3"].name == "Mentions"
    headings = [n for n in snap.nodes if n.role == "heading"]
    # The typed node of a line without a ref carries the name the model read.
    assert [(n.name, n.ref) for n in headings] == [("", None), ("Camp stove", "e9")]
    # The checkbox in a cell is reached by its own ref, as before.
    assert await run(page, "click @e4") == "Clicked @e4"
    assert await run(page, "is checked @e4") == "true"
