# Generated from src/refwright/_async/__init__.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""The sync implementation, derived from _async by scripts/unasync.py."""

from ._browser import Browser, launch
from ._dialogs import DialogInfo, Dialogs
from ._network import Network
from ._page import Page, wrap
from ._saved_state import State, StateSummary
from ._storage import Storage
from ._tabs import Tabs

__all__ = ["Browser", "DialogInfo", "Dialogs", "Network", "Page", "State", "StateSummary", "Storage", "Tabs",
           "launch", "wrap"]
