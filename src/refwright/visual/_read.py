"""Read a screenshot line by line: find the lines, normalise each, lay them out on one canvas, recognise.

The lines are pasted one under another on a white canvas that is handed to Tesseract once; each line is then
recognised as a single line (PSM 7) through a rectangle of that canvas, which avoids a per-crop image setup.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray
from PIL import Image

from ._engine import Glyph, Recognised, TesseractEngine
from ._preprocess import dark_on_light
from ._regions import find_lines, normalise_line
from ._text import OcrLine, OcrWord, parse_tsv

__all__ = ["read_screen"]

# White space around and between lines on the canvas (pixels).
_GAP = 12
# Words below this confidence are usually specks or icon fragments read as letters.
_MIN_CONFIDENCE = 30.0
# A digit is at most about this wide for its height; a wider "digit" is likely two merged glyphs.
_MERGED_ASPECT = 1.0
# Repeated digit glyphs ("00", "11") are the ones the line recogniser most often collapses or splits.
_MAX_RECHECKS = 8


@dataclass(frozen=True)
class _Placed:
    """A line on the canvas: where it was pasted, and how canvas pixels map back to the screenshot."""

    canvas_box: tuple[int, int, int, int]
    origin: tuple[int, int]
    scale: float

    def to_screen(self, box: tuple[int, int, int, int]) -> tuple[float, float, float, float]:
        left, top, right, bottom = box
        cx, cy = self.canvas_box[0], self.canvas_box[1]
        return (self.origin[0] + (left - cx) / self.scale, self.origin[1] + (top - cy) / self.scale,
                (right - left) / self.scale, (bottom - top) / self.scale)


def _layout(gray: NDArray[np.uint8]) -> tuple[Image.Image, list[_Placed]]:
    lines, clutter = find_lines(gray)
    crops = []
    for line in lines:
        pixels, origin, scale = normalise_line(gray, line, clutter)
        image = Image.fromarray(pixels)
        if scale != 1.0:
            size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
            image = image.resize(size, Image.Resampling.BICUBIC)
        crops.append((image, origin, scale))
    width = max((c[0].width for c in crops), default=1) + 2 * _GAP
    height = sum(c[0].height + _GAP for c in crops) + _GAP
    canvas = Image.new("L", (width, height), 255)
    placed, y = [], _GAP
    for image, origin, scale in crops:
        canvas.paste(image, (_GAP, y))
        placed.append(_Placed((_GAP, y, image.width, image.height), origin, scale))
        y += image.height + _GAP
    return canvas, placed


def _word(found: Recognised, place: _Placed, dpr: float, offset: tuple[float, float],
          chars: tuple[Glyph, ...] = ()) -> OcrWord:
    x, y, w, h = place.to_screen(found.box)
    boxes = []
    for glyph in chars:
        gx, gy, gw, gh = place.to_screen(glyph.box)
        boxes.append((glyph.text, gx / dpr + offset[0], gy / dpr + offset[1], gw / dpr, gh / dpr))
    return OcrWord(found.text, x / dpr + offset[0], y / dpr + offset[1], w / dpr, h / dpr, found.confidence,
                   tuple(boxes))


def _digit_glyphs(engine: TesseractEngine, canvas: Image.Image, word: Recognised,
                  budget: list[int]) -> tuple[Glyph, ...]:
    """The digits of ``word`` one box each; glyphs that look merged are read again on their own crop, and
    repeated digits one at a time while ``budget[0]`` (shared by the whole screen) lasts."""
    glyphs: list[Glyph] = []
    for glyph in sorted((g for g in word.glyphs if g.text.isdigit()), key=lambda g: g.box[0]):
        left, top, right, bottom = glyph.box
        if glyphs:
            # The line recogniser's character boxes overlap (a box may span its left neighbour too).
            left = min(max(left, glyphs[-1].box[2]), right - 1)
        glyphs.append(Glyph(glyph.text, (left, top, right, bottom), glyph.confidence))
    out: list[Glyph] = []
    for i, glyph in enumerate(glyphs):
        left, top, right, bottom = glyph.box
        repeated = (i > 0 and glyphs[i - 1].text == glyph.text) or (
            i + 1 < len(glyphs) and glyphs[i + 1].text == glyph.text)
        if (right - left) > _MERGED_ASPECT * (bottom - top):
            # Two glyphs read as one: the single-word reader on just this crop usually separates them.
            again = engine.read_digits(canvas, glyph.box, single=False)
            if 1 < len(again) <= round((right - left) / (0.45 * (bottom - top))):
                out.extend(again)
                continue
        elif repeated and budget[0] > 0:
            budget[0] -= 1
            again = engine.read_digits(canvas, glyph.box, single=True)
            if len(again) == 1 and again[0].text != glyph.text:
                out.append(Glyph(again[0].text, glyph.box, again[0].confidence))
                continue
        out.append(glyph)
    return tuple(out)


def read_screen(engine: TesseractEngine, image: Image.Image, *, dpr: float = 1.0,
                offset: tuple[float, float] = (0.0, 0.0), sparse: bool = False,
                digits: bool = False) -> tuple[OcrLine, ...]:
    """The text lines of ``image`` with word boxes in CSS pixels (device pixels / ``dpr`` + ``offset``).

    ``sparse`` adds a slower whole-image sparse-text pass for labels the line finder missed (faint or tiny
    text); ``digits`` keeps numbers only, each word with one box per digit.
    """
    gray = np.asarray(image.convert("L"))
    canvas, placed = _layout(gray)
    lines: list[OcrLine] = []
    budget = [_MAX_RECHECKS]
    read = engine.read_lines(canvas, [p.canvas_box for p in placed], glyphs=digits)
    for place, words in zip(placed, read, strict=True):
        kept = []
        for found in words:
            if found.confidence < _MIN_CONFIDENCE or not found.text.strip():
                continue
            if digits:
                core = found.text.strip(".,:;()[]%$")
                if not core or not core[0].isdigit() or not all(c.isdigit() or c in ".," for c in core):
                    continue
                chars = _digit_glyphs(engine, canvas, found, budget)
                text = "".join(g.text for g in chars)
                if not text:
                    continue
                kept.append(_word(Recognised(text, found.box, found.confidence, ()), place, dpr, offset, chars))
            else:
                kept.append(_word(found, place, dpr, offset))
        if kept:
            lines.append(OcrLine(tuple(kept)))
    if sparse and not digits:
        lines.extend(_sparse_extra(engine, image, lines, dpr, offset))
    return tuple(lines)


def _sparse_extra(engine: TesseractEngine, image: Image.Image, lines: list[OcrLine], dpr: float,
                  offset: tuple[float, float]) -> list[OcrLine]:
    """Lines of a whole-image sparse-text pass that overlap none of the lines already read."""
    extra = []
    for line in parse_tsv(engine.tsv(dark_on_light(image), sparse=True), dpr, offset):
        x, y, w, h = line.box
        if not any(_overlaps((x, y, w, h), seen.box) for seen in lines):
            extra.append(line)
    return extra


def _overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]
