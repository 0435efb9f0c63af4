"""Tesseract in-process through tesserocr, kept loaded between calls (a process per call costs ~0.4 s)."""

from __future__ import annotations

import glob
import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from PIL import Image

from .._errors import OcrUnavailableError

__all__ = ["Glyph", "OcrUnavailableError", "Recognised", "TesseractEngine", "default_engine", "tessdata_dir"]

Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class Glyph:
    """One recognised character: its box (left, top, right, bottom) on the recognised image."""

    text: str
    box: Box
    confidence: float


@dataclass(frozen=True)
class Recognised:
    """One recognised word, its box on the recognised image, and its characters when asked for."""

    text: str
    box: Box
    confidence: float
    glyphs: tuple[Glyph, ...]

_SETUP_HINT = ("install it with `pip install tesserocr` and the English data with "
               "`apt-get install tesseract-ocr-eng` (scripts/setup.sh does both), or set TESSDATA_PREFIX")


def tessdata_dir() -> str | None:
    """The folder holding eng.traineddata: $TESSDATA_PREFIX, else Debian's tesseract-ocr folders."""
    candidates = [os.environ.get("TESSDATA_PREFIX", "")]
    candidates += sorted(glob.glob("/usr/share/tesseract-ocr/*/tessdata"), reverse=True)
    candidates += ["/usr/share/tessdata", "/usr/local/share/tessdata"]
    for folder in candidates:
        if folder and os.path.isfile(os.path.join(folder, "eng.traineddata")):
            return folder
    return None


# Lines are read by this many loaded APIs at once (the benchmark machine has 2 cores).
_WORKERS = max(1, min(2, os.cpu_count() or 1))


