"""The one tool a model gets: ``browser``, which runs one command line and returns its text."""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any, Protocol

from .._errors import RefwrightError
from ..commands import HELP, render_extension_help
from ..safety._secrets import Secrets

if TYPE_CHECKING:
    from .._result import CommandResult

__all__ = [
    "TOOL_NAME",
    "CommandRunner",
    "anthropic_tool",
    "browser_tool",
    "openai_tool",
    "parse_tool_arguments",
    "tool_description",
    "tool_json_schema",
    "tool_parameters",
]

TOOL_NAME = "browser"

_CALL_SHAPE = 'Call the browser tool with one string parameter, for example {"command": "snapshot -i"}.'


class CommandRunner(Protocol):
    """Anything that runs a command line, such as ``refwright.Page``.

    A protocol rather than the class so that the agent package never imports the browser core.
    """

    async def run_command(self, command: str) -> CommandResult: ...


async def run_browser_command(page: CommandRunner, command: str) -> tuple[str, bytes | None]:
    """``browser_tool`` that also keeps the screenshot, so the loop can show it to a vision model."""
    try:
        result = await page.run_command(command)
    except asyncio.CancelledError:
        # Cancelling the agent's task must stop the run, not become a tool result the model reads.
        raise
    except RefwrightError as exc:
        # These messages are written for the model: it reads them and recovers.
        return f"Error: {exc.message or type(exc).__name__}", None
    except Exception as exc:
        # Anything else (a bug, a closed browser) is still better handed to the model than ending the
        # run: it can try something else, or give up with an answer that says why.
        return f"Error: {str(exc) or type(exc).__name__}", None
    image = result.screenshot.bytes if result.screenshot is not None else None
    return result.output, image


async def browser_tool(page: CommandRunner, command: str) -> str:
    """Run one command line on ``page`` and return its text; failures come back as ``"Error: ..."``."""
    output, _ = await run_browser_command(page, command)
    return output


def parse_tool_arguments(arguments: str | Any) -> tuple[str, str | None]:
    """``(command, error)`` from a tool call's arguments, a JSON string or an already decoded object.

    Models sometimes send broken JSON or forget the parameter; the error is then handed back to the
    model as the tool result, which is enough for it to call again correctly.
    """
    value = arguments
    if isinstance(arguments, str):
        try:
            value = json.loads(arguments)
        except ValueError as exc:
            return "", f"The tool arguments were not valid JSON ({exc}). {_CALL_SHAPE}"
    if not isinstance(value, dict):
        return "", f"The tool arguments must be a JSON object, not {type(value).__name__}. {_CALL_SHAPE}"
    command = value.get("command")
    if not isinstance(command, str):
        problem = 'missing "command"' if command is None else '"command" must be a string'
        return "", f"The tool arguments are {problem}. {_CALL_SHAPE}"
    return command, None


def tool_description(secrets: Secrets | None = None) -> str:
    """HELP, plus refwright's own commands; rendered on each call because extensions may register later.
    With ``secrets`` (the page's ``config.secrets``), also their names and origins, never their values."""
    extra = render_extension_help()
    text = "Run one agent-browser command line on the open page and return its text output.\n\n" + HELP
    text += "\n\nMore commands:\n" + extra if extra else ""
    listing = secrets.describe() if secrets is not None else ""
    return text + (f"\n\n{listing}" if listing else "")


def tool_parameters() -> dict[str, Any]:
    """The JSON Schema of the tool's arguments: one required string, ``command``."""
    return {
        "type": "object",
        "properties": {
            "command": {
                "type": "string",
                "description": 'One command line, for example: snapshot -i, click @e3, fill @e2 "hello"',
            }
        },
        "required": ["command"],
        "additionalProperties": False,
    }


def tool_json_schema(secrets: Secrets | None = None) -> dict[str, Any]:
    """The tool declaration as plain JSON Schema: ``{"name", "description", "parameters"}``."""
    return {"name": TOOL_NAME, "description": tool_description(secrets), "parameters": tool_parameters()}


def openai_tool(secrets: Secrets | None = None) -> dict[str, Any]:
    """The declaration in Chat Completions' ``tools`` format."""
    return {"type": "function", "function": tool_json_schema(secrets)}


def anthropic_tool(secrets: Secrets | None = None) -> dict[str, Any]:
    """The declaration in the Messages API's ``tools`` format."""
    return {"name": TOOL_NAME, "description": tool_description(secrets), "input_schema": tool_parameters()}
