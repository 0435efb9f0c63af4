"""diff snapshot and page.diff_snapshot(before, after)."""

from __future__ import annotations

from refwright import Page
from refwright.snapshot._diff import diff_snapshots

from ..conftest import run
from ..server import TestServer


def test_pure_diff_counts_elements() -> None:
    before = '@e1 [checkbox] "A"\n@e2 [button] "Delete"\n"text"'
    after = '@e1 [checkbox] "A" [checked]\n"text"\n@e3 [button] "Undo"'
    d = diff_snapshots(before, after)
    assert (d.added, d.removed, d.changed) == (1, 1, 1)
    assert d.text.splitlines()[0] == "1 added, 1 removed, 1 changed (1 line unchanged)."
    assert '- @e2 [button] "Delete"' in d.text and '+ @e3 [button] "Undo"' in d.text
    assert '+ @e1 [checkbox] "A" [checked]' in d.text and '- @e1 [checkbox] "A"' in d.text


def test_no_changes() -> None:
    d = diff_snapshots("@e1 [button] \"A\"", "@e1 [button] \"A\"")
    assert not d.has_changes and d.text == "No changes (1 line)."
    assert diff_snapshots("(empty page)", "(empty page)").text == "No changes (0 lines)."


async def test_diff_snapshot_command(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/signup.html')}")
    assert (await run(page, "diff snapshot -i")).startswith("(no earlier snapshot")
    await run(page, "check @e4")
    out = await run(page, "diff snapshot -i")
    assert out.splitlines() == [
        "0 added, 0 removed, 1 changed (10 lines unchanged).",
        '- @e4 [checkbox] "I agree to the terms"',
        '+ @e4 [checkbox] "I agree to the terms" [checked] [focused]',
    ]
    assert await run(page, "diff snapshot -i") == "No changes (11 lines)."
    assert await run(page, "DIFF snapshot -i") == "No changes (11 lines)."


async def test_typed_diff(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/signup.html')}")
    before = await page.snapshot(interactive=True)
    await page.playwright_page.evaluate("document.getElementById('done').hidden = false")
    after = await page.snapshot()
    d = page.diff_snapshot(before, after)
    assert '+     "Welcome aboard!"' in d.text or any("Welcome aboard!" in ln for ln in d.text.splitlines())
    assert d.added >= 1


async def test_diff_snapshot_compares_like_with_like(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/signup.html')}")
    full = await run(page, "snapshot")
    interactive = await run(page, "snapshot -i")
    assert len(full.splitlines()) > len(interactive.splitlines())
    await run(page, "check @e4")
    # After `snapshot -i`, `diff snapshot` takes its snapshot with -i too: only the checkbox changed.
    assert (await run(page, "diff snapshot")).splitlines() == [
        "0 added, 0 removed, 1 changed (10 lines unchanged).",
        '- @e4 [checkbox] "I agree to the terms"',
        '+ @e4 [checkbox] "I agree to the terms" [checked] [focused]',
    ]
    # Flags given: compared with the latest snapshot taken with them, whatever came since.
    await run(page, "uncheck @e4")
    await run(page, "snapshot -i")
    await run(page, "check @e4")
    diffed = await run(page, "diff snapshot -i")
    assert diffed.startswith("0 added, 0 removed, 1 changed (10 lines unchanged).")
    full_diff = await run(page, "diff snapshot -c")
    assert full_diff.startswith("(no earlier snapshot with -c here: this is the first, later `diff snapshot -c` "
                                "calls show changes; the last snapshot was `snapshot -i`)\n")
    assert await run(page, "diff snapshot") == f"No changes ({len(full_diff.splitlines()) - 1} lines)."
