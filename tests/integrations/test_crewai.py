"""CrewAI's own loop (a Crew's ``kickoff`` with a fake LLM) driving refwright's ``browser`` tool on the demo
app: refs, a refusal, a proposal as text naming its token, an approval through CrewAI's tool-call hook, a
screenshot as a file path; CrewAI's ``asyncio.run`` of an async tool, which must not touch the page from its
own loop; ``agent_tool``, refwright's agent loop as one tool; and the docs' examples, the MCP one through
crewai-tools' ``MCPServerAdapter``."""

from __future__ import annotations

import asyncio
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("CREWAI_DISABLE_TELEMETRY", "true")
os.environ.setdefault("OTEL_SDK_DISABLED", "true")
os.environ.setdefault("CREWAI_TRACING_ENABLED", "false")
pytest.importorskip("crewai")

from crewai import Agent, Crew, Task
from crewai.hooks import register_before_tool_call_hook, unregister_before_tool_call_hook
from crewai.llms.base_llm import BaseLLM

import refwright
import refwright.sync_api
from refwright import ActionPolicy, ActionType
from refwright.agent import tool_description
from refwright.integrations.crewai import agent_tool, approval_hook, browser_tool

from ..conftest import TEST_CONFIG
from . import scenarios
from .examples import example
from .scenarios import WELCOME, Brain

_STEP = "Thought: I use the browser."


def observations(messages: Any) -> list[str]:
    """Each tool result CrewAI put in the conversation (it adds them as ``Observation: ...``)."""
    found: list[str] = []
    for message in messages if isinstance(messages, list) else []:
        # Only this model's own steps: CrewAI's format reminders quote "Observation:" too.
        if message.get("role") == "assistant" and str(message.get("content", "")).startswith(_STEP):
            # The result, without the tool list CrewAI appends to some of them as a reminder.
            result = str(message["content"]).split("\nObservation: ", 1)[1]
            found.append(result.split("\n\n\nYou ONLY have access", 1)[0].strip())
    return found


class BrainLLM(BaseLLM):  # type: ignore[misc]
    """A model that answers what ``brain`` says, in the ReAct text CrewAI parses."""

    brain: Any = None

    def call(self, messages: Any, tools: Any = None, callbacks: Any = None, available_functions: Any = None,
             from_task: Any = None, from_agent: Any = None, response_model: Any = None) -> str:
        answer = self.brain(observations(messages))
        if isinstance(answer, str):
            return f"Thought: I now know the final answer\nFinal Answer: {answer}"
        (command,) = answer
        # The tool's name as CrewAI lists it (its MCP tools carry the server's name in front).
        listed = re.search(r"Tool Name: (\S*browser)\b", json.dumps(messages).replace("\\n", "\n"))
        name = listed.group(1) if listed else "browser"
        return f"{_STEP}\nAction: {name}\nAction Input: {json.dumps({'command': command})}"

    def supports_stop_words(self) -> bool:
        return False

    def get_context_window_size(self) -> int:
        return 100_000


def kickoff(brain: Brain, tool: Any, task: str, llm: Any = None) -> str:
    agent = Agent(role="Web operator", goal="Do the task in the browser", backstory="Careful.",
                  llm=llm or BrainLLM(model="brain", brain=brain), tools=[tool], verbose=False, max_iter=12)
    crew = Crew(agents=[agent], tasks=[Task(description=task, expected_output="what happened", agent=agent)],
                verbose=False)
    return str(crew.kickoff().raw)


async def test_the_models_calls_sign_up_through_refs(signup_page: refwright.Page) -> None:
    tool = browser_tool(signup_page)
    assert tool.name == "browser" and tool.description == tool_description()
    assert list(tool.args_schema.model_fields) == ["command"]
    answer = await asyncio.to_thread(kickoff, scenarios.signup_one_by_one, tool, "Sign up")
    assert answer == f"Finished. The last answer was: {WELCOME}"


async def test_akickoff_on_the_pages_own_loop_signs_up(signup_page: refwright.Page) -> None:
    agent = Agent(role="Web operator", goal="Do the task in the browser", backstory="Careful.",
                  llm=BrainLLM(model="brain", brain=scenarios.signup_one_by_one), tools=[browser_tool(signup_page)],
                  verbose=False, max_iter=12)
    crew = Crew(agents=[agent], tasks=[Task(description="Sign up", expected_output="what happened", agent=agent)],
                verbose=False)
    assert (await crew.akickoff()).raw == f"Finished. The last answer was: {WELCOME}"


async def test_crewais_asyncio_run_of_the_async_tool_reaches_the_pages_loop(signup_page: refwright.Page) -> None:
    tool = browser_tool(signup_page)
    # What CrewAI does with an async tool in its worker thread: a new loop, foreign to the page's.
    answer = await asyncio.to_thread(lambda: asyncio.run(tool.arun(command="get title")))
    assert answer == "Acme Cloud — Sign up"
    assert await asyncio.to_thread(tool.run, command="get text h1") == "Create your account"


async def test_a_denied_action_comes_back_as_a_readable_refusal(signup_page: refwright.Page) -> None:
    signup_page.set_action_policy(ActionPolicy(denied_actions={ActionType.CLICK}))
    answer = await asyncio.to_thread(kickoff, scenarios.refused, browser_tool(signup_page), "Submit")
    assert answer.startswith("Finished. The last answer was: Error: Action Click on http://127.0.0.1:")
    assert "was denied by the action policy (deniedActions contains Click)" in answer


async def test_a_proposal_is_text_naming_its_token(signup_page: refwright.Page) -> None:
    answer = await asyncio.to_thread(kickoff, scenarios.approval, browser_tool(signup_page), "Sign up")
    assert answer == f"Finished. The last answer was: {WELCOME}"


