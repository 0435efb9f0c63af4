"""The OpenAI Agents SDK's own loop (``Runner.run`` with a fake ``Model``) driving refwright's ``browser``
tool on the demo app: refs, a refusal, an approval through ``needs_approval``, a screenshot as an image."""

from __future__ import annotations

import itertools
import json
from collections.abc import AsyncIterator
from typing import Any

import pytest

pytest.importorskip("agents")

from agents import Agent, FunctionTool, Model, ModelResponse, Runner, Usage, set_tracing_disabled
from openai.types.responses import ResponseFunctionToolCall, ResponseOutputMessage, ResponseOutputText

import refwright
from refwright import ActionPolicy, ActionType
from refwright.agent import tool_description
from refwright.integrations.openai_agents import agent_tool, approval_request, browser_tool

from . import scenarios
from .examples import example
from .scenarios import WELCOME, Brain

set_tracing_disabled(True)  # the SDK would otherwise send traces to OpenAI
_ids = itertools.count(1)


def outputs_of(items: Any) -> list[str]:
    """The text of every tool output in a Responses-format input list."""
    found = []
    for item in items if isinstance(items, list) else []:
        if isinstance(item, dict) and item.get("type") == "function_call_output":
            output = item["output"]
            if isinstance(output, list):
                output = "\n".join(p["text"] for p in output if p.get("type") == "input_text")
            found.append(str(output))
    return found


class BrainModel(Model):
    """A model that answers what ``brain`` says, given the tool outputs in its input."""

    def __init__(self, brain: Brain) -> None:
        self.brain = brain
        self.inputs: list[Any] = []
        self.tools: list[Any] = []

    async def get_response(self, system_instructions: str | None, input: Any, model_settings: Any, tools: Any,
                           output_schema: Any, handoffs: Any, tracing: Any, **_: Any) -> ModelResponse:
        self.inputs.append(input)
        self.tools = tools
        answer = self.brain(outputs_of(input))
        if isinstance(answer, str):
            output: list[Any] = [ResponseOutputMessage(
                id=f"m{next(_ids)}", role="assistant", status="completed", type="message",
                content=[ResponseOutputText(text=answer, type="output_text", annotations=[])])]
        else:
            output = [ResponseFunctionToolCall(
                id=f"f{n}", call_id=f"c{n}", name="browser", type="function_call",
                arguments=_json({"command": command})) for command in answer for n in [next(_ids)]]
        return ModelResponse(output=output, usage=Usage(), response_id=None)

    def stream_response(self, *args: Any, **kwargs: Any) -> AsyncIterator[Any]:
        raise NotImplementedError("these tests do not stream")


def _json(value: Any) -> str:
    return json.dumps(value)


async def test_the_models_calls_sign_up_through_refs(signup_page: refwright.Page) -> None:
    model = BrainModel(scenarios.signup)
    agent = Agent(name="signup", model=model, tools=[browser_tool(signup_page)])
    result = await Runner.run(agent, "Sign up as test@example.com")
    assert result.final_output == f"Finished. The last answer was: {WELCOME}"
    (tool,) = model.tools
    assert isinstance(tool, FunctionTool) and tool.name == "browser" and tool.strict_json_schema
    assert tool.description == tool_description()
    assert tool.params_json_schema["additionalProperties"] is False


async def test_a_denied_action_comes_back_as_a_readable_refusal(signup_page: refwright.Page) -> None:
    signup_page.set_action_policy(ActionPolicy(denied_actions={ActionType.CLICK}))
    agent = Agent(name="refused", model=BrainModel(scenarios.refused), tools=[browser_tool(signup_page)])
    result = await Runner.run(agent, "Submit the form")
    assert result.final_output.startswith("Finished. The last answer was: Error: Action Click on http://127.0.0.1:")
    assert "was denied by the action policy (deniedActions contains Click)" in result.final_output


@pytest.mark.parametrize("allowed", [True, False])
async def test_confirming_a_proposal_waits_for_the_persons_approval(
        signup_page: refwright.Page, allowed: bool) -> None:
    tool = browser_tool(signup_page)
    agent = Agent(name="approval", model=BrainModel(scenarios.approval), tools=[tool])
    first = await Runner.run(agent, "Sign up as test@example.com")
    (item,) = first.interruptions
    request = approval_request(tool, item)
    assert request.summary.startswith('Needs approval: click @e') and 'button "Create account"' in request.summary
    assert item.arguments is not None and request.token in item.arguments
    assert (await signup_page.run_command("get text h1")).output == "Create your account"  # nothing done yet
    state = first.to_state()
    if allowed:
        state.approve(item)
    else:
        state.reject(item, rejection_message="The person said no.")
    second = await Runner.run(agent, state)
    if allowed:
        assert second.final_output == f"Finished. The last answer was: {WELCOME}"
    else:
        assert second.final_output == "Finished. The last answer was: Create your account"
        assert "The person said no." in outputs_of(second.to_input_list())


