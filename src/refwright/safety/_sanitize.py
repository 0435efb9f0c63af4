"""Scrubbing page-controlled text before a model reads it, and cutting output that is too long.

A page chooses its title, its URL path, its dialog messages and its text. Invisible characters let it hide
instructions from a human reviewing the transcript while the model still reads them (Unicode tag
characters spell ASCII invisibly), bidi overrides make a line read differently from its bytes, and
control characters can fake line structure in a one-line header. None of them carries meaning a model
needs, so they are removed rather than escaped.
"""

from __future__ import annotations

import re

__all__ = ["clean_line", "clean_text", "truncate"]

# Characters that are invisible or reorder text, removed everywhere.
_INVISIBLE = (
    "\u00ad"  # soft hyphen: invisible unless a line breaks there
    "\u061c"  # Arabic letter mark (bidi)
    "\u115f\u1160\u3164\uffa0"  # Hangul fillers render as blank space
    "\u180e"  # Mongolian vowel separator, formerly zero-width
    "\u200b-\u200f"  # zero-width space/non-joiner/joiner, LRM, RLM
    "\u202a-\u202e"  # bidi embeddings and overrides
    "\u2060-\u2064"  # word joiner and invisible operators
    "\u2066-\u206f"  # bidi isolates and deprecated format characters
    "\ufeff"  # zero-width no-break space (BOM)
    "\ufff9-\ufffb"  # interlinear annotation controls
    "\U0001bca0-\U0001bca3"  # shorthand format controls
    "\U0001d173-\U0001d17a"  # musical format controls
    "\U000e0000-\U000e007f"  # tag characters: can spell a whole hidden prompt
    "\U000e0100-\U000e01ef"  # variation selectors supplement: used to smuggle bytes after a glyph
)
# C0 controls except tab, newline and carriage return (handled as line breaks), DEL and C1 controls.
_CONTROLS = "\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f"

_REMOVE = re.compile(f"[{_CONTROLS}{_INVISIBLE}]")
_LINE_BREAKS = re.compile("\r\n?|[\u2028\u2029\x85]")
_LINE_WHITESPACE = re.compile(r"[\t\n]+")


def clean_text(text: str) -> str:
    """Remove control, bidi and zero-width characters from multi-line text.

    Newlines and tabs stay. Carriage returns and Unicode line/paragraph separators become ``\\n``, because
    a bare ``\\r`` lets later text overprint earlier text in a terminal transcript.
    """
    text = _LINE_BREAKS.sub("\n", text)
    return _REMOVE.sub("", text)


def clean_line(text: str) -> str:
    """Like :func:`clean_text`, for one-line values (URLs, titles, dialog messages, header fields).

    Line breaks and tabs become single spaces so the value cannot start a line of its own.
    """
    return _LINE_WHITESPACE.sub(" ", clean_text(text))


def truncate(
    text: str,
    max_chars: int,
    *,
    hint: str = "Use snapshot -s <css> or -d <depth> to see less at a time.",
) -> str:
    """Cut ``text`` to at most ``max_chars`` characters, ending with a note that says so.

    The note counts towards the limit (a limit usually stands for a budget further down the line), so
    the kept part is shorter than ``max_chars``; only when the limit is smaller than the note itself is
    the result longer. The cut moves back to a line end when one is near, so the last kept line is whole.
    """
    if max_chars < 0:
        raise ValueError(f"max_chars must be >= 0, not {max_chars}")
    total = len(text)
    if total <= max_chars:
        return text

    def note(kept: int) -> str:
        return f"\n[... output truncated: showed {kept} of {total} characters. {hint}]"

    kept = max(0, max_chars - len(note(max_chars)))
    line_end = text.rfind("\n", 0, kept + 1)
    # Snapshot lines are short; a line end in the last tenth is worth the few characters it costs.
    if line_end >= 0 and line_end >= kept - max(1, kept // 10):
        kept = line_end
    return text[:kept] + note(kept)
