"""LlamaIndex's own loop (a ``FunctionAgent`` run with its ``MockFunctionCallingLLM``) driving refwright's
``browser`` tool on the demo app: refs, a refusal, an approval through LlamaIndex's human-in-the-loop events, a
screenshot as an ``ImageBlock``; the sync ``call`` from a worker thread; and ``agent_tool``, refwright's agent
loop as one tool."""

from __future__ import annotations

import ast
import asyncio
import itertools
import re
from typing import Any

import pytest

pytest.importorskip("llama_index.core")

from llama_index.core.agent.workflow import FunctionAgent, ToolCallResult
from llama_index.core.base.llms.types import ChatMessage, ImageBlock, MessageRole, TextBlock, ToolCallBlock
from llama_index.core.llms.mock import MockFunctionCallingLLM
from llama_index.core.workflow import Context, HumanResponseEvent, InputRequiredEvent

import refwright
from refwright import ActionPolicy, ActionType
from refwright.agent import tool_description
from refwright.integrations.llamaindex import agent_tool, browser_tool

from . import scenarios
from .examples import example
from .scenarios import WELCOME, Brain

_ids = itertools.count(1)


def llm_for(brain: Brain) -> MockFunctionCallingLLM:
    def respond(messages: list[ChatMessage], **kwargs: Any) -> ChatMessage:
        outputs = [str(m.content) for m in messages if m.role == MessageRole.TOOL]
        answer = brain(outputs)
        if isinstance(answer, str):
            return ChatMessage(role=MessageRole.ASSISTANT, content=answer)
        return ChatMessage(role=MessageRole.ASSISTANT, blocks=[
            ToolCallBlock(tool_call_id=f"call{next(_ids)}", tool_name="browser", tool_kwargs={"command": c})
            for c in answer])
    return MockFunctionCallingLLM(response_generator=respond)


def agent_for(brain: Brain, tool: Any) -> FunctionAgent:
    return FunctionAgent(tools=[tool], llm=llm_for(brain))


async def test_the_models_calls_sign_up_through_refs(signup_page: refwright.Page) -> None:
    tool = browser_tool(signup_page)
    assert tool.metadata.name == "browser" and tool.metadata.description == tool_description()
    spec = tool.metadata.to_openai_tool()  # over 1,024 characters: the metadata skips LlamaIndex's check
    assert list(spec["function"]["parameters"]["properties"]) == ["command"]
    answer = await agent_for(scenarios.signup, tool).run("Sign up")
    assert str(answer) == f"Finished. The last answer was: {WELCOME}"


async def test_the_sync_call_from_a_worker_thread_reaches_the_pages_loop(signup_page: refwright.Page) -> None:
    tool = browser_tool(signup_page)
    ctx = Context(agent_for(scenarios.screenshot, tool))
    output = await asyncio.to_thread(lambda: tool.call(command="get title", ctx=ctx))
    assert str(output) == "Acme Cloud — Sign up"
    # A sync call cannot wait for the person's answer: carrying out a proposal that way is refused, unrun.
    refused = await asyncio.to_thread(lambda: tool.call(command="confirm p-123", ctx=ctx))
    assert str(refused).startswith("Error: This step needs the person's approval") and "acall" in str(refused)


async def test_a_denied_action_comes_back_as_a_readable_refusal(signup_page: refwright.Page) -> None:
    signup_page.set_action_policy(ActionPolicy(denied_actions={ActionType.CLICK}))
    answer = str(await agent_for(scenarios.refused, browser_tool(signup_page)).run("Submit"))
    assert answer.startswith("Finished. The last answer was: Error: Action Click on http://127.0.0.1:")
    assert "was denied by the action policy (deniedActions contains Click)" in answer


async def test_without_approvals_a_proposal_is_text_naming_its_token(signup_page: refwright.Page) -> None:
    answer = await agent_for(scenarios.approval, browser_tool(signup_page, approvals=False)).run("Sign up")
    assert str(answer) == f"Finished. The last answer was: {WELCOME}"


@pytest.mark.parametrize("reply", ["yes", "no"])
async def test_an_approval_goes_through_llamaindexs_human_in_the_loop_events(signup_page: refwright.Page,
                                                                             reply: str) -> None:
    read: list[str] = []

    def brain(outputs: list[str]) -> list[str] | str:
        read[:] = outputs
        return scenarios.approval(outputs)

    handler = agent_for(brain, browser_tool(signup_page)).run("Sign up")
    asked = []
    async for event in handler.stream_events():
        if isinstance(event, InputRequiredEvent):
            asked.append(event)
            handler.ctx.send_event(HumanResponseEvent(response=reply))
    answer = str(await handler)
    (question,) = asked  # only the confirm was asked about, once
    assert question.tool == "browser" and question.token.startswith("p-")
    assert question.summary.startswith("Needs approval: click") and "Create account" in question.summary
    assert question.prefix.startswith(question.summary) and question.prefix.endswith("Allow it? (yes/no) ")
    if reply == "yes":
        assert answer == f"Finished. The last answer was: {WELCOME}"
    else:  # the step did not run, the model read why, and the form is still there
        assert read[4].startswith("Error: The person denied this step: click @e") and "Nothing was done" in read[4]
        assert answer == "Finished. The last answer was: Create your account"


