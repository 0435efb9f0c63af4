"""smolagents' own loop (``ToolCallingAgent.run`` with a fake ``Model``) driving refwright's ``browser`` tool
on the demo app: refs, a refusal, a proposal as text naming its token, a screenshot as a file path; a sync
``SessionPool`` for sync programs; and ``agent_tool``, refwright's agent loop as one tool."""

from __future__ import annotations

import asyncio
import itertools
import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("smolagents")

from smolagents import ToolCallingAgent
from smolagents.models import ChatMessage, ChatMessageToolCall, ChatMessageToolCallFunction, MessageRole, Model

import refwright
import refwright.sync_api
from refwright import ActionPolicy, ActionType
from refwright.agent import tool_description
from refwright.integrations.smolagents import agent_tool, browser_tool

from ..conftest import TEST_CONFIG
from . import scenarios
from .examples import example
from .scenarios import WELCOME, Brain

_ids = itertools.count(1)


def observations(messages: list[Any]) -> list[str]:
    found = []
    for message in messages:
        role = message.role if isinstance(message, ChatMessage) else message["role"]
        content = message.content if isinstance(message, ChatMessage) else message["content"]
        if role == MessageRole.TOOL_RESPONSE:
            text = "".join(p["text"] for p in content if p.get("type") == "text")
            found.append(text.removeprefix("Observation:\n"))
    return found


class BrainModel(Model):  # type: ignore[misc]
    """A model that answers what ``brain`` says; its final answer is a call of smolagents' final_answer."""

    def __init__(self, brain: Brain) -> None:
        super().__init__(model_id="brain")
        self.brain = brain

    def generate(self, messages: list[Any], stop_sequences: Any = None, response_format: Any = None,
                 tools_to_call_from: Any = None, **kwargs: Any) -> ChatMessage:
        answer = self.brain(observations(messages))
        calls = [("final_answer", {"answer": answer})] if isinstance(answer, str) else [
            ("browser", {"command": c}) for c in answer]
        return ChatMessage(role=MessageRole.ASSISTANT, content="", tool_calls=[
            ChatMessageToolCall(function=ChatMessageToolCallFunction(name=name, arguments=args),
                                id=f"call{next(_ids)}", type="function") for name, args in calls])


def run(brain: Brain, tool: Any, task: str) -> str:
    agent = ToolCallingAgent(tools=[tool], model=BrainModel(brain), max_steps=10, verbosity_level=0)
    return str(agent.run(task))


async def test_the_models_calls_sign_up_through_refs(signup_page: refwright.Page) -> None:
    tool = browser_tool(signup_page)
    assert tool.name == "browser" and tool.description == tool_description()
    assert list(tool.inputs) == ["command"]
    # smolagents calls tools synchronously: the agent runs in a worker thread, the page stays on its loop.
    answer = await asyncio.to_thread(run, scenarios.signup_one_by_one, tool, "Sign up")
    assert answer == f"Finished. The last answer was: {WELCOME}"


async def test_a_sync_call_on_the_pages_own_loop_is_an_answer_not_a_deadlock(signup_page: refwright.Page) -> None:
    answer = browser_tool(signup_page)(command="get title")
    assert answer.startswith("Error: The browser tool was called synchronously on its page's own event loop")


async def test_a_denied_action_comes_back_as_a_readable_refusal(signup_page: refwright.Page) -> None:
    signup_page.set_action_policy(ActionPolicy(denied_actions={ActionType.CLICK}))
    answer = await asyncio.to_thread(run, scenarios.refused, browser_tool(signup_page), "Submit")
    assert answer.startswith("Finished. The last answer was: Error: Action Click on http://127.0.0.1:")
    assert "was denied by the action policy (deniedActions contains Click)" in answer


async def test_a_proposal_is_text_naming_its_token(signup_page: refwright.Page) -> None:
    # No approval hook in smolagents: the model reads the proposal and may run `confirm`, as in `refwright agent`.
    answer = await asyncio.to_thread(run, scenarios.approval, browser_tool(signup_page), "Sign up")
    assert answer == f"Finished. The last answer was: {WELCOME}"


async def test_a_screenshot_comes_back_as_a_file_path(signup_page: refwright.Page) -> None:
    answer = await asyncio.to_thread(run, scenarios.screenshot, browser_tool(signup_page), "Look")
    found = re.search(r"Saved to (\S+\.png)", answer)
    assert found is not None, answer
    assert (await asyncio.to_thread(Path(found.group(1)).read_bytes)).startswith(b"\x89PNG")


def test_a_sync_session_pool_gives_the_tool_a_page(demo: Any) -> None:
    with refwright.sync_api.SessionPool(config=TEST_CONFIG) as pool:
        tool = browser_tool(pool)
        answer = run(lambda outs: [f"open {demo.url}", "get title"][len(outs):len(outs) + 1] or outs[-1], tool, "Go")
        assert answer == "Acme Cloud — Sign up"
        from refwright.integrations import release_sync

        release_sync(tool)
        assert [s["active"] for s in pool.stats()] == [0]


