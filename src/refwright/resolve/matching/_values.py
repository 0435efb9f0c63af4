"""Values as a field takes them: a date typed as people write it becomes what a date input holds (pure)."""

from __future__ import annotations

import re

from ..._errors import RefwrightError

__all__ = ["field_value"]

_MONTHS = {m: i + 1 for i, m in enumerate(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"))}
_NUMERIC = re.compile(r"(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})")
_NAMED = re.compile(r"([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})", re.IGNORECASE)
_TIME = re.compile(r"(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(?:([ap])\.?m\.?)?", re.IGNORECASE)


def _iso_date(text: str) -> str | None:
    t = text.strip()
    m = _NUMERIC.fullmatch(t)
    if m:
        a, b, c = (int(x) for x in m.groups())
        if len(m.group(1)) == 4:
            year, month, day = a, b, c
        elif a > 12:
            day, month, year = a, b, c  # 25/12/2017 can only be day first
        else:
            month, day, year = a, b, c  # otherwise month first, as the US writes it
        if year < 100:
            year += 2000
    else:
        m = _NAMED.fullmatch(t)
        if not m or m.group(1)[:3].lower() not in _MONTHS:
            return None
        month, day, year = _MONTHS[m.group(1)[:3].lower()], int(m.group(2)), int(m.group(3))
    if not (1 <= month <= 12 and 1 <= day <= 31 and 1 <= year <= 9999):
        return None
    return f"{year:04d}-{month:02d}-{day:02d}"


def _iso_time(text: str) -> str | None:
    m = _TIME.fullmatch(text.strip())
    if not m:
        return None
    hour, minute = int(m.group(1)), int(m.group(2))
    half = (m.group(4) or "").lower()
    if half:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if half == "p" else 0)
    if hour > 23 or minute > 59:
        return None
    seconds = f":{int(m.group(3)):02d}" if m.group(3) else ""
    return f"{hour:02d}:{minute:02d}{seconds}"


# input type -> (reader, what it takes, examples of how to write it)
_FIELD_FORMS = {
    "date": (_iso_date, "a date", "2017-10-20, 10/20/2017 or October 20, 2017"),
    "time": (_iso_time, "a time", "19:55 or 7:55 PM"),
}


def field_value(input_type: str, value: str) -> str:
    """``value`` in the form a field of ``input_type`` holds; text fields take it as it is."""
    form = _FIELD_FORMS.get(input_type)
    if form is None:
        return value
    read, what, examples = form
    held = read(value)
    if held is None:
        raise RefwrightError(f"{value!r} is not {what} this {input_type} field can take. Nothing was entered; give it "
                             f"as {examples}.")
    return held