class TesseractEngine:
    """One loaded API per page segmentation mode; calls are serialised (an API is not thread-safe)."""

    def __init__(self) -> None:
        try:
            import tesserocr  # type: ignore[import-untyped]
        except ImportError as exc:
            raise OcrUnavailableError(f"Local OCR needs the tesserocr package: {_SETUP_HINT}.") from exc
        folder = tessdata_dir()
        if folder is None:
            raise OcrUnavailableError(f"Local OCR found no English language data (eng.traineddata): {_SETUP_HINT}.")
        self._tesserocr: Any = tesserocr
        self._folder = folder
        self._apis: dict[int, Any] = {}
        self._lock = threading.Lock()
        self._line_apis: list[Any] = []

    def _api(self, psm: int) -> Any:
        api = self._apis.get(psm)
        if api is None:
            api = self._tesserocr.PyTessBaseAPI(path=self._folder, lang="eng", psm=psm)
            self._apis[psm] = api
        return api

    def tsv(self, image: Image.Image, *, sparse: bool = False, digits: bool = False) -> str:
        """Tesseract's TSV for ``image``: PSM 3 (automatic) or 11 (sparse text).

        ``digits`` restricts the character set to 0-9. Measured here: with the whitelist alone Tesseract's
        LSTM drops the spaces between numbers and reports confidence 0, so ``capture_text`` recognises
        generally and keeps the numeric words instead; the whitelist stays for digit-only crops.
        """
        psm = self._tesserocr.PSM.SPARSE_TEXT if sparse else self._tesserocr.PSM.AUTO
        with self._lock:
            api = self._api(int(psm))
            api.SetVariable("tessedit_char_whitelist", "0123456789" if digits else "")
            api.SetImage(image)
            api.Recognize()
            return str(api.GetTSVText(0))

    def read_lines(self, canvas: Image.Image, boxes: list[tuple[int, int, int, int]], *,
                   glyphs: bool = False) -> list[list[Recognised]]:
        """Each (left, top, width, height) rectangle of ``canvas`` read as one text line (PSM 7).

        The lines are shared among one loaded API per core (Tesseract releases the GIL while it recognises),
        each setting the canvas once for all its lines; the longest lines are dealt out first to balance them.
        """
        with self._lock:
            if not self._line_apis:
                psm = self._tesserocr.PSM.SINGLE_LINE
                self._line_apis = [self._tesserocr.PyTessBaseAPI(path=self._folder, lang="eng", psm=psm)
                                   for _ in range(_WORKERS)]
                for api in self._line_apis:
                    # Every line is already dark-on-white: Tesseract's retry of doubtful lines inverted only
                    # costs time.
                    api.SetVariable("tessedit_do_invert", "0")
            shares: list[list[int]] = [[] for _ in self._line_apis]
            load = [0] * len(shares)
            for index in sorted(range(len(boxes)), key=lambda i: -boxes[i][2] * boxes[i][3]):
                least = load.index(min(load))
                shares[least].append(index)
                load[least] += boxes[index][2] * boxes[index][3]
            out: list[list[Recognised]] = [[] for _ in boxes]

            def work(api: Any, indices: list[int]) -> None:
                api.SetImage(canvas)
                for index in indices:
                    api.SetRectangle(*boxes[index])
                    api.Recognize()
                    out[index] = self._words(api, glyphs)

            busy = [(api, share) for api, share in zip(self._line_apis, shares, strict=True) if share]
            if len(busy) <= 1:
                for api, share in busy:
                    work(api, share)
            else:
                threads = [threading.Thread(target=work, args=item) for item in busy[1:]]
                for thread in threads:
                    thread.start()
                try:
                    work(*busy[0])
                finally:
                    for thread in threads:
                        thread.join()
        return out

    def read_digits(self, canvas: Image.Image, box: Box, *, single: bool) -> list[Glyph]:
        """The digits in one (left, top, right, bottom) box of ``canvas``, read as a single character or
        as a single word (0-9 only)."""
        tess = self._tesserocr
        psm = tess.PSM.SINGLE_CHAR if single else tess.PSM.SINGLE_WORD
        left, top, right, bottom = box
        # Margin above and below only: one at the sides would take in part of the neighbouring digits.
        pad = max(2, (bottom - top) // 4)
        crop = Image.new("L", (right - left + 2 * pad, bottom - top + 2 * pad), 255)
        crop.paste(canvas.crop((left, top, right, bottom)), (pad, pad))
        with self._lock:
            api = self._api(int(psm))
            api.SetVariable("tessedit_char_whitelist", "0123456789")
            api.SetImage(crop)
            api.Recognize()
            found = [g for g in self._glyphs(api) if g.text.isdigit()]
            api.SetVariable("tessedit_char_whitelist", "")
        dx, dy = left - pad, top - pad
        return [Glyph(g.text, (g.box[0] + dx, g.box[1] + dy, g.box[2] + dx, g.box[3] + dy), g.confidence)
                for g in found]

    def _items(self, api: Any, level: int) -> Iterator[tuple[str, Box, float]]:
        """Text, box and confidence of each recognised item at ``level`` (word or symbol) that has both."""
        for item in self._tesserocr.iterate_level(api.GetIterator(), level):
            text, box = _text_of(item, level), item.BoundingBox(level)
            if text and box:
                yield text, tuple(box), float(item.Confidence(level))

    def _words(self, api: Any, glyphs: bool = False) -> list[Recognised]:
        out = [Recognised(text.strip(), box, confidence, ())
               for text, box, confidence in self._items(api, self._tesserocr.RIL.WORD)]
        if glyphs and out:
            chars = self._glyphs(api)
            out = [Recognised(w.text, w.box, w.confidence, tuple(
                c for c in chars if w.box[0] <= (c.box[0] + c.box[2]) / 2 < w.box[2]
                and w.box[1] <= (c.box[1] + c.box[3]) / 2 < w.box[3])) for w in out]
        return out

    def _glyphs(self, api: Any) -> list[Glyph]:
        return [Glyph(text, box, confidence) for text, box, confidence in self._items(api, self._tesserocr.RIL.SYMBOL)]


def _text_of(item: Any, level: int) -> str:
    try:
        return str(item.GetUTF8Text(level))
    except RuntimeError:  # tesserocr raises for an empty result instead of returning ""
        return ""


_default: TesseractEngine | None = None
_default_lock = threading.Lock()


def default_engine() -> TesseractEngine:
    """The process-wide engine, loaded on first use."""
    global _default
    with _default_lock:
        if _default is None:
            _default = TesseractEngine()
        return _default
