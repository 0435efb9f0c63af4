"""Tesseract in-process through tesserocr, kept loaded between calls (a process per call costs ~0.4 s)."""

from __future__ import annotations

import glob
import os
import threading
from typing import Any

from PIL import Image

from .._errors import RefwrightError

__all__ = ["OcrUnavailableError", "TesseractEngine", "default_engine", "tessdata_dir"]

_SETUP_HINT = ("install it with `pip install tesserocr` and the English data with "
               "`apt-get install tesseract-ocr-eng` (scripts/setup.sh does both), or set TESSDATA_PREFIX")


class OcrUnavailableError(RefwrightError):
    """Local OCR cannot run on this machine."""


def tessdata_dir() -> str | None:
    """The folder holding eng.traineddata: $TESSDATA_PREFIX, else Debian's tesseract-ocr folders."""
    candidates = [os.environ.get("TESSDATA_PREFIX", "")]
    candidates += sorted(glob.glob("/usr/share/tesseract-ocr/*/tessdata"), reverse=True)
    candidates += ["/usr/share/tessdata", "/usr/local/share/tessdata"]
    for folder in candidates:
        if folder and os.path.isfile(os.path.join(folder, "eng.traineddata")):
            return folder
    return None


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

    def symbols(self, image: Image.Image, *,
                sparse: bool = False) -> list[tuple[str, tuple[int, int, int, int], float]]:
        """Digit symbols with their pixel boxes (left, top, right, bottom) and confidence."""
        tess = self._tesserocr
        psm = tess.PSM.SPARSE_TEXT if sparse else tess.PSM.AUTO
        out: list[tuple[str, tuple[int, int, int, int], float]] = []
        with self._lock:
            api = self._api(int(psm))
            api.SetVariable("tessedit_char_whitelist", "0123456789")
            api.SetImage(image)
            api.Recognize()
            it = api.GetIterator()
            level = tess.RIL.SYMBOL
            for sym in tess.iterate_level(it, level):
                text = sym.GetUTF8Text(level)
                box = sym.BoundingBox(level)
                if text and box:
                    out.append((text, box, float(sym.Confidence(level))))
            api.SetVariable("tessedit_char_whitelist", "")
        return out


_default: TesseractEngine | None = None
_default_lock = threading.Lock()


def default_engine() -> TesseractEngine:
    """The process-wide engine, loaded on first use."""
    global _default
    with _default_lock:
        if _default is None:
            _default = TesseractEngine()
        return _default


def in_thread(fn: Any) -> Any:
    """The sync API's counterpart of ``in_thread_async``: call it here."""
    return fn()


async def in_thread_async(fn: Any) -> Any:
    """Run blocking recognition off the event loop."""
    import asyncio

    return await asyncio.to_thread(fn)