@pytest.mark.parametrize("allowed", [True, False])
async def test_an_approval_goes_through_crewais_before_tool_call_hook(signup_page: refwright.Page,
                                                                      allowed: bool) -> None:
    asked: list[Any] = []

    def ask(request: Any, context: Any) -> str:
        asked.append((request, context.tool_name, context.agent.role))
        return "yes" if allowed else "no"

    read: list[str] = []

    def brain(outputs: list[str]) -> list[str] | str:
        read[:] = outputs
        return scenarios.approval(outputs)

    hook = approval_hook(ask)
    register_before_tool_call_hook(hook)
    try:
        answer = await asyncio.to_thread(kickoff, brain, browser_tool(signup_page), "Sign up")
    finally:
        unregister_before_tool_call_hook(hook)
    ((request, tool_name, role),) = asked  # only the confirm was asked about, once
    assert (tool_name, role, request.kind) == ("browser", "Web operator", "proposal")
    assert request.summary.startswith("Needs approval: click") and "Create account" in request.summary
    if allowed:
        assert answer == f"Finished. The last answer was: {WELCOME}"
    else:  # the step did not run, the model read why, and the form is still there
        assert read[4].startswith('Error: The person denied this step: click @e') and "Nothing was done" in read[4]
        assert answer == "Finished. The last answer was: Create your account"


def test_a_pool_gives_each_kickoff_its_own_page_and_takes_it_back(demo: Any) -> None:
    with refwright.sync_api.SessionPool(config=TEST_CONFIG) as pool:
        tool = browser_tool(pool)
        first = kickoff(lambda outs: [f"open {demo.url}", "get title"][len(outs):len(outs) + 1] or outs[-1], tool, "Go")
        assert first == "Acme Cloud — Sign up"
        _wait_for(lambda: [s["active"] for s in pool.stats()] == [0])  # given back when the kickoff completed
        # The next kickoff starts on a page of its own, not on the first one's.
        assert kickoff(lambda outs: ["get url"] if not outs else outs[-1], tool, "Where?") == "about:blank"
        _wait_for(lambda: [s["active"] for s in pool.stats()] == [0])


def _wait_for(condition: Any) -> None:
    # CrewAI tells its event handlers in threads of their own, right after the kickoff returns.
    import time

    for _ in range(100):
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError("the condition did not hold within 5 seconds")


async def test_a_screenshot_comes_back_as_a_file_path(signup_page: refwright.Page) -> None:
    answer = await asyncio.to_thread(kickoff, scenarios.screenshot, browser_tool(signup_page), "Look")
    found = re.search(r"Saved to (\S+\.png)", answer)
    assert found is not None, answer
    assert (await asyncio.to_thread(Path(found.group(1)).read_bytes)).startswith(b"\x89PNG")


class TaskLLM(BrainLLM):
    """The signup brain, after opening the page the task names (a pooled page starts blank)."""

    def call(self, messages: Any, *args: Any, **kwargs: Any) -> str:
        task = next(str(m["content"]) for m in messages if m.get("role") == "user" and "Current Task" in m["content"])
        self.brain = scenarios.opening_first(task, scenarios.signup_one_by_one)
        return super().call(messages, *args, **kwargs)


async def test_the_docs_native_example_signs_up() -> None:
    module = example("crewai", "native")
    answer = await asyncio.to_thread(module.main, TaskLLM(model="brain"))
    assert answer == f"Finished. The last answer was: {WELCOME}"



async def test_the_docs_mcp_example_signs_up_through_refwright_mcp() -> None:
    pytest.importorskip("crewai_tools")
    pytest.importorskip("mcpadapt")
    module = example("crewai", "mcp")
    answer = await asyncio.to_thread(module.main, TaskLLM(model="brain"))
    assert answer == f"Finished. The last answer was: {WELCOME}"


class OuterLLM(BrainLLM):
    """A crew's model that hands the whole task to ``browse`` and reports what it answered."""

    def call(self, messages: Any, *args: Any, **kwargs: Any) -> str:
        answers = observations(messages)
        if answers:
            return f"Thought: I now know the final answer\nFinal Answer: The browsing agent said: {answers[0]}"
        # The crew's task as CrewAI wrote it for the agent, handed on whole.
        given = re.search(r"Current Task: ([^\n]*)", json.dumps(messages).replace("\\n", "\n"))
        task = given.group(1) if given else "Sign up as test@example.com"
        return f"{_STEP}\nAction: browse\nAction Input: {json.dumps({'task': task})}"


async def test_agent_tool_hands_a_whole_task_to_refwrights_agent_loop(signup_page: refwright.Page) -> None:
    tool = agent_tool(signup_page, scenarios.BrainLlm(scenarios.signup))
    assert tool.name == "browse" and list(tool.args_schema.model_fields) == ["task"]
    answer = await asyncio.to_thread(kickoff, scenarios.signup, tool, "Get me an account", OuterLLM(model="outer"))
    assert answer == f"The browsing agent said: Finished. The last answer was: {WELCOME}"


async def test_agent_tools_async_run_on_crewais_own_loop_reaches_the_pages_loop(signup_page: refwright.Page) -> None:
    tool = agent_tool(signup_page, scenarios.BrainLlm(scenarios.signup))
    answer = await asyncio.to_thread(lambda: asyncio.run(tool.arun(task="Sign up")))
    assert answer == f"Finished. The last answer was: {WELCOME}"


async def test_the_docs_agent_tool_example_signs_up() -> None:
    module = example("crewai", "agent_tool")
    answer = await module.main(OuterLLM(model="outer"), scenarios.OpeningLlm(scenarios.signup))
    assert answer == f"The browsing agent said: Finished. The last answer was: {WELCOME}"
