"""The observe-act loop: ask the model, run its commands one at a time, feed the results back."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol, TypeVar

from ..safety._secrets import Secrets
from ..snapshot._format import counted
from ._approval import Approver, Decision, denied_text, proposal_request
from ._events import (
    AgentEvent,
    ApprovalAnswered,
    ApprovalAsked,
    CommandFinished,
    CommandStarted,
    ModelReplied,
    StepStarted,
)
from ._prompt import system_prompt
from ._tool import TOOL_NAME, CommandRunner, run_browser_command
from ._turns import Assistant, ToolCall, ToolResult, Turn, Usage, User

__all__ = ["AgentRun", "Llm", "run_agent"]


class Llm(Protocol):
    """An adapter over a tool-calling model.

    ``next`` sends the system prompt, the conversation and the ``browser`` tool, and returns the model's
    reply as turns: ``Assistant`` text and ``ToolCall``s. Returning a ``Reply`` (a list with ``.usage``)
    lets the loop count tokens.
    """

    async def next(self, system: str, turns: list[Turn]) -> list[Turn]: ...


@dataclass(frozen=True)
class AgentRun:
    """The outcome of ``run_agent``.

    ``answer`` is the model's final text, or ``Stopped after N steps.`` when ``stopped``. ``steps`` counts
    model calls. ``usage`` sums what the provider reported over the run.
    """

    answer: str
    turns: tuple[Turn, ...]
    usage: Usage
    stopped: bool
    steps: int


T = TypeVar("T", bound=Turn)
EventHandler = Callable[[AgentEvent], Awaitable[None] | None]


async def run_agent(
    page: CommandRunner,
    llm: Llm,
    task: str,
    max_steps: int = 30,
    *,
    content_boundaries: bool = False,
    on_event: EventHandler | None = None,
    save_run: str | Path | None = None,
    save_plain: bool = False,
    approve: Approver | None = None,
    secrets: Secrets | None = None,
) -> AgentRun:
    """Let ``llm`` work on ``task`` through the ``browser`` tool on ``page`` until it answers.

    A reply without tool calls is the final answer. Every tool call of a reply is answered, in order
    and one at a time: commands on one page must not interleave, and a click often invalidates the refs
    a later call of the same reply was going to use (that call then fails with a message telling the
    model to re-snapshot). ``content_boundaries`` adds the sentence about page-content markers to the
    system prompt; the markers themselves come from the page's ``Config(content_boundaries=True)``.

    ``save_run``: when the run answers, its steps are written there as a script ``refwright replay`` runs
    with no model (``save_plain``: one that needs Playwright alone); the page must be a refwright page.
    ``approve`` is asked when a command's answer is a proposal waiting for ``confirm`` (an approval-required
    step of ``act``): allowed, the loop confirms it and the call's answer is what the confirmation did;
    denied or unanswered, the answer says so. Without it the proposal goes to the model as it is.
    ``secrets`` (by default the page's ``config.secrets``) are named in the system prompt, and every turn
    is scrubbed of their values before it is kept or sent, whatever its source (a task that quotes one).
    """
    if max_steps < 1:
        raise ValueError("max_steps must be at least 1")
    if secrets is None:
        found = getattr(getattr(page, "config", None), "secrets", None)
        secrets = found if isinstance(found, Secrets) else Secrets()
    recorder: Any = page if save_run is not None else None
    if recorder is not None:
        if not callable(getattr(recorder, "recording", None)):
            raise ValueError("save_run needs a refwright page (one with page.recording()).")
        recorder.recording(task)
    system = system_prompt(content_boundaries=content_boundaries, secrets=secrets.describe())
    turns: list[Turn] = [_scrubbed(secrets, User(task))]
    usage = Usage()

    async def emit(event: AgentEvent) -> None:
        if on_event is not None:
            pending = on_event(event)
            if inspect.isawaitable(pending):
                await pending

    for step in range(1, max_steps + 1):
        await emit(StepStarted(step))
        # A copy, so an adapter that keeps or edits the list cannot change the run's record.
        reply = await llm.next(system, list(turns))
        reply_usage = getattr(reply, "usage", None)
        if not isinstance(reply_usage, Usage):
            reply_usage = None
        else:
            usage += reply_usage
        reply_turns = tuple(_scrubbed(secrets, t) for t in reply)
        turns.extend(reply_turns)
        await emit(ModelReplied(step, reply_turns, reply_usage))

        calls = [t for t in reply_turns if isinstance(t, ToolCall)]
        if not calls:
            answer = "\n".join(t.text for t in reply_turns if isinstance(t, Assistant))
            if recorder is not None:
                await recorder.save_recording(save_run, answer=answer, plain=save_plain)
            return AgentRun(answer, tuple(turns), usage, stopped=False, steps=step)
        for call in calls:
            await emit(CommandStarted(step, call))
            result = _scrubbed(secrets, await _answer(page, call))
            if approve is not None and call.error is None:
                result = _scrubbed(secrets, await _approved(page, call, result, approve, emit, step))
            turns.append(result)
            await emit(CommandFinished(step, call, result))

    return AgentRun(f"Stopped after {counted(max_steps, 'step')}.", tuple(turns), usage, stopped=True,
                    steps=max_steps)


def _scrubbed(secrets: Secrets, turn: T) -> T:
    """``turn`` with every secret's value in its text replaced by ``{{secret:NAME}}``."""
    if not secrets:
        return turn
    if isinstance(turn, (User, Assistant)):
        return replace(turn, text=secrets.scrub(turn.text))
    if isinstance(turn, ToolCall):
        return replace(turn, command=secrets.scrub(turn.command),
                       arguments=None if turn.arguments is None else secrets.scrub(turn.arguments),
                       error=None if turn.error is None else secrets.scrub(turn.error))
    if isinstance(turn, ToolResult):
        return replace(turn, output=secrets.scrub(turn.output))
    return turn


async def _answer(page: CommandRunner, call: ToolCall) -> ToolResult:
    if call.error is not None:
        return ToolResult(call.id, f"Error: {call.error}")
    if call.name != TOOL_NAME:
        return ToolResult(
            call.id,
            f'Error: There is no tool named "{call.name}". The only tool is "{TOOL_NAME}", '
            'called as {"command": "<one command line>"}.',
        )
    output, image = await run_browser_command(page, call.command)
    return ToolResult(call.id, output, image)


async def _approved(page: CommandRunner, call: ToolCall, result: ToolResult, approve: Approver,
                    emit: Callable[[AgentEvent], Awaitable[None]], step: int) -> ToolResult:
    """The call's answer once the person has decided on the proposal it made (if it made one)."""
    url = getattr(page, "url", "")
    request = proposal_request(result.output, url if isinstance(url, str) else "", call.command)
    if request is None:
        return result
    await emit(ApprovalAsked(step, call, request))
    decision = Decision(await approve(request))
    await emit(ApprovalAnswered(step, call, request, decision))
    if not decision.allowed:
        return ToolResult(call.id, denied_text(request, decision))
    output, image = await run_browser_command(page, f"confirm {request.token}")
    what = request.summary.removeprefix("Needs approval: ").split(" — ", 1)[0]
    return ToolResult(call.id, f"Approved by the person: {what}.\n{output}", image)
