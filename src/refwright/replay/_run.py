"""``refwright replay``: a saved script's steps run with no model, at Playwright's speed, and a step that
broke because the page changed healed from what it meant (its intent), when healing is asked for."""

from __future__ import annotations

import asyncio
import json
import os
import re
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from playwright.async_api import Locator, expect

from .._async.pipeline._translate import best_effort, mapped
from .._errors import RefwrightError, ReplayError
from ._code import check_statement, locator_code, not_kept, py_str, value_code
from ._heal import family, heal_match
from ._reveal import hidden_tab, hidden_too, same_control
from ._steps import SET_TO, Check, Step
from ._verify import APPEAR_MS, is_password, locator, missing_options, named_elsewhere, password_fields

if TYPE_CHECKING:
    from .._async.facade._page import Page
    from ..resolve._model import Control

__all__ = ["Outcome", "ReplayError", "Replayer"]

# How long a closing check may take to hold.
CHECK_MS = 5_000

_VERBS = {"click": "click", "dblclick": "dblclick", "fill": "fill", "check": "check", "uncheck": "uncheck",
          "select": "select", "hover": "hover", "focus": "focus", "drag": "drag"}
# The commands the action policy decides a script's other Playwright calls as (a key press is `press`).
_DECIDED_AS = {**_VERBS, "press": "press", "select_text": "highlight", "wheel": "scroll", "slide": "setrange",
               "pick_date": "setfield"}
# The commands that set a slider to a value and pick a date in a calendar, whatever the way there on this page.
_SETS = {"slide": "setrange", "pick_date": "setfield"}


@dataclass
class Outcome:
    """One step as replayed: ``status`` is replayed, healed or failed; ``new`` the healed step."""

    item: Step | Check
    status: str
    ms: float
    old: str = ""
    new: Step | None = None
    how: str = ""
    new_check: Check | None = None

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"line": self.item.line, "status": self.status, "ms": round(self.ms, 1),
                               "step": statement(self.item)}
        if self.status == "healed":
            out["old"] = self.old
            out["new"] = locator_code(self.new) if self.new is not None else \
                statement(self.new_check) if self.new_check is not None else None
            out["how"] = self.how
        elif self.how:
            out["why"] = self.how
        return out


def statement(item: Step | Check) -> str:
    """The step as one line for stderr and the report (a value typed is left out: it may be long)."""
    if isinstance(item, Check):
        lines = check_statement(item, "")
        return lines[0] if len(lines) == 1 else f"check: {item.describe()}"
    page = item.tab or "page"
    if item.action == "goto":
        return f"{page}.goto({py_str(item.value or '')})"
    if item.action == "wheel":
        return f"{page}.mouse.wheel({item.value})"
    if not item.targeted:
        return f"{page}.keyboard.press({value_code(item)})"
    if item.action in SET_TO:
        return f"{SET_TO[item.action]}({page}.{locator_code(item)}, {value_code(item)})"
    return f"{page}.{locator_code(item)}.{item.action}()"


Ask = Callable[[str], Awaitable[bool]]


