"""The ``commands`` profile: one tool, ``browser``, taking one command line of the whole language."""

from __future__ import annotations

from typing import Any

from .._errors import RefwrightError
from ..agent import tool_description, tool_parameters
from ..commands import tokenize
from ..commands._registry import lookup
from ._tools import CallContext, Reply, ToolDef

__all__ = ["commands_tools"]


async def _browser(args: dict[str, Any], call: CallContext) -> Reply:
    command = str(args["command"])
    words = tokenize(command)
    if not words:
        raise RefwrightError('Empty command. Send one command line, for example {"command": "snapshot -i"}.')
    # --mode plan turns the browser off for every command, reading included; each action a command takes is
    # gated where the policy decides it (the pipeline's authorize stage asks the mode: strict asks the person),
    # so a batch is gated command by command as it runs.
    spec = lookup(words[0])
    call.refuse_while_planning(spec.name if spec is not None else words[0])
    page = await call.page()
    result = await call.bounded(page.run_command(command))
    return Reply(result.output, result.screenshot.bytes if result.screenshot is not None else None)


def commands_tools() -> list[ToolDef]:
    # The description and schema are the agent tool's: HELP from the command registry, so they cannot drift.
    return [ToolDef("browser", tool_description(), tool_parameters(), _browser, title="Browser")]
