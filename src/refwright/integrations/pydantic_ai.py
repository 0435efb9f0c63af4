"""refwright's ``browser`` tool for Pydantic AI (``pip install 'refwright[pydantic-ai]'``).

    agent = Agent(model, tools=[browser_tool(page)], output_type=[str, DeferredToolRequests])

An async ``Tool`` awaited on the page's loop. Carrying out a proposal (``confirm p-...``) is a deferred
call that requires approval: the run ends with ``DeferredToolRequests`` whose metadata says what the step
does, and the next run's ``DeferredToolResults`` allow or deny it. A screenshot comes back as
``BinaryContent`` beside its text. With a ``SessionPool``, each conversation (``RunContext.conversation_id``:
one run, and the runs that continue its message history, such as the one resuming an approval) gets its
own page.
"""

from __future__ import annotations

from typing import Any

from ._core import AGENT_TOOL_DESCRIPTION, AGENT_TOOL_NAME, Binding, keep_binding, missing_framework

try:
    from pydantic_ai import ApprovalRequired, BinaryContent, RunContext, Tool
except ImportError as exc:
    raise ImportError(missing_framework("Pydantic AI", "pydantic-ai", exc)) from exc


__all__ = ["agent_tool", "browser_tool"]


def browser_tool(page: Any, *, approvals: bool = True) -> Tool[Any]:
    """The ``browser`` tool on ``page`` (a ``refwright.Page`` or ``SessionPool``).

    ``approvals=False`` leaves ``confirm`` to the model, as ``refwright agent`` does without an approver.
    """
    binding = Binding(page)

    async def browser(ctx: RunContext[Any], command: str) -> str | list[Any]:
        request = binding.approval_request(command) if approvals else None
        if request is not None and not ctx.tool_call_approved:
            raise ApprovalRequired(metadata={"summary": request.summary, "token": request.token,
                                             "action": request.action, "url": request.url})
        answer = await binding.arun(command, ctx.conversation_id or ctx.run_id)
        if answer.image is None:
            return answer.text
        return [answer.text, BinaryContent(data=answer.image, media_type="image/png")]

    tool: Tool[Any] = Tool(browser, name=binding.name, description=binding.description(), takes_ctx=True)
    return keep_binding(tool, binding)


def agent_tool(page: Any, llm: Any, *, name: str = AGENT_TOOL_NAME, description: str = AGENT_TOOL_DESCRIPTION,
               **options: Any) -> Tool[Any]:
    """One tool, ``browse(task)``, that hands the whole task to ``refwright.agent.run_agent`` with ``llm`` (any
    ``refwright.Llm``) on ``page`` (an async ``Page``, or a ``SessionPool``: a pooled page per task) and answers
    with the run's answer. ``options`` go to ``run_agent`` (``max_steps``, ``approve``, ...)."""
    binding = Binding(page)
    binding.need_async()

    async def browse(task: str) -> str:
        return await binding.atask(llm, task, options)

    tool: Tool[Any] = Tool(browse, name=name, description=description, takes_ctx=False)
    return keep_binding(tool, binding)
