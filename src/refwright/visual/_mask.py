"""Blank editable fields out of a screenshot so that what a person typed never reaches OCR or a model."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

__all__ = ["Rect", "draw_labels", "mask_rects"]


@dataclass(frozen=True)
class Rect:
    """A box in CSS pixels of the viewport."""

    x: float
    y: float
    width: float
    height: float


def mask_rects(image: Image.Image, rects: list[Rect], scale: float) -> Image.Image:
    """A copy with each CSS-pixel rect (times the device pixel ratio ``scale``) filled in flat gray."""
    out = image.convert("RGB")
    draw = ImageDraw.Draw(out)
    for r in rects:
        left, top = max(0, int(r.x * scale)), max(0, int(r.y * scale))
        right = min(out.width, int((r.x + r.width) * scale + 0.999))
        bottom = min(out.height, int((r.y + r.height) * scale + 0.999))
        if right > left and bottom > top:
            draw.rectangle((left, top, right - 1, bottom - 1), fill=(200, 200, 200))
    return out



def draw_labels(image: Image.Image, labels: list[tuple[Rect, str]], scale: float) -> Image.Image:
    """A copy with each number label of an annotated screenshot drawn again in its box, as the page showed
    it (white on red): drawn here, not copied from the capture, so nothing of the page under it returns."""
    out = image.convert("RGB")
    draw = ImageDraw.Draw(out)
    font = ImageFont.load_default(size=max(8, round(11 * scale)))
    for r, text in labels:
        left, top = int(r.x * scale), int(r.y * scale)
        right, bottom = int((r.x + r.width) * scale + 0.999), int((r.y + r.height) * scale + 0.999)
        if right > left and bottom > top:
            draw.rectangle((left, top, right - 1, bottom - 1), fill=(225, 29, 72))
            draw.text((left + round(3 * scale), top + round(1 * scale)), text, fill=(255, 255, 255), font=font)
    return out
