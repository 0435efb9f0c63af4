"""`refwright doctor`'s OCR check: recognise a drawn word with the real engine."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from ._engine import OcrUnavailableError, default_engine, tessdata_dir
from ._text import parse_tsv

__all__ = ["check_ocr"]


def check_ocr() -> tuple[bool, str]:
    """(works, one line saying what was found or how to fix it)."""
    try:
        engine = default_engine()
    except OcrUnavailableError as exc:
        return False, str(exc)
    image = Image.new("L", (400, 80), 255)
    ImageDraw.Draw(image).text((20, 15), "Refwright 2048", fill=0, font=ImageFont.load_default(size=32))
    words = [w.text for line in parse_tsv(engine.tsv(image)) for w in line.words]
    if words != ["Refwright", "2048"]:
        return False, f"the engine read {words!r} instead of ['Refwright', '2048'] (data at {tessdata_dir()})"
    import tesserocr  # type: ignore[import-untyped]

    return True, f"ok (tesseract {tesserocr.tesseract_version().split()[1]}, data at {tessdata_dir()})"
