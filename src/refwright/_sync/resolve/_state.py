# Generated from src/refwright/_async by scripts/unasync.py: edit the async code, not this file.
"""Per-page resolver state: open proposals and what the current request has done so far."""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...resolve._proposals import ProposalBook

if TYPE_CHECKING:
    from .._page import Page

__all__ = ["Memo", "ResolverState", "state_of"]


@dataclass
class Memo:
    """What ``act`` did for one request: parts done by clicks (the page cannot show those), notes for
    ``Done:``, sections already expanded while searching, names already clicked."""

    request: str
    done: set[int] = field(default_factory=set)
    notes: list[str] = field(default_factory=list)
    tried: set[int] = field(default_factory=set)
    clicked_names: set[str] = field(default_factory=set)
    submitted: bool = False

    def mark(self, index: int, note: str) -> None:
        self.done.add(index)
        self.notes.append(note)


class ResolverState:
    def __init__(self) -> None:
        self.proposals = ProposalBook()
        self.memo: Memo | None = None

    def memo_for(self, request: str, new: bool) -> Memo:
        if new or self.memo is None or self.memo.request != request:
            self.memo = Memo(request)
        return self.memo


_STATES: weakref.WeakKeyDictionary[Page, ResolverState] = weakref.WeakKeyDictionary()


def state_of(page: Page) -> ResolverState:
    state = _STATES.get(page)
    if state is None:
        state = ResolverState()
        _STATES[page] = state
    return state
