"""Label comparison: NFKC normalisation, matching tiers and ordinal words (pure)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence

__all__ = [
    "CLOSE_WORDS",
    "ORDINAL_PATTERN",
    "TIERS",
    "compact",
    "first_sentence",
    "fold",
    "loose",
    "match_labels",
    "norm",
    "ordinal_of",
    "synonym",
]

_SPACE = re.compile(r"\s+")


def norm(text: str) -> str:
    """NFKC, with every whitespace run collapsed to one space and the ends trimmed."""
    return _SPACE.sub(" ", unicodedata.normalize("NFKC", text or "")).strip()


def fold(text: str) -> str:
    """``norm`` and case-folded: ``"Straße"`` and ``"STRASSE"`` compare equal."""
    return norm(text).casefold()


def _edge(ch: str) -> bool:
    return unicodedata.category(ch)[0] in ("P", "S")


def loose(text: str) -> str:
    """``fold`` without punctuation or symbols at either end: ``"Next »"`` is ``"next"``."""
    t = fold(text)
    start, end = 0, len(t)
    while start < end and (_edge(t[start]) or t[start].isspace()):
        start += 1
    while end > start and (_edge(t[end - 1]) or t[end - 1].isspace()):
        end -= 1
    return t[start:end]


def compact(text: str) -> str:
    """Only the letters and digits of ``fold``: ``"User name:"`` is ``"username"``."""
    return "".join(ch for ch in fold(text) if ch.isalnum())


# A lone "x" (or a multiplication sign or cross) on a control means "close".
CLOSE_WORDS = frozenset({"x", "×", "✕", "✖", "╳", "✗", "close", "close dialog", "dismiss"})


# Every way of writing "log in" names the same button.
LOGIN_WORDS = frozenset({"login", "log in", "log-in", "sign in", "signin", "sign-in", "log on", "logon", "sign on"})


def synonym(text: str) -> str:
    """``loose``, with every way of writing "close" (x, ×, dismiss...) read as ``"close"``, and of "log in"
    (login, sign in...) as ``"login"``."""
    t = loose(text)
    return "close" if t in CLOSE_WORDS else "login" if t in LOGIN_WORDS else t


# Tiers from strict to lenient; the first tier with any match decides, and only a unique match acts.
TIERS: tuple[tuple[str, Callable[[str], str]], ...] = (
    ("exact label", norm),
    ("label ignoring case", fold),
    ("label ignoring surrounding punctuation", loose),
    ("label ignoring spaces and punctuation", compact),
    ("synonym (x means Close)", synonym),
)


def match_labels(query: str, labels: Sequence[str]) -> tuple[str, list[int]]:
    """The first tier under which ``query`` equals some labels: ``(tier name, their indices)``.

    ``("", [])`` when no tier matches. Empty keys never match, so ``"..."`` does not equal ``"!"``.
    """
    for name, key in TIERS:
        wanted = key(query)
        if not wanted:
            continue
        hits = [i for i, label in enumerate(labels) if key(label) == wanted]
        if hits:
            return name, hits
    return "", []


_ORDINAL_WORDS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
    "ninth": 9, "tenth": 10, "last": -1,
}
ORDINAL_PATTERN = r"(?:\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last)"
_NUMERIC = re.compile(r"^(\d+)(?:st|nd|rd|th)$")


def ordinal_of(word: str) -> int | None:
    """``"3rd"`` is 3, ``"second"`` is 2, ``"last"`` is -1; anything else is ``None``."""
    w = word.strip().casefold()
    if w in _ORDINAL_WORDS:
        return _ORDINAL_WORDS[w]
    m = _NUMERIC.match(w)
    if m and int(m.group(1)) > 0:
        return int(m.group(1))
    return None


def first_sentence(text: str) -> str:
    """The first sentence of a message, whole: it ends at a full stop followed by a space (or the end) that
    is outside quotes and backticks, so a label such as "D.C." or a ref such as `click @e3` is never cut."""
    line = text.strip().splitlines()[0] if text.strip() else ""
    quoted = False
    ticked = False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == "`":
            ticked = not ticked
        elif ch in ".!?" and not quoted and not ticked and (i + 1 == len(line) or line[i + 1] == " "):
            return line[: i + 1]
    return line
