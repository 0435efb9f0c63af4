"""Local OCR of the viewport on real Chromium: masking, digits, sparse labels."""

from __future__ import annotations

import pytest

import refwright
from refwright import Page, RefwrightError

from ..conftest import run
from ..server import TestServer

pytest.importorskip("tesserocr")


async def test_password_and_typed_text_never_reach_ocr(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/visual/form.html')}")
    result = await page.visual_text()
    text = result.text
    assert "Account settings" in text
    assert "Save changes" in text  # light text on a blue button, inverted before recognition
    assert "hunter2" not in text and "zebrafalcon" not in text
    assert result.masked_fields == 2
    assert result.viewport == tuple(page.playwright_page.viewport_size.values())  # type: ignore[union-attr]


async def test_digits_read_from_a_rendered_table(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/visual/table.html')}")
    result = await page.visual_text(content="digits")
    words = {w.text for line in result.lines for w in line.words}
    assert {"1207", "38419", "5560", "902716", "83", "4411"} <= words
    assert all(ch.isdigit() for w in words for ch in w)
    for word in (w for line in result.lines for w in line.words):
        # One box per digit, left to right, inside the word's box.
        assert "".join(c[0] for c in word.chars) == word.text
        lefts = [c[1] for c in word.chars]
        assert lefts == sorted(lefts)
        assert all(word.x - 1 <= c[1] and c[1] + c[3] <= word.x + word.width + 1 for c in word.chars)
    out = await run(page, "visual text --digits")
    assert "902716" in out and "9[" in out  # per-character boxes in the command output


async def test_boxes_are_css_pixels_at_device_pixel_ratio_two(page: Page, server: TestServer) -> None:
    context = page.playwright_page.context
    browser = context.browser
    assert browser is not None
    hidpi = await browser.new_page(device_scale_factor=2, viewport={"width": 640, "height": 400})
    try:
        await hidpi.goto(server.url("/visual/sparse.html"))
        wrapped = await refwright.wrap(hidpi, config=page.config)
        result = await wrapped.visual_text()
        assert result.viewport == (640, 400)
        box = next(w for line in result.lines for w in line.words if w.text == "North")
        # Canvas text at (100, 80) baseline, 16 px: in CSS pixels although the screenshot has twice as many.
        assert 95 <= box.x <= 105 and 62 <= box.y <= 80 and box.height < 20
    finally:
        await hidpi.close()


async def test_sparse_labels_on_a_blank_canvas(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/visual/sparse.html')}")
    result = await page.visual_text(segmentation="sparse-text")
    words = {w.text for line in result.lines for w in line.words}
    assert {"North", "Harbor", "Quarry", "Lighthouse"} <= words
    box = next(w for line in result.lines for w in line.words if w.text == "Quarry")
    # Canvas text at (300, 500) baseline: the box is in CSS pixels around it.
    assert 295 <= box.x <= 305 and 480 <= box.y <= 500


async def test_unknown_mode_is_a_clear_error(page: Page) -> None:
    with pytest.raises(RefwrightError, match="sparse-text"):
        await page.visual_text(segmentation="sideways")
