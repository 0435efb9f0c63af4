"""LangGraph's own loop (``create_react_agent`` with a fake chat model) driving refwright's ``browser`` tool
on the demo app: refs, a refusal, an approval through ``interrupt``, a screenshot as an image block."""

from __future__ import annotations

import asyncio
import itertools
import warnings
from collections.abc import Sequence
from typing import Any

import pytest

pytest.importorskip("langchain_core")
pytest.importorskip("langgraph")

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from langgraph.prebuilt import create_react_agent

import refwright
from refwright import ActionPolicy, ActionType
from refwright.agent import tool_description
from refwright.integrations.langchain import agent_tool, browser_tool

from . import scenarios
from .examples import example
from .scenarios import WELCOME, Brain

_ids = itertools.count(1)


def text_of(message: ToolMessage) -> str:
    if isinstance(message.content, str):
        return message.content
    return "\n".join(b["text"] for b in message.content if isinstance(b, dict) and b.get("type") == "text")


class BrainChat(BaseChatModel):
    """A chat model that answers what ``brain`` says, given the tool messages so far."""

    brain: Any

    @property
    def _llm_type(self) -> str:
        return "brain"

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> Any:
        return self

    def _generate(self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None,
                  **kwargs: Any) -> ChatResult:
        answer = self.brain([text_of(m) for m in messages if isinstance(m, ToolMessage)])
        if isinstance(answer, str):
            message = AIMessage(content=answer)
        else:
            message = AIMessage(content="", tool_calls=[
                {"name": "browser", "args": {"command": c}, "id": f"call{next(_ids)}", "type": "tool_call"}
                for c in answer])
        return ChatResult(generations=[ChatGeneration(message=message)])


def agent_for(brain: Brain, tool: Any, **kwargs: Any) -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return create_react_agent(BrainChat(brain=brain), [tool], **kwargs)


def last_text(state: dict[str, Any]) -> str:
    return str(state["messages"][-1].content)


async def test_the_models_calls_sign_up_through_refs(signup_page: refwright.Page) -> None:
    tool = browser_tool(signup_page)
    state = await agent_for(scenarios.signup, tool).ainvoke({"messages": [("user", "Sign up")]})
    assert last_text(state) == f"Finished. The last answer was: {WELCOME}"
    assert tool.name == "browser" and tool.description == tool_description()
    assert list(tool.args) == ["command"]


async def test_the_sync_invoke_from_a_worker_thread_reaches_the_pages_loop(signup_page: refwright.Page) -> None:
    # LangGraph runs a reply's sync tool calls in parallel threads, so this model makes one call per reply.
    agent = agent_for(scenarios.signup_one_by_one, browser_tool(signup_page))
    state = await asyncio.to_thread(agent.invoke, {"messages": [("user", "Sign up")]})
    assert last_text(state) == f"Finished. The last answer was: {WELCOME}"


async def test_a_denied_action_comes_back_as_a_readable_refusal(signup_page: refwright.Page) -> None:
    signup_page.set_action_policy(ActionPolicy(denied_actions={ActionType.CLICK}))
    state = await agent_for(scenarios.refused, browser_tool(signup_page)).ainvoke({"messages": [("user", "Go")]})
    assert last_text(state).startswith("Finished. The last answer was: Error: Action Click on http://127.0.0.1:")
    assert "was denied by the action policy (deniedActions contains Click)" in last_text(state)


@pytest.mark.parametrize("allowed", [True, False])
async def test_confirming_a_proposal_interrupts_the_graph_for_the_person(
        signup_page: refwright.Page, allowed: bool) -> None:
    agent = agent_for(scenarios.approval, browser_tool(signup_page), checkpointer=InMemorySaver())
    config = {"configurable": {"thread_id": "signup"}}
    first = await agent.ainvoke({"messages": [("user", "Sign up")]}, config)
    (asked,) = first["__interrupt__"]
    assert asked.value["summary"].startswith("Needs approval: click @e")
    assert 'button "Create account"' in asked.value["summary"] and asked.value["token"].startswith("p-")
    assert (await signup_page.run_command("get text h1")).output == "Create your account"  # nothing done yet
    second = await agent.ainvoke(Command(resume=allowed), config)
    if allowed:
        assert last_text(second) == f"Finished. The last answer was: {WELCOME}"
    else:
        assert last_text(second) == "Finished. The last answer was: Create your account"
        denial = [text_of(m) for m in second["messages"] if isinstance(m, ToolMessage)][-2]
        assert denial.startswith("Error: The person denied this step: click @e")


async def test_a_screenshot_comes_back_as_an_image_block(signup_page: refwright.Page) -> None:
    state = await agent_for(scenarios.screenshot, browser_tool(signup_page)).ainvoke({"messages": [("user", "Look")]})
    (message,) = [m for m in state["messages"] if isinstance(m, ToolMessage)]
    text, image = message.content
    assert text["type"] == "text" and text["text"].startswith("Screenshot 1280")
    assert image["type"] == "image" and image["mime_type"] == "image/png" and image["base64"].startswith("iVBOR")


def model_for(brain: Brain) -> BrainChat:
    return BrainChat(brain=brain)


class TaskChat(BrainChat):
    """The signup brain, after opening the page the task names (the MCP route starts on a blank page)."""

    def _generate(self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None,
                  **kwargs: Any) -> ChatResult:
        self.brain = scenarios.opening_first(str(messages[0].content), scenarios.signup)
        return super()._generate(messages, stop, run_manager, **kwargs)


async def test_the_docs_native_example_signs_up() -> None:
    module = example("langchain", "native")
    assert await module.main(model_for(scenarios.signup)) == f"Finished. The last answer was: {WELCOME}"


async def test_the_docs_mcp_example_signs_up_through_refwright_mcp() -> None:
    pytest.importorskip("langchain_mcp_adapters")
    module = example("langchain", "mcp")
    assert await module.main(TaskChat(brain=None)) == f"Finished. The last answer was: {WELCOME}"


class Outer(BrainChat):
    """A chat model that hands the user's whole request to ``browse`` and reports what it answered."""

    def _generate(self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None,
                  **kwargs: Any) -> ChatResult:
        answers = [text_of(m) for m in messages if isinstance(m, ToolMessage)]
        task = str(next(m.content for m in messages if isinstance(m, HumanMessage)))
        message = AIMessage(content=f"The browsing agent said: {answers[0]}") if answers else AIMessage(
            content="", tool_calls=[{"name": "browse", "args": {"task": task}, "id": "b1", "type": "tool_call"}])
        return ChatResult(generations=[ChatGeneration(message=message)])


async def test_agent_tool_hands_a_whole_task_to_refwrights_agent_loop(signup_page: refwright.Page) -> None:
    tool = agent_tool(signup_page, scenarios.BrainLlm(scenarios.signup))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        agent = create_react_agent(Outer(brain=None), [tool])
    state = await agent.ainvoke({"messages": [("user", "Get me an account")]})
    assert last_text(state) == f"The browsing agent said: Finished. The last answer was: {WELCOME}"


async def test_the_docs_agent_tool_example_signs_up() -> None:
    module = example("langchain", "agent_tool")
    answer = await module.main(Outer(brain=None), scenarios.OpeningLlm(scenarios.signup))
    assert answer == f"The browsing agent said: Finished. The last answer was: {WELCOME}"
