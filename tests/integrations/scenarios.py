"""What a model does in each integration test, framework-free: given the tool answers it has read so far,
the commands of its next reply (one tool call each), or its final answer (a string).

Each framework's test model (its own fake) reads the answers out of that framework's message history and
asks one of these brains what to do, so every framework is driven through the same steps.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

EMAIL = "test@example.com"
PASSWORD = "hunter2hunter2"

Brain = Callable[[list[str]], "list[str] | str"]


def ref_for(snapshot: str, word: str) -> str:
    """The ref on the first snapshot line that mentions ``word``, as a model would pick it."""
    for line in snapshot.splitlines():
        if word.lower() in line.lower():
            found = re.search(r"@e\d+", line)
            if found:
                return found.group(0)
    raise AssertionError(f"no ref for {word!r} in:\n{snapshot}")


def final(outputs: list[str]) -> str:
    return f"Finished. The last answer was: {outputs[-1].strip()}"


def signup(outputs: list[str]) -> list[str] | str:
    """Look, fill the form through refs in one reply of four calls, read the heading, answer."""
    if not outputs:
        return ["snapshot -i"]
    if len(outputs) == 1:
        snap = outputs[0]
        return [f"fill {ref_for(snap, 'email')} {EMAIL}", f"fill {ref_for(snap, 'password')} {PASSWORD}",
                f"check {ref_for(snap, 'terms')}", f"click {ref_for(snap, 'create account')}"]
    if len(outputs) == 5:
        return ["get text h1"]
    return final(outputs)


def signup_one_by_one(outputs: list[str]) -> list[str] | str:
    """The same signup with one call per reply, for loops that run a reply's sync tool calls in parallel
    threads (their order is then the threads' race, as with any sync tool)."""
    if len(outputs) in (1, 2, 3, 4):
        return signup(outputs[:1])[len(outputs) - 1:len(outputs)]
    if len(outputs) == 5:
        return ["get text h1"]
    return signup(outputs)


def refused(outputs: list[str]) -> list[str] | str:
    """Look, then click the submit button (which the test's action policy denies), and report."""
    if not outputs:
        return ["snapshot -i"]
    if len(outputs) == 1:
        return [f"click {ref_for(outputs[0], 'create account')}"]
    return final(outputs)


def approval(outputs: list[str]) -> list[str] | str:
    """Fill the form with `act`, ask to submit it (a proposal), confirm the token, read the heading; one call
    per reply."""
    steps = [f"act fill Email with {EMAIL}", f"act fill Password with {PASSWORD}", "act check I agree to the terms",
             "act click Create account"]
    if len(outputs) < len(steps):
        return [steps[len(outputs)]]
    if len(outputs) == 4:
        token = re.search(r"`confirm (p-[A-Za-z0-9_-]+)`", outputs[-1])
        assert token is not None, outputs[-1]
        return [f"confirm {token.group(1)}"]
    if len(outputs) == 5:
        return ["get text h1"]
    return final(outputs)


def screenshot(outputs: list[str]) -> list[str] | str:
    if not outputs:
        return ["screenshot"]
    return final(outputs)


WELCOME = f"Welcome, {EMAIL}!"


def opening_first(task: str, brain: Brain) -> Brain:
    """``brain`` after opening the page the task names (the MCP route starts on a blank page)."""
    found = re.search(r"https?://\S+?/(?=[\s.,]|$)", task)
    assert found is not None, task
    url = found.group(0)
    return lambda outputs: [f"open {url}"] if not outputs else brain(outputs[1:])


class BrainLlm:
    """A refwright ``Llm`` (the agent loop's model) that answers what ``brain`` says: the sub-agent of the
    ``agent_tool`` tests."""

    def __init__(self, brain: Brain) -> None:
        self.brain = brain

    async def next(self, system: str, turns: list[Any]) -> list[Any]:
        from refwright.agent import Assistant, ToolCall, ToolResult

        answer = self.brain([t.output for t in turns if isinstance(t, ToolResult)])
        if isinstance(answer, str):
            return [Assistant(answer)]
        return [ToolCall(f"c{i}", command) for i, command in enumerate(answer)]


class OpeningLlm(BrainLlm):
    """A ``BrainLlm`` that first opens the page its task names (a pooled page starts blank): the sub-agent of
    the docs' ``agent_tool`` examples."""

    def __init__(self, brain: Brain) -> None:
        super().__init__(brain)
        self.first = brain

    async def next(self, system: str, turns: list[Any]) -> list[Any]:
        self.brain = opening_first(turns[0].text, self.first)
        return await super().next(system, turns)
