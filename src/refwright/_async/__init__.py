"""The async implementation: the only hand-written one (scripts/unasync.py derives ``_sync``)."""

from .facade._browser import Browser, launch
from .facade._dialogs import DialogInfo, Dialogs
from .facade._network_api import Network
from .facade._page import Page, wrap
from .facade._storage import Storage
from .facade._tabs import Tabs
from .tab._saved_state import State, StateSummary

__all__ = ["Browser", "DialogInfo", "Dialogs", "Network", "Page", "State", "StateSummary", "Storage", "Tabs",
           "launch", "wrap"]
