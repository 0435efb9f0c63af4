"""The Nth result of a list that is split into pages (pure): which controls are the results and which the
page links, and on which page the Nth result is. A request says "the 5th search result"; the page shows
three results and the links 1 2 3 >: the 5th is the 2nd of page 2."""

from __future__ import annotations

import re
from collections.abc import Sequence

from .._labels import loose
from .._model import TEXT_KINDS, Control

__all__ = ["is_pager", "page_and_place", "pager_controls", "result_controls"]

_NUMBER = re.compile(r"\d{1,3}")
_NEXT = frozenset({">", "›", "»", "→", "next", "next page", ">>"})
_PREV = frozenset({"<", "‹", "«", "←", "prev", "previous", "previous page", "<<"})


def is_pager(control: Control) -> bool:
    """A page link: a link or button labelled with a page number, next or previous."""
    label = control.label.strip().casefold()
    return control.kind in ("link", "button", "pointer") and (
        _NUMBER.fullmatch(label) is not None or label in _NEXT or label in _PREV or loose(label) in _NEXT | _PREV)


def pager_controls(controls: Sequence[Control]) -> list[Control]:
    """The page links, when the page shows a pager: two numbered links or more, or a next link."""
    found = [c for c in controls if is_pager(c)]
    numbered = [c for c in found if _NUMBER.fullmatch(c.label.strip())]
    nexts = [c for c in found if c.label.strip().casefold() in _NEXT or loose(c.label) in _NEXT]
    return found if len(numbered) >= 2 or nexts else []


def result_controls(controls: Sequence[Control], pager: Sequence[Control]) -> list[Control]:
    """The results: the links after the last text field (the search box and its button) and before the first
    page link, in page order. Without a search box there is no telling them from the page's other links
    (a menu, a header): none."""
    start = max((i for i, c in enumerate(controls) if c.kind in TEXT_KINDS), default=-1)
    if start < 0:
        return []
    # The button that sends the search stands right after its field.
    while start + 1 < len(controls) and controls[start + 1].kind == "button":
        start += 1
    first_pager = min((controls.index(c) for c in pager), default=len(controls))
    return [c for c in controls[start + 1:first_pager] if c.kind == "link" and not is_pager(c)]


def page_and_place(n: int, per_page: int) -> tuple[int, int]:
    """The page (1-based) the ``n``th result is on, and its place there (1-based), at ``per_page`` a page."""
    return (n - 1) // per_page + 1, (n - 1) % per_page + 1
