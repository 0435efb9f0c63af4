"""Local OCR of page screenshots: preprocessing, masking, the engine and the parsed result (no browser here)."""

from ._engine import OcrUnavailableError, TesseractEngine, default_engine, tessdata_dir
from ._mask import Rect, mask_rects
from ._preprocess import dark_on_light
from ._text import OcrLine, OcrWord, VisualText, find_phrase, parse_tsv

__all__ = [
    "OcrLine",
    "OcrUnavailableError",
    "OcrWord",
    "Rect",
    "TesseractEngine",
    "VisualText",
    "dark_on_light",
    "default_engine",
    "find_phrase",
    "mask_rects",
    "parse_tsv",
    "tessdata_dir",
]
