# Generated from src/refwright/_async/pipeline/_typed.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""The stages put together for a typed method's call: it enters at authorize, as the command it stands for.

Kept apart from ``_run`` (which binds the command handlers) so that the typed facades the handlers use
(``page.keyboard``, ``page.storage``...) can enter the pipeline without an import cycle."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ..._errors import DialogOpenError
from ...resolve._outcome import StepResult
from ...safety._scrub import scrubbed_errors
from ..tab._tab import Tab
from ._authorize import authorize
from ._execute import execute
from ._invocation import Invocation
from ._present import present_typed
from ._route import route
from ._translate import mapped

__all__ = ["Invocation", "authorize_only", "run_typed"]

T = TypeVar("T")


def run_typed(session: Tab, invocation: Invocation, run: Callable[[Tab], T]) -> T:
    """Run a typed method's call (``run``, on the tab it is given) as ``invocation``, through the same
    stages as a line: route, authorize, execute, present."""
    with scrubbed_errors(session.config.secrets), mapped():
        tab = route(session, invocation)
        try:
            authorize(tab, invocation)
            result = execute(tab, invocation, lambda: run(tab), _answer)
        finally:
            tab.granted = frozenset()
        if isinstance(result, DialogOpenError):
            raise result
        return present_typed(session, result)


def authorize_only(session: Tab, invocation: Invocation) -> None:
    """The route and authorize stages alone, for a step refwright's replay performs with Playwright's own
    calls (a kept script's ``page.get_by_role(...).click()``): the policy decides it as ``invocation``."""
    with scrubbed_errors(session.config.secrets), mapped():
        tab = route(session, invocation)
        authorize(tab, invocation)
        tab.granted = frozenset()


def _answer(result: object) -> str:
    if isinstance(result, StepResult):
        return result.output
    return result if isinstance(result, str) else ""
