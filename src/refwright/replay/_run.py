"""``refwright replay``: a saved script's steps run with no model, at Playwright's speed, in the tabs the script
names, each checked against the window's action policy; a step that broke because the page changed is healed
from what it meant (its intent, ``_healing``) when healing is asked for."""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from playwright.async_api import expect

from .._async.pipeline._translate import best_effort, mapped
from .._errors import ReplayError
from ._acting import DECIDED_AS, SETS, text_locator
from ._code import locator_code, not_kept
from ._healing import Healing
from ._reveal import hidden_tab, hidden_too
from ._step_report import Outcome, statement
from ._steps import Check, Step
from ._verify import APPEAR_MS, locator, missing_options

__all__ = ["Outcome", "ReplayError", "Replayer"]

# How long a closing check may take to hold.
CHECK_MS = 5_000


@dataclass
class Replayer(Healing):
    """Runs parsed steps on a refwright page. ``heal`` is None (broken steps fail), ``"local"``, or a
    decision provider (any ``Llm``) asked when local healing finds no clear winner. ``approve`` says whether a
    healed step riskier than the recorded one may go ahead: ``"auto"``, or ``ask`` (a person) decides."""

    async def _to_tab(self, item: Step | Check) -> None:
        """Make the item's tab the active one; the first tab is the page the replay started on."""
        if not self.tabs:
            self.tabs["page"] = self.page.tabs.id_of(self.here) or ""
        name = item.tab or "page"
        if isinstance(item, Step) and item.action == "new_page":
            opened = await self.page.tabs.new()
            self.tabs[name] = self.page.tabs.id_of(opened) or ""
            return
        if name not in self.tabs:
            raise self._fail(item, f"the step runs in {name}, which no step before it opened.")
        if self.page.tabs.id_of(self.here) != self.tabs[name]:
            await self.page.tabs.select(self.tabs[name])

    async def _opened(self, step: Step, before: set[str]) -> None:
        """The tab ``step`` opened (its ``with page.expect_popup()``), known from now on by its name."""
        deadline = time.monotonic() + self.page.config.timeouts.action / 1000
        while time.monotonic() < deadline:
            new = [t for t in self.page.tabs.ids() if t not in before]
            if new:
                self.tabs[step.opens] = new[0]
                return
            await asyncio.sleep(0.05)
        raise self._fail(step, f"{statement(step)} was to open a new tab ({step.opens}), and none opened.")

    async def run(self, items: Sequence[Step | Check]) -> list[Outcome]:
        for item in items:
            started = time.perf_counter()
            try:
                with mapped(self._gone(item)):
                    await self._to_tab(item)
                    if isinstance(item, Step) and item.action == "new_page":
                        continue
                    before = set(self.page.tabs.ids())
                    outcome = await (self._check(item) if isinstance(item, Check) else self._step(item))
                    if isinstance(item, Step) and item.opens:
                        await self._opened(item, before)
            except ReplayError as failed:
                self.outcomes.append(Outcome(item, "failed", (time.perf_counter() - started) * 1000, how=str(failed)))
                self.log(f"line {item.line}: failed: {statement(item)}")
                raise
            outcome.ms = (time.perf_counter() - started) * 1000
            self.outcomes.append(outcome)
            if outcome.status == "healed":
                new = locator_code(outcome.new) if outcome.new is not None else statement(outcome.new_check) \
                    if outcome.new_check is not None else "(found by the decision provider)"
                # The same locator, found where the page kept it (another tab): how, instead of a change.
                self.log(f"line {item.line}: healed {outcome.old}: {outcome.how}" if new == outcome.old else
                         f"line {item.line}: healed {outcome.old} → {new}")
            else:
                self.log(f"line {item.line}: replayed {statement(item)}")
        return self.outcomes

    def _gone(self, item: Step | Check) -> Callable[[Exception], ReplayError]:
        """The failure of a step that Playwright could not run at all."""
        return lambda _: self._fail(item, f"{statement(item)} could not run on this page (it may have closed or "
                                          "navigated away meanwhile).")

    async def _step(self, step: Step) -> Outcome:
        if step.action != "goto":  # goto is page.goto, which the policy decides itself
            # A kept script's step meets the window's action policy as the command it stands for does.
            await self.here.authorize(DECIDED_AS.get(step.action, "click"),
                                       *(("down",) if step.action == "wheel" else ()))
        pw = self.here.playwright_page
        if step.action == "goto":
            await self.here.goto(step.value or "about:blank")
            return Outcome(step, "replayed", 0)
        if step.action == "wheel":
            dx, dy = (float(v) for v in (step.value or "0, 0").split(","))
            await pw.mouse.wheel(dx, dy)
            return Outcome(step, "replayed", 0)
        if not step.targeted:
            for _ in range(step.repeat):
                await pw.keyboard.press(self._value(step))
            return Outcome(step, "replayed", 0)
        if step.action in SETS:
            return await self._set(step)
        if step.by == "none":
            if self.heal is None:
                raise self._fail(step, not_kept(step))
            return await self._heal(step, "no element (the recording could not write a locator for it)")
        loc = locator(pw, step)
        moved = await self._moved(step, loc)
        if moved is not None:
            return moved
        # The step is tried as written first, as the same Playwright call by hand would be: an unchanged page
        # costs nothing more. Only when it fails is the page asked why (no element, or several).
        with best_effort():  # failed as written: the page is asked why below
            await self._perform(loc, step, APPEAR_MS)
            return Outcome(step, "replayed", 0)
        count = await loc.count()
        if count <= 1 and self.heal is not None:
            # Not shown: in a tab panel that is not the one shown (a role locator finds it only with the hidden).
            revealed = await self._revealed(step, loc, loc if count else hidden_too(pw, step))
            if revealed is not None:
                return revealed
        dropped = await locator(pw, replace(step.to, frames=step.frames)).count() if step.to is not None else 1
        if count == 1 and dropped != 1 and self.heal is not None:
            return await self._heal(step, f"{dropped or 'no'} place(s) to drop onto")
        if count == 1:  # there, but slow to become actionable: given the whole action timeout
            wanted = list(step.options) if step.options or step.item_of else [self._value(step)]
            missing = await missing_options(loc, wanted) if step.action == "select" else []
            if missing:
                name = json.dumps(step.meant or step.name or step.role, ensure_ascii=False)
                raise self._fail(step, f"the list {name} offers no option "
                                       f"{', '.join(json.dumps(m, ensure_ascii=False) for m in missing)} (a value "
                                       "the step was given or recorded; healing does not change data).")
            with best_effort():  # still not actionable: said below
                await self._perform(loc, step, self.page.config.timeouts.action)
                return Outcome(step, "replayed", 0)
            raise self._fail(step, f"{statement(step)} found its element but could not {step.action} it (it may be "
                                   "covered, disabled or hidden).")
        found = "no element" if count == 0 else f"{count} elements"
        if step.frames and self.heal is not None:
            raise self._fail(step, f"{locator_code(step)} finds {found}, and a step inside an iframe is not healed: "
                                   "check the page and record the run again.")
        if self.heal is None:
            tab = await hidden_tab(hidden_too(pw, step)) if count == 0 and hidden_too(pw, step) is not None else None
            if tab is not None:
                raise self._fail(step, f"{locator_code(step)} finds no element shown: it is in the tab {tab[1]!r}, "
                                       "which is not shown. Run `refwright replay --heal local` to open it first.")
            raise self._fail(step, f"{locator_code(step)} finds {found} (the page changed since the recording). "
                                   "Run `refwright replay --heal local` to heal it from the step's intent.")
        return await self._heal(step, found)

    async def _check(self, check: Check) -> Outcome:
        pw = self.here.playwright_page
        with best_effort(AssertionError):  # not true on this page: said, or healed, below
            if check.text is None:
                await expect(pw).to_have_url(re.compile(re.escape(check.url or "")), timeout=CHECK_MS)
            else:
                await expect(text_locator(pw, check)).to_be_visible(timeout=CHECK_MS)
            return Outcome(check, "replayed", 0)
        if self.heal is None or check.text is None:
            raise self._fail(check, f"the closing check failed: {check.unmet(self.here.url)}.")
        return await self._heal_check(check)
