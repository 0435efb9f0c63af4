"""Requests shaped like puzzles rather than tasks (pure): marking numbers as odd or even, pressing a button
until the number it draws fits, guessing a number from higher/lower feedback. They are kept apart from the
core vocabulary (clicks, fields, options, items, answers) so that it reads as what people ask of any page;
the page-driving halves are ``refwright._async.resolve._numbered`` and ``_guess``.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ._numbers import CLASS_PAIRS
from ._plan import Kind, Part

__all__ = ["PUZZLE_RULES"]

_Built = tuple[list[Part], bool]
_Builder = Callable[[re.Match[str], str, list[str], bool], _Built | None]
_WHERE = r"(?:\s+(?:below|above|shown|here|on\s+(?:the|this)\s+page))?"


def _classify(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built | None:
    # "Mark the numbers below as odd or even": each number's own choice, in its row.
    pair = (m.group("a").lower(), m.group("b").lower())
    if frozenset(pair) not in CLASS_PAIRS:
        return None
    return [Part(Kind.CLASSIFY, restored, labels=pair)], search


_MORE = {"greater": "greater", "more": "greater", "larger": "greater", "bigger": "greater", "higher": "greater",
         "less": "less", "smaller": "less", "lower": "less", "fewer": "less"}


def _until(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built | None:
    # "Generate an even number": the button named by the request's verb, pressed until the number fits.
    if m.group("p"):
        wanted, bound = m.group("p").lower(), ""
    elif m.group("c"):
        wanted, bound = _MORE[m.group("c").lower()], m.group("n").replace("−", "-")
    else:
        return None
    return [Part(Kind.UNTIL, restored, labels=(m.group("v").capitalize(), wanted, bound))], search


def _guess(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built | None:
    lo, hi = int(m.group("lo").replace("−", "-")), int(m.group("hi").replace("−", "-"))
    if lo > hi or hi - lo > 10_000:
        return None
    return [Part(Kind.GUESS, restored, labels=(str(lo), str(hi)))], search


def _nothing(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built:
    # "Use the feedback below to find the right number": how the guess before it is made, not a step.
    return [], search


PUZZLE_RULES: tuple[tuple[str, _Builder], ...] = (
    (r"^(?:mark|label|classify|tag|identify)\s+(?:each\s+of\s+|each\s+|every\s+|all\s+(?:of\s+)?)?(?:the\s+)?"
     r"(?:numbers?|values?|digits?|integers?)" + _WHERE +
     r"\s+(?:as\s+)?(?:either\s+)?(?P<a>[a-z]+)\s+or\s+(?P<b>[a-z]+)$",
     _classify),
    (r"^(?:(?:select|choose|pick|answer|click|say|mark|tell|check)\s+(?:whether|if)\s+|is\s+)the\s+number" + _WHERE +
     r"\s+(?:is\s+)?(?:either\s+)?(?P<a>[a-z]+)\s+or\s+(?P<b>[a-z]+)$", _classify),
    (r"^(?P<v>generate|roll|draw|spin|produce)\s+(?:an?\s+|one\s+)?(?:(?P<p>odd|even|positive|negative)\s+)?"
     r"(?:random\s+)?number(?:\s+(?:that\s+is\s+|which\s+is\s+)?(?P<c>greater|more|larger|bigger|higher|less|"
     r"smaller|lower|fewer)\s+than\s+(?P<n>[-−]?\d+(?:\.\d+)?))?$", _until),
    (r"^guess\s+(?:the|a)\s+(?:secret\s+|hidden\s+)?number\s+(?:between|from)\s+(?P<lo>[-−]?\d+)\s*(?:-|–|to|and)\s*"
     r"(?P<hi>[-−]?\d+)$", _guess),
    (r"^use\s+the\s+(?:feedback|hints?|clues?)" + _WHERE + r"\s+to\s+(?:find|get|guess)\s+(?:the\s+)?"
     r"(?:right\s+|correct\s+)?(?:number|answer)$", _nothing),
)
