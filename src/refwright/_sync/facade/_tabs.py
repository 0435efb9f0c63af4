# Generated from src/refwright/_async/facade/_tabs.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""``page.tabs``: the tabs of a page's window, as refwright pages (the typed side of ``tab`` and ``window``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Generic, TypeVar

from ..._errors import RefwrightError
from ..handlers.tabs import close_tab, open_tab, select_tab
from ..pipeline._translate import mapped
from ..pipeline._typed import Invocation, run_typed
from ..tab._tab import Tab

__all__ = ["Tabs"]

P = TypeVar("P")


class Tabs(Generic[P]):
    """The open tabs of one window, oldest first; ``run_command`` on any of them runs on the active one.

        tab = page.tabs.new("https://example.com", label="docs")
        page.tabs.select("t1")
        page.tabs.close("docs")
    """

    def __init__(self, session: Tab, facade: Callable[[Tab], P]) -> None:
        self._session = session
        self._facade = facade

    def __len__(self) -> int:
        return len(self._session.tabs)

    def __iter__(self) -> Iterator[P]:
        return iter([self._facade(e.member) for e in self._session.tabs.entries])

    def __getitem__(self, ref: str) -> P:
        """The tab with this id (``"t2"``) or label."""
        with mapped():
            return self._facade(self._session.tabs.find(ref).member)

    def ids(self) -> list[str]:
        return [e.tab_id for e in self._session.tabs.entries]

    @property
    def active(self) -> P:
        return self._facade(self._session.tabs.active or self._session)

    def id_of(self, tab: P) -> str | None:
        for entry in self._session.tabs.entries:
            if self._facade(entry.member) is tab:
                return entry.tab_id
        return None

    def new(self, url: str | None = None, *, label: str | None = None, window: bool = False) -> P:
        """Open a tab (``window=True``: a window with its own cookies and storage) and make it active."""
        invocation = Invocation.of("window", "new") if window else Invocation.of("tab", "new", *([url] if url else []))
        return self._facade(run_typed(self._anchor(), invocation,
                                            lambda tab: open_tab(tab, url, label=label, window=window)))

    def select(self, tab: str | P) -> P:
        """Make a tab (its id, label or page) the one commands run on."""
        ref = self._ref(tab)
        return self._facade(run_typed(self._anchor(), Invocation.of("tab", ref),
                                            lambda anchor: select_tab(anchor, ref)))

    def close(self, tab: str | P | None = None) -> None:
        """Close a tab (the active one by default); the last tab cannot be closed this way."""
        ref = None if tab is None else self._ref(tab)
        run_typed(self._anchor(), Invocation.of("tab", "close", *([ref] if ref else [])),
                        lambda anchor: close_tab(anchor, ref))

    def _anchor(self) -> Tab:
        return self._session.tabs.active or self._session

    def _ref(self, tab: str | P) -> str:
        if isinstance(tab, str):
            return tab
        ref = self.id_of(tab)
        if ref is None:
            raise RefwrightError("That page is not an open tab of this window; `page.tabs` lists them.")
        return ref
