# Generated from src/refwright/_async/handlers/saved_state.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""state save|load: the context's cookies and local storage, encrypted at rest under the output folder."""

from __future__ import annotations

from ..._errors import RefwrightError
from ...commands import ParsedCommand
from ..tab._saved_state import load_state, save_state
from ..tab._tab import Tab


def state(session: Tab, cmd: ParsedCommand) -> str:
    sub = cmd.args[0].lower()
    path = cmd.args[1]
    if sub == "save":
        target = save_state(session, path)
        return f"State saved to {target}"
    if sub == "load":
        summary = load_state(session, path)
        # agent-browser's words for a load, after a line saying what was loaded.
        return f"{summary.describe()}\nState path set to {summary.path}"
    raise RefwrightError("Usage: state save <path> | state load <path>")


HANDLERS = {"state": state}