async def test_an_unanswered_approval_times_out_as_a_denial(signup_page: refwright.Page) -> None:
    read: list[str] = []

    def brain(outputs: list[str]) -> list[str] | str:
        read[:] = outputs
        return scenarios.approval(outputs)

    answer = await agent_for(brain, browser_tool(signup_page, approval_timeout=0.5)).run("Sign up")
    assert read[4].startswith("Error: Nobody answered the approval request in time, so it was denied: click")
    assert str(answer) == "Finished. The last answer was: Create your account"


async def test_a_screenshot_comes_back_as_an_image_block(signup_page: refwright.Page) -> None:
    handler = agent_for(scenarios.screenshot, browser_tool(signup_page)).run("Look")
    results = [e async for e in handler.stream_events() if isinstance(e, ToolCallResult)]
    await handler
    (result,) = results
    text, image = result.tool_output.blocks
    assert isinstance(text, TextBlock) and text.text.startswith("Screenshot 1280")
    assert isinstance(image, ImageBlock) and image.image_mimetype == "image/png"


async def test_the_docs_native_example_signs_up() -> None:
    module = example("llamaindex", "native")
    assert await module.main(llm_for(scenarios.signup)) == f"Finished. The last answer was: {WELCOME}"


def _mcp_text(result: str) -> str:
    quoted = re.search(r"text=('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")", result)
    return str(ast.literal_eval(quoted.group(1))) if quoted else result


async def test_the_docs_mcp_example_signs_up_through_refwright_mcp() -> None:
    pytest.importorskip("llama_index.tools.mcp")

    def respond(messages: list[ChatMessage], **kwargs: Any) -> ChatMessage:
        task = next(str(m.content) for m in messages if m.role == MessageRole.USER)
        # llama-index-tools-mcp hands the model the CallToolResult's repr; the text is in it, quoted.
        unwrapped = [ChatMessage(role=m.role, content=_mcp_text(str(m.content))) if m.role == MessageRole.TOOL
                     else m for m in messages]
        return llm_for(scenarios.opening_first(task, scenarios.signup)).response_generator(unwrapped, **kwargs)

    module = example("llamaindex", "mcp")
    answer = await module.main(MockFunctionCallingLLM(response_generator=respond))
    assert answer == f"Finished. The last answer was: {WELCOME}"


def outer_llm() -> MockFunctionCallingLLM:
    """An orchestrating model that hands the user's whole request to ``browse`` and reports its answer."""
    def respond(messages: list[ChatMessage], **kwargs: Any) -> ChatMessage:
        answers = [str(m.content) for m in messages if m.role == MessageRole.TOOL]
        if answers:
            return ChatMessage(role=MessageRole.ASSISTANT, content=f"The browsing agent said: {answers[0]}")
        task = next(str(m.content) for m in messages if m.role == MessageRole.USER)
        return ChatMessage(role=MessageRole.ASSISTANT, blocks=[
            ToolCallBlock(tool_call_id=f"call{next(_ids)}", tool_name="browse", tool_kwargs={"task": task})])
    return MockFunctionCallingLLM(response_generator=respond)


async def test_agent_tool_hands_a_whole_task_to_refwrights_agent_loop(signup_page: refwright.Page) -> None:
    tool = agent_tool(signup_page, scenarios.BrainLlm(scenarios.signup))
    assert tool.metadata.name == "browse"
    assert list(tool.metadata.to_openai_tool()["function"]["parameters"]["properties"]) == ["task"]
    answer = await FunctionAgent(tools=[tool], llm=outer_llm()).run("Sign up as test@example.com")
    assert str(answer) == f"The browsing agent said: Finished. The last answer was: {WELCOME}"
    # A sync call (from a worker thread) runs the task on the page's loop too.
    heading = scenarios.BrainLlm(lambda outs: scenarios.final(outs) if outs else ["get text h1"])
    reader = agent_tool(signup_page, heading)
    again = await asyncio.to_thread(lambda: reader.call(task="Read the heading"))
    assert str(again) == f"Finished. The last answer was: {WELCOME}"


async def test_the_docs_agent_tool_example_signs_up() -> None:
    module = example("llamaindex", "agent_tool")
    answer = await module.main(outer_llm(), scenarios.OpeningLlm(scenarios.signup))
    assert answer == f"The browsing agent said: Finished. The last answer was: {WELCOME}"
