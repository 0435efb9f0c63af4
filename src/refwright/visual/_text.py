"""The parsed OCR result: lines of words with boxes in CSS pixels, and phrase matching on it."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..snapshot._format import counted

__all__ = ["OcrLine", "OcrWord", "VisualText", "digits_only", "find_phrase", "parse_tsv"]

# Words below this confidence are usually specks or icon fragments read as letters.
_MIN_CONFIDENCE = 30.0


@dataclass(frozen=True)
class OcrWord:
    text: str
    x: float
    y: float
    width: float
    height: float
    confidence: float
    # Digits mode: each character with its box in CSS pixels (text, x, y, width, height).
    chars: tuple[tuple[str, float, float, float, float], ...] = ()

    @property
    def center(self) -> tuple[float, float]:
        return (self.x + self.width / 2, self.y + self.height / 2)


@dataclass(frozen=True)
class OcrLine:
    words: tuple[OcrWord, ...]

    @property
    def text(self) -> str:
        return " ".join(w.text for w in self.words)

    @property
    def box(self) -> tuple[float, float, float, float]:
        left = min(w.x for w in self.words)
        top = min(w.y for w in self.words)
        right = max(w.x + w.width for w in self.words)
        bottom = max(w.y + w.height for w in self.words)
        return (left, top, right - left, bottom - top)


@dataclass(frozen=True)
class VisualText:
    lines: tuple[OcrLine, ...]
    viewport: tuple[int, int]
    screenshot_hash: str = ""
    masked_fields: int = 0
    notes: tuple[str, ...] = field(default=())

    @property
    def text(self) -> str:
        return "\n".join(line.text for line in self.lines)

    def render(self, max_lines: int = 200, *, digits: bool = False) -> str:
        """The command output: one line per text line with its CSS box, bounded; ``digits`` adds each
        number's per-character boxes on an indented line."""
        out = [f"viewport {self.viewport[0]}x{self.viewport[1]}, {counted(len(self.lines), 'line')}"
               + (f", {counted(self.masked_fields, 'editable field')} masked" if self.masked_fields else "")]
        for line in self.lines[:max_lines]:
            x, y, w, h = line.box
            out.append(f"[{x:.0f},{y:.0f} {w:.0f}x{h:.0f}] {line.text}")
            if digits:
                out.extend("  " + " ".join(f"{c}[{cx:.0f},{cy:.0f} {cw:.0f}x{ch:.0f}]" for c, cx, cy, cw, ch in w.chars)
                           for w in line.words if w.chars)
        if len(self.lines) > max_lines:
            out.append(f"... {len(self.lines) - max_lines} more lines (use a region to read them)")
        out.extend(self.notes)
        return "\n".join(out)


def parse_tsv(tsv: str, scale: float = 1.0, offset: tuple[float, float] = (0.0, 0.0)) -> tuple[OcrLine, ...]:
    """Tesseract's TSV (level 5 rows are words) into lines, boxes divided by the device pixel ratio."""
    lines: dict[tuple[int, int, int, int], list[OcrWord]] = {}
    for row in tsv.splitlines():
        cols = row.split("\t")
        if len(cols) < 12 or cols[0] != "5":
            continue
        text = cols[11].strip()
        try:
            conf = float(cols[10])
            left, top, width, height = (int(c) for c in cols[6:10])
        except ValueError:
            continue
        if not text or conf < _MIN_CONFIDENCE:
            continue
        key = (int(cols[1]), int(cols[2]), int(cols[3]), int(cols[4]))
        lines.setdefault(key, []).append(OcrWord(
            text, left / scale + offset[0], top / scale + offset[1], width / scale, height / scale, conf))
    return tuple(OcrLine(tuple(words)) for words in lines.values())


def _norm(text: str) -> list[str]:
    return [w for w in re.split(r"\s+", text.strip().casefold()) if w]


def find_phrase(lines: tuple[OcrLine, ...], phrase: str) -> list[tuple[float, float, float, float]]:
    """Boxes (x, y, w, h in CSS pixels) of every exact, whole-word, case-insensitive match of ``phrase``.

    Punctuation glued to a word by OCR (``Save,``) is ignored at the phrase edges only.
    """
    wanted = _norm(phrase)
    if not wanted:
        return []
    found = []
    for line in lines:
        words = [w.text.casefold() for w in line.words]
        for i in range(len(words) - len(wanted) + 1):
            window = words[i:i + len(wanted)]
            if len(window) == 1:
                window = [window[0].strip(".,:;!?\"'()[]")]
            else:
                window = [window[0].lstrip("\"'(["), *window[1:-1], window[-1].rstrip(".,:;!?\"')]")]
            if window == wanted:
                hit = OcrLine(line.words[i:i + len(wanted)])
                found.append(hit.box)
    return found


def digits_only(lines: tuple[OcrLine, ...]) -> tuple[OcrLine, ...]:
    """Only the numeric words (0-9, separators such as 1,207 or 3.5 reduced to their digits' word)."""
    out = []
    for line in lines:
        words = []
        for w in line.words:
            core = w.text.strip(".,:;()[]%$")
            if core and re.fullmatch(r"[0-9][0-9.,]*", core):
                digits = re.sub(r"[^0-9]", "", core)
                words.append(OcrWord(digits, w.x, w.y, w.width, w.height, w.confidence))
        if words:
            out.append(OcrLine(tuple(words)))
    return tuple(out)
