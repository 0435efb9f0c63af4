"""The page runtime (snapshot/runtime/*.js, assembled) on its own: its operations called directly through the engine."""

from __future__ import annotations

import json

import pytest

from refwright import Page, RefwrightError
from refwright._async.runtime._runtime_engine import ENGINE, RUNTIME_SOURCE, run_op
from refwright.snapshot._format import MAX_VALUE, quote
from refwright.snapshot._runtime import shipped

from ..conftest import run
from ..server import TestServer

BODY = """<h1>Title</h1><button id="b">Go</button><input id="i" aria-label="Name" value="v">
<div style="height:3000px"></div>"""


@pytest.fixture
async def loaded(page: Page, server: TestServer) -> Page:
    await run(page, f"open {server.html('/rt.html', BODY)}")
    await page.snapshot()  # registers the engine
    return page


async def test_snapshot_op_renders_lines_and_lists_refs(loaded: Page) -> None:
    result = await run_op(loaded.playwright_page, "snapshot", 5_000, interactive=True)
    assert set(result) == {"token", "url", "title", "truncated", "gone", "lines", "depths", "refLines", "refIds",
                           "refRoles", "refNames", "refKinds", "stamp"}
    assert result["url"].endswith("/rt.html") and result["truncated"] is False
    # Lines come without their ref: Python names refs, so they stay stable across frames and documents.
    assert result["lines"] == ['[heading] "Title" [level=1]', '[button] "Go"', '[textbox] "Name" value="v"']
    assert result["refLines"] == [0, 1, 2]
    assert result["refRoles"] == ["heading", "button", "textbox"]
    assert result["refNames"] == ["Title", "Go", "Name"]
    assert result["refKinds"] == "-xx"
    # Local ids are stable for the life of the document.
    again = await run_op(loaded.playwright_page, "snapshot", 5_000, interactive=True)
    assert again["refIds"] == result["refIds"] and again["token"] == result["token"]


async def test_ref_selector_resolves_only_for_the_current_document(loaded: Page) -> None:
    pw = loaded.playwright_page
    result = await run_op(pw, "snapshot", 5_000, interactive=True)
    button = result["refIds"][1]
    assert await pw.locator(f"{ENGINE}=ref:{result['token']}:{button}").text_content() == "Go"
    assert await pw.locator(f"{ENGINE}=ref:other-token:{button}").count() == 0
    assert await pw.locator(f"{ENGINE}=ref:{result['token']}:999999").count() == 0


# Names that exercise every escape: quotes, backslashes, C0 and C1 controls, line separators, a lone
# surrogate, astral characters on both sides of the length limit.
TRICKY = ['say "hi" \\ bye', "tab\tnew\u000bline\u001b", "nel\u0085del\u007f", "ls\u2028ps\u2029",
          "lone\ud800x", "\U0001F600" * 199 + "ab", "\U0001F600" * 200, "x" * 201, "é" * 200]


@pytest.mark.parametrize("text", TRICKY)
async def test_runtime_quotes_like_python(page: Page, server: TestServer, text: str) -> None:
    # A textarea's value reaches the line as it is (names have their whitespace collapsed first).
    await run(page, f"open {server.html('/quote.html', '<textarea id=t aria-label=Notes></textarea>')}")
    await page.playwright_page.evaluate("v => { document.getElementById('t').value = v; }", text)
    snap = await page.snapshot(interactive=True)
    assert snap.tree == '@e1 [textarea] "Notes" value=' + quote(text, MAX_VALUE)
    assert len(snap.tree.splitlines()) == 1
    if len(text) <= MAX_VALUE:
        assert snap.nodes[0].value == text


async def test_scroll_storage_focus_ops(loaded: Page) -> None:
    pw = loaded.playwright_page
    assert (await run_op(pw, "scroll", 5_000, dx=0, dy=250))["y"] == 250
    assert (await run_op(pw, "scroll", 5_000, to="top"))["y"] == 0
    await pw.evaluate("localStorage.clear(); localStorage.setItem('a', '1')")
    assert (await run_op(pw, "storage", 5_000, kind="local", clear=False))["entries"] == [["a", "1"]]
    # The test server's origin is shared by every test: leave its storage as it was found.
    assert (await run_op(pw, "storage", 5_000, kind="local", clear=True))["entries"] == []
    await pw.focus("#i")
    assert (await run_op(pw.locator("#i"), "focused", 5_000))["focused"] is True
    assert (await run_op(pw.locator("#b"), "focused", 5_000))["focused"] is False


async def test_annotate_draws_and_removes_labels(loaded: Page) -> None:
    pw = loaded.playwright_page
    result = await run_op(pw, "snapshot", 5_000, interactive=True)
    ids = [[local_id, i + 1] for i, local_id in enumerate(result["refIds"])]
    before = await pw.evaluate("document.documentElement.children.length")
    boxes = (await run_op(pw, "annotate", 5_000, items=ids))["boxes"]
    assert len(boxes) == 3 and all(b is not None and b[2] > 0 for b in boxes)
    assert await pw.evaluate("document.documentElement.children.length") == before + 1
    await run_op(pw, "unannotate", 5_000)
    assert await pw.evaluate("document.documentElement.children.length") == before


async def test_errors_come_back_as_errors(loaded: Page) -> None:
    with pytest.raises(RefwrightError, match="unknown page runtime operation teleport"):
        await run_op(loaded.playwright_page, "teleport", 5_000)
    raw = await loaded.playwright_page.locator(f"{ENGINE}=run:not-base64!").text_content()
    assert "page runtime failed" in json.loads(raw or "{}")["error"]


def test_runtime_is_one_self_contained_file() -> None:
    # A selector-engine expression: no imports, no globals of the page, one IIFE.
    assert RUNTIME_SOURCE.lstrip().startswith("//")
    assert "(() => {" in RUNTIME_SOURCE and RUNTIME_SOURCE.rstrip().endswith("})()")
    assert "import " not in RUNTIME_SOURCE and "require(" not in RUNTIME_SOURCE


def test_the_shipped_runtime_drops_comment_lines_and_indentation_only() -> None:
    source = "(() => {\n  // why\n  const a = 'x // y';\n    return `one ${a}`;\n})()"
    assert shipped(source) == "(() => {\n\nconst a = 'x // y';\nreturn `one ${a}`;\n})()"
    assert len(shipped(RUNTIME_SOURCE).split("\n")) == len(RUNTIME_SOURCE.split("\n"))  # line numbers kept
    assert len(shipped(RUNTIME_SOURCE)) < 0.75 * len(RUNTIME_SOURCE)
    for spanning in ("const t = `a\n  b`;", "const s = 'a\\\n  b';"):
        with pytest.raises(ValueError, match="spans lines"):
            shipped(spanning)
