"""Which resolver state belongs to which page (the state itself is ``refwright.resolve._state``)."""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from ...resolve._state import ResolverState

if TYPE_CHECKING:
    from .._page import Page

__all__ = ["state_of"]

_STATES: weakref.WeakKeyDictionary[Page, ResolverState] = weakref.WeakKeyDictionary()


def state_of(page: Page) -> ResolverState:
    state = _STATES.get(page)
    if state is None:
        state = ResolverState()
        _STATES[page] = state
    return state
