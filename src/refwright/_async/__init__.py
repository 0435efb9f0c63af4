"""The async implementation: the only hand-written one (scripts/unasync.py derives ``_sync``)."""

from ._browser import Browser, launch
from ._page import Page, wrap

__all__ = ["Browser", "Page", "launch", "wrap"]
