"""The ``commands`` profile: one tool, ``browser``, taking one command line of the whole language."""

from __future__ import annotations

from typing import Any

from .._errors import RefwrightError
from .._url import normalize_url
from ..agent import tool_description, tool_parameters
from ..commands import tokenize
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
    if spec is not None and spec.name == "batch":
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
    action = spec.action_for(words[1:])
    # The commands that open a URL before anything else are permitted on that URL.
    url = normalize_url(words[1]) if spec.name in ("open", "read") and len(words) > 1 else None
    await call.permit(spec.name, url, reads=action in _READS, detail=None if url else command)


def commands_tools() -> list[ToolDef]:
    # The description and schema are the agent tool's: HELP from the command registry, so they cannot drift.
    return [ToolDef("browser", tool_description(), tool_parameters(), _browser, title="Browser")]
