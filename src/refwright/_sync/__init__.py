# Generated from src/refwright/_async/__init__.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""The sync implementation, derived from _async by scripts/unasync.py."""

from .facade._browser import Browser, launch
from .facade._dialogs import DialogInfo, Dialogs
from .facade._network_api import Network
from .facade._page import Page, wrap
from .facade._storage import Storage
from .facade._tabs import Tabs
from .tab._saved_state import State, StateSummary

__all__ = ["Browser", "DialogInfo", "Dialogs", "Network", "Page", "State", "StateSummary", "Storage", "Tabs",
           "launch", "wrap"]
