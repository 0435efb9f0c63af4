"""What a replay acts with: the page and the options it was started with, a step's value (typed, or read from
the environment), a located step performed as the same Playwright call by hand would be, and a failure as the
sentence that names the script's line."""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from playwright.async_api import Locator

from .._errors import ReplayError
from ._step_report import Outcome
from ._steps import Check, Step
from ._verify import locator

if TYPE_CHECKING:
    from .._async.facade._page import Page

__all__ = ["DECIDED_AS", "SETS", "VERBS", "Acting", "Ask", "text_locator"]

VERBS = {"click": "click", "dblclick": "dblclick", "fill": "fill", "check": "check", "uncheck": "uncheck",
         "select": "select", "hover": "hover", "focus": "focus", "drag": "drag"}
# The commands the action policy decides a script's other Playwright calls as (a key press is `press`).
DECIDED_AS = {**VERBS, "press": "press", "select_text": "highlight", "wheel": "scroll", "slide": "setrange",
              "pick_date": "setfield"}
# The commands that set a slider to a value and pick a date in a calendar, whatever the way there on this page.
SETS = {"slide": "setrange", "pick_date": "setfield"}

Ask = Callable[[str], Awaitable[bool]]


@dataclass
class Acting:
    """A replay's page and the options it runs with (``Replayer`` says what each means)."""

    page: Page
    heal: str | None = None
    decider: Any = None
    approve: str | None = None
    ask: Ask | None = None
    log: Callable[[str], None] = lambda line: None
    outcomes: list[Outcome] = field(default_factory=list)
    # The script's tabs (``page``, ``page2``...) by their ids in this run.
    tabs: dict[str, str] = field(default_factory=dict)

    @property
    def here(self) -> Page:
        """The tab the steps run in now (``page`` until a step says otherwise)."""
        return self.page.tabs.active

    def _fail(self, item: Step | Check, why: str) -> ReplayError:
        return ReplayError(f"line {item.line}: {why}")

    def _value(self, step: Step) -> str:
        if step.secret:
            value = os.environ.get(step.secret)
            if value is None:
                raise self._fail(step, f"the step reads its value from the environment variable {step.secret}, "
                                       "which is not set. Set it and run the script again.")
            return value
        return step.value or ""

    async def _perform(self, loc: Locator, step: Step, timeout: float) -> None:
        for _ in range(step.repeat):
            await self._perform_once(loc, step, timeout)

    async def _perform_once(self, loc: Locator, step: Step, timeout: float) -> None:
        if step.action == "drag" and step.to is not None:
            await loc.drag_to(locator(self.here.playwright_page, replace(step.to, frames=step.frames)),
                              timeout=timeout)
        elif step.action == "fill":
            await loc.fill(self._value(step), timeout=timeout)
        elif step.action == "select" and (step.options or step.item_of):  # a list's items: none included
            await loc.select_option(list(step.options), timeout=timeout)
        elif step.action == "select":
            await loc.select_option(self._value(step), timeout=timeout)
        elif step.action == "select_text":
            await loc.select_text(timeout=timeout)
        elif step.action == "press":
            await loc.press(self._value(step), timeout=timeout)
        else:
            await getattr(loc, step.action)(timeout=timeout)


def text_locator(pw: Any, check: Check) -> Locator:
    loc: Locator = pw.get_by_text(check.text, exact=check.exact)
    return loc.nth(check.nth) if check.nth is not None else loc
