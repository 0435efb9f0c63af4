"""handoff <reason>: a person's turn with the page (``_handover``), run outside the command watchdog."""

from __future__ import annotations

from ...commands import ParsedCommand
from .._handover import hand_off
from .._session import Session


async def handoff(session: Session, parsed: ParsedCommand) -> str:
    return await hand_off(session.pw, " ".join(parsed.args))


HANDLERS = {"handoff": handoff}
