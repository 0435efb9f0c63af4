"""The async implementation: the only hand-written one (scripts/unasync.py derives ``_sync``)."""

from ._browser import Browser, launch
from ._dialogs import DialogInfo, Dialogs
from ._network import Network
from ._page import Page, wrap
from ._saved_state import State, StateSummary
from ._storage import Storage
from ._tabs import Tabs

__all__ = ["Browser", "DialogInfo", "Dialogs", "Network", "Page", "State", "StateSummary", "Storage", "Tabs",
           "launch", "wrap"]
