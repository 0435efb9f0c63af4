"""The async implementation: the only hand-written one (scripts/unasync.py derives ``_sync``)."""

from ._browser import Browser, launch
from ._network import Network
from ._page import Page, wrap
from ._state import State, StateSummary
from ._storage import Storage

__all__ = ["Browser", "Network", "Page", "State", "StateSummary", "Storage", "launch", "wrap"]
