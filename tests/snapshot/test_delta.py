"""snapshot --delta, snapshot --find and screenshot --if-changed: answers that cost the model less."""

from __future__ import annotations

from refwright import Page
from refwright.snapshot._delta import delta_answer, line_delta
from refwright.snapshot._find import find_lines

from ..conftest import run
from ..server import TestServer

_SHOP = """<!doctype html><title>Shop</title>
<nav aria-label="Top"><a href="#">Home</a><a href="#">Cart</a></nav>
<main>
  <h1>Orders</h1>
  <section aria-label="Open orders"><h2>Open</h2>
    <button id="b1">Delete order 1</button><button id="b2">Keep</button></section>
  <section aria-label="Archived orders"><h2>Archived</h2>
    <button id="b3">Delete order 9</button></section>
  <p id="note">Nothing selected</p>
</main>
<script>
  document.getElementById('b2').onclick = () => {
    document.getElementById('b1').textContent = 'Deleted';
    const b = document.createElement('button'); b.textContent = 'Undo'; b.id = 'undo';
    document.querySelector('section').append(b);
    document.getElementById('b3').remove();
  };
</script>"""


def test_line_delta_pairs_a_ref_that_changed() -> None:
    old = ['@e1 [button] "A"', '@e2 [button] "B"', '@e3 [button] "C"']
    new = ['@e1 [button] "A"', '@e2 [button] "B2"', '@e4 [button] "D"']
    delta = line_delta(old, new)
    assert delta.lines() == ['~ @e2 [button] "B2"', '- @e3 [button] "C"', '+ @e4 [button] "D"']
    assert (delta.changed, delta.added, delta.removed, delta.unchanged_refs) == (1, 1, 1, 1)


def test_line_delta_ignores_indentation_in_print_and_focus_when_asked() -> None:
    old = ['[main]', '  @e1 [button] "A" [focused]', '  "text"']
    new = ['[main]', '  @e1 [button] "A"', '  "other text"']
    assert line_delta(old, new).lines() == ['~ @e1 [button] "A"', '- "text"', '+ "other text"']
    assert line_delta(old, new, ignore_focus=True).lines() == ['- "text"', '+ "other text"']


def test_delta_answer_falls_back_to_the_whole_tree_when_it_is_no_shorter() -> None:
    old = ['@e1 [button] "A"']
    new = ['@e2 [button] "B"']
    out = delta_answer("-i", old, new, "\n".join(new), navigated=False)
    assert out.startswith("[full snapshot: most of the page changed since the last `snapshot -i` (1 added, "
                          "1 removed)]\n")
    assert out.endswith('@e2 [button] "B"')


def test_find_lines_frames_each_match_with_its_landmarks_and_heading() -> None:
    lines = ['[navigation] "Top"', '  @e1 [link] "Home"', '[main]', '  @e2 [heading] "Open" [level=2]',
             '  @e3 [button] "Delete order 1"', '  @e4 [heading] "Archived" [level=2]', '  @e5 [button] "Delete 9"']
    out = find_lines(lines, "delete", "")
    assert out.splitlines() == ['2 lines of `snapshot` mention "delete":', '[main]',
                                '  @e2 [heading] "Open" [level=2]', '  @e3 [button] "Delete order 1"',
                                '  @e4 [heading] "Archived" [level=2]', '  @e5 [button] "Delete 9"']
    assert find_lines(lines, "zebra", "-i").startswith('No line of `snapshot -i` mentions "zebra" (7 lines).')


async def test_delta_on_a_page(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.html('/shop.html', _SHOP)}")
    first = await run(page, "snapshot -i --delta")
    assert first.startswith("[full snapshot: no earlier `snapshot -i` in this tab to compare with]\n@e1 [link]")
    assert await run(page, "snapshot -i --delta") == (
        "No changes since the last `snapshot -i` (8 refs, all still valid).")
    await page.playwright_page.evaluate("document.getElementById('b2').click()")
    out = await run(page, "snapshot -i --delta")
    assert out.splitlines() == [
        "Changes since the last `snapshot -i`: 1 changed, 1 added, 1 removed; the other 6 refs are unchanged "
        "and valid.",
        '~ @e5 [button] "Deleted"',
        '+ @e9 [button] "Undo"',
        '- @e8 [button] "Delete order 9"',
    ]
    # Refs from the delta and refs it did not list act as any ref.
    assert (await run(page, "get text @e9")) == "Undo"
    assert (await run(page, "get text @e6")) == "Keep"
    assert (await run(page, "get text @e5")) == "Deleted"


async def test_delta_keeps_each_view_apart_and_says_a_navigation(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.html('/shop.html', _SHOP)}")
    await run(page, "snapshot -i")
    full = await run(page, "snapshot --delta")
    assert full.startswith("[full snapshot: no earlier `snapshot` in this tab")
    await page.playwright_page.evaluate("document.getElementById('note').textContent = 'One selected'")
    assert (await run(page, "snapshot -i --delta")).startswith("No changes since the last `snapshot -i`")
    assert (await run(page, "snapshot --delta")).splitlines()[1:] == ['- "Nothing selected"', '+ "One selected"']
    await run(page, f"open {server.url('/signup.html')}")
    out = await run(page, "snapshot -i --delta")
    assert out.startswith("[full snapshot: the page is a new document since the last `snapshot -i`; its refs "
                          "replace the old]\n")
    assert '[button] "Create account"' in out


async def test_find_on_a_page(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.html('/shop.html', _SHOP)}")
    out = await run(page, "snapshot -i --find delete")
    assert out.splitlines() == ['2 lines of `snapshot -i` mention "delete":', '@e4 [heading] "Open" [level=2]',
                                '@e5 [button] "Delete order 1"', '@e7 [heading] "Archived" [level=2]',
                                '@e8 [button] "Delete order 9"']
    assert (await run(page, "get text @e8")) == "Delete order 9"
    full = await run(page, "snapshot --find selected")
    assert full.splitlines()[0] == '1 line of `snapshot` mentions "selected":'
    assert full.splitlines()[-1].strip() == '"Nothing selected"'
    # What --find showed is not the page as a delta knows it.
    assert (await run(page, "snapshot -i --delta")).startswith("[full snapshot: no earlier `snapshot -i`")


async def test_screenshot_if_changed(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.html('/shop.html', _SHOP)}")
    first = await page.run_command("screenshot --if-changed")
    assert first.output == "Screenshot 1280×720" and first.screenshot is not None
    same = await page.run_command("screenshot --if-changed")
    assert same.output == "Screenshot unchanged since the last screenshot (1280×720)."
    assert same.screenshot is None
    await page.playwright_page.evaluate("document.getElementById('note').textContent = 'Changed'")
    changed = await page.run_command("screenshot --if-changed")
    assert changed.output == "Screenshot 1280×720" and changed.screenshot is not None
