"""The ``browser`` tool: its declaration, its error text, and argument parsing."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from refwright._errors import RefwrightError, RefwrightTimeoutError
from refwright._result import CommandResult, ScreenshotResult
from refwright.agent import (
    anthropic_tool,
    browser_tool,
    openai_tool,
    parse_tool_arguments,
    tool_json_schema,
)
from refwright.agent._tool import run_browser_command
from refwright.commands import HELP, render_extension_help

from ..fake_llm_servers import PNG_1PX


class Page:
    def __init__(self, outcome: Any) -> None:
        self.outcome = outcome

    async def run_command(self, command: str) -> CommandResult:
        if isinstance(self.outcome, BaseException):
            raise self.outcome
        return CommandResult(command, self.outcome)


async def test_returns_the_output() -> None:
    assert await browser_tool(Page("Clicked @e5"), "click @e5") == "Clicked @e5"


@pytest.mark.parametrize(
    ("error", "text"),
    [
        (
            RefwrightError("Element @e7 was not found after 5000ms"),
            "Error: Element @e7 was not found after 5000ms",
        ),
        (RefwrightTimeoutError("Timed out after 2000ms"), "Error: Timed out after 2000ms"),
        (RuntimeError("browser went away"), "Error: browser went away"),
        (KeyError("x"), "Error: 'x'"),
        (RuntimeError(), "Error: RuntimeError"),
    ],
)
async def test_errors_come_back_as_text(error: Exception, text: str) -> None:
    assert await browser_tool(Page(error), "click @e7") == text


async def test_cancellation_is_never_swallowed() -> None:
    with pytest.raises(asyncio.CancelledError):
        await browser_tool(Page(asyncio.CancelledError()), "wait 1000")


async def test_the_internal_variant_keeps_the_screenshot() -> None:
    class Shooter:
        async def run_command(self, command: str) -> CommandResult:
            return CommandResult(command, "Screenshot 1×1", screenshot=ScreenshotResult(PNG_1PX, 1, 1))

    assert await run_browser_command(Shooter(), "screenshot") == ("Screenshot 1×1", PNG_1PX)
    assert await browser_tool(Shooter(), "screenshot") == "Screenshot 1×1"


def test_declarations() -> None:
    schema = tool_json_schema()
    assert schema["name"] == "browser"
    assert schema["parameters"] == {
        "type": "object",
        "properties": {
            "command": {
                "type": "string",
                "description": schema["parameters"]["properties"]["command"]["description"],
            }
        },
        "required": ["command"],
        "additionalProperties": False,
    }
    assert HELP in schema["description"]
    extension = render_extension_help()
    if extension:
        assert extension in schema["description"]
    assert openai_tool() == {"type": "function", "function": schema}
    assert anthropic_tool() == {
        "name": "browser",
        "description": schema["description"],
        "input_schema": schema["parameters"],
    }


@pytest.mark.parametrize(
    ("arguments", "command", "problem"),
    [
        ('{"command": "snapshot -i"}', "snapshot -i", None),
        ({"command": "click @e1"}, "click @e1", None),
        ('{"command": "fill @e2 \\"a b\\""}', 'fill @e2 "a b"', None),
        ("{not json", "", "not valid JSON"),
        ("", "", "not valid JSON"),
        ('["snapshot"]', "", "must be a JSON object"),
        ('{"cmd": "snapshot"}', "", 'missing "command"'),
        ('{"command": ["click", "@e1"]}', "", '"command" must be a string'),
    ],
)
def test_parse_tool_arguments(arguments: Any, command: str, problem: str | None) -> None:
    got, error = parse_tool_arguments(arguments)
    assert got == command
    if problem is None:
        assert error is None
    else:
        assert error is not None and problem in error
        assert '{"command": "snapshot -i"}' in error
