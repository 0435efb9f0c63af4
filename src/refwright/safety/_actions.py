"""The kinds of action a policy decides on (the seed's ``ActionType`` values, exactly)."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["ActionType"]


class ActionType(StrEnum):
    CLICK = "Click"
    TYPE = "Type"
    PRESS = "Press"
    NAVIGATE = "Navigate"
    FILL = "Fill"
    SCREENSHOT = "Screenshot"
    EVALUATE = "Evaluate"
    SCROLL = "Scroll"
    DRAG = "Drag"
    HOVER = "Hover"
    SET_COOKIE = "SetCookie"
    DELETE_COOKIE = "DeleteCookie"
    SET_CONTENT = "SetContent"
    ADD_SCRIPT_TAG = "AddScriptTag"
    ADD_STYLE_TAG = "AddStyleTag"
    FOCUS = "Focus"
    SELECT = "Select"
    # Snapshots, text, HTML, cookies and storage reads.
    READ_CONTENT = "ReadContent"
    # Storage writes.
    STORAGE = "Storage"
    CLIPBOARD = "Clipboard"
    NETWORK = "Network"
    EMULATION = "Emulation"
    # Typing a declared secret ({{secret:NAME}}), decided on the page it is typed into.
    TYPE_SECRET = "TypeSecret"
