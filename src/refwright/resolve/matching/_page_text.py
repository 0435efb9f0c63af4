"""Answers computed or read from the text a page shows (pure): the value of an arithmetic problem, the
solution of a one-unknown linear equation, the Nth word of a paragraph, the one text the page shows.

Each answer says what it was computed from, so a person can check it: ``2 x 4 = 8``, ``x + 2 = 43, so
x = 41``, ``the 3rd word of "Lorem ipsum dolor..."``. A page that shows no such text, or several, is a
refusal that names what it shows, never a guess.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ._match import AmbiguousTargetError, TargetNotFoundError

__all__ = ["Block", "math_answer", "number_text", "pick_block", "shown_text", "solve_math", "word_at", "words_of"]


@dataclass(frozen=True)
class Block:
    """A block of text the page shows outside its controls (a paragraph, a line, a number in a row)."""

    id: int
    tag: str
    text: str


def _short(text: str, size: int = 40) -> str:
    return text if len(text) <= size else text[:size - 1] + "…"


# ---------------------------------------------------------------------------------------------------
# Arithmetic and linear equations

_OPS = {"+": "+", "-": "-", "−": "-", "–": "-", "*": "*", "×": "*", "·": "*", "/": "/", "÷": "/", ":": "/"}
_TOKEN = re.compile(r"\s*(?:(?P<n>\d+(?:\.\d+)?)|(?P<u>[a-z])|(?P<o>[-+−–*×·/÷:()]))", re.IGNORECASE)
# Words around a problem that are not part of it: "What is 3 + 4?", "Solve: 2x = 8", "Human? What is 6 + 7?".
_LEAD = re.compile(r"^(?:.*?\b)?(?:what\s+is|what's|how\s+much\s+is|calculate|compute|evaluate|"
                   r"solve(?:\s+for\s+[a-z])?)\s*:?\s*(?=[-(\d\w])", re.IGNORECASE)
_TRAIL = re.compile(r"\s*(?:=\s*\??|\?)\s*$")

# A linear form a*u + b, as exact fractions.
_Lin = tuple[Fraction, Fraction]


class _Parser:
    """A recursive-descent reader of + - * / and parentheses over numbers and one unknown, keeping every
    value linear in the unknown (a product of two unknowns is not linear: not a problem this reads)."""

    def __init__(self, tokens: list[tuple[str, str]]) -> None:
        self.tokens = tokens
        self.i = 0

    def peek(self) -> tuple[str, str] | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self) -> tuple[str, str]:
        tok = self.tokens[self.i]
        self.i += 1
        return tok

    def sum(self) -> _Lin:
        a, b = self.product()
        while (tok := self.peek()) is not None and tok[1] in "+-":
            self.take()
            c, d = self.product()
            a, b = (a + c, b + d) if tok[1] == "+" else (a - c, b - d)
        return a, b

    def product(self) -> _Lin:
        a, b = self.unary()
        while (tok := self.peek()) is not None and (tok[1] in "*/" or tok[0] in ("n", "u") or tok[1] == "("):
            # "3x" and "2(x + 1)": a factor right after another is a product.
            op = self.take()[1] if tok[1] in "*/" else "*"
            c, d = self.unary()
            if op == "*":
                if a and c:
                    raise ValueError("not linear")
                a, b = (a * d + c * b, b * d)
            else:
                if c or not d:
                    raise ValueError("division by the unknown or by zero")
                a, b = a / d, b / d
        return a, b

    def unary(self) -> _Lin:
        tok = self.peek()
        if tok is not None and tok[1] in "+-":
            self.take()
            a, b = self.unary()
            return (-a, -b) if tok[1] == "-" else (a, b)
        return self.atom()

    def atom(self) -> _Lin:
        if self.peek() is None:
            raise ValueError("ends early")
        kind, text = self.take()
        if kind == "n":
            return Fraction(0), Fraction(text)
        if kind == "u":
            return Fraction(1), Fraction(0)
        if text == "(":
            value = self.sum()
            if self.peek() != ("o", ")"):
                raise ValueError("unbalanced")
            self.take()
            return value
        raise ValueError(f"unexpected {text!r}")


def _tokens(text: str, unknown: str | None) -> list[tuple[str, str]] | None:
    out: list[tuple[str, str]] = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            return None if text[pos:].strip() else out
        pos = m.end()
        if m.group("n"):
            out.append(("n", m.group("n")))
        elif m.group("u"):
            letter = m.group("u").lower()
            if letter == unknown:
                out.append(("u", letter))
            elif letter == "x":
                out.append(("o", "*"))  # "2 x 4": x between numbers is a times sign
            else:
                return None
        else:
            out.append(("o", _OPS.get(m.group("o"), m.group("o"))))
    return out


def _side(text: str, unknown: str | None) -> _Lin | None:
    tokens = _tokens(text, unknown)
    if not tokens:
        return None
    parser = _Parser(tokens)
    try:
        value = parser.sum()
    except (ValueError, ZeroDivisionError):
        return None
    return value if parser.peek() is None else None


def number_text(value: Fraction) -> str:
    """``8``, ``-3``, ``2.5``; a value with no short decimal form is rounded to 4 places."""
    if value.denominator == 1:
        return str(value.numerator)
    text = f"{float(value):.4f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def solve_math(text: str, unknown: str | None = None) -> tuple[str, str] | None:
    """The answer to the math problem ``text`` (an expression, or an equation in one unknown) and how it was
    found, or None when ``text`` is not such a problem. ``unknown`` is the letter to solve for; without it, a
    letter other than x (a times sign between numbers) is the unknown."""
    framed = _TRAIL.search(text) is not None or _LEAD.match(text.strip()) is not None
    body = _TRAIL.sub("", _LEAD.sub("", text.strip())).strip()
    if not body or not re.search(r"\d", body):
        return None
    letters = {ch.lower() for ch in re.findall(r"[a-z]", body, re.IGNORECASE)}
    if unknown is None and "=" in body:
        others = letters - {"x"} if len(letters) > 1 else letters
        unknown = next(iter(others)) if len(others) == 1 else None
    if "=" in body:
        sides = body.split("=")
        if len(sides) != 2 or unknown is None or re.fullmatch(r"[a-z]=[-+]?[\d.]+|[-+]?[\d.]+=[a-z]",
                                                               re.sub(r"\s+", "", body), re.IGNORECASE):
            # "x = 3" is an answer already, not a problem to solve.
            return None
        left, right = _side(sides[0], unknown), _side(sides[1], unknown)
        if left is None or right is None or left[0] == right[0]:
            return None
        value = (right[1] - left[1]) / (left[0] - right[0])
        return number_text(value), f"{norm_space(body)}, so {unknown} = {number_text(value)}"
    # A problem is asked ("3 + 4 =", "What is 3+4?") or spaced as one ("3 + 4"): a phone number (555-1234) or a
    # date (12/05/2021) is not one, and one number alone is not either.
    if not re.search(r"\d\s*[-+−–*×·/÷:x]\s*[-(]*\d", body, re.IGNORECASE) or not (
            framed or re.search(r"[\d)]\s+[-+−–*×·/÷:x]\s+[-(]*\d", body, re.IGNORECASE)):
        return None
    side = _side(body, None)
    if side is None or side[0]:
        return None
    return number_text(side[1]), f"{norm_space(body)} = {number_text(side[1])}"


def norm_space(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def math_answer(blocks: Sequence[Block], unknown: str | None = None) -> tuple[str, str]:
    """The answer to the one math problem the page shows, and how it was computed; a refusal when it shows
    none, or several different ones."""
    found: dict[str, tuple[str, str]] = {}
    for block in blocks:
        solved = solve_math(block.text, unknown)
        if solved is not None:
            found.setdefault(norm_space(block.text), solved)
    if len(found) == 1:
        return next(iter(found.values()))
    if not found:
        shown = ", ".join(repr(_short(b.text)) for b in blocks[:8]) or "none"
        what = f"equation in {unknown}" if unknown else "arithmetic problem or equation"
        raise TargetNotFoundError(f"The page shows no {what} to solve. Nothing was done. Text it shows: {shown}.")
    listed = ", ".join(repr(t) for t in list(found)[:6])
    raise AmbiguousTargetError(f"Ambiguous: the page shows {len(found)} math problems: {listed}. Nothing was done; "
                               "say which one, or type the answer yourself.")


# ---------------------------------------------------------------------------------------------------
# Words and text blocks

_EDGE = re.compile(r"^[^\w]+|[^\w]+$")


def words_of(text: str) -> list[str]:
    """The words of ``text``, without the punctuation at their ends ("velit." is "velit")."""
    return [w for w in (_EDGE.sub("", raw) for raw in text.split()) if w]


def _ordinal_text(n: int) -> str:
    if n == -1:
        return "last"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def word_at(text: str, n: int, where: str) -> tuple[str, str]:
    """The ``n``th word of ``text`` (1-based; -1 is the last) and how it was found; ``where`` names the text."""
    words = words_of(text)
    if not words or n == 0 or n > len(words):
        raise TargetNotFoundError(f"{where[:1].upper() + where[1:]} has {len(words)} word(s), so it has no "
                                  f"{_ordinal_text(n)} word. Nothing was done.")
    word = words[n - 1] if n > 0 else words[-1]
    return word, f"the {_ordinal_text(n)} word of {where}"


_PROSE_TAGS = frozenset({"p", "blockquote", "article", "section"})


def pick_block(blocks: Sequence[Block], ordinal: int | None, what: str) -> Block:
    """The paragraph a request means: the page's paragraphs (``<p>``, else blocks of three words or more), the
    ``ordinal``th of them, or the only one; a refusal names them when several fit and none is named."""
    prose = [b for b in blocks if b.tag in _PROSE_TAGS] or [b for b in blocks if len(words_of(b.text)) >= 3]
    if ordinal is not None:
        if ordinal == -1 and prose:
            return prose[-1]
        if 0 < ordinal <= len(prose):
            return prose[ordinal - 1]
        raise TargetNotFoundError(f"The page shows {len(prose)} {what}(s), so there is no "
                                  f"{_ordinal_text(ordinal)} one. Nothing was done.")
    if len(prose) == 1:
        return prose[0]
    if not prose:
        raise TargetNotFoundError(f"The page shows no {what}. Nothing was done.")
    listed = ", ".join(f"{_ordinal_text(i + 1)} {_short(b.text)!r}" for i, b in enumerate(prose[:6]))
    raise AmbiguousTargetError(f"Ambiguous: the page shows {len(prose)} {what}s: {listed}. Nothing was done; say "
                               f"which one (\"the 2nd {what}\").")


def shown_text(blocks: Sequence[Block]) -> Block:
    """The one text the page shows outside its controls ("type the text below"); a refusal lists them when
    it shows several."""
    if len(blocks) == 1:
        return blocks[0]
    if not blocks:
        raise TargetNotFoundError("The page shows no text outside its controls to type. Nothing was done.")
    listed = ", ".join(repr(_short(b.text)) for b in blocks[:8])
    raise AmbiguousTargetError(f"Ambiguous: the page shows {len(blocks)} texts: {listed}. Nothing was done; quote the "
                               "text to type (type \"...\" into the field).")
