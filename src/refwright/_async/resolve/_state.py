"""Per-page resolver state: open proposals and what the current request has done so far.

The memory of a request belongs to the document it was made on, named by the page runtime's token (a
random id the runtime draws in its isolated world once per document): a new document, a reload or a
history move to another document gets a new token, so the request starts afresh there, while an in-page
change (``history.pushState``, a re-render) keeps the token and the progress.
"""

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
    document: str = ""
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

    def memo_for(self, request: str, new: bool, document: str) -> tuple[Memo, bool]:
        """The memory of ``request`` on ``document``, and whether it was started afresh because the page
        is another document than the one the same request last ran on (``new`` restarts it silently)."""
        memo = self.memo
        moved = not new and memo is not None and memo.request == request and memo.document != document
        if new or memo is None or memo.request != request or moved:
            memo = self.memo = Memo(request, document)
        return memo, moved

    def follow(self, before: str, after: str) -> None:
        """A step of the request itself led from document ``before`` to ``after`` (a link, a submit): the
        memory goes with it, since the request is still in progress there."""
        if self.memo is not None and self.memo.document == before:
            self.memo.document = after


_STATES: weakref.WeakKeyDictionary[Page, ResolverState] = weakref.WeakKeyDictionary()


def state_of(page: Page) -> ResolverState:
    state = _STATES.get(page)
    if state is None:
        state = ResolverState()
        _STATES[page] = state
    return state
