"""The async implementation. ``_sync`` is generated from this package by scripts/unasync.py."""

from ._browser import Browser, launch
from ._page import Page, wrap

__all__ = ["Browser", "Page", "launch", "wrap"]
