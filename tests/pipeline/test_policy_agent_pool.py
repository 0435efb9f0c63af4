"""The agent's ``browser`` tool and a pooled session under an action policy (issue 38): both reach the page
through the one pipeline, so the model's `act click Save` is refused and the page sees nothing."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

import refwright
from refwright import ActionPolicy, ActionType, Page, PolicyDeniedError
from refwright.agent import Assistant, ScriptedLlm, ToolCall, ToolResult, run_agent

from ..conftest import TEST_CONFIG, run
from ..server import TestServer
from .reached import reached, serve

A = ActionType
DENY = ActionPolicy(denied_actions={A.CLICK, A.FILL, A.SELECT, A.DRAG})

pytestmark = pytest.mark.asyncio(loop_scope="session")


@pytest_asyncio.fixture(loop_scope="session")
async def rpage(browser: refwright.Browser, server: TestServer) -> AsyncIterator[Page]:
    p = await browser.new_page(isolated=True)
    await run(p, f"open {serve(server)}")
    yield p
    await p.close()


async def test_the_agents_tool_is_refused_by_the_policy(rpage: Page, server: TestServer) -> None:
    rpage.set_action_policy(DENY)
    llm = ScriptedLlm([[ToolCall("c1", "act click Save"), ToolCall("c2", 'act enter "Bob" into the Name field')],
                       [Assistant("I was not allowed to.")]])
    agent_run = await run_agent(rpage, llm, "Save the form")
    answers = [t.output for t in agent_run.turns if isinstance(t, ToolResult)]
    assert len(answers) == 2
    assert "Action Click on" in answers[0] and "was denied by the action policy" in answers[0]
    assert "Action Fill on" in answers[1] and "was denied by the action policy" in answers[1]
    await asyncio.sleep(0.3)  # a report leaves the page a moment after the input
    assert reached(server) == []


async def test_a_pooled_session_holds_the_policy(server: TestServer) -> None:
    from refwright._pool._sessions import SessionPool

    async with SessionPool(config=TEST_CONFIG, sessions_per_browser=1) as pool, pool.session() as page:
        await run(page, f"open {serve(server)}")
        page.set_action_policy(DENY)
        with pytest.raises(PolicyDeniedError, match="was denied by the action policy"):
            await page.act("click Save")
        with pytest.raises(PolicyDeniedError, match="was denied by the action policy"):
            await page.run_command("act click Save")
    await asyncio.sleep(0.3)
    assert reached(server) == []
