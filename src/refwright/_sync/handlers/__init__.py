# Generated from src/refwright/_async/handlers/__init__.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""Command handlers, one module per group; ``HANDLERS`` maps each registered name to its handler."""

from __future__ import annotations

from collections.abc import Callable

from ..._errors import RefwrightError
from ..._result import CommandResult
from ...commands import HELP, ParsedCommand
from ...commands._help import command_help
from ..tab._tab import Tab
from . import (
    dialogs,
    diffs,
    frames,
    history,
    input,
    interactions,
    navigation,
    network,
    observe,
    output,
    person,
    query,
    resolve,
    saved_state,
    settings,
    state,
    tabs,
    visual,
    wait,
)

Handler = Callable[[Tab, ParsedCommand], CommandResult | str]


def _help(session: Tab, cmd: ParsedCommand) -> str:
    if cmd.args:
        return command_help(cmd.args[0])
    # The user's secrets by name and origin (never a value), so the model knows what it may type.
    listing = session.config.secrets.describe()
    return f"{HELP}\n\n{listing}" if listing else HELP


def _batch(session: Tab, cmd: ParsedCommand) -> str:
    # run_command runs a batch itself (each inner line goes through it again, policy and all); a batch
    # never reaches a handler.
    raise RefwrightError("batch runs only through run_command.")


HANDLERS: dict[str, Handler] = {
    **navigation.HANDLERS,
    **observe.HANDLERS,
    **interactions.HANDLERS,
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
    **saved_state.HANDLERS,
    **history.HANDLERS,
    **network.HANDLERS,
    **input.HANDLERS,
    **settings.HANDLERS,
    **person.HANDLERS,
    "batch": _batch,
    "help": _help,
}

