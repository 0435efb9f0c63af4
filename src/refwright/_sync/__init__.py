# Generated from src/refwright/_async by scripts/unasync.py: edit the async code, not this file.
"""The sync implementation, derived from _async by scripts/unasync.py."""

from ._browser import Browser, launch
from ._network import Network
from ._page import Page, wrap
from ._state import State, StateSummary
from ._storage import Storage

__all__ = ["Browser", "Network", "Page", "State", "StateSummary", "Storage", "launch", "wrap"]
