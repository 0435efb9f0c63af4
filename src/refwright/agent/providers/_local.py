"""``LocalResolverLlm``: the agent role played with no model, by refwright's local resolver.

Every turn it asks the browser tool for ``act <task>`` (the task text is the request). It answers when a
result says ``Done: ...``, when the resolver refuses (an error that repeats, or no progress), or when a
step needs approval: it confirms the step when ``confirm_proposals`` says the person approved such steps in
advance, or when ``approve`` (asking the person, on a terminal) says yes; otherwise the run ends there.
"""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable

from .._turns import Assistant, Reply, ToolCall, ToolResult, Turn, User

__all__ = ["LocalResolverLlm"]

_DONE = re.compile(r"^Done:.*", re.MULTILINE | re.DOTALL)
_ERROR = re.compile(r"^Error:.*", re.MULTILINE | re.DOTALL)
_PROPOSAL = re.compile(r"^Needs approval:.*?`confirm (p-[A-Za-z0-9_-]+)`", re.MULTILINE | re.DOTALL)


def quote_request(text: str) -> str:
    """One command-line argument holding ``text`` exactly (the tokenizer's escapes)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


class LocalResolverLlm:
    """An ``Llm`` without a model: ``act <task>`` each step until ``Done:`` or a refusal.

    ``confirm_proposals=True`` confirms approval-required steps (submit buttons, custom pointer targets)
    on the person's behalf; by default the run stops there and the answer carries the proposal and its
    ``confirm <token>`` command. ``calls`` counts the tool calls it made.
    """

    def __init__(self, *, confirm_proposals: bool = False, max_steps: int = 25,
                 approve: Callable[[str], Awaitable[bool]] | None = None) -> None:
        self.confirm_proposals = confirm_proposals
        self.max_steps = max_steps
        self.approve = approve
        self.calls = 0
        # The proposal the run ended on, unconfirmed: its token is useless once this process is gone.
        self.unconfirmed: str | None = None
        # The proposal the person declined when asked.
        self.declined: str | None = None
        # Why the run gave up without finishing the task (a refusal, no progress, the step limit): such a
        # run did not answer, and `refwright agent` exits 1.
        self.gave_up: str | None = None

    async def next(self, system: str, turns: list[Turn]) -> list[Turn]:
        task = next((t.text for t in turns if isinstance(t, User)), "").strip()
        if not task:
            return self._give_up("There is no task to carry out.")
        results = [t for t in turns if isinstance(t, ToolResult)]
        if results:
            last = results[-1].output
            done = _DONE.search(last)
            if done:
                return Reply([Assistant(done.group(0).strip())])
            error = _ERROR.search(last)
            if error:
                earlier = [r.output for r in results[:-1]]
                repeated = bool(earlier) and earlier[-1] == last
                refused = any(w in last for w in ("Error: Ambiguous", "does not understand", "Nothing was done"))
                if repeated or refused:
                    return self._give_up("I could not finish this without a model. " + error.group(0).strip())
            proposal = _PROPOSAL.search(last)
            if proposal:
                asked = last[proposal.start():].strip()
                if self.confirm_proposals:
                    return Reply([self._call(f"confirm {proposal.group(1)}")])
                if self.approve is not None:
                    if await self.approve(asked):
                        return Reply([self._call(f"confirm {proposal.group(1)}")])
                    self.declined = asked
                    return Reply([Assistant("Not approved, so it was not done: " + asked.splitlines()[0])])
                self.unconfirmed = asked
                return Reply([Assistant(asked)])
            if len(results) >= 2 and results[-2].output == last and not error:
                return self._give_up("No progress: the same step keeps repeating. " + last.splitlines()[0])
            if len(results) >= self.max_steps:
                return self._give_up(f"Stopped after {len(results)} local steps without finishing.")
        first = not any(isinstance(t, ToolCall) for t in turns)
        return Reply([self._call(("act --new " if first else "act ") + quote_request(task))])

    def _give_up(self, why: str) -> Reply:
        self.gave_up = why
        return Reply([Assistant(why)])

    def _call(self, command: str) -> ToolCall:
        self.calls += 1
        return ToolCall(id=f"local-{self.calls}", command=command, arguments=json.dumps({"command": command}))
