"""Find the text lines of a screenshot before recognition, and make each one dark-on-white.

Tesseract's own page layout analysis fails on UI screenshots: light text on coloured buttons, dark themes and
table grids mixed on one page. Measured here (benchmarks/ocr.py), whole-page recognition read 4-33% of the
button labels. So lines are found first, from the morphological gradient (strong local contrast whatever the
polarity), each is cut out with its own background, turned dark-on-white by that background, enlarged when
small, and only then read as a single line.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray
from scipy import ndimage  # type: ignore[import-untyped]

__all__ = ["LineCrop", "find_lines", "normalise_line"]

# A local contrast at least this strong (0-255, over 3x3 pixels) is ink or an edge.
_EDGE = 40
# Components taller than this (device pixels) are not text: panels, images, borders.
_MAX_TEXT_HEIGHT = 120
# A line is cut out with this much margin (times its height), so that dots and descenders stay inside.
_MARGIN = 0.3
# Lines are enlarged until they are about this tall (device pixels): measured in benchmarks/ocr.py,
# 20-34 px read the same, and smaller is faster.
_TARGET_HEIGHT = 24
_MAX_SCALE = 4.0


@dataclass(frozen=True)
class LineCrop:
    """One text line: its box in the screenshot (device pixels: left, top, right, bottom)."""

    left: int
    top: int
    right: int
    bottom: int

    @property
    def height(self) -> int:
        return self.bottom - self.top


def _boxes(labels: NDArray[np.int32], count: int) -> NDArray[np.int64]:
    """(count, 4) array of top, left, bottom, right per label 1..count."""
    out = np.zeros((count, 4), dtype=np.int64)
    for i, found in enumerate(ndimage.find_objects(labels, max_label=count)):
        if found is not None:
            out[i] = (found[0].start, found[1].start, found[0].stop, found[1].stop)
    return out


def _containers(boxes: NDArray[np.int64]) -> NDArray[np.bool_]:
    """Components whose box holds another component's box: button outlines, cells, frames, not glyphs."""
    top, left, bottom, right = boxes.T
    inside = ((top[None, :] >= top[:, None]) & (left[None, :] >= left[:, None])
              & (bottom[None, :] <= bottom[:, None]) & (right[None, :] <= right[:, None]))
    np.fill_diagonal(inside, False)
    return np.asarray(inside.any(axis=1))


def text_mask(gray: NDArray[np.uint8]) -> tuple[NDArray[np.bool_], NDArray[np.bool_]]:
    """(glyph-like pixels, other strong edges): the first is local contrast minus rules, frames and large
    shapes; the second is those rules, frames and shapes, painted out of each line before it is read."""
    grad = (ndimage.maximum_filter(gray, size=3).astype(np.int16)
            - ndimage.minimum_filter(gray, size=3).astype(np.int16))
    edges = grad >= _EDGE
    labels, count = ndimage.label(edges, structure=np.ones((3, 3), dtype=bool))
    if count == 0:
        return edges, edges
    boxes = _boxes(labels, count)
    height = boxes[:, 2] - boxes[:, 0]
    width = boxes[:, 3] - boxes[:, 1]
    keep = (height <= _MAX_TEXT_HEIGHT) & (height >= 3)
    # Rules and borders: long and thin. A long word is at most ~12 times as wide as it is tall.
    keep &= ~((height <= 4) & (width > 24)) & ~((width <= 4) & (height > 3 * 24))
    keep &= width <= 16 * np.maximum(height, 6)
    if keep.any():
        # A button's outline holds its label; a table's grid holds its numbers: drop such holders.
        kept = np.flatnonzero(keep)
        keep[kept[_containers(boxes[kept])]] = False
    lookup = np.concatenate(([False], keep))
    glyphs = np.asarray(lookup[labels])
    return glyphs, edges & ~glyphs


def find_lines(gray: NDArray[np.uint8]) -> tuple[list[LineCrop], NDArray[np.bool_]]:
    """The text lines of a grayscale screenshot, top to bottom, left to right, and the clutter mask
    (borders, frames, shapes) for ``normalise_line``."""
    mask, clutter = text_mask(gray)
    labels, count = ndimage.label(mask, structure=np.ones((3, 3), dtype=bool))
    if count == 0:
        return [], clutter
    boxes = _boxes(labels, count)
    # Join glyphs into lines: each glyph's box widened by about half its height bridges letter and word
    # gaps but not the padding between separate buttons or table cells.
    joined = np.zeros(gray.shape, dtype=bool)
    width = gray.shape[1]
    for top, left, bottom, right in boxes:
        reach = int((bottom - top) * 0.5) + 2
        joined[top:bottom, max(0, left - reach):min(width, right + reach)] = True
    groups, found = ndimage.label(joined)
    lines = []
    for top, left, bottom, right in _boxes(groups, found):
        # Undo the widening at the ends: the real extent is where the glyph pixels are.
        cols = np.flatnonzero(mask[top:bottom, left:right].any(axis=0))
        rows = np.flatnonzero(mask[top:bottom, left:right].any(axis=1))
        if cols.size == 0 or rows.size == 0:
            continue
        line = LineCrop(int(left + cols[0]), int(top + rows[0]), int(left + cols[-1] + 1), int(top + rows[-1] + 1))
        if line.height >= 5 and line.right - line.left >= 3:
            lines.append(line)
    lines.sort(key=lambda r: (r.top, r.left))
    return lines, clutter


def normalise_line(gray: NDArray[np.uint8], line: LineCrop,
                   clutter: NDArray[np.bool_] | None = None) -> tuple[NDArray[np.uint8], tuple[int, int], float]:
    """The line cut out with a margin, dark text on white whatever its colours, enlarged when small.

    Returns (image, (left, top) of the cut in the screenshot, scale applied).
    """
    margin = max(2, int(line.height * _MARGIN))
    top, left = max(0, line.top - margin), max(0, line.left - margin)
    bottom, right = min(gray.shape[0], line.bottom + margin), min(gray.shape[1], line.right + margin)
    crop = gray[top:bottom, left:right].astype(np.float32)
    ring = np.concatenate((crop[0], crop[-1], crop[:, 0], crop[:, -1]))
    background = float(np.median(ring))
    if clutter is not None:
        # A cell border beside a number would be read as a "|" or a "1".
        crop[clutter[top:bottom, left:right]] = background
    low, high = np.percentile(crop, (3, 97))
    # The text is whichever extreme lies farther from the background.
    if high - background > background - low:
        crop, background, ink = 255.0 - crop, 255.0 - background, 255.0 - float(high)
    else:
        ink = float(low)
    span = max(background - ink, 24.0)
    out = np.clip((crop - ink) * (255.0 / span), 0, 255).astype(np.uint8)
    scale = min(_MAX_SCALE, max(1.0, _TARGET_HEIGHT / max(1, line.height)))
    return out, (left, top), scale
