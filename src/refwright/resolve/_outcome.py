"""What ``act``, ``confirm`` and the bounded actions return."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["StepResult"]


@dataclass(frozen=True)
class StepResult:
    """One step's outcome.

    ``output`` is the text for the model: what was done and how it was resolved, then a short change
    summary. ``done`` is set when nothing of the request is left (the output then starts with ``Done:``).
    ``token`` is set when the step is a proposal waiting for ``confirm <token>``.
    """

    output: str
    done: bool = False
    token: str | None = None

    def __str__(self) -> str:
        return self.output
