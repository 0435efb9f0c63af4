"""refwright's ``browser`` tool for smolagents (``pip install 'refwright[smolagents]'``).

    agent = ToolCallingAgent(tools=[browser_tool(page)], model=model)

smolagents calls tools synchronously (``forward``), from the agent's thread or a worker thread, so the
command is handed to the page's event loop and the thread waits for its answer: run the agent in a thread
(``await asyncio.to_thread(agent.run, task)``) when the page is an async one, or give the tool a
``refwright.sync_api.SessionPool``. smolagents has no approval hook: a proposal comes back as text naming
its ``confirm`` token, as in ``refwright agent`` without an approver. A screenshot is saved as a PNG file
and its path is in the answer. With a pool, the tool has one pooled page (make one tool per agent).

``agent_tool(page, llm)`` is one tool, ``browse(task)``, that hands a whole task to refwright's agent loop
(``run_agent``) and answers with its answer: a browsing sub-agent for a smolagents manager agent.
"""

from __future__ import annotations

from typing import Any

from ._core import AGENT_TOOL_DESCRIPTION, AGENT_TOOL_NAME, Binding, keep_binding, missing_framework

try:
    from smolagents import Tool
except ImportError as exc:
    raise ImportError(missing_framework("smolagents", "smolagents", exc)) from exc


__all__ = ["AgentTool", "BrowserTool", "agent_tool", "browser_tool"]

_TASK = "The whole task: where to go, what to do, what to report"
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


class AgentTool(Tool):  # type: ignore[misc]  # smolagents is untyped
    """refwright's agent loop as one smolagents ``Tool``: a whole task in, the run's answer out."""

    name = AGENT_TOOL_NAME
    description = AGENT_TOOL_DESCRIPTION
    inputs = {"task": {"type": "string", "description": _TASK}}  # noqa: RUF012  # smolagents reads it
    output_type = "string"

    def __init__(self, binding: Binding, llm: Any, options: dict[str, Any], name: str, description: str) -> None:
        self.binding, self.llm, self.options = binding, llm, options
        self.name, self.description = name, description
        super().__init__()

    def forward(self, task: str) -> str:
        return self.binding.task(self.llm, task, self.options)


def agent_tool(page: Any, llm: Any, *, name: str = AGENT_TOOL_NAME, description: str = AGENT_TOOL_DESCRIPTION,
               **options: Any) -> AgentTool:
    """One tool, ``browse(task)``, that hands the whole task to ``refwright.agent.run_agent`` with ``llm`` (any
    ``refwright.Llm``) on ``page`` (an async ``Page``, or a ``SessionPool``: a pooled page per task) and answers
    with the run's answer. ``options`` go to ``run_agent`` (``max_steps``, ``approve``, ...). Like the
    ``browser`` tool, it runs the task on the page's loop: call the agent from a worker thread."""
    binding = Binding(page)
    binding.need_async()
    return keep_binding(AgentTool(binding, llm, options, name, description), binding)
