# Generated from src/refwright/_async/resolve/_picker.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""A read-only date field's picker: open its calendar, move to the month, pick the day."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..._errors import RefwrightError
from ...resolve._model import Control, Inspection, describe
from ...resolve.grammar._dates import month_name, month_of, months_between, parse_date
from ..tab._script_recording import note_element, note_set, noted_done, recorded_so_far
from ._do import act_on_control
from ._inspection import element_locator, run_resolver_op

if TYPE_CHECKING:
    from ..tab._tab import Tab

__all__ = ["pick_date"]

# A calendar is never moved further than this in one step: a wrong heading must not click forever.
_MAX_MONTHS = 60


def _calendar(session: Tab, wait_ms: int = 0) -> dict[str, Any]:
    waited = 0
    while True:
        cal = run_resolver_op(session, "calendar")
        if cal.get("month") or waited >= wait_ms:
            return cal
        session.pw.wait_for_timeout(100)
        waited += 100


def pick_date(session: Tab, inspection: Inspection, control: Control, value: str) -> str | None:
    """Pick ``value`` in the calendar of the read-only ``control``; what was done, or None when ``value``
    is not a date (the caller then refuses as for any read-only field)."""
    wanted = parse_date(value)
    if wanted is None:
        return None
    since = recorded_so_far(session)
    cal = _calendar(session)
    opened = ""
    if not cal.get("month"):
        act_on_control(session, inspection, control, "click", lambda loc, t: loc.click(timeout=t))
        cal = _calendar(session, wait_ms=1_000)
        if not cal.get("month"):
            raise RefwrightError(f"{describe(control)} is read-only, and clicking it showed no calendar with a month "
                                 "heading. Nothing was typed; run `inspect` to see what appeared.")
        opened = "opened its calendar, "
    moves = 0
    timeout = session.config.timeouts.action
    while True:
        shown = month_of(str(cal["month"]))
        if shown is None:
            raise RefwrightError(f"The calendar's heading {cal['month']!r} is not a month and year. Nothing more "
                                 "was done; run `inspect` to see the picker.")
        delta = months_between(shown, wanted)
        if delta == 0:
            break
        way = "prev" if delta < 0 else "next"
        if cal.get(way) is None or moves >= _MAX_MONTHS:
            direction = "back" if delta < 0 else "forward"
            raise RefwrightError(f"The calendar shows {cal['month']} and cannot move {direction} to the month of "
                                 f"{month_name(wanted)} (it may be outside the dates it allows). Nothing was typed.")
        arrow = element_locator(session, inspection.token, int(cal[way]))
        noted = note_element(session, arrow, "", "click")
        arrow.click(timeout=timeout)
        noted_done(noted)
        moves += 1
        cal = _calendar(session, wait_ms=500)
    day = cal.get("days", {}).get(str(wanted.day))
    if day is None:
        raise RefwrightError(f"Day {wanted.day} of {cal['month']} cannot be picked in the calendar (it is disabled "
                             "or missing). Nothing was typed.")
    cell = element_locator(session, inspection.token, int(day))
    noted = note_element(session, cell, "", "click")
    cell.click(timeout=timeout)
    noted_done(noted)
    # A saved run keeps the date picked in the field, not the clicks that got there from this month.
    note_set(session, since, element_locator(session, inspection.token, control.id), control, "pick_date", value,
                   inspection.controls)
    moved = f"moved {moves} month(s), " if moves else ""
    return (f"Picked {month_name(wanted)} in the date picker of {describe(control)} (the field is read-only, so "
            f"act {opened}{moved}then clicked day {wanted.day})")
