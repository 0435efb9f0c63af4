"""Healing a replayed step that broke because the page changed: the control its intent fits (found among the
page's controls, or by a decision provider), acted on through the command language so the same safety rules
apply; a control moved in the order, a password field moved, an element in a tab not shown, a slider or a date
set by refwright's own way there, and a closing check whose text is shown in another form."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from playwright.async_api import Locator

from .._async.pipeline._translate import best_effort
from .._errors import RefwrightError, ReplayError
from ._acting import SETS, VERBS, Acting, text_locator
from ._code import locator_code, not_kept
from ._heal import closest_text, family, heal_match
from ._reveal import hidden_tab, same_control
from ._step_report import Outcome, statement
from ._steps import Check, Step
from ._verify import is_password, locator, named_elsewhere, password_fields

if TYPE_CHECKING:
    from ..resolve._model import Control

__all__ = ["Healing"]

# The texts the page shows: each visible element's own text (one that holds a text of its own, not only its
# children's), once each.
_SHOWN_TEXTS = """() => {
  const out = new Set();
  for (const el of document.body ? document.body.querySelectorAll('*') : []) {
    if (/^(script|style|noscript|template)$/.test(el.localName) || !el.checkVisibility()) continue;
    if (![...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
    const text = (el.innerText || '').replace(/\\s+/g, ' ').trim();
    if (text) out.add(text);
  }
  return [...out];
}"""


class Healing(Acting):
    """The healing half of a replay (``Replayer`` runs the steps and calls on it when one breaks)."""

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
            await self.here.run_command(f"{SETS[step.action]} @{control.ref} {_quote(value)}")
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

    async def _heal(self, step: Step, found: str) -> Outcome:
        if step.action == "select_text" and step.by == "text" and not step.frames:
            healed = await self._heal_text(step)
            if healed is not None:
                return healed
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

    async def _heal_text(self, step: Step) -> Outcome | None:
        """A text the step selected (``act``'s highlighting), which is not a control: shown now with its words
        changed a little (a word added, a letter), it is the one visible text that holds the recorded words, or
        is clearly the closest to them, found by that text as a reader of the page would."""
        pw = self.here.playwright_page
        texts = [str(t) for t in await pw.evaluate(_SHOWN_TEXTS)]
        index, how = closest_text(step.meant or step.name, texts)
        if index is None:
            return None
        new = replace(step, name=texts[index], exact=True, nth=None, meant=step.meant or step.name)
        loc = locator(pw, new)
        if await loc.count() != 1:
            return None
        await self._perform(loc, new, self.page.config.timeouts.action)
        return Outcome(step, "healed", 0, old=locator_code(step), new=new, how=how.replace("its name", "its text"))

    async def _act_on(self, step: Step, control: Control, how: str, onto: str = "") -> Outcome:
        """Carry out ``step`` on ``control`` (the healed step) through the command language, so the same
        safety rules apply to it as to any action."""
        if step.options or (step.action == "select" and step.item_of):
            raise self._fail(step, f"{locator_code(step)} needs healing, and a step that chooses several options "
                                   f"({', '.join(step.options)}) is not healed: check the page and record it again.")
        await self._approve(step, control)
        command = f"{VERBS.get(step.action, step.action)} @{control.ref}{onto}"
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

    async def _heal_check(self, check: Check) -> Outcome:
        """A closing text shown more than once is checked on its first showing; one shown with other spacing,
        case or punctuation (the same words in the same order) is checked as it is shown now."""
        pw = self.here.playwright_page
        words = re.findall(r"\w+", check.text or "")
        shown = pw.get_by_text(re.compile(r"\W+".join(map(re.escape, words)), re.IGNORECASE)) if words else None
        for new, loc in ((replace(check, nth=0, template=""), text_locator(pw, replace(check, nth=0))), (None, shown)):
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
