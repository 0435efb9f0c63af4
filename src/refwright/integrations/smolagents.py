"""refwright's ``browser`` tool for smolagents (``pip install 'refwright[smolagents]'``).

    agent = ToolCallingAgent(tools=[browser_tool(page)], model=model)

smolagents calls tools synchronously (``forward``), from the agent's thread or a worker thread, so the
command is handed to the page's event loop and the thread waits for its answer: run the agent in a thread
(``await asyncio.to_thread(agent.run, task)``) when the page is an async one, or give the tool a
``refwright.sync_api.SessionPool``. smolagents has no approval hook: a proposal comes back as text naming
its ``confirm`` token, as in ``refwright agent`` without an approver. A screenshot is saved as a PNG file
and its path is in the answer. With a pool, the tool has one pooled page (make one tool per agent).
"""

from __future__ import annotations

from typing import Any

from ._core import Binding, keep_binding, missing_framework

try:
    from smolagents import Tool
except ImportError as exc:
    raise ImportError(missing_framework("smolagents", "smolagents", exc)) from exc


__all__ = ["BrowserTool", "browser_tool"]

_COMMAND = 'One command line, for example: snapshot -i, click @e3, fill @e2 "hello"'


class BrowserTool(Tool):  # type: ignore[misc]  # smolagents is untyped
    """The ``browser`` tool as a smolagents ``Tool``."""

    name = "browser"
    description = ""
    inputs = {"command": {"type": "string", "description": _COMMAND}}  # noqa: RUF012  # smolagents reads it
    output_type = "string"

    def __init__(self, binding: Binding) -> None:
        self.binding = binding
        self.description = binding.description()
        super().__init__()

    def forward(self, command: str) -> str:
        return self.binding.with_path(self.binding.run(command))


def browser_tool(page: Any) -> BrowserTool:
    """The ``browser`` tool on ``page`` (a ``refwright.Page``, or a ``SessionPool`` of either API)."""
    binding = Binding(page)
    return keep_binding(BrowserTool(binding), binding)
