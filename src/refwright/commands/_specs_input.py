"""agent-browser's commands beyond the reference: find, upload, keyboard, mouse, clipboard, settings and batch."""

from __future__ import annotations

from ._spec import CommandSpec, HelpSection

__all__ = ["HELP_SECTIONS", "SPECS"]

SPECS: tuple[CommandSpec, ...] = ()

# Their lines in HELP's second part (same layout as the reference's groups).
HELP_SECTIONS: tuple[HelpSection, ...] = ()
