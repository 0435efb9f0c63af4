"""The async implementation: the only hand-written one (scripts/unasync.py derives ``_sync``)."""

from ._browser import Browser, launch
from ._dialogs import DialogInfo, Dialogs
from ._page import Page, wrap
from ._tabs import Tabs

__all__ = ["Browser", "DialogInfo", "Dialogs", "Page", "Tabs", "launch", "wrap"]
