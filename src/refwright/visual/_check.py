"""`refwright doctor`'s OCR check: read a drawn button label with the real engine and line reader."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from ._engine import OcrUnavailableError, default_engine, tessdata_dir
from ._read import read_screen

__all__ = ["check_ocr"]


def check_ocr() -> tuple[bool, str]:
    """(works, one line saying what was found or how to fix it)."""
    try:
        engine = default_engine()
    except OcrUnavailableError as exc:
        return False, str(exc)
    # Light text on a coloured button, the case whole-page OCR loses, next to dark text on white.
    image = Image.new("RGB", (480, 90), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    draw.rectangle((250, 20, 460, 70), fill=(26, 86, 219))
    font = ImageFont.load_default(size=24)
    draw.text((20, 30), "Refwright", fill=(20, 20, 20), font=font)
    draw.text((270, 30), "2048 Save", fill=(255, 255, 255), font=font)
    words = [w.text for line in read_screen(engine, image) for w in line.words]
    if words != ["Refwright", "2048", "Save"]:
        return False, (f"the engine read {words!r} instead of ['Refwright', '2048', 'Save'] "
                       f"(data at {tessdata_dir()})")
    import tesserocr  # type: ignore[import-untyped]

    return True, f"ok (tesseract {tesserocr.tesseract_version().split()[1]}, data at {tessdata_dir()})"
