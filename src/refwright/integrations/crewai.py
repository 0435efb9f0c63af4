"""refwright's ``browser`` tool for CrewAI (``pip install 'refwright[crewai]'``).

    agent = Agent(role="Web operator", goal="...", backstory="...", tools=[browser_tool(page)])

A CrewAI ``BaseTool``. CrewAI calls a tool's sync ``_run`` from its worker threads, and runs an async one
with ``asyncio.run`` (another event loop); either way the command is handed to the page's own loop and
the caller waits for its answer, so the page is never used from a foreign loop. A Crew's ``kickoff`` on
the page's own loop thread would block that loop: use ``kickoff_async``/``akickoff`` or a worker thread, or
give the tool a ``refwright.sync_api.SessionPool``. Approvals go through CrewAI's own tool-call hooks:
``register_before_tool_call_hook(approval_hook())`` asks the person (``request_human_input`` by default)
before a ``confirm p-...`` carries out a proposal; a denied step's answer says so. Without it, a proposal
comes back as text naming its ``confirm`` token, as in ``refwright agent`` without an approver. A
screenshot is saved as a PNG file and its path is in the answer. With a pool, each kickoff (CrewAI's
execution id: a crew's ``kickoff``, or the flow it runs in) gets its own pooled page, given back when a
crew's kickoff completes or fails.

``agent_tool(page, llm)`` is one tool, ``browse(task)``, that hands a whole task to refwright's agent loop
(``run_agent``) and answers with its answer: a browsing sub-agent a crew's agent can delegate to.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

from ..agent import ApprovalRequest, Decision
from ..agent._approval import denied_text
from ._core import AGENT_TOOL_DESCRIPTION, AGENT_TOOL_NAME, Binding, keep_binding, missing_framework

try:
    from crewai.events import CrewKickoffCompletedEvent, CrewKickoffFailedEvent, crewai_event_bus
    from crewai.execution import get_execution_uuid
    from crewai.hooks import ToolCallHookContext
    from crewai.tools import BaseTool
    from pydantic import BaseModel, Field, PrivateAttr
except ImportError as exc:
    raise ImportError(missing_framework("CrewAI", "crewai", exc)) from exc


__all__ = ["AgentTool", "BrowserTool", "agent_tool", "approval_hook", "browser_tool"]


class BrowserInput(BaseModel):
    """The ``browser`` tool's one argument."""

    command: str = Field(description='One command line, for example: snapshot -i, click @e3, fill @e2 "hello"')


class BrowserTool(BaseTool):  # type: ignore[misc]  # crewai's BaseTool is not typed for mypy here
    """The ``browser`` tool as a CrewAI ``BaseTool``."""

    name: str = "browser"
    description: str = ""
    args_schema: type[BaseModel] = BrowserInput
    _binding: Binding = PrivateAttr()

    _refused: dict[str, str] = PrivateAttr(default_factory=dict)

    def _run(self, command: str) -> str:
        return self._refusal(command) or self._binding.with_path(self._binding.run(command, _kickoff()))

    async def _arun(self, command: str) -> str:
        return self._refusal(command) or self._binding.with_path(await self._binding.arun(command, _kickoff()))

    def _refusal(self, command: str) -> str:
        # What approval_hook left for a step the person did not allow: the call's answer, instead of running it.
        token = self._binding.confirm_token(command)
        return self._refused.pop(token, "") if token is not None else ""


def browser_tool(page: Any) -> BrowserTool:
    """The ``browser`` tool on ``page`` (a ``refwright.Page``, or a ``SessionPool`` of either API: a pooled
    page per kickoff)."""
    binding = Binding(page)
    tool = BrowserTool(description=binding.description())
    tool._binding = binding
    if binding.pooled:
        _listen()
        _POOLED.add(binding)
    return keep_binding(tool, binding)


def _kickoff() -> str | None:
    # CrewAI's execution id: set for a kickoff (the outermost crew or flow) and seen in the threads its tools
    # run in. None outside a crew, where the tool keeps one page.
    run = get_execution_uuid()
    return run if isinstance(run, str) else None


# The pooled tools' bindings, told when a kickoff ends: CrewAI gives a tool no end-of-run call of its own.
_POOLED: weakref.WeakSet[Binding] = weakref.WeakSet()
_LISTENING: list[bool] = []


