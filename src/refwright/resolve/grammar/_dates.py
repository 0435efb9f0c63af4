"""Dates as requests write them and calendars head their months (pure): what a date picker is asked for."""

from __future__ import annotations

import re
from typing import NamedTuple

__all__ = ["Day", "date_forms", "month_name", "month_of", "months_between", "parse_date"]

_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")
_MONTH_ALT = "|".join(_MONTHS) + "|" + "|".join(m[:3] for m in _MONTHS)


class Day(NamedTuple):
    year: int
    month: int
    day: int


def _month_number(word: str) -> int:
    w = word.lower()
    return next(i + 1 for i, m in enumerate(_MONTHS) if m == w or m[:3] == w)


def _valid(year: int, month: int, day: int) -> Day | None:
    return Day(year, month, day) if 1 <= month <= 12 and 1 <= day <= 31 and 1000 <= year <= 9999 else None


def parse_date(text: str) -> Day | None:
    """``10/11/2016`` (month first, as US pickers write it), ``2016-10-11``, ``October 11, 2016`` or
    ``11 October 2016``; anything else is None."""
    t = text.strip()
    m = re.fullmatch(r"(\d{1,2})/(\d{1,2})/(\d{4})", t)
    if m:
        return _valid(int(m.group(3)), int(m.group(1)), int(m.group(2)))
    m = re.fullmatch(r"(\d{4})-(\d{1,2})-(\d{1,2})", t)
    if m:
        return _valid(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    m = re.fullmatch(rf"({_MONTH_ALT})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})", t, re.IGNORECASE)
    if m:
        return _valid(int(m.group(3)), _month_number(m.group(1)), int(m.group(2)))
    m = re.fullmatch(rf"(\d{{1,2}})(?:st|nd|rd|th)?\s+({_MONTH_ALT})\.?,?\s+(\d{{4}})", t, re.IGNORECASE)
    if m:
        return _valid(int(m.group(3)), _month_number(m.group(2)), int(m.group(1)))
    return None


def month_of(heading: str) -> tuple[int, int] | None:
    """``(year, month)`` of a calendar heading such as ``October 2016``."""
    m = re.fullmatch(rf"({_MONTH_ALT})\.?\s+(\d{{4}})", heading.strip(), re.IGNORECASE)
    return (int(m.group(2)), _month_number(m.group(1))) if m else None


def months_between(shown: tuple[int, int], wanted: Day) -> int:
    """How many months forward (negative: back) the calendar must move to show ``wanted``'s month."""
    return (wanted.year - shown[0]) * 12 + wanted.month - shown[1]


def month_name(day: Day) -> str:
    return f"{day.day} {_MONTHS[day.month - 1].capitalize()} {day.year}"


def date_forms(day: Day) -> tuple[str, ...]:
    """The ways a date field commonly shows ``day`` once a picker wrote it. Day-first with slashes is left out:
    11/10/2016 would also read as another date, month first."""
    y, m, d = day
    return (f"{m:02d}/{d:02d}/{y}", f"{m}/{d}/{y}", f"{y}-{m:02d}-{d:02d}", f"{d:02d}.{m:02d}.{y}")
