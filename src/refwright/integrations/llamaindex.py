"""refwright's ``browser`` tool for LlamaIndex (``pip install 'refwright[llamaindex]'``).

    agent = FunctionAgent(tools=[browser_tool(page)], llm=llm)
    answer = await agent.run("Sign up as test@example.com")

A ``FunctionTool`` with both functions: agents ``acall`` it, awaited on the page's loop; a sync ``call``
(which would otherwise ``asyncio.run`` the async one on a new loop) hands the command to the page's loop.
The description is the agent loop's, HELP included, which is longer than the 1,024 characters
``ToolMetadata.to_openai_tool()`` allows by default; this tool's metadata skips that check (OpenAI's limit
for a function's description is larger). A screenshot comes back as an ``ImageBlock`` beside its text.
Carrying out a proposal (``confirm p-...``) asks the person through LlamaIndex's human-in-the-loop
events: the tool waits (``ctx.wait_for_event``) after writing an ``InputRequiredEvent`` (``prefix`` is the
question; ``summary``, ``token``, ``action``, ``url`` say what the step does) to the run's event stream,
and a ``HumanResponseEvent`` sent back (``response="yes"``) allows it. With a ``SessionPool``, each workflow run
(its ``Context``) gets its own page, given back once the run's context is gone.

``agent_tool(page, llm)`` is one tool, ``browse(task)``, that hands a whole task to refwright's agent loop
(``run_agent``) and answers with its answer: a browsing sub-agent for an orchestrating agent.
"""

# No `from __future__ import annotations`: LlamaIndex finds the Context parameter by comparing the annotation
# object itself.
from typing import Any

from ..agent import Decision
from ..agent._approval import denied_text
from ._core import AGENT_TOOL_DESCRIPTION, AGENT_TOOL_NAME, Answer, Binding, keep_binding, missing_framework

try:
    from llama_index.core.base.llms.types import ImageBlock, TextBlock
    from llama_index.core.tools import FunctionTool, ToolMetadata
    from llama_index.core.workflow import Context, HumanResponseEvent, InputRequiredEvent
    from pydantic import BaseModel, Field
except ImportError as exc:
    raise ImportError(missing_framework("LlamaIndex", "llamaindex", exc)) from exc


__all__ = ["agent_tool", "browser_tool"]


class BrowserInput(BaseModel):
    """The ``browser`` tool's one argument."""

    command: str = Field(description='One command line, for example: snapshot -i, click @e3, fill @e2 "hello"')


class _Metadata(ToolMetadata):  # type: ignore[misc]
    def to_openai_tool(self, skip_length_check: bool = True) -> dict[str, Any]:
        # The description is HELP on purpose; the 1,024-character check is LlamaIndex's, not OpenAI's.
        return super().to_openai_tool(skip_length_check=True)  # type: ignore[no-any-return]


def browser_tool(page: Any, *, approvals: bool = True, approval_timeout: float | None = 600) -> FunctionTool:
    """The ``browser`` tool on ``page`` (a ``refwright.Page``, or a ``SessionPool`` of either API).

    ``approvals=False`` leaves ``confirm`` to the model, as ``refwright agent`` does without an approver.
    ``approval_timeout``: seconds to wait for the person's ``HumanResponseEvent`` (None: no limit); when
    nobody answers, the step is denied and the answer says so.
    """
    binding = Binding(page)

    async def abrowser(ctx: Context, command: str) -> Any:
        request = binding.approval_request(command) if approvals else None
        if request is not None:
            question = InputRequiredEvent(prefix=f"{request.summary} Allow it? (yes/no) ", tool=binding.name,
                                          summary=request.summary, token=request.token, action=request.action,
                                          url=request.url)
            try:
                # The workflow runs this step again once the answer comes: nothing before this line has effects.
                response = await ctx.wait_for_event(HumanResponseEvent, waiter_event=question,
                                                    waiter_id=f"refwright-approval-{request.token}",
                                                    timeout=approval_timeout)
            except TimeoutError:
                return denied_text(request, Decision.TIMEOUT)
            decision = _decision(getattr(response, "response", ""))
            if not decision.allowed:
                return denied_text(request, decision)
        return _blocks(await binding.arun(command, binding.key_of(ctx) if binding.pooled else None))

    def browser(ctx: Context, command: str) -> Any:
        if approvals and binding.approval_request(command) is not None:
            return ("Error: This step needs the person's approval, which is asked through the workflow's events; "
                    "a sync call cannot wait for it. Nothing was done. Call the tool through an agent (acall).")
        return _blocks(binding.run(command, binding.key_of(ctx) if binding.pooled else None))

    metadata = _Metadata(name=binding.name, description=binding.description(), fn_schema=BrowserInput)
    tool = FunctionTool(fn=browser, async_fn=abrowser, metadata=metadata)
    return keep_binding(tool, binding)


class TaskInput(BaseModel):
    """The ``browse`` tool's one argument."""

    task: str = Field(description="The whole task: where to go, what to do, what to report")


def agent_tool(page: Any, llm: Any, *, name: str = AGENT_TOOL_NAME, description: str = AGENT_TOOL_DESCRIPTION,
               **options: Any) -> FunctionTool:
    """One tool, ``browse(task)``, that hands the whole task to ``refwright.agent.run_agent`` with ``llm`` (any
    ``refwright.Llm``, not a LlamaIndex LLM) on ``page`` (an async ``Page``, or a ``SessionPool``: a pooled page
    per task) and answers with the run's answer. ``options`` go to ``run_agent`` (``max_steps``, ``approve``,
    ...)."""
    binding = Binding(page)
    binding.need_async()

    async def abrowse(task: str) -> str:
        return await binding.atask(llm, task, options)

    def browse(task: str) -> str:
        return binding.task(llm, task, options)

    metadata = ToolMetadata(name=name, description=description, fn_schema=TaskInput)
    tool = FunctionTool(fn=browse, async_fn=abrowse, metadata=metadata)
    return keep_binding(tool, binding)


def _decision(answer: Any) -> Decision:
    word = str(answer).strip().lower()
    if word in ("y", "yes", "allow", "approve", "ok", "true"):
        return Decision.ALLOW
    return Decision.ALWAYS if word == "always" else Decision.DENY


def _blocks(answer: Answer) -> Any:
    if answer.image is None:
        return answer.text
    return [TextBlock(text=answer.text), ImageBlock(image=answer.image, image_mimetype="image/png")]
