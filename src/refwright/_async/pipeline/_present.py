"""Presentation: what the command set off (notes), the answer cut to ``max_output``, the content boundary
around page text, and the one scrub of declared secrets from everything that leaves the pipeline."""

from __future__ import annotations

from typing import TypeVar

from ..._driver._notes import with_notes
from ..._result import CommandResult
from ...resolve._outcome import StepResult
from ...safety import create_content_boundary, truncate
from ...safety._scrub import scrub_result, scrub_step
from ..tab._listeners import dialog_warning
from ..tab._tab import Tab

__all__ = ["finish", "present", "present_typed"]

T = TypeVar("T")


def finish(session: Tab, result: CommandResult, page_text: bool = False, *,
           dialog_note: bool = True) -> CommandResult:
    events = session.events.drain() + session.refusal_notes()
    held = session.events.dialog
    # A dialog kept open is named after every answer but the one that says it (as agent-browser's warning).
    if dialog_note and held is not None and result.output != dialog_warning(held):
        events.append(dialog_warning(held))
    output = result.output
    config = session.config
    if config.max_output is not None and len(output) > config.max_output:
        output = truncate(output, config.max_output)
    output = with_notes(output, events)
    # Notes carry the page's words (dialog messages, file names, host names): inside the boundary.
    if config.content_boundaries and (page_text or events):
        output = create_content_boundary(session.origin()).wrap(output)
    return CommandResult(command=result.command, output=output, snapshot=result.snapshot,
                         screenshot=result.screenshot, events=tuple(events))


def present(session: Tab, result: CommandResult) -> CommandResult:
    """A command line's finished answer, scrubbed of the window's secrets."""
    return scrub_result(session.config.secrets, result)


def present_typed(session: Tab, result: T) -> T:
    """A typed method's answer, scrubbed of the window's secrets: a step quotes the page (its change
    summary). What the step set off stays in ``Page.drain_events()``, as the typed methods have it."""
    secrets = session.config.secrets
    if isinstance(result, StepResult):
        return scrub_step(secrets, result)  # type: ignore[return-value]
    if isinstance(result, str):
        return secrets.scrub(result) if secrets else result  # type: ignore[return-value]
    return result
