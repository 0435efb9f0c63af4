"""Visual proposals on a canvas-only app: click by visible text, cancellation, drag, and visual scroll."""

from __future__ import annotations

import re

import pytest

from refwright import Page, RefwrightError

from ..conftest import run
from ..server import TestServer

pytest.importorskip("tesserocr")


async def log(page: Page) -> list[str]:
    return await page.playwright_page.locator("#log .entry").all_text_contents()


def token(output: str) -> str:
    m = re.search(r"confirm (p-[A-Za-z0-9_-]+)", output)
    assert m, output
    return m.group(1)


@pytest.fixture
async def canvas(page: Page, server: TestServer) -> Page:
    await run(page, f"open {server.url('/visual/canvas.html')}")
    return page


async def test_canvas_toolbar_clicked_by_visible_text(canvas: Page) -> None:
    out = await run(canvas, 'visual click "Export"')
    assert out.startswith('Needs approval: visual click on "Export" at (')
    assert await log(canvas) == []  # nothing happens before confirm
    done = await run(canvas, f"confirm {token(out)}")
    assert done.startswith("Confirmed: Clicked")
    assert await log(canvas) == ["clicked Export"]


async def test_proposal_cancelled_when_the_canvas_changed(canvas: Page) -> None:
    out = await run(canvas, 'visual click "Print"')
    await canvas.playwright_page.evaluate("retitle('Renamed')")
    with pytest.raises(RefwrightError, match="looks different"):
        await run(canvas, f"confirm {token(out)}")
    assert await log(canvas) == []


async def test_missing_text_is_a_clear_error(canvas: Page) -> None:
    with pytest.raises(RefwrightError, match='No text "Import"'):
        await run(canvas, 'visual click "Import"')


async def test_visual_drag_on_a_canvas_slider(canvas: Page) -> None:
    out = await run(canvas, "visual drag 100 203 350 203")
    assert "Needs approval: visual drag at (100,203) to (350,203)" in out
    await run(canvas, f"confirm {token(out)}")
    assert await log(canvas) == ["slider 50"]


async def test_visual_click_outside_the_viewport_is_refused(canvas: Page) -> None:
    with pytest.raises(RefwrightError, match="outside the"):
        await run(canvas, "visual click 5000 10")


async def test_visual_scroll_moves_the_nested_area(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/visual/scroll.html')}")
    before = await run(page, "visual text")
    assert "Walrus" not in before
    out = await run(page, "visual scroll 200 120 400")
    assert out.startswith("Scrolled +400px at (200,120).")
    assert "Walrus appendix ends" in out
    assert await page.playwright_page.evaluate("document.getElementById('box').scrollTop") > 0
    assert await page.playwright_page.evaluate("window.scrollY") == 0


async def test_act_falls_back_to_ocr_and_says_so_still_a_proposal(canvas: Page) -> None:
    out = await run(canvas, "act click Export")
    assert out.startswith('Needs approval: visual click on "Export"')
    assert "local OCR" in out and "No semantic control matched" in out
    # The refusal is quoted as a whole sentence, never cut off mid-word or mid-ref.
    whole = r"No semantic control matched \(No visible control matches \"Export\"[^`(]*\), so act read"
    assert re.search(whole, out), out
    assert await log(canvas) == []
    await run(canvas, f"confirm {token(out)}")
    assert await log(canvas) == ["clicked Export"]


async def test_act_keeps_its_refusal_when_ocr_does_not_read_the_label(canvas: Page) -> None:
    with pytest.raises(RefwrightError) as caught:
        await run(canvas, "act click Import")
    assert "OCR" not in str(caught.value)
