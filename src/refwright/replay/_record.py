"""A run being recorded (pure): the steps noted so far, the secrets to keep out, and the script they make."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

from ._steps import Check, Step, scrub_refs
from ._write import scrub_secrets, write_script

__all__ = ["Recording", "answer_quotes", "quoted_texts"]

# Text a model quoted in its answer: "...", “...” or `...`.
_QUOTED = re.compile(r'"([^"\n]{2,200})"|“([^”\n]{2,200})”|`([^`\n]{2,200})`')


def quoted_texts(answer: str) -> list[str]:
    """The strings an answer quotes, in order, each once."""
    seen: list[str] = []
    for m in _QUOTED.finditer(answer):
        text = next(g for g in m.groups() if g is not None).strip()
        if text and text not in seen:
            seen.append(text)
    return seen


def answer_quotes(answer: str) -> list[str]:
    """The strings an answer quotes as its evidence: never those on a line that says they were removed
    (a ``Changes:`` line ``- button "Finish"``, or ``- text "..."``)."""
    kept = [line for line in answer.splitlines() if not re.match(r"\s*[-~]\s", line)]
    return quoted_texts("\n".join(kept))


def _fold(text: str) -> str:
    return " ".join(text.casefold().split())


class Recording:
    """The steps of a run that changed the page, as they happen (``page.recording()`` starts one).

    ``script()`` writes them as a Python script; ``save(path)`` writes it to a file. The closing checks come
    from ``add_check`` (the agent loop adds the texts its answer quoted that the page shows).
    """

    def __init__(self, task: str = "", start_url: str = "") -> None:
        self.task = task
        self.start_url = "" if start_url in ("", "about:blank") else start_url
        self.date = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
        self.steps: list[Step] = []
        self.checks: list[Check] = []
        # The request the current command came from (an `act` request, or the command itself).
        self.request = ""
        self.recording = True
        self._secrets: set[str] = set()
        # The lines the page showed before each step (folded): labels that were there before the run acted.
        self._shown: set[str] = set()
        self._labels: set[str] = set()

    def add(self, step: Step) -> None:
        if not self.recording:
            return
        last = self.steps[-1] if self.steps else None
        # The first step in a tab no earlier step ran in: the step before opened it (a link to a new tab), unless
        # it is a goto (a tab the run opened itself, which the script opens with new_page()).
        seen = {s.tab for s in self.steps} | {s.opens for s in self.steps} | {""}
        if last is not None and step.tab not in seen and step.action != "goto":
            self.steps[-1] = last = replace(last, opens=step.tab)
        # The same click or key again in a row (a calendar's arrow, a slider's key) is one repeated step.
        if last is not None and step.action in ("click", "press") and replace(last, repeat=1) == step:
            self.steps[-1] = replace(last, repeat=last.repeat + 1)
        else:
            self.steps.append(step)

    def collapse(self, since: int, step: Step) -> None:
        """The steps noted from ``since`` on (a slider's arrow presses, a calendar's clicks) as the one step that
        says what they achieved (the slider set to 5, the date picked), which another run replays with its own
        value."""
        if self.recording and 0 <= since <= len(self.steps):
            self.steps[since:] = [step]

    def add_secret(self, value: str) -> None:
        """A value that must never be written (a password typed, a secret's value)."""
        if value:
            self._secrets.add(value)

    def note_shown(self, text: str) -> None:
        self._shown.update(_fold(line) for line in text.splitlines() if line.strip())

    def note_labels(self, labels: list[str]) -> None:
        """The names the page's controls go by at the end (a button's text, a field's label)."""
        self._labels.update(_fold(label) for label in labels)

    def is_outcome(self, text: str) -> bool:
        """Whether ``text`` can say what the run achieved: not a name or value its steps used ("Finish",
        "Team"), not a control's label, and not a short text the page showed before a step."""
        folded = _fold(text)
        used = {_fold(v) for s in self.steps for v in (s.name, s.meant, s.value or "", *s.options) if v}
        return bool(folded) and folded not in used | self._labels \
            and not (folded in self._shown and len(folded.split()) <= 4)

    def add_check(self, check: Check) -> None:
        if check not in self.checks:
            self.checks.append(check)

    def set_request(self, request: str, names: dict[str, str] | None = None) -> None:
        self.request = scrub_refs(request, names)

    def stop(self) -> None:
        self.recording = False

    def script(self, *, plain: bool = False) -> str:
        steps = list(self.steps)
        if self.start_url and not (steps and steps[0].action == "goto"):
            steps.insert(0, Step("goto", value=self.start_url))
        start = self.start_url or next((s.value or "" for s in steps if s.action == "goto"), "")
        return write_script(steps, self.checks, task=self.task, start_url=start, date=self.date,
                            secrets=self._secrets, plain=plain)

    def save(self, path: str | Path, *, plain: bool = False) -> Path:
        target = Path(path)
        target.write_text(self.script(plain=plain), encoding="utf-8")
        return target

    def scrub(self, text: str) -> str:
        return scrub_secrets(text, self._secrets)
