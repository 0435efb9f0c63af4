"""The stages put together for a command line (``run_typed`` has them for a typed method's call)."""

from __future__ import annotations

from ..._errors import DialogOpenError
from ..._result import CommandResult
from ...safety._scrub import scrubbed_errors
from ..handlers import HANDLERS
from ..tab._tab import Tab
from ._action_changes import quotes_page
from ._authorize import authorize
from ._batch_runner import run_batch
from ._check import check_input
from ._execute import execute
from ._invocation import Invocation
from ._present import finish, present
from ._route import route
from ._translate import mapped

__all__ = ["run_line"]


async def run_line(session: Tab, line: str) -> CommandResult:
    """Run one command line on the active tab of ``session``'s window; failures raise ``RefwrightError``.
    Both come out with every declared secret's value replaced by ``{{secret:NAME}}``."""
    with scrubbed_errors(session.config.secrets), mapped():
        check_input(line)
        return present(session, await _line(session, line))


async def _line(session: Tab, line: str) -> CommandResult:
    invocation = Invocation.parse(line)
    spec = invocation.command.spec
    if spec.runs_lines:
        # Each inner command runs as if sent alone: its own route, policy decision, deadline and notes.
        batch = await run_batch(line, lambda one: _line(session, one))
        return finish(session, batch)
    tab = route(session, invocation)
    handler = HANDLERS[spec.name]
    try:
        await authorize(tab, invocation)
        result = await execute(tab, invocation, lambda: handler(tab, invocation.command), _text)
    finally:
        tab.granted = frozenset()
    if isinstance(result, DialogOpenError):
        result = str(result)
    if isinstance(result, str):
        result = CommandResult(command=line, output=result)
    return finish(tab, result, spec.returns_page_text(invocation.command.args) or quotes_page(result),
                  dialog_note=not spec.tells_dialog)


def _text(result: CommandResult | str) -> str:
    return result if isinstance(result, str) else result.output
