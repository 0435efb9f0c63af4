"""Agent events as JSON, the one form in which the console takes steps from local and reporting runs."""

from __future__ import annotations

from typing import Any

from ..agent import AgentEvent, Assistant, CommandFinished, CommandStarted, ModelReplied

__all__ = ["event_json"]


def event_json(event: AgentEvent) -> dict[str, Any] | None:
    """What the console shows of ``event``; None for events it does not show (approvals have their own way)."""
    if isinstance(event, ModelReplied):
        text = "\n".join(t.text for t in event.turns if isinstance(t, Assistant) and t.text.strip())
        usage = event.usage
        return {"type": "model", "text": text, "input": usage.input_tokens if usage else 0,
                "output": usage.output_tokens if usage else 0}
    if isinstance(event, CommandStarted):
        return {"type": "command", "id": event.call.id, "command": event.call.command}
    if isinstance(event, CommandFinished):
        return {"type": "result", "id": event.call.id, "command": event.call.command, "output": event.result.output}
    return None
