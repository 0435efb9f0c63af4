"""Command handlers, one module per group; ``HANDLERS`` maps each registered name to its handler."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from ..._result import CommandResult
from ...commands import HELP, ParsedCommand
from ...commands._help import command_help
from .._session import Session
from . import act, dialogs, diffs, frames, navigation, observe, output, query, resolve, state, tabs, visual, wait

Handler = Callable[[Session, ParsedCommand], Awaitable[CommandResult | str]]


async def _help(session: Session, cmd: ParsedCommand) -> str:
    return command_help(cmd.args[0]) if cmd.args else HELP


HANDLERS: dict[str, Handler] = {
    **navigation.HANDLERS,
    **observe.HANDLERS,
    **act.HANDLERS,
    **query.HANDLERS,
    **wait.HANDLERS,
    **state.HANDLERS,
    **resolve.HANDLERS,
    **output.HANDLERS,
    **diffs.HANDLERS,
    **tabs.HANDLERS,
    **frames.HANDLERS,
    **dialogs.HANDLERS,
    **visual.HANDLERS,
    "help": _help,
}

