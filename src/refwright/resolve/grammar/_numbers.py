"""Properties of a number the page shows, as requests name them (pure): odd or even, positive or negative,
greater or less than a bound. A number that has none of the asked properties (0 is neither positive nor
negative; 2.5 is neither odd nor even) is an answer the request cannot give, and is refused."""

from __future__ import annotations

import re
from fractions import Fraction

from ..._errors import RefwrightError

__all__ = ["CLASS_PAIRS", "class_of", "feedback_of", "fits", "guess_bounds", "parse_number", "wanted_text"]

# Classes a request may ask to mark numbers as, in pairs that split the numbers between them.
CLASS_PAIRS = (frozenset({"odd", "even"}), frozenset({"positive", "negative"}))

_NUMBER = re.compile(r"[-+−]?\d+(?:[.,]\d+)?")


def parse_number(text: str) -> Fraction | None:
    """``-1``, ``8``, ``2.5`` (a comma as the decimal point too); None when ``text`` is not one number."""
    t = text.strip()
    if not _NUMBER.fullmatch(t):
        return None
    return Fraction(t.replace("−", "-").replace(",", ".").lstrip("+"))


def _odd(n: Fraction) -> bool | None:
    return None if n.denominator != 1 else n.numerator % 2 == 1


def class_of(n: Fraction, classes: tuple[str, ...]) -> str:
    """Which of ``classes`` (a pair of CLASS_PAIRS) the number is in; a refusal when it is in neither."""
    pair = frozenset(c.lower() for c in classes)
    if pair == {"odd", "even"}:
        odd = _odd(n)
        if odd is not None:
            return "odd" if odd else "even"
    elif pair == {"positive", "negative"} and n != 0:
        return "positive" if n > 0 else "negative"
    raise RefwrightError(f"{_text(n)} is neither {' nor '.join(sorted(pair))}, so it cannot be marked. Nothing "
                         "more was done.")


def _text(n: Fraction) -> str:
    return str(n.numerator) if n.denominator == 1 else str(float(n))


def fits(n: Fraction, wanted: str, bound: str = "") -> bool:
    """Whether ``n`` is what a request asks for: ``odd``, ``even``, ``positive``, ``negative``, ``greater`` or
    ``less`` (than ``bound``)."""
    if wanted in ("odd", "even"):
        odd = _odd(n)
        return odd is not None and odd == (wanted == "odd")
    if wanted == "positive":
        return n > 0
    if wanted == "negative":
        return n < 0
    limit = parse_number(bound)
    if limit is None:
        return False
    return n > limit if wanted == "greater" else n < limit if wanted == "less" else False


def wanted_text(wanted: str, bound: str = "") -> str:
    """``an even number``, ``a number greater than 3``."""
    if wanted in ("greater", "less"):
        return f"a number {wanted} than {bound}"
    return f"{'an' if wanted[0] in 'aeiou' else 'a'} {wanted} number"


# A guessing game's feedback on the last guess, as pages word it.
_HIGHER = re.compile(r"\b(?:higher|greater|bigger|larger|more)\s+than\s+([-−]?\d+)", re.IGNORECASE)
_LOWER = re.compile(r"\b(?:lower|less|smaller|fewer)\s+than\s+([-−]?\d+)", re.IGNORECASE)
_RIGHT = re.compile(r"^(?:correct|right|that's right|that is right|you got it|you guessed it|well done)\b",
                    re.IGNORECASE)


def feedback_of(text: str) -> str | None:
    """What a line of feedback says: ``=`` (the guess was right), ``>4`` (the number is higher than 4),
    ``<7`` (lower than 7), or None."""
    if _RIGHT.match(text.strip()):
        return "="
    for pattern, sign in ((_HIGHER, ">"), (_LOWER, "<")):
        m = pattern.search(text)
        if m:
            return sign + m.group(1).replace("−", "-")
    return None


def guess_bounds(lo: int, hi: int, facts: list[str]) -> tuple[int, int]:
    """The range the number is still in, from the game's range and the feedback so far (``>4``, ``<7``)."""
    for fact in facts:
        if fact[:1] == ">":
            lo = max(lo, int(fact[1:]) + 1)
        elif fact[:1] == "<":
            hi = min(hi, int(fact[1:]) - 1)
    return lo, hi
