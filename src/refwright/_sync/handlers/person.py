# Generated from src/refwright/_async/handlers/person.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""handoff <reason>: a person's turn with the page (``_handover``), run outside the command watchdog."""

from __future__ import annotations

from ...commands import ParsedCommand
from ..tab._handover import hand_off
from ..tab._tab import Tab


def handoff(session: Tab, parsed: ParsedCommand) -> str:
    return hand_off(session.pw, " ".join(parsed.args))


HANDLERS = {"handoff": handoff}