def _listen() -> None:
    if _LISTENING:
        return
    _LISTENING.append(True)

    def ended(source: Any, event: Any) -> None:
        run = get_execution_uuid()  # the handler runs in the ended kickoff's context
        if run:
            for binding in list(_POOLED):
                binding.release_soon(run)

    crewai_event_bus.on(CrewKickoffCompletedEvent)(ended)
    crewai_event_bus.on(CrewKickoffFailedEvent)(ended)


Ask = Callable[[ApprovalRequest, ToolCallHookContext], "bool | Decision | str"]
_YES = frozenset({"y", "yes", "allow", "approve", "ok"})


def approval_hook(ask: Ask | None = None) -> Callable[[ToolCallHookContext], bool | None]:
    """A CrewAI ``before_tool_call`` hook that asks the person before a ``browser`` tool carries out a proposal
    (``confirm p-...``, the step ``act`` stopped at). Register it with
    ``crewai.hooks.register_before_tool_call_hook(approval_hook())``.

    ``ask(request, context)`` gets the :class:`refwright.agent.ApprovalRequest` (``.summary`` is the sentence
    to show) and CrewAI's hook context, and answers ``True``/``False``, a :class:`refwright.agent.Decision`, or
    the person's reply (``yes`` allows). By default it asks on the console through CrewAI's
    ``context.request_human_input``. A denied step is not run: the tool's answer says the person denied it.
    Other tools' calls, and the browser's other commands, pass untouched."""

    def hook(context: ToolCallHookContext) -> bool | None:
        # CrewAI hands hooks the CrewStructuredTool it made of the tool (both its ReAct and its native
        # function-calling paths); the tool itself is accepted as well.
        tool = context.tool if isinstance(context.tool, BrowserTool) else getattr(context.tool, "_original_tool", None)
        if not isinstance(tool, BrowserTool):
            return None
        command = context.tool_input.get("command")
        request = tool._binding.approval_request(command) if isinstance(command, str) else None
        if request is None:
            return None
        decision = _decision((ask or _console)(request, context))
        if not decision.allowed:
            tool._refused[request.token] = denied_text(request, decision)
        return None

    return hook


def _console(request: ApprovalRequest, context: ToolCallHookContext) -> str:
    return str(context.request_human_input(prompt=request.summary, default_message="Type yes to allow it:"))


def _decision(answer: bool | Decision | str) -> Decision:
    if isinstance(answer, Decision):
        return answer
    if isinstance(answer, bool):
        return Decision.ALLOW if answer else Decision.DENY
    word = answer.strip().lower()
    return Decision.ALLOW if word in _YES else Decision.ALWAYS if word == "always" else Decision.DENY


class TaskInput(BaseModel):
    """The ``browse`` tool's one argument."""

    task: str = Field(description="The whole task: where to go, what to do, what to report")


class AgentTool(BaseTool):  # type: ignore[misc]  # crewai's BaseTool is not typed for mypy here
    """refwright's agent loop as one CrewAI ``BaseTool``: a whole task in, the run's answer out."""

    name: str = AGENT_TOOL_NAME
    description: str = AGENT_TOOL_DESCRIPTION
    args_schema: type[BaseModel] = TaskInput
    _binding: Binding = PrivateAttr()
    _llm: Any = PrivateAttr()
    _options: dict[str, Any] = PrivateAttr()

    def _run(self, task: str) -> str:
        return self._binding.task(self._llm, task, self._options)

    async def _arun(self, task: str) -> str:
        return await self._binding.atask(self._llm, task, self._options)


def agent_tool(page: Any, llm: Any, *, name: str = AGENT_TOOL_NAME, description: str = AGENT_TOOL_DESCRIPTION,
               **options: Any) -> AgentTool:
    """One tool, ``browse(task)``, that hands the whole task to ``refwright.agent.run_agent`` with ``llm`` (any
    ``refwright.Llm``, not a CrewAI LLM) on ``page`` (an async ``Page``, or a ``SessionPool``: a pooled page per
    task) and answers with the run's answer. ``options`` go to ``run_agent`` (``max_steps``, ``approve``, ...).
    The task runs on the page's loop: kick the crew off from a worker thread or with ``kickoff_async``."""
    binding = Binding(page)
    binding.need_async()
    tool = AgentTool(name=name, description=description)
    tool._binding, tool._llm, tool._options = binding, llm, options
    return keep_binding(tool, binding)
