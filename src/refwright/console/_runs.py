"""What the console knows about each run: its rows, its steps, and who listens for changes (no I/O)."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Run", "RunBook", "snapshot_like"]

# A run keeps at most this many steps in memory; older ones stay in its transcript file.
_MAX_STEPS = 2000
_LONG = 12


def snapshot_like(command: str, output: str) -> bool:
    """Whether an answer is shown collapsed: a snapshot, or any long answer."""
    words = command.split()
    return (bool(words) and words[0] == "snapshot") or output.count("\n") >= _LONG


@dataclass
class Watching:
    """Who watches a run's live view: the screencast is on while anyone does."""

    screencast: bool = False
    viewers: int = 0
    open_calls: dict[str, int] = field(default_factory=dict)
    # A person has the page (Take over), and what the agent asked a person to do (handoff), if anything.
    taken: bool = False
    waiting_for: str = ""
    # Hand back pressed for a run in another process: its next watch request carries it there.
    handback: bool = False


@dataclass
class TokenUse:
    input: int = 0
    output: int = 0


@dataclass
class Run:
    """One agent run, local or reported by another process. ``source`` says which."""

    id: str
    task: str
    start_url: str
    model: str
    source: str
    started: float = field(default_factory=time.time)
    ended: float | None = None
    state: str = "running"
    answer: str = ""
    steps: list[dict[str, Any]] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)
    tokens: TokenUse = field(default_factory=TokenUse)
    pending: dict[str, Any] | None = None
    stop_requested: bool = False
    watching: Watching = field(default_factory=Watching)

    def row(self) -> dict[str, Any]:
        """The run as the list shows it."""
        return {"id": self.id, "task": self.task, "start_url": self.start_url, "model": self.model,
                "source": self.source, "state": self.state, "started": self.started, "ended": self.ended,
                "steps": len(self.steps), "waiting": self.pending is not None,
                "screencast": self.watching.screencast, "viewers": self.watching.viewers,
                "taken": self.watching.taken, "waiting_for": self.watching.waiting_for}

    def detail(self) -> dict[str, Any]:
        return {**self.row(), "answer": self.answer, "messages": self.messages[-50:],
                "tokens": {"input": self.tokens.input, "output": self.tokens.output}, "pending": self.pending,
                "all_steps": self.steps}


Listener = Callable[[dict[str, Any]], None]


class RunBook:
    """Every run this console knows, and the listeners (WebSockets) of each."""

    def __init__(self) -> None:
        self.runs: dict[str, Run] = {}
        self._listeners: dict[str, set[Listener]] = {}

    def add(self, task: str, start_url: str, model: str, source: str) -> Run:
        run = Run("r-" + secrets.token_hex(4), task, start_url, model, source)
        self.runs[run.id] = run
        return run

    def get(self, run_id: str) -> Run | None:
        return self.runs.get(run_id)

    def listen(self, run_id: str, listener: Listener) -> Callable[[], None]:
        self._listeners.setdefault(run_id, set()).add(listener)
        return lambda: self._listeners.get(run_id, set()).discard(listener)

    def publish(self, run: Run, message: dict[str, Any]) -> None:
        for listener in list(self._listeners.get(run.id, ())):
            listener(message)

    def add_step(self, run: Run, step: dict[str, Any]) -> None:
        step = {"n": len(run.steps) + 1, "at": time.time(), **step}
        run.steps.append(step)
        del run.steps[:-_MAX_STEPS]
        self.publish(run, {"type": "step", "step": step})

    def update_step(self, run: Run, n: int, **changes: Any) -> None:
        for step in reversed(run.steps):
            if step["n"] == n:
                step.update(changes)
                self.publish(run, {"type": "step", "step": step})
                return

    def apply(self, run: Run, event: dict[str, Any]) -> None:
        """One event in the JSON form of ``event_json`` (local runs and reporting processes alike)."""
        kind = event.get("type")
        if kind == "command":
            self.add_step(run, {"kind": "command", "command": str(event.get("command", "")), "output": "",
                                "status": "running", "error": False, "collapsed": False, "shot": False})
            run.watching.open_calls[str(event.get("id"))] = run.steps[-1]["n"]
        elif kind == "result":
            command, output = str(event.get("command", "")), str(event.get("output", ""))
            changes = {"output": output, "status": "done", "error": output.startswith("Error:"),
                       "collapsed": snapshot_like(command, output)}
            number = run.watching.open_calls.pop(str(event.get("id")), None)
            if number is None:
                self.add_step(run, {"kind": "command", "command": command, "shot": False, **changes})
            else:
                self.update_step(run, number, **changes)
        elif kind == "navigated":
            url = str(event.get("url", ""))
            run.start_url = run.start_url or url
            self.add_step(run, {"kind": "command", "command": "(page loaded)", "output": url, "status": "done",
                                "error": False, "collapsed": False, "shot": False})
        elif kind == "model":
            self.message(run, str(event.get("text", "")), int(event.get("input", 0) or 0),
                         int(event.get("output", 0) or 0))

    def message(self, run: Run, text: str, tokens_in: int = 0, tokens_out: int = 0) -> None:
        if text:
            run.messages.append(text)
        run.tokens.input += tokens_in
        run.tokens.output += tokens_out
        self.publish(run, {"type": "model", "text": text, "tokens": {"input": run.tokens.input,
                                                                    "output": run.tokens.output}})

    def finish(self, run: Run, state: str, answer: str) -> None:
        if run.ended is not None:
            return
        run.state, run.answer, run.ended = state, answer, time.time()
        run.pending = None
        self.publish(run, {"type": "run", "run": run.row(), "answer": answer})

    def set_pending(self, run: Run, pending: dict[str, Any] | None) -> None:
        run.pending = pending
        self.publish(run, {"type": "approval", "pending": pending})
