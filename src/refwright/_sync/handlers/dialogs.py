# Generated from src/refwright/_async/handlers/dialogs.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""dialog accept [text], dialog dismiss, dialog status (agent-browser's words).

A dialog kept open (Config.dialogs == "wait") is answered at once. With none open, the command says how to
answer the next one, so a model can accept a confirm it is about to cause under the default policy."""

from __future__ import annotations

from ..._errors import RefwrightError
from ...commands import ParsedCommand
from ...safety import clean_line
from ...snapshot._format import quote
from ..pipeline._translate import first_line, mapped
from ..tab._tab import Tab

_USAGE = "Usage: dialog <accept [text]|dismiss|status>"


def status(session: Tab) -> str:
    held = session.events.dialog
    if held is None:
        return "No dialog is currently open"
    lines = [f"JavaScript {held.type} dialog is open: {quote(clean_line(held.message))}"]
    if held.type == "prompt":
        lines.append(f"  Default prompt text: {quote(clean_line(held.default_value))}")
    lines.append("  Use `dialog accept [text]` or `dialog dismiss` to resolve it")
    return "\n".join(lines)


def answer(session: Tab, accept: bool, text: str | None = None) -> str:
    """Answer the open dialog, or say how the next one will be answered when none is open."""
    events = session.events
    held = events.dialog
    if held is None:
        events.next_answer = (accept, text)
        verb = "accepted" if accept else "dismissed"
        return f"No dialog is currently open; the next one will be {verb}"
    events.release(held)
    with mapped(lambda exc: RefwrightError(f"The dialog could not be answered ({first_line(str(exc))}); it may have "
                                           "closed with its page. Run `dialog status`.")):
        if not accept:
            held.dismiss()
        elif text is None:
            held.accept()
        else:
            held.accept(text)
    return "Done"


def dialog(session: Tab, cmd: ParsedCommand) -> str:
    sub = cmd.args[0].lower() if cmd.args else ""
    if sub == "status":
        return status(session)
    if sub == "accept":
        return answer(session, True, cmd.text_from(1) if len(cmd.args) > 1 else None)
    if sub == "dismiss":
        return answer(session, False)
    raise RefwrightError(_USAGE)


HANDLERS = {"dialog": dialog}