async def test_a_screenshot_comes_back_as_an_image(signup_page: refwright.Page) -> None:
    model = BrainModel(scenarios.screenshot)
    agent = Agent(name="look", model=model, tools=[browser_tool(signup_page)])
    await Runner.run(agent, "Take a screenshot")
    (output,) = [i["output"] for i in model.inputs[-1]
                 if isinstance(i, dict) and i.get("type") == "function_call_output"]
    text, image = output
    assert text["type"] == "input_text" and text["text"].startswith("Screenshot 1280")
    assert image["type"] == "input_image" and image["image_url"].startswith("data:image/png;base64,iVBOR")


async def test_each_conversation_gets_its_own_pooled_page(demo: Any) -> None:
    from ..conftest import TEST_CONFIG

    async with refwright.SessionPool(config=TEST_CONFIG) as pool:
        tool = browser_tool(pool)
        opener = Agent(name="open", model=BrainModel(lambda outs: [f"open {demo.url}"] if not outs else outs[-1]),
                       tools=[tool])
        reader = Agent(name="read", model=BrainModel(lambda outs: ["get url"] if not outs else outs[-1]),
                       tools=[tool])
        conversation = {"user": "a"}
        await Runner.run(opener, "open it", context=conversation)
        same = await Runner.run(reader, "where?", context=conversation)
        other = await Runner.run(reader, "where?")
        assert same.final_output == demo.url
        assert other.final_output == "about:blank"
        from refwright.integrations import release

        await release(tool)
        assert [s["active"] for s in pool.stats()] == [0]


class TaskModel(BrainModel):
    """The signup brain, after opening the page the task names (the MCP route starts on a blank page)."""

    def __init__(self) -> None:
        super().__init__(scenarios.signup)

    async def get_response(self, system_instructions: str | None, input: Any, *args: Any,
                           **kwargs: Any) -> ModelResponse:
        task = input if isinstance(input, str) else str(input[0]["content"])
        self.brain = scenarios.opening_first(task, scenarios.signup)
        return await super().get_response(system_instructions, input, *args, **kwargs)


async def test_the_docs_native_example_signs_up() -> None:
    module = example("openai_agents", "native")
    assert await module.main(BrainModel(scenarios.signup)) == f"Finished. The last answer was: {WELCOME}"


async def test_the_docs_mcp_example_signs_up_through_refwright_mcp() -> None:
    module = example("openai_agents", "mcp")
    assert await module.main(TaskModel()) == f"Finished. The last answer was: {WELCOME}"


class Outer(BrainModel):
    """A model that hands the user's whole request to ``browse`` and reports what it answered."""

    async def get_response(self, system_instructions: str | None, input: Any, *args: Any,
                           **kwargs: Any) -> ModelResponse:
        answers = outputs_of(input)
        if answers:
            return await BrainModel(lambda _: f"The browsing agent said: {answers[0]}").get_response(
                system_instructions, input, *args, **kwargs)
        task = input if isinstance(input, str) else next(
            str(i["content"]) for i in input if isinstance(i, dict) and i.get("role") == "user")
        call = ResponseFunctionToolCall(id="f-browse", call_id="c-browse", name="browse", type="function_call",
                                        arguments=json.dumps({"task": task}))
        return ModelResponse(output=[call], usage=Usage(), response_id=None)


async def test_agent_tool_hands_a_whole_task_to_refwrights_agent_loop(signup_page: refwright.Page) -> None:
    tool = agent_tool(signup_page, scenarios.BrainLlm(scenarios.signup))
    result = await Runner.run(Agent(name="outer", model=Outer(scenarios.signup), tools=[tool]), "Get me an account")
    assert result.final_output == f"The browsing agent said: Finished. The last answer was: {WELCOME}"


async def test_the_docs_agent_tool_example_signs_up() -> None:
    module = example("openai_agents", "agent_tool")
    answer = await module.main(Outer(scenarios.signup), scenarios.OpeningLlm(scenarios.signup))
    assert answer == f"The browsing agent said: Finished. The last answer was: {WELCOME}"
