"""The agent loop with the scripted provider and a page-shaped fake (no browser, no network)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from refwright._errors import RefwrightError
from refwright.agent import (
    BOUNDARY_SENTENCE,
    AgentEvent,
    Assistant,
    CommandFinished,
    CommandStarted,
    ModelReplied,
    Reply,
    ScriptedLlm,
    StepStarted,
    ToolCall,
    ToolResult,
    Turn,
    Usage,
    User,
    run_agent,
    turn_from_json,
    turn_to_json,
)
from refwright.commands import HELP

from ..fake_llm_servers import PNG_1PX, SIGNUP_EMAIL, FakeSignupPage, ref_for


def signup_script() -> ScriptedLlm:
    def fill_form(turns: list[Turn]) -> list[Turn]:
        snap = next(t.output for t in reversed(turns) if isinstance(t, ToolResult))
        return [
            ToolCall("c2", f"fill {ref_for(snap, 'email')} {SIGNUP_EMAIL}"),
            ToolCall("c3", f"fill {ref_for(snap, 'password')} pw"),
            ToolCall("c4", f"check {ref_for(snap, 'terms')}"),
            ToolCall("c5", f"click {ref_for(snap, 'create account')}"),
        ]

    async def answer(turns: list[Turn]) -> list[Turn]:
        last = turns[-1]
        assert isinstance(last, ToolResult)
        return [Assistant(f"Done: {last.output}")]

    return ScriptedLlm(
        [
            [Assistant("Looking first."), ToolCall("c1", "snapshot -i")],
            fill_form,
            [ToolCall("c6", "get text h1")],
            answer,
        ]
    )


async def test_scripted_signup_completes_and_records_every_turn() -> None:
    page = FakeSignupPage()
    llm = signup_script()
    run = await run_agent(page, llm, "Create an account for test@example.com")

    assert run.answer == f"Done: Welcome, {SIGNUP_EMAIL}"
    assert not run.stopped
    assert run.steps == 4
    assert page.submitted
    assert page.commands == [
        "snapshot -i",
        f"fill @e2 {SIGNUP_EMAIL}",
        "fill @e3 pw",
        "check @e4",
        "click @e5",
        "get text h1",
    ]
    assert run.turns[0] == User("Create an account for test@example.com")
    # Every call of a reply is answered, in order, before the model is asked again.
    results = [t for t in run.turns if isinstance(t, ToolResult)]
    assert [r.id for r in results] == ["c1", "c2", "c3", "c4", "c5", "c6"]
    second_request = llm.calls[2][1]
    assert [t.id for t in second_request if isinstance(t, ToolResult)] == ["c1", "c2", "c3", "c4", "c5"]


async def test_reply_with_text_and_calls_is_not_the_final_answer() -> None:
    llm = ScriptedLlm(
        [[Assistant("Let me check."), ToolCall("a", "snapshot -i")], [Assistant("Two"), Assistant("lines")]]
    )
    run = await run_agent(FakeSignupPage(), llm, "task")
    assert run.steps == 2
    assert run.answer == "Two\nlines"


async def test_stops_after_max_steps_and_still_answers_the_last_calls() -> None:
    llm = ScriptedLlm([[ToolCall(str(i), "snapshot -i")] for i in range(3)])
    run = await run_agent(FakeSignupPage(), llm, "loop forever", max_steps=3)
    assert run.stopped
    assert run.answer == "Stopped after 3 steps."
    assert run.steps == 3
    assert isinstance(run.turns[-1], ToolResult) and run.turns[-1].id == "2"


async def test_errors_become_tool_results_the_model_can_read() -> None:
    bad_json = ToolCall("x1", "", arguments="{not json", error="The tool arguments were not valid JSON.")
    llm = ScriptedLlm(
        [
            [ToolCall("x0", "click @e99"), bad_json, ToolCall("x2", "snapshot", name="shell")],
            [Assistant("ok")],
        ]
    )
    page = FakeSignupPage()
    run = await run_agent(page, llm, "task")
    results = [t for t in run.turns if isinstance(t, ToolResult)]
    assert results[0].output == "Error: Element @e99 was not found. Take a new snapshot."
    assert results[1].output == "Error: The tool arguments were not valid JSON."
    assert results[2].output.startswith('Error: There is no tool named "shell"')
    # Only the valid call reached the page.
    assert page.commands == ["click @e99"]


async def test_system_prompt_has_instructions_help_and_optional_boundary_sentence() -> None:
    llm = ScriptedLlm([[Assistant("a")], [Assistant("b")]])
    await run_agent(FakeSignupPage(), llm, "t")
    await run_agent(FakeSignupPage(), llm, "t", content_boundaries=True)
    plain, bounded = llm.calls[0][0], llm.calls[1][0]
    assert plain.startswith("You operate a web page in a browser through the `browser` tool.")
    assert "Start with `snapshot -i`" in plain
    assert plain.endswith("Commands:\n" + HELP)
    assert BOUNDARY_SENTENCE not in plain
    assert BOUNDARY_SENTENCE in bounded
    assert bounded.endswith(HELP)


async def test_usage_is_summed_and_bare_lists_still_work() -> None:
    llm = ScriptedLlm(
        [
            lambda turns: Reply([ToolCall("1", "snapshot -i")], Usage(100, 10)),
            lambda turns: [ToolCall("2", "snapshot -i")],  # a plain list: no usage, still fine
            lambda turns: Reply([Assistant("done")], Usage(150, 5)),
        ]
    )
    run = await run_agent(FakeSignupPage(), llm, "t")
    assert run.usage == Usage(250, 15)


async def test_events_follow_the_run() -> None:
    events: list[AgentEvent] = []

    async def collect(event: AgentEvent) -> None:
        events.append(event)

    llm = ScriptedLlm([[ToolCall("1", "snapshot -i"), ToolCall("2", "check @e4")], [Assistant("done")]])
    await run_agent(FakeSignupPage(), llm, "t", on_event=collect)
    kinds = [type(e).__name__ for e in events]
    assert kinds == [
        "StepStarted",
        "ModelReplied",
        "CommandStarted",
        "CommandFinished",
        "CommandStarted",
        "CommandFinished",
        "StepStarted",
        "ModelReplied",
    ]
    assert isinstance(events[0], StepStarted) and events[0].step == 1
    assert isinstance(events[2], CommandStarted) and events[2].call.command == "snapshot -i"
    assert isinstance(events[5], CommandFinished) and events[5].result.output == "Checked @e4"
    assert isinstance(events[7], ModelReplied) and events[7].turns == (Assistant("done"),)
    # A synchronous callback works too.
    seen: list[AgentEvent] = []
    await run_agent(FakeSignupPage(), ScriptedLlm([[Assistant("x")]]), "t", on_event=seen.append)
    assert len(seen) == 2


async def test_screenshot_bytes_reach_the_tool_result() -> None:
    llm = ScriptedLlm([[ToolCall("s", "screenshot")], [Assistant("seen")]])
    run = await run_agent(FakeSignupPage(), llm, "t")
    result = next(t for t in run.turns if isinstance(t, ToolResult))
    assert result.output == "Screenshot 2×1"
    assert result.image == PNG_1PX


async def test_transcript_round_trips_through_jsonl() -> None:
    llm = ScriptedLlm(
        [
            [Assistant("hi"), ToolCall("s", "screenshot"), ToolCall("b", "", '{"x":1}', "other", "bad")],
            [Assistant("ok")],
        ]
    )
    run = await run_agent(FakeSignupPage(), llm, "task ✓")
    lines = [json.dumps(turn_to_json(t)) for t in run.turns]
    assert all("\n" not in line for line in lines)
    assert tuple(turn_from_json(json.loads(line)) for line in lines) == run.turns
    assert json.loads(lines[0]) == {"type": "user", "text": "task ✓"}


async def test_cancelling_the_run_cancels_the_command() -> None:
    started = asyncio.Event()

    class SlowPage:
        async def run_command(self, command: str) -> Any:
            started.set()
            await asyncio.sleep(60)

    llm = ScriptedLlm([[ToolCall("1", "wait 60000")], [Assistant("never")]])
    task = asyncio.ensure_future(run_agent(SlowPage(), llm, "t"))
    await started.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert len(llm.calls) == 1


async def test_scripted_llm_says_when_its_script_is_exhausted() -> None:
    llm = ScriptedLlm([[ToolCall("1", "snapshot -i")]])
    with pytest.raises(RefwrightError, match="no reply left"):
        await run_agent(FakeSignupPage(), llm, "t")


async def test_rejects_nonsense_arguments() -> None:
    with pytest.raises(ValueError):
        await run_agent(FakeSignupPage(), ScriptedLlm([]), "t", max_steps=0)
