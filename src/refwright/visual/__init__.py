"""Local OCR of page screenshots: preprocessing, masking, the engine and the parsed result (no browser here)."""

from typing import TYPE_CHECKING, Any

from ._engine import OcrUnavailableError, TesseractEngine, default_engine, tessdata_dir
from ._mask import Rect, draw_labels, mask_rects
from ._text import OcrLine, OcrWord, VisualText, find_phrase, parse_tsv

if TYPE_CHECKING:
    from ._preprocess import dark_on_light


def __getattr__(name: str) -> Any:
    # dark_on_light needs NumPy, which loads with the first OCR rather than with refwright.
    if name == "dark_on_light":
        from ._preprocess import dark_on_light

        return dark_on_light
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "OcrLine",
    "OcrUnavailableError",
    "OcrWord",
    "Rect",
    "TesseractEngine",
    "VisualText",
    "dark_on_light",
    "default_engine",
    "draw_labels",
    "find_phrase",
    "mask_rects",
    "parse_tsv",
    "tessdata_dir",
]
