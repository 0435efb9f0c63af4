"""A provider that replays a script: for tests, demos and recorded sessions."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Sequence

from ..._errors import RefwrightError
from .._turns import Reply, Turn

__all__ = ["ScriptedLlm", "ScriptedStep"]

ScriptedStep = Sequence[Turn] | Callable[[list[Turn]], Sequence[Turn] | Awaitable[Sequence[Turn]]]


class ScriptedLlm:
    """Replies from a list, one per call.

    Each step is a list of turns to return, or a function of the conversation so far (sync or async)
    that returns them, which lets a script read the last snapshot and pick a ref. ``calls`` records the
    ``(system, turns)`` of every request.
    """

    def __init__(self, steps: Sequence[ScriptedStep]) -> None:
        self._steps = list(steps)
        self.calls: list[tuple[str, list[Turn]]] = []

    async def next(self, system: str, turns: list[Turn]) -> list[Turn]:
        index = len(self.calls)
        self.calls.append((system, list(turns)))
        if index >= len(self._steps):
            raise RefwrightError(f"The scripted model has no reply left: its script has {len(self._steps)} steps.")
        step = self._steps[index]
        if callable(step):
            produced = step(list(turns))
            if inspect.isawaitable(produced):
                produced = await produced
            return Reply(list(produced), getattr(produced, "usage", None))
        return Reply(list(step), getattr(step, "usage", None))
