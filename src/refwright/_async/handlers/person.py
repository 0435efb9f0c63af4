"""handoff <reason>: a person's turn with the page (``_handover``), run outside the command watchdog."""

from __future__ import annotations

from ...commands import ParsedCommand
from ..tab._handover import hand_off
from ..tab._tab import Tab


async def handoff(session: Tab, parsed: ParsedCommand) -> str:
    return await hand_off(session.pw, " ".join(parsed.args))


HANDLERS = {"handoff": handoff}
