"""refwright's ``browser`` tool for LlamaIndex (``pip install 'refwright[llamaindex]'``).

    agent = FunctionAgent(tools=[browser_tool(page)], llm=llm)
    answer = await agent.run("Sign up as test@example.com")

A ``FunctionTool`` with both functions: agents ``acall`` it, awaited on the page's loop; a sync ``call``
(which would otherwise ``asyncio.run`` the async one on a new loop) hands the command to the page's loop.
The description is the agent loop's, HELP included, which is longer than the 1,024 characters
``ToolMetadata.to_openai_tool()`` allows by default; this tool's metadata skips that check (OpenAI's limit
for a function's description is larger). A screenshot comes back as an ``ImageBlock`` beside its text.
LlamaIndex has no approval hook that pauses a tool call: a proposal comes back as text naming its
``confirm`` token, as in ``refwright agent`` without an approver. With a ``SessionPool``, each workflow run
(its ``Context``) gets its own page, given back once the run's context is gone.

``agent_tool(page, llm)`` is one tool, ``browse(task)``, that hands a whole task to refwright's agent loop
(``run_agent``) and answers with its answer: a browsing sub-agent for an orchestrating agent.
"""

# No `from __future__ import annotations`: LlamaIndex finds the Context parameter by comparing the annotation
# object itself.
from typing import Any

from ._core import AGENT_TOOL_DESCRIPTION, AGENT_TOOL_NAME, Answer, Binding, keep_binding, missing_framework

try:
    from llama_index.core.base.llms.types import ImageBlock, TextBlock
    from llama_index.core.tools import FunctionTool, ToolMetadata
    from llama_index.core.workflow import Context
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


def browser_tool(page: Any) -> FunctionTool:
    """The ``browser`` tool on ``page`` (a ``refwright.Page``, or a ``SessionPool`` of either API)."""
    binding = Binding(page)

    async def abrowser(ctx: Context, command: str) -> Any:
        return _blocks(await binding.arun(command, binding.key_of(ctx) if binding.pooled else None))

    def browser(ctx: Context, command: str) -> Any:
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


def _blocks(answer: Answer) -> Any:
    if answer.image is None:
        return answer.text
    return [TextBlock(text=answer.text), ImageBlock(image=answer.image, image_mimetype="image/png")]
