"""Command handlers, one module per group; ``HANDLERS`` maps each registered name to its handler."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from ..._errors import RefwrightError
from ..._result import CommandResult
from ...commands import HELP, ParsedCommand
from .._session import Session
from . import act, input, navigation, observe, query, resolve, settings, state, wait

Handler = Callable[[Session, ParsedCommand], Awaitable[CommandResult | str]]


async def _help(session: Session, cmd: ParsedCommand) -> str:
    return HELP


async def _batch(session: Session, cmd: ParsedCommand) -> str:
    # run_command runs a batch itself (each inner line goes through it again, policy and all); a batch
    # never reaches a handler.
    raise RefwrightError("batch runs only through run_command.")


HANDLERS: dict[str, Handler] = {
    **navigation.HANDLERS,
    **observe.HANDLERS,
    **act.HANDLERS,
    **query.HANDLERS,
    **wait.HANDLERS,
    **state.HANDLERS,
    **resolve.HANDLERS,
    **input.HANDLERS,
    **settings.HANDLERS,
    "batch": _batch,
    "help": _help,
}

