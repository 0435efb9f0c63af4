"""agent-browser's commands beyond the reference: files written (pdf, har, trace, video), reading, diffs, audits."""

from __future__ import annotations

from ._spec import CommandSpec, HelpSection

__all__ = ["HELP_SECTIONS", "SPECS"]

SPECS: tuple[CommandSpec, ...] = ()

# Their lines in HELP's second part (same layout as the reference's groups).
HELP_SECTIONS: tuple[HelpSection, ...] = ()