def test_the_guard_secrets_and_content_boundaries_hold_through_the_sync_tool(demo: Any) -> None:
    """Through a sync pool's page (the sync API's pipeline): a secret typed by name and never read back, a
    private address the guard refuses, page text inside content markers, and a description that names the
    secret and the markers."""
    secret = refwright.Secret("SIGNUP_PW", "correct-horse-battery", (demo.url.rstrip("/"),))
    config = refwright.Config(allow_private=(demo.host,), content_boundaries=True, secrets=[secret])
    read: list[str] = []

    def brain(outputs: list[str]) -> list[str] | str:
        read[:] = outputs
        if not outputs:
            return [f"open {demo.url}"]
        if len(outputs) == 1:
            return ["snapshot -i"]
        email = scenarios.ref_for(outputs[1], "email")
        steps = [f"fill {email} {{{{secret:SIGNUP_PW}}}}", f"get value {email}", "open http://169.254.169.254/"]
        return [steps[len(outputs) - 2]] if len(outputs) - 2 < len(steps) else scenarios.final(outputs)

    with refwright.sync_api.SessionPool(config=config) as pool:
        tool = browser_tool(pool)
        assert "{{secret:SIGNUP_PW}}" in tool.description and "AGENT_BROWSER_PAGE_CONTENT markers" in tool.description
        run(brain, tool, "Type the password")
        from refwright.integrations import release_sync

        release_sync(tool)
    assert not any("correct-horse-battery" in a for a in read)
    assert read[1].startswith("--- AGENT_BROWSER_PAGE_CONTENT")
    assert "{{secret:SIGNUP_PW}}" in read[3]  # the field holds the secret; the model reads its name
    assert read[4].startswith("Error: ") and "169.254.169.254" in read[4]


class TaskModel(BrainModel):
    """The signup brain, after opening the page the task names (a pooled page starts blank)."""

    def __init__(self) -> None:
        super().__init__(scenarios.signup_one_by_one)

    def generate(self, messages: list[Any], *args: Any, **kwargs: Any) -> ChatMessage:
        task = next(p["text"] for m in messages if m.role == MessageRole.USER for p in m.content if "http" in p["text"])
        self.brain = scenarios.opening_first(task, scenarios.signup_one_by_one)
        return super().generate(messages, *args, **kwargs)


async def test_the_docs_native_example_signs_up() -> None:
    module = example("smolagents", "native")
    assert await asyncio.to_thread(module.main, TaskModel()) == f"Finished. The last answer was: {WELCOME}"


async def test_the_docs_mcp_example_signs_up_through_refwright_mcp() -> None:
    pytest.importorskip("mcpadapt")
    module = example("smolagents", "mcp")
    assert await asyncio.to_thread(module.main, TaskModel()) == f"Finished. The last answer was: {WELCOME}"


class Outer(Model):  # type: ignore[misc]
    """A manager model that hands the whole task to ``browse`` and reports what it answered."""

    def __init__(self) -> None:
        super().__init__(model_id="outer")

    def generate(self, messages: list[Any], *args: Any, **kwargs: Any) -> ChatMessage:
        answers = observations(messages)
        # The user's whole task, handed on as it was given.
        given = next(p["text"] for m in messages if m.role == MessageRole.USER for p in m.content)
        task = given.split("New task:\n")[-1]
        name, arguments = ("final_answer", {"answer": f"The browsing agent said: {answers[0]}"}) if answers else (
            "browse", {"task": task})
        return ChatMessage(role=MessageRole.ASSISTANT, content="", tool_calls=[ChatMessageToolCall(
            function=ChatMessageToolCallFunction(name=name, arguments=arguments), id=f"call{next(_ids)}",
            type="function")])


async def test_agent_tool_hands_a_whole_task_to_refwrights_agent_loop(signup_page: refwright.Page) -> None:
    tool = agent_tool(signup_page, scenarios.BrainLlm(scenarios.signup))
    assert tool.name == "browse" and list(tool.inputs) == ["task"]
    agent = ToolCallingAgent(tools=[tool], model=Outer(), max_steps=4, verbosity_level=0)
    answer = await asyncio.to_thread(agent.run, "Get me an account")
    assert answer == f"The browsing agent said: Finished. The last answer was: {WELCOME}"


async def test_agent_tool_gives_each_task_its_own_pooled_page(demo: Any) -> None:
    async with refwright.SessionPool(config=TEST_CONFIG) as pool:
        tool = agent_tool(pool, scenarios.BrainLlm(scenarios.opening_first(f"{demo.url}/", scenarios.signup)))
        answer = await asyncio.to_thread(tool, task="Sign up")
        assert answer == f"Finished. The last answer was: {WELCOME}"
        assert [s["active"] for s in pool.stats()] == [0]  # the task's page went back when it ended


def test_agent_tool_needs_the_async_api() -> None:
    with refwright.sync_api.SessionPool(config=TEST_CONFIG) as pool, pytest.raises(TypeError, match="async"):
        agent_tool(pool, scenarios.BrainLlm(scenarios.signup))


async def test_the_docs_agent_tool_example_signs_up() -> None:
    module = example("smolagents", "agent_tool")
    answer = await module.main(Outer(), scenarios.OpeningLlm(scenarios.signup))
    assert answer == f"The browsing agent said: Finished. The last answer was: {WELCOME}"
