# Generated from src/refwright/_async/pipeline/_route.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""Routing: the tab a command runs on, and the gate of a JavaScript dialog kept open on it."""

from __future__ import annotations

from ..._errors import RefwrightError
from ..tab._listeners import dialog_warning
from ..tab._tab import Tab
from ._invocation import Invocation

__all__ = ["route"]


def route(session: Tab, invocation: Invocation) -> Tab:
    """The tab ``invocation`` runs on: a line on the window's active tab, a typed method on its own page.
    While a dialog is kept open, only the commands that answer it or leave its tab run beside it."""
    tab = session if invocation.typed else session.active_tab()
    held = tab.events.dialog
    if held is not None and not invocation.command.spec.beside_dialog:
        raise RefwrightError(dialog_warning(held))
    return tab
