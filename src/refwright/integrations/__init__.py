"""refwright's ``browser`` tool inside the agent frameworks people already use.

One module per framework, each needing its extra (``pip install 'refwright[langchain]'`` and so on):
``refwright.integrations.langchain``, ``openai_agents``, ``pydantic_ai``, ``smolagents``, ``crewai`` and
``llamaindex``. Each has ``browser_tool(page)``: the framework's own tool object, named ``browser``, with
one string argument ``command`` and the agent loop's description (HELP included). It runs the command
through ``page.run_command``, so the guard, the action policy, secrets and content boundaries hold as in
``refwright agent``; a failure is an ``Error: ...`` answer the model reads. Given a ``SessionPool`` instead
of a page, each agent run gets a pooled page of its own; :func:`release` gives it back. Each also has
``agent_tool(page, llm)``: one tool, ``browse(task)``, that hands a whole task to refwright's agent loop.

This package imports no framework; each module imports its own on import.
"""

from __future__ import annotations

from ._core import binding_of

__all__ = ["release", "release_sync"]


async def release(tool: object, run: str | None = None) -> None:
    """Give the pooled page that ``run`` used (every run's, when None) back to its pool.

    ``tool`` is what a ``browser_tool(pool)`` returned; ``run`` the framework's run or thread id. A tool on
    a single page holds nothing to release."""
    await binding_of(tool).arelease(run)


def release_sync(tool: object, run: str | None = None) -> None:
    """:func:`release` for sync code (a thread other than the page's own loop)."""
    binding_of(tool).release(run)
