"""refwright's ``browser`` tool for the OpenAI Agents SDK (``pip install 'refwright[openai-agents]'``).

    agent = Agent(name="browser", tools=[browser_tool(page)])
    result = await Runner.run(agent, "Sign up as test@example.com")

A ``FunctionTool`` with a strict schema, awaited on the page's loop. Carrying out a proposal
(``confirm p-...``) needs the person's approval (``needs_approval``): the run stops with
``result.interruptions``; :func:`approval_request` says what each one would do, and
``state.approve(item)`` or ``state.reject(item)`` then ``Runner.run(agent, state)`` goes on. A screenshot
comes back as ``ToolOutputImage`` beside its text. With a ``SessionPool``, each run gets its own page; runs
given the same ``context=`` object (``Runner.run(agent, task, context=...)``, kept by a resumed ``RunState``)
share one. The page goes back to the pool when that object is gone, or on ``release(tool)``.
"""

from __future__ import annotations

import base64
from typing import Any

from ..agent._approval import ApprovalRequest
from ..agent._tool import parse_tool_arguments, tool_parameters
from ._core import AGENT_TOOL_DESCRIPTION, AGENT_TOOL_NAME, Binding, binding_of, keep_binding, missing_framework

try:
    from agents import FunctionTool, RunContextWrapper, ToolOutputImage, ToolOutputText
except ImportError as exc:
    raise ImportError(missing_framework("the OpenAI Agents SDK", "openai-agents", exc)) from exc


__all__ = ["agent_tool", "approval_request", "browser_tool"]


def browser_tool(page: Any, *, approvals: bool = True) -> FunctionTool:
    """The ``browser`` tool on ``page`` (a ``refwright.Page`` or ``SessionPool``).

    ``approvals=False`` leaves ``confirm`` to the model, as ``refwright agent`` does without an approver.
    """
    binding = Binding(page)

    async def invoke(ctx: RunContextWrapper[Any], arguments: str) -> Any:
        command, error = parse_tool_arguments(arguments)
        if error is not None:
            return f"Error: {error}"
        answer = await binding.arun(command, _run_of(binding, ctx))
        if answer.image is None:
            return answer.text
        url = "data:image/png;base64," + base64.b64encode(answer.image).decode("ascii")
        return [ToolOutputText(text=answer.text), ToolOutputImage(image_url=url)]

    async def needs_approval(ctx: RunContextWrapper[Any], params: dict[str, Any], call_id: str) -> bool:
        command = params.get("command")
        return isinstance(command, str) and binding.confirm_token(command) is not None

    tool = FunctionTool(name=binding.name, description=binding.description(), params_json_schema=tool_parameters(),
                        on_invoke_tool=invoke, strict_json_schema=True,
                        needs_approval=needs_approval if approvals else False)
    return keep_binding(tool, binding)


def agent_tool(page: Any, llm: Any, *, name: str = AGENT_TOOL_NAME, description: str = AGENT_TOOL_DESCRIPTION,
               **options: Any) -> FunctionTool:
    """One tool, ``browse(task)``, that hands the whole task to ``refwright.agent.run_agent`` with ``llm`` (any
    ``refwright.Llm``) on ``page`` (an async ``Page``, or a ``SessionPool``: a pooled page per task) and answers
    with the run's answer. ``options`` go to ``run_agent`` (``max_steps``, ``approve``, ...)."""
    binding = Binding(page)
    binding.need_async()
    schema = {"type": "object", "properties": {"task": {"type": "string", "description": "The whole task"}},
              "required": ["task"], "additionalProperties": False}

    async def invoke(ctx: RunContextWrapper[Any], arguments: str) -> str:
        task = _task_of(arguments)
        return await binding.atask(llm, task, options) if task else 'Error: Call with {"task": "<the whole task>"}.'

    tool = FunctionTool(name=name, description=description, params_json_schema=schema, on_invoke_tool=invoke,
                        strict_json_schema=True)
    return keep_binding(tool, binding)


def _task_of(arguments: str) -> str:
    import json

    try:
        value = json.loads(arguments)
    except ValueError:
        return ""
    task = value.get("task") if isinstance(value, dict) else None
    return task if isinstance(task, str) else ""


def approval_request(tool: FunctionTool, item: Any) -> ApprovalRequest:
    """What an interruption of ``tool`` (an item of ``result.interruptions``) would carry out, as the proposal
    said it: ``.summary`` is the sentence to show the person."""
    command, _ = parse_tool_arguments(getattr(item, "arguments", None) or "{}")
    found = binding_of(tool).approval_request(command)
    if found is None:
        return ApprovalRequest("proposal", "act", "", f"Run {command!r} in the browser")
    return found


def _run_of(binding: Binding, ctx: RunContextWrapper[Any]) -> str:
    # The SDK has no run id a tool can read. The run's context (Runner.run(..., context=...)) lives across
    # the runs that resume an approval; without one, the run's usage counter lives as long as one run.
    return binding.key_of(ctx.context if ctx.context is not None else ctx.usage)
