"""What ``run_agent`` reports to ``on_event`` while it works, for progress displays and live transcripts."""

from __future__ import annotations

from dataclasses import dataclass

from ._approval import ApprovalRequest, Decision
from ._turns import ToolCall, ToolResult, Turn, Usage

__all__ = [
    "AgentEvent",
    "ApprovalAnswered",
    "ApprovalAsked",
    "CommandFinished",
    "CommandStarted",
    "ModelReplied",
    "StepStarted",
]


@dataclass(frozen=True)
class StepStarted:
    """The model is about to be asked for step ``step`` (1-based)."""

    step: int


@dataclass(frozen=True)
class ModelReplied:
    """The model answered; ``usage`` is what the provider reported for this call, if anything."""

    step: int
    turns: tuple[Turn, ...]
    usage: Usage | None


@dataclass(frozen=True)
class CommandStarted:
    step: int
    call: ToolCall


@dataclass(frozen=True)
class CommandFinished:
    step: int
    call: ToolCall
    result: ToolResult


@dataclass(frozen=True)
class ApprovalAsked:
    """The command's step needs the person's approval; the run waits for ``run_agent``'s ``approve``."""

    step: int
    call: ToolCall
    request: ApprovalRequest


@dataclass(frozen=True)
class ApprovalAnswered:
    step: int
    call: ToolCall
    request: ApprovalRequest
    decision: Decision


AgentEvent = StepStarted | ModelReplied | CommandStarted | CommandFinished | ApprovalAsked | ApprovalAnswered
