# Generated from src/refwright/_async/tab/_tabgroup.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""The tabs of one refwright window: stable ids (``t1``, ``t2``, ...), optional labels and the active tab.

Pure bookkeeping over members of any type (the sessions, in practice), so that it neither knows nor
imports what a session is. Ids are never reused while the group lives, as agent-browser has them: a model
can keep naming a tab after others open and close.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Generic, TypeVar

from ..._errors import RefwrightError

__all__ = ["TabEntry", "TabGroup", "parse_tab_ref", "valid_label"]

M = TypeVar("M")
W = TypeVar("W")

_LABEL = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
_TAB_ID = re.compile(r"[tT](\d+)")


def valid_label(text: str) -> bool:
    return _LABEL.fullmatch(text) is not None


def parse_tab_ref(text: str) -> int | str:
    """A tab reference: the number of a ``t<N>`` id, or a label (agent-browser's rules and words)."""
    text = text.strip()
    if not text:
        raise RefwrightError("Empty tab reference; expected `t<N>` (e.g. `t2`) or a label")
    match = _TAB_ID.fullmatch(text)
    if match:
        number = int(match.group(1))
        if number == 0:
            raise RefwrightError(f"Tab id `{text}` is invalid; tab ids start at t1")
        return number
    if text.isdigit():
        raise RefwrightError(f"Expected a tab id like `t{text}` or a label; positional integers are not accepted "
                             "(run `tab` to list stable tab ids)")
    if not valid_label(text):
        raise RefwrightError(f"Invalid tab label `{text}`; labels must start with a letter and contain only "
                             "letters, digits, `-`, and `_`")
    return text


@dataclass
class TabEntry(Generic[M]):
    number: int
    member: M
    label: str | None = None

    @property
    def tab_id(self) -> str:
        return f"t{self.number}"


class TabGroup(Generic[M, W]):
    """Open tabs in the order they opened, which one commands run on, and the settings of the window they
    make up (``window``: one object for all of them)."""

    def __init__(self, window: W) -> None:
        self.window = window
        self._entries: list[TabEntry[M]] = []
        self._next = 1
        self._active: TabEntry[M] | None = None

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def entries(self) -> list[TabEntry[M]]:
        return list(self._entries)

    @property
    def active(self) -> M | None:
        return self._active.member if self._active is not None else None

    def check_label(self, label: str) -> None:
        if not valid_label(label):
            raise RefwrightError(f"Invalid tab label `{label}`; labels must start with a letter and contain only "
                                 "letters, digits, `-`, and `_`")
        if any(e.label == label for e in self._entries):
            raise RefwrightError(f"Label `{label}` is already used by another tab; labels must be unique within a "
                                 "session")

    def add(self, member: M, label: str | None = None) -> TabEntry[M]:
        if label is not None:
            self.check_label(label)
        entry = TabEntry(self._next, member, label)
        self._next += 1
        self._entries.append(entry)
        if self._active is None:
            self._active = entry
        return entry

    def entry_of(self, member: M) -> TabEntry[M] | None:
        for entry in self._entries:
            if entry.member is member:
                return entry
        return None

    def find(self, ref: str) -> TabEntry[M]:
        """The tab a ``t<N>`` id or a label names; an error that says how to list them otherwise."""
        parsed = parse_tab_ref(ref)
        for entry in self._entries:
            if entry.number == parsed or (isinstance(parsed, str) and entry.label == parsed):
                return entry
        if isinstance(parsed, int):
            raise RefwrightError(f"Tab t{parsed} not found; run `tab` to list open tabs")
        raise RefwrightError(f"No tab with label `{parsed}`; run `tab` to list open tabs")

    def select(self, member: M) -> TabEntry[M]:
        entry = self.entry_of(member)
        if entry is None:
            raise RefwrightError("That tab is closed; run `tab` to list open tabs")
        self._active = entry
        return entry

    def remove(self, member: M) -> TabEntry[M] | None:
        """Forget a tab; when it was the active one, its neighbour (the tab before it, else the one after)
        becomes active. The removed entry, or None when it was not in the group."""
        entry = self.entry_of(member)
        if entry is None:
            return None
        index = self._entries.index(entry)
        self._entries.remove(entry)
        if self._active is entry:
            rest = self._entries
            self._active = rest[max(index - 1, 0)] if rest else None
        return entry
