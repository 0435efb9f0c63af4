"""Make every region dark-on-light before recognition.

Tesseract loses most words written in light text on coloured buttons or dark themes; inverting the regions
whose local background is dark turns them into the dark-on-light text it was trained on.
"""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageFilter

__all__ = ["dark_on_light"]


def dark_on_light(image: Image.Image, *, window: int = 31) -> Image.Image:
    """A grayscale copy in which pixels whose neighbourhood is dark are inverted.

    The neighbourhood is a median over ``window`` pixels: a median follows the background (most pixels of a
    button are its fill), not the thin strokes of its text.
    """
    gray = image.convert("L")
    # The median filter on a quarter-size image is ~16x cheaper and the background is smooth anyway.
    small = gray.resize((max(1, gray.width // 4), max(1, gray.height // 4)), Image.Resampling.BOX)
    size = max(3, (window // 4) | 1)
    background = small.filter(ImageFilter.MedianFilter(size)).resize(gray.size, Image.Resampling.NEAREST)
    pixels = np.asarray(gray, dtype=np.float32)
    back = np.asarray(background, dtype=np.float32)
    dark = back < 128
    flipped = np.where(dark, 255 - pixels, pixels)
    # Divide by the local background so every region's fill becomes white: an inverted mid-tone button
    # would otherwise stay gray, and Tesseract's global threshold loses its text.
    paper = np.maximum(np.where(dark, 255 - back, back), 64.0)
    out = np.clip(flipped * (255.0 / paper), 0, 255).astype(np.uint8)
    return Image.fromarray(out, mode="L")