@dataclass
class Replayer:
    """Runs parsed steps on a refwright page. ``heal`` is None (broken steps fail), ``"local"``, or a
    decision provider (any ``Llm``) asked when local healing finds no clear winner. ``approve`` says whether a
    healed step riskier than the recorded one may go ahead: ``"auto"``, or ``ask`` (a person) decides."""

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

    def _fail(self, item: Step | Check, why: str) -> ReplayError:
        return ReplayError(f"line {item.line}: {why}")

    def _gone(self, item: Step | Check) -> Callable[[Exception], ReplayError]:
        """The failure of a step that Playwright could not run at all."""
        return lambda _: self._fail(item, f"{statement(item)} could not run on this page (it may have closed or "
                                          "navigated away meanwhile).")

    def _value(self, step: Step) -> str:
        if step.secret:
            value = os.environ.get(step.secret)
            if value is None:
                raise self._fail(step, f"the step reads its value from the environment variable {step.secret}, "
                                       "which is not set. Set it and run the script again.")
            return value
        return step.value or ""

    async def _step(self, step: Step) -> Outcome:
        if step.action != "goto":  # goto is page.goto, which the policy decides itself
            # A kept script's step meets the window's action policy as the command it stands for does.
            await self.here.authorize(_DECIDED_AS.get(step.action, "click"),
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
        if step.action in _SETS:
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

    async def _set(self, step: Step) -> Outcome:
        """A slider set to the step's value, or a date picked, by refwright's own slider and date picker (the
        arrow presses or the calendar's clicks differ with the value and the month shown): on the element the
        locator finds, or, for a step no locator finds, on the control its intent fits (healed)."""
        if step.by == "none" and self.heal is None:
            raise self._fail(step, not_kept(step))
        inspection = await self.here.inspect()
        match = heal_match(step, inspection.controls)
        control = match.control
        how = match.how
        if step.by != "none":
            loc = locator(self.here.playwright_page, step)
            if await loc.count() != 1:
                if self.heal is None:
                    raise self._fail(step, f"{locator_code(step)} finds {await loc.count() or 'no'} element(s) (the "
                                           "page changed since the recording). Run `refwright replay --heal local` "
                                           "to heal it from the step's intent.")
            else:
                # The element the locator finds, as `inspect` lists it (the command acts on a ref).
                kin = [c for c in inspection.controls if family(c.role or c.kind) == family(step.role)
                       or family(c.kind) == family(step.role)] if step.role else inspection.controls
                found = await same_control(self.here, loc, kin)
                if found is not None:
                    control, how = found, ""
        if control is None:
            raise self._fail(step, f"{locator_code(step)} finds no element, and healing found no control that fits "
                                   f"the step ({step.describe()}): {match.how}.")
        if how:
            await self._approve(step, control)
        value = self._value(step)
        try:
            await self.here.run_command(f"{_SETS[step.action]} @{control.ref} {_quote(value)}")
        except RefwrightError as exc:
            raise self._fail(step, f"{statement(step)} could not set {control.label!r} to {value!r}: {exc}") from None
        if not how:
            return Outcome(step, "replayed", 0)
        return Outcome(step, "healed", 0, old=locator_code(step), new=await self._new_step(step, control), how=how)

    async def _revealed(self, step: Step, loc: Locator, hidden: Locator | None) -> Outcome | None:
        """The step's element (``hidden`` finds it, shown or not) is in a tab panel not shown now (the link asked
        for is in another tab this run): its tab is opened, as a person would, and the step done there (healed)."""
        found = await hidden_tab(hidden) if hidden is not None else None
        if found is None:
            return None
        tab, name = found
        await self.here.authorize("click")
        with best_effort():  # the tab would not open: the step fails below as it would have
            await tab.click(timeout=self.page.config.timeouts.action)
            await self._perform(loc, step, self.page.config.timeouts.action)
            return Outcome(step, "healed", 0, old=locator_code(step), new=step,
                           how=f"it was in the tab {name!r}, which was not shown: that tab was opened first")
        return None

    async def _moved(self, step: Step, loc: Locator) -> Outcome | None:
        """A step found by its place in the order alone would act on whatever now stands at that place: when
        the one control with the name the recording read stands elsewhere, the step acts on it instead
        (healed), so a reordered form never gets its values swapped."""
        if step.field == "password":
            return await self._password_moved(step, loc)
        control = await named_elsewhere(self.here, step, loc)
        if control is None:
            return None
        return await self._act_on(step, control, f"{step.role} {step.meant!r} no longer stands at its recorded "
                                                 "place in the order; it was found by its name")

    async def _password_moved(self, step: Step, loc: Locator) -> Outcome | None:
        """A password is typed into a password field and nothing else: when the recorded locator now finds
        another kind of field (a reordered form), the page's one visible password field takes it; with none,
        or several, the step fails rather than type the secret where the page would show it."""
        if await is_password(loc):
            return None
        pw = self.here.playwright_page
        found = await password_fields(pw, step)
        if len(found) != 1:
            where = "no password field" if not found else f"{len(found)} password fields"
            raise self._fail(step, f"{locator_code(step)} no longer finds the password field the recording typed "
                                   f"into, and the page shows {where}; the secret is typed into a password field "
                                   "only. Check the page, or record the run again.")
        target = found[0]
        await target.fill(self._value(step), timeout=self.page.config.timeouts.action)
        from .._async.tab._locating import relocated

        new = await relocated(step, pw, target, "textbox", step.meant or step.name)
        return Outcome(step, "healed", 0, old=locator_code(step), new=new,
                       how="the recorded place now holds another kind of field; the page's one password field")

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

    async def _heal(self, step: Step, found: str) -> Outcome:
        inspection = await self.here.inspect()
        match = heal_match(step, inspection.controls)
        if match.control is None:
            if self.decider is not None:
                return await self._heal_with_provider(step, found, match.how)
            raise self._fail(step, f"{locator_code(step)} finds {found}, and healing found no control that fits "
                                   f"the step ({step.describe()}): {match.how}.")
        onto = ""
        if step.action == "drag" and step.to is not None:
            dropped = heal_match(replace(step.to, action="drag"), inspection.controls)
            if dropped.control is None:
                raise self._fail(step, f"{locator_code(step)} finds {found}, and healing found no place to drop it "
                                       f"({step.describe()}): {dropped.how}.")
            onto = f" @{dropped.control.ref}"
        return await self._act_on(step, match.control, match.how, onto)

    async def _act_on(self, step: Step, control: Control, how: str, onto: str = "") -> Outcome:
        """Carry out ``step`` on ``control`` (the healed step) through the command language, so the same
        safety rules apply to it as to any action."""
        if step.options or (step.action == "select" and step.item_of):
            raise self._fail(step, f"{locator_code(step)} needs healing, and a step that chooses several options "
                                   f"({', '.join(step.options)}) is not healed: check the page and record it again.")
        await self._approve(step, control)
        command = f"{_VERBS.get(step.action, step.action)} @{control.ref}{onto}"
        if step.action in ("fill", "select"):
            command += " " + _quote(self._value(step))
        elif step.action == "press":
            await self.here.run_command(f"focus @{control.ref}")
            command = f"press {self._value(step)}"
        new = await self._new_step(step, control)
        try:
            await self.here.run_command(command)
        except RefwrightError as exc:
            raise self._fail(step, f"the healed step ({step.action} {control.label!r}) failed: {exc}") from None
        return Outcome(step, "healed", 0, old=locator_code(step), new=new, how=how)

    async def _approve(self, step: Step, control: Control) -> None:
        """A healed step that does what the recorded one did is approved by the recording; a riskier one
        (a safe click that would now submit a form, say) needs a person's yes or ``--approve auto``."""
        if not control.approval or step.risk == control.risk:
            return
        why = f"the healed step would {step.action} {control.label!r}, which {control.risk_reason or 'needs approval'}"
        if self.approve == "auto":
            return
        if self.ask is not None and await self.ask(f"line {step.line}: {why}. Go ahead?"):
            return
        raise self._fail(step, f"{why}, and the recorded step did not. Approve it with `--approve auto` (or answer "
                               "the prompt in a terminal), or check the page.")

    async def _new_step(self, step: Step, control: Control) -> Step | None:
        from .._async.tab._locating import KIND_ROLES, relocated

        role = control.role or KIND_ROLES.get(control.kind) or step.role
        return await relocated(step, self.here.playwright_page, self.here.locator(f"@{control.ref}"), role,
                               control.label)

    async def _heal_with_provider(self, step: Step, found: str, local: str) -> Outcome:
        self.here.set_decision_provider(self.decider)
        request = _request(step, self._value(step) if step.action in ("fill", "select") else None)
        try:
            result = await self.here.act(request)
            if result.token is not None:
                # The recording approved a step of this risk already; a riskier one needs a person's yes.
                recorded = step.risk == "approval-required"
                if not recorded and self.approve != "auto" and not (self.ask is not None and await self.ask(
                        f"line {step.line}: {result.output.splitlines()[0]} Go ahead?")):
                    raise self._fail(step, f"healing needs approval ({result.output.splitlines()[0]}); approve it "
                                           "with `--approve auto`.")
                await self.here.confirm(result.token)
        except RefwrightError as exc:
            if isinstance(exc, ReplayError):
                raise
            raise self._fail(step, f"{locator_code(step)} finds {found}; local healing: {local}; the decision "
                                   f"provider could not heal it either: {exc}") from None
        return Outcome(step, "healed", 0, old=locator_code(step), how="chosen by the decision provider")

    async def _check(self, check: Check) -> Outcome:
        pw = self.here.playwright_page
        with best_effort(AssertionError):  # not true on this page: said, or healed, below
            if check.text is None:
                await expect(pw).to_have_url(re.compile(re.escape(check.url or "")), timeout=CHECK_MS)
            else:
                await expect(_textlocator(pw, check)).to_be_visible(timeout=CHECK_MS)
            return Outcome(check, "replayed", 0)
        if self.heal is None or check.text is None:
            raise self._fail(check, f"the closing check failed: {check.unmet(self.here.url)}.")
        return await self._heal_check(check)

    async def _heal_check(self, check: Check) -> Outcome:
        """A closing text shown more than once is checked on its first showing; one shown with other spacing,
        case or punctuation (the same words in the same order) is checked as it is shown now."""
        pw = self.here.playwright_page
        words = re.findall(r"\w+", check.text or "")
        shown = pw.get_by_text(re.compile(r"\W+".join(map(re.escape, words)), re.IGNORECASE)) if words else None
        for new, loc in ((replace(check, nth=0, template=""), _textlocator(pw, replace(check, nth=0))), (None, shown)):
            if loc is None:
                continue
            with best_effort():  # a candidate gone meanwhile: the next is tried
                if await loc.count() >= 1 and await loc.first.is_visible():
                    if new is None:
                        text = " ".join((await loc.first.inner_text()).split())
                        new = replace(check, text=text, exact=False, nth=0 if await loc.count() > 1 else None,
                                      template="")
                    return Outcome(check, "healed", 0, old=statement(check), new_check=new,
                                   how="the same words are shown")
        raise self._fail(check, f"the closing check failed: {check.unmet(self.here.url)}, and no visible text "
                                "holds its words in order.")


def _textlocator(pw: Any, check: Check) -> Locator:
    loc: Locator = pw.get_by_text(check.text, exact=check.exact)
    return loc.nth(check.nth) if check.nth is not None else loc




def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _request(step: Step, value: str | None) -> str:
    name = step.meant or step.name
    what = f"the {name!r} {step.role}".strip() if name else f"the {step.role}"
    if step.action == "fill":
        return f"enter {_quote(value or '')} into {what}"
    if step.action == "select":
        return f"select {_quote(value or '')} from {what}"
    return f"{step.action} {what}"
