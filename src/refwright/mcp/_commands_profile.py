"""The ``commands`` profile: one tool, ``browser``, taking one command line of the whole language."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .._errors import RefwrightError
from ..agent import tool_description, tool_parameters
from ..commands import parse, tokenize
from ..commands._batch import batch_lines
from ..commands._registry import lookup
from ..safety import ActionType
from ._tools import CallContext, Reply, ToolDef

__all__ = ["commands_tools"]

_READS = (None, ActionType.READ_CONTENT, ActionType.SCREENSHOT)


async def _browser(args: dict[str, Any], call: CallContext) -> Reply:
    command = str(args["command"])
    words = tokenize(command)
    if not words:
        raise RefwrightError('Empty command. Send one command line, for example {"command": "snapshot -i"}.')
    spec = lookup(words[0])
    if spec is not None and spec.runs_lines:
        # A batch is gated command by command, so it never carries an action past the mode's question.
        for line in batch_lines(command):
            await _permit(tokenize(line), line, call)
    else:
        await _permit(words, command, call)
    page = await call.page()
    result = await call.bounded(page.run_command(command))
    return Reply(result.output, result.screenshot.bytes if result.screenshot is not None else None)


async def _permit(words: list[str], command: str, call: CallContext) -> None:
    spec = lookup(words[0]) if words else None
    if spec is None:
        return
    try:
        args: Sequence[str] = parse(command).args
    except RefwrightError:
        args = words[1:]  # the command fails when it runs; the mode still decides on what it names
    action = spec.action_for(args)
    # A command that goes to a URL (open, read, tab new, diff url) is permitted on that URL, as its spec
    # says the action policy judges it.
    url = spec.policy_url(args, "") or None if action is ActionType.NAVIGATE and spec.policy_url else None
    await call.permit(spec.name, url, reads=action in _READS, detail=None if url else command)


def commands_tools() -> list[ToolDef]:
    # The description and schema are the agent tool's: HELP from the command registry, so they cannot drift.
    return [ToolDef("browser", tool_description(), tool_parameters(), _browser, title="Browser")]
