"""Changes a request asks for before its text is typed: upper or lower case, reversed, without spaces, the
first or last N letters (pure)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

__all__ = ["split_transforms"]

# "in upper case", "written entirely in capitals", "all in lower case": how the words before a case name run.
_WRITTEN = (r"\b(?:(?:written|typed|spelled|spelt|entered|put)\s+)?(?:(?:entirely|completely|fully|only|all)\s+)?"
            r"(?:in\s+)?(?:all\s+)?")
# Ways of changing a text before it is typed, as people ask for them: (phrase, change). A phrase may stand
# before the value ("the first 3 letters of "abcdef"") or after it ("in all upper case letters").
_TRANSFORMS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str], str], str]], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), change) for pattern, change in (
        (rf"{_WRITTEN}(?:upper[\s-]?case|capitals?|capital letters|caps|block\s+letters)(?:\s+(?:letters|characters))?",
         lambda m, v: v.upper()),
        (rf"{_WRITTEN}(?:lower[\s-]?case|small\s+letters)(?:\s+(?:letters|characters))?", lambda m, v: v.lower()),
        (r"\b(?:in\s+)?(?:reversed?|backwards?)(?:\s+order)?\b|\bin\s+reverse(?:\s+order)?",
         lambda m, v: v[::-1]),
        (r"\b(?:without|with\s+no)\s+(?:any\s+)?(?:spaces|whitespace)", lambda m, v: "".join(v.split())),
        (r"\b(?:only\s+)?the\s+first\s+(\d+)\s+(?:letters|characters)\s+(?:of|from)",
         lambda m, v: v[:int(m.group(1))]),
        (r"\b(?:only\s+)?the\s+last\s+(\d+)\s+(?:letters|characters)\s+(?:of|from)",
         lambda m, v: v[-int(m.group(1)):]),
    ))


def split_transforms(body: str) -> tuple[str, list[Callable[[str], str]]]:
    """``body`` without the phrases that say how to change the value, and those changes, in order."""
    changes: list[Callable[[str], str]] = []
    for pattern, change in _TRANSFORMS:
        m = pattern.search(body)
        if m:
            changes.append(functools.partial(change, m))
            body = (body[:m.start()] + " " + body[m.end():]).strip()
    return re.sub(r"\s+", " ", body), changes
