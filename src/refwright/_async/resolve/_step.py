"""What one step of ``act`` did: its sentence, whether its part is complete, or the proposal it made."""

from __future__ import annotations

from ...resolve._result import StepResult

__all__ = ["Step"]


class Step:
    """What one step did: the sentence, and whether its part is now complete."""

    def __init__(self, text: str, complete: bool = True, proposal: StepResult | None = None) -> None:
        self.text = text
        self.complete = complete
        self.proposal = proposal
