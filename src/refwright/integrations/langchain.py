"""refwright's ``browser`` tool for LangChain and LangGraph (``pip install 'refwright[langchain]'``).

    agent = create_react_agent(model, [browser_tool(page)], checkpointer=InMemorySaver())

A ``StructuredTool``: awaited on the page's loop under ``ainvoke``; under a sync ``invoke`` (which LangChain
may run in a worker thread) the command is handed to the page's loop. Carrying out a proposal
(``confirm p-...``) asks the person through LangGraph's ``interrupt``: the graph stops with the request
(``summary``, ``token``, ...), and ``Command(resume=True)`` or ``Command(resume=False)`` goes on (a
:class:`refwright.agent.Decision` value such as ``"always"`` works too). A screenshot comes back as an image
content block beside its text. With a ``SessionPool``, each LangGraph thread (``configurable.thread_id``)
gets its own page; ``release(tool, thread_id)`` gives it back.
"""

from __future__ import annotations

from typing import Any

from ..agent._approval import Decision, denied_text
from ._core import AGENT_TOOL_DESCRIPTION, AGENT_TOOL_NAME, Answer, Binding, keep_binding, missing_framework

try:
    from langchain_core.runnables import RunnableConfig
    from langchain_core.tools import StructuredTool
    from pydantic import BaseModel, Field
except ImportError as exc:
    raise ImportError(missing_framework("LangChain", "langchain", exc)) from exc


__all__ = ["agent_tool", "browser_tool"]


class BrowserInput(BaseModel):
    """The ``browser`` tool's one argument."""

    command: str = Field(description='One command line, for example: snapshot -i, click @e3, fill @e2 "hello"')


def browser_tool(page: Any, *, approvals: bool = True) -> StructuredTool:
    """The ``browser`` tool on ``page`` (a ``refwright.Page`` or ``SessionPool``).

    ``approvals=False`` leaves ``confirm`` to the model, as ``refwright agent`` does without an approver
    (for plain LangChain runs outside a LangGraph graph, where ``interrupt`` cannot pause).
    """
    binding = Binding(page)

    def gate(command: str) -> str | None:
        """None to go ahead; else the answer for a step the person did not allow."""
        request = binding.approval_request(command) if approvals else None
        if request is None:
            return None
        try:
            answer = _interrupt({"tool": binding.name, "kind": request.kind, "action": request.action,
                                 "summary": request.summary, "token": request.token, "url": request.url})
        except RuntimeError as exc:  # not inside a LangGraph run that can pause
            return (f"Error: This step needs the person's approval, asked through LangGraph's interrupt, and this "
                    f"run cannot pause for it ({exc}). Nothing was done. Tell the person what you wanted to do.")
        decision = _decision(answer)
        return None if decision.allowed else denied_text(request, decision)

    async def arun(command: str, config: RunnableConfig) -> Any:
        refused = gate(command)
        if refused is not None:
            return refused
        return _content(await binding.arun(command, _thread(config)))

    def run(command: str, config: RunnableConfig) -> Any:
        refused = gate(command)
        if refused is not None:
            return refused
        return _content(binding.run(command, _thread(config)))

    tool = StructuredTool.from_function(func=run, coroutine=arun, name=binding.name,
                                        description=binding.description(), args_schema=BrowserInput,
                                        infer_schema=False)
    return keep_binding(tool, binding)


class TaskInput(BaseModel):
    """The ``browse`` tool's one argument."""

    task: str = Field(description="The whole task: where to go, what to do, what to report")


def agent_tool(page: Any, llm: Any, *, name: str = AGENT_TOOL_NAME, description: str = AGENT_TOOL_DESCRIPTION,
               **options: Any) -> StructuredTool:
    """One tool, ``browse(task)``, that hands the whole task to ``refwright.agent.run_agent`` with ``llm`` (any
    ``refwright.Llm``) on ``page`` (an async ``Page``, or a ``SessionPool``: a pooled page per task) and answers
    with the run's answer. ``options`` go to ``run_agent`` (``max_steps``, ``approve``, ...)."""
    binding = Binding(page)
    binding.need_async()

    async def arun(task: str) -> str:
        return await binding.atask(llm, task, options)

    def run(task: str) -> str:
        return binding.task(llm, task, options)

    tool = StructuredTool.from_function(func=run, coroutine=arun, name=name, description=description,
                                        args_schema=TaskInput, infer_schema=False)
    return keep_binding(tool, binding)


def _interrupt(request: dict[str, Any]) -> Any:
    try:
        from langgraph.types import interrupt
    except ImportError as exc:
        raise RuntimeError("langgraph is not installed; make the tool with browser_tool(page, approvals=False) "
                           "to leave confirm to the model") from exc
    return interrupt(request)


def _decision(value: Any) -> Decision:
    """The person's answer as given to ``Command(resume=...)``: a bool, a Decision (or its value), or a dict
    with a ``decision`` key."""
    if isinstance(value, dict):
        value = value.get("decision", value.get("allowed"))
    if isinstance(value, bool):
        return Decision.ALLOW if value else Decision.DENY
    try:
        return Decision(str(value).lower())
    except ValueError:
        return Decision.DENY


def _thread(config: RunnableConfig | None) -> str | None:
    configurable = (config or {}).get("configurable") or {}
    thread = configurable.get("thread_id")
    return str(thread) if thread is not None else None


def _content(answer: Answer) -> Any:
    if answer.image is None:
        return answer.text
    import base64

    return [{"type": "text", "text": answer.text},
            {"type": "image", "base64": base64.b64encode(answer.image).decode("ascii"), "mime_type": "image/png"}]
