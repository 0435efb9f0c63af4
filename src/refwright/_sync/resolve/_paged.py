# Generated from src/refwright/_async/resolve/_paged.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""The Nth result of a list split into pages: its page is opened through the page links, then it is
clicked, and the answer says how it was counted."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...resolve._model import Inspection, describe
from ...resolve.grammar._plan import Plan, Target
from ...resolve.matching._match import Match, TargetNotFoundError
from ...resolve.matching._results import page_and_place, pager_controls, result_controls
from ...resolve.state._memory import Memo, ResolverState
from ._do import act_on_control
from ._step import Step, click_step

if TYPE_CHECKING:
    from ..tab._tab import Tab

__all__ = ["step_result"]


def _nth(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def step_result(session: Tab, state: ResolverState, plan: Plan, index: int, inspection: Inspection,
                      memo: Memo) -> Step:
    """Open the page of results the Nth one is on (counting the results a page shows), then click it."""
    n = int(plan.parts[index].labels[0])
    seen = memo.read.setdefault(index, [])
    pager = pager_controls(inspection.controls)
    results = result_controls(inspection.controls, pager)
    if not results:
        raise TargetNotFoundError(f"The page shows no list of results to count the {_nth(n)} in. Nothing was done.")
    # The page shown now, as a page link marks it, else as act opened it; the results a page holds, as a
    # page before the last showed them (the last page may hold fewer).
    marked = [c for c in pager if c.label.strip().isdigit() and {"current", "selected"} & set(c.states)]
    opened = [int(s[5:]) for s in seen if s.startswith("page:")]
    current = int(marked[0].label) if marked else opened[-1] if opened else 1
    last = max((int(c.label) for c in pager if c.label.strip().isdigit()), default=current)
    if not any(s.startswith("per:") for s in seen):
        first = [c for c in pager if c.label.strip() == "1"]
        if current == last > 1 and first:
            act_on_control(session, inspection, first[0], "click", lambda loc, t: loc.click(timeout=t))
            seen.append("page:1")
            return Step(f"Opened page 1 of the results with {describe(first[0])}, to count the results a page holds "
                        "(the last page may hold fewer)", complete=False)
        seen.append(f"per:{len(results)}")
    per_page = next(int(s[4:]) for s in seen if s.startswith("per:"))
    page, place = page_and_place(n, per_page)
    counted = f"the {_nth(place)} on page {page}, at {per_page} results a page"
    if page == current:
        if place > len(results):
            raise TargetNotFoundError(f"Page {page} shows {len(results)} results, so there is no {_nth(n)} result "
                                      f"({counted}). Nothing more was done.")
        control = results[place - 1]
        match = Match((control,), f"result {n} of the list: {counted}", Target(label=control.label))
        note = f"clicked result {n}, {describe(control, with_ref=False)}"
        return click_step(session, state, inspection, match, lambda: memo.mark(index, note),
                                "the request asks for that result")
    numbered = [c for c in pager if c.label.strip() == str(page)]
    step = [c for c in pager if not c.label.strip().isdigit() and
            (c.label.strip().casefold() in ("<", "‹", "«", "←", "prev", "previous")) == (page < current)]
    link = numbered[0] if numbered else step[0] if step else None
    if link is None:
        raise TargetNotFoundError(f"The {_nth(n)} result is on page {page} ({counted}), and the page shows no link "
                                  "to it. Nothing was done.")
    act_on_control(session, inspection, link, "click", lambda loc, t: loc.click(timeout=t))
    reached = page if numbered else current + (1 if page > current else -1)
    seen.append(f"page:{reached}")
    return Step(f"Opened page {reached} of the results with {describe(link)}: the {_nth(n)} result is {counted}",
                complete=False)
