# Generated from src/refwright/_async/visual/_capture.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""Screenshot the viewport, mask editable fields, recognise the text."""

from __future__ import annotations

import hashlib
import io
from typing import Any

from PIL import Image
from playwright.sync_api import Page as PlaywrightPage

from ..._bridge import called
from ..._errors import RefwrightError
from ...visual import Rect, VisualText, default_engine, mask_rects

__all__ = ["capture_text", "masked_screenshot"]

# Fields whose value a person types: masked so that secrets never reach OCR or a model.
_EDITABLE_JS = """() => {
  const out = [];
  const skip = new Set(['button','submit','reset','checkbox','radio','range','color','file','image','hidden']);
  const sel = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';
  for (const el of document.querySelectorAll(sel)) {
    if (el.tagName === 'INPUT' && skip.has((el.type || '').toLowerCase())) continue;
    for (const r of el.getClientRects()) out.push([r.x, r.y, r.width, r.height]);
  }
  return {rects: out, dpr: window.devicePixelRatio || 1, w: window.innerWidth, h: window.innerHeight};
}"""


def masked_screenshot(pw: PlaywrightPage, shown: list[tuple[float, float, float, float]] | None = None,
                            ) -> tuple[Image.Image, float, tuple[int, int], int, str]:
    """(masked image, device pixel ratio, viewport CSS size, masked field count, sha256 of the masked PNG);
    ``shown`` are more boxes to blank (text that shows a secret)."""
    info: dict[str, Any] = pw.evaluate(_EDITABLE_JS)
    png = pw.screenshot(type="png")
    image = Image.open(io.BytesIO(png))
    rects = [Rect(*r) for r in info["rects"]] + [Rect(*r) for r in shown or []]
    # The screenshot's own size gives the true scale even when devicePixelRatio and the capture differ.
    scale = image.width / max(1, int(info["w"])) if info["w"] else float(info["dpr"])
    masked = mask_rects(image, rects, scale)
    digest = hashlib.sha256(masked.tobytes()).hexdigest()
    return masked, scale, (int(info["w"]), int(info["h"])), len(rects), digest


def capture_text(pw: PlaywrightPage, *, segmentation: str = "automatic", content: str = "general",
                       region: tuple[float, float, float, float] | None = None,
                       shown: list[tuple[float, float, float, float]] | None = None) -> VisualText:
    """OCR of the viewport (or a CSS-pixel ``region`` of it), boxes in CSS pixels; ``shown`` are more boxes
    to blank first (text that shows a secret)."""
    if segmentation not in ("automatic", "sparse-text"):
        raise RefwrightError(f'Unknown segmentation "{segmentation}": use "automatic" or "sparse-text".')
    if content not in ("general", "digits"):
        raise RefwrightError(f'Unknown content "{content}": use "general" or "digits".')
    sparse, digits = segmentation == "sparse-text", content == "digits"
    image, scale, viewport, masked, digest = masked_screenshot(pw, shown)
    offset = (0.0, 0.0)
    if region is not None:
        x, y, w, h = region
        image = image.crop((int(x * scale), int(y * scale), int((x + w) * scale), int((y + h) * scale)))
        offset = (x, y)
    # NumPy and SciPy (the line finder) load with the first OCR, not with refwright: most sessions never read
    # a screen, and the two cost every process start about 0.4 s.
    from ...visual._read import read_screen

    engine = default_engine()
    lines = called(lambda: read_screen(engine, image, dpr=scale, offset=offset, sparse=sparse,
                                                      digits=digits))
    return VisualText(lines=lines, viewport=viewport, screenshot_hash=digest, masked_fields=masked)
