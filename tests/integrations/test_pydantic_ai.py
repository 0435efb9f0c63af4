"""Pydantic AI's own loop (``Agent.run`` with a ``FunctionModel``) driving refwright's ``browser`` tool on
the demo app: refs, a refusal, an approval through deferred tools, a screenshot as ``BinaryContent``."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pydantic_ai")

from pydantic_ai import Agent, BinaryContent, DeferredToolRequests, DeferredToolResults, ToolDenied
from pydantic_ai.messages import (
    ModelMessage,
    ModelResponse,
    TextPart,
    ToolCallPart,
    ToolReturnPart,
    UserPromptPart,
)
from pydantic_ai.models.function import AgentInfo, FunctionModel

import refwright
from refwright import ActionPolicy, ActionType
from refwright.agent import tool_description
from refwright.integrations.pydantic_ai import agent_tool, browser_tool

from . import scenarios
from .examples import example
from .scenarios import WELCOME, Brain


def returns(messages: list[ModelMessage]) -> list[ToolReturnPart]:
    return [part for message in messages for part in getattr(message, "parts", [])
            if isinstance(part, ToolReturnPart)]


def text_of(part: ToolReturnPart) -> str:
    content = part.content
    if isinstance(content, list):
        return "\n".join(c for c in content if isinstance(c, str))
    return str(content)


def model(brain: Brain, seen: list[Any] | None = None) -> FunctionModel:
    def reply(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        if seen is not None:
            seen.append(info.function_tools)
        answer = brain([text_of(p) for p in returns(messages)])
        if isinstance(answer, str):
            return ModelResponse(parts=[TextPart(answer)])
        return ModelResponse(parts=[ToolCallPart("browser", {"command": c}) for c in answer])
    return FunctionModel(reply)


async def test_the_models_calls_sign_up_through_refs(signup_page: refwright.Page) -> None:
    seen: list[Any] = []
    agent = Agent(model(scenarios.signup, seen), tools=[browser_tool(signup_page)])
    result = await agent.run("Sign up as test@example.com")
    assert result.output == f"Finished. The last answer was: {WELCOME}"
    (tool,) = seen[0]
    assert tool.name == "browser"
    assert tool.description == tool_description()
    assert list(tool.parameters_json_schema["properties"]) == ["command"]


async def test_a_denied_action_comes_back_as_a_readable_refusal(signup_page: refwright.Page) -> None:
    signup_page.set_action_policy(ActionPolicy(denied_actions={ActionType.CLICK}))
    agent = Agent(model(scenarios.refused), tools=[browser_tool(signup_page)])
    result = await agent.run("Submit the form")
    assert result.output.startswith("Finished. The last answer was: Error: Action Click on http://127.0.0.1:")
    assert "was denied by the action policy (deniedActions contains Click)" in result.output
    assert (await signup_page.run_command("get text h1")).output == "Create your account"


@pytest.mark.parametrize("allowed", [True, False])
async def test_confirming_a_proposal_is_a_deferred_call_the_person_approves(
        signup_page: refwright.Page, allowed: bool) -> None:
    agent = Agent(model(scenarios.approval), tools=[browser_tool(signup_page)],
                  output_type=[str, DeferredToolRequests])
    first = await agent.run("Sign up as test@example.com")
    assert isinstance(first.output, DeferredToolRequests)
    (call,) = first.output.approvals
    assert call.args_as_dict()["command"].startswith("confirm p-")
    meta = first.output.metadata[call.tool_call_id]
    assert meta["summary"].startswith('Needs approval: click @e')
    assert 'button "Create account"' in meta["summary"]
    assert (await signup_page.run_command("get text h1")).output == "Create your account"  # nothing done yet
    decision: bool | ToolDenied = True if allowed else ToolDenied("The person said no.")
    second = await agent.run(message_history=first.all_messages(),
                             deferred_tool_results=DeferredToolResults(approvals={call.tool_call_id: decision}))
    if allowed:
        assert second.output == f"Finished. The last answer was: {WELCOME}"
    else:
        assert second.output == "Finished. The last answer was: Create your account"
        assert "The person said no." in [text_of(p) for p in returns(second.all_messages())]


async def test_a_screenshot_comes_back_as_an_image(signup_page: refwright.Page) -> None:
    agent = Agent(model(scenarios.screenshot), tools=[browser_tool(signup_page)])
    result = await agent.run("Take a screenshot")
    (part,) = returns(result.all_messages())
    assert isinstance(part.content, list)
    text, image = part.content
    assert text.startswith("Screenshot 1280")
    assert isinstance(image, BinaryContent) and image.media_type == "image/png"
    assert image.data.startswith(b"\x89PNG")


def first_prompt(messages: list[ModelMessage]) -> str:
    return str(messages[0].parts[-1].content)  # type: ignore[union-attr]


async def test_the_docs_native_example_signs_up() -> None:
    module = example("pydantic_ai", "native")
    assert await module.main(model(scenarios.signup)) == f"Finished. The last answer was: {WELCOME}"


async def test_the_docs_mcp_example_signs_up_through_refwright_mcp() -> None:
    def reply(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        brain = scenarios.opening_first(first_prompt(messages), scenarios.signup)
        return model(brain).function(messages, info)  # type: ignore[misc]

    module = example("pydantic_ai", "mcp")
    assert await module.main(FunctionModel(reply)) == f"Finished. The last answer was: {WELCOME}"


async def test_the_guard_secrets_and_content_boundaries_hold_through_the_tool(demo: Any) -> None:
    """The tool is the page's own pipeline: a secret typed by name and never read back, a private address the
    guard refuses, page text inside content markers, and a description that names the secret and the markers."""
    secret = refwright.Secret("SIGNUP_PW", "correct-horse-battery", (demo.url.rstrip("/"),))
    config = refwright.Config(allow_private=(demo.host,), content_boundaries=True, secrets=[secret])
    seen: list[Any] = []

    def brain(outputs: list[str]) -> list[str] | str:
        if not outputs:
            return ["snapshot -i"]
        email = scenarios.ref_for(outputs[0], "email")
        steps = [f"fill {email} {{{{secret:SIGNUP_PW}}}}", f"get value {email}", "open http://169.254.169.254/"]
        return [steps[len(outputs) - 1]] if len(outputs) <= len(steps) else scenarios.final(outputs)

    async with refwright.launch(config=config) as browser:
        page = await browser.new_page()
        await page.run_command(f"open {demo.url}")
        result = await Agent(model(brain, seen), tools=[browser_tool(page)]).run("Type the password")
        assert await page.playwright_page.locator("#email").input_value() == "correct-horse-battery"  # typed for real
    answers = [text_of(p) for p in returns(result.all_messages())]
    assert not any("correct-horse-battery" in a for a in answers)
    assert "{{secret:SIGNUP_PW}}" in answers[2]
    assert answers[0].startswith("--- AGENT_BROWSER_PAGE_CONTENT")
    assert answers[3].startswith("Error: ") and "169.254.169.254" in answers[3]
    (tool,) = seen[0]
    assert "{{secret:SIGNUP_PW}}" in tool.description and "AGENT_BROWSER_PAGE_CONTENT markers" in tool.description


def outer(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    """Hand the user's whole request to ``browse`` and report what it answered."""
    answers = [text_of(p) for p in returns(messages)]
    if not answers:
        task = next(str(p.content) for m in messages for p in getattr(m, "parts", []) if isinstance(p, UserPromptPart))
        return ModelResponse(parts=[ToolCallPart("browse", {"task": task})])
    return ModelResponse(parts=[TextPart(f"The browsing agent said: {answers[0]}")])


async def test_agent_tool_hands_a_whole_task_to_refwrights_agent_loop(signup_page: refwright.Page) -> None:
    tool = agent_tool(signup_page, scenarios.BrainLlm(scenarios.signup))
    result = await Agent(FunctionModel(outer), tools=[tool]).run("Get me an account")
    assert result.output == f"The browsing agent said: Finished. The last answer was: {WELCOME}"


async def test_the_docs_agent_tool_example_signs_up() -> None:
    module = example("pydantic_ai", "agent_tool")
    answer = await module.main(FunctionModel(outer), scenarios.OpeningLlm(scenarios.signup))
    assert answer == f"The browsing agent said: Finished. The last answer was: {WELCOME}"
