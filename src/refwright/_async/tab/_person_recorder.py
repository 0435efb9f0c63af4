"""Recording a person (``refwright record``, ``page.record_person()``): what a person does in the page,
caught by a listener in every document and reported to Python, written as the same kind of script an agent's
run makes. The listener hears real input events only (``isTrusted``), whatever sent them: a person at a
headed window, or input forwarded into the page from elsewhere."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..._bridge import async_event, async_lock, await_event, await_within
from ...replay._record import Recording
from ...replay._steps import Step, secret_env
from ...replay._verify import scope
from ...resolve._risk import risk_of
from ..pipeline._translate import best_effort, mapped
from ._locating import frames_of, locate_element

if TYPE_CHECKING:
    from ._tab import Tab

__all__ = ["PersonRecorder"]

_BINDING = "__refwrightPersonStep"
# What a script locates the element by: its ARIA role (explicit, else its tag's) and the name a person reads.
_ROLE_NAME = """el => {
  const type = (el.getAttribute('type') || '').toLowerCase();
  const roles = {a: el.hasAttribute('href') ? 'link' : '', button: 'button', textarea: 'textbox', summary: 'button',
    select: el.multiple ? 'listbox' : 'combobox', option: 'option'};
  let role = el.getAttribute('role') || roles[el.localName] || '';
  if (!role && el.localName === 'input') role = ({checkbox: 'checkbox', radio: 'radio', range: 'slider',
    number: 'spinbutton', search: 'searchbox', submit: 'button', button: 'button', reset: 'button',
    image: 'button'})[type] || 'textbox';
  const by = id => { const t = document.getElementById(id); return t ? t.textContent : ''; };
  let name = el.getAttribute('aria-label')
    || (el.getAttribute('aria-labelledby') || '').split(/\\s+/).map(by).join(' ');
  if (!name && el.labels && el.labels.length) name = Array.from(el.labels).map(l => l.innerText).join(' ');
  if (!name && el.localName === 'input' && /^(submit|button|reset)$/.test(type)) name = el.value;
  if (!name && !/^(input|select|textarea)$/.test(el.localName)) name = el.innerText || el.textContent || '';
  if (!name) name = el.getAttribute('title') || el.getAttribute('placeholder') || el.getAttribute('alt') || '';
  const sub = type === 'submit' || (el.localName === 'button' && !type && !!el.form);
  return [role, name.replace(/\\s+/g, ' ').trim(), sub];
}"""
# Each event that changes the page, as the person made it, with the element it happened on and its role and name
# read then, in the capture phase, before the page's own handlers run. A click on a field, a checkbox or a list
# is not a step of its own: its change is. A pointer press is reported too, so a control is located before the
# click's own handler can hide it (a wizard's "Next") or leave the page (a link); a press and release quicker than
# Python can read the element still has its role and name, read in the page as it was pressed.
_LISTENER = """(() => {
  if (window.__refwrightPersonListening) return;
  window.__refwrightPersonListening = true;
  const ids = new WeakMap(); let next = 0;
  const idOf = el => { if (!ids.has(el)) ids.set(el, ++next); return ids.get(el); };
  const TYPED = /^(text|email|password|search|tel|url|number|date|time|datetime-local|month|week|range|color|)$/;
  const typed = el => (el.localName === 'input' && TYPED.test((el.type || '').toLowerCase()))
    || el.localName === 'textarea' || el.isContentEditable;
  const chosen = el => el.localName === 'select' || el.localName === 'option'
    || (el.localName === 'input' && /^(checkbox|radio)$/.test(el.type));
  const CLICKABLE = 'a, button, summary, [role=button], [role=link], [role=tab], [role=menuitem], [role=option], '
    + '[role=treeitem], [role=switch], input[type=submit], input[type=button], input[type=image], input[type=reset]';
  // The element waits here, by the event's number, until Python takes it (a binding carries only JSON).
  const held = window.__refwrightPersonHeld = new Map(); let seq = 0;
  const facts = """ + _ROLE_NAME + """;
  const send = (kind, el, extra) => { const n = ++seq; held.set(n, el); try { window.__refwrightPersonStep(
    Object.assign({kind, n, id: idOf(el), password: el.localName === 'input' && el.type === 'password',
    facts: facts(el)}, extra || {})); } catch (e) { held.delete(n); } };
  const target = e => { const t = e.composedPath ? e.composedPath()[0] : e.target;
    return t instanceof Element ? t : null; };
  const clicked = t => {
    if (!t || typed(t) || chosen(t)) return null;
    const label = t.closest('label');
    if (label && (label.control || label.querySelector('input, select, textarea'))) return null;
    return t.closest(CLICKABLE) || t;
  };
  document.addEventListener('pointerdown', e => { const el = e.isTrusted && clicked(target(e));
    if (el) send('press', el); }, true);
  document.addEventListener('focusin', e => { const el = target(e);
    if (e.isTrusted && el && el.localName === 'input' && typed(el)) send('press', el); }, true);
  document.addEventListener('click', e => { const el = e.isTrusted && clicked(target(e));
    if (el) send('click', el); }, true);
  document.addEventListener('input', e => { const el = target(e);
    if (e.isTrusted && el && typed(el)) send('fill', el, {value: el.isContentEditable ? el.innerText : el.value});
  }, true);
  document.addEventListener('change', e => { const el = target(e); if (!e.isTrusted || !el) return;
    if (el.localName === 'select') send('select', el, {options: Array.from(el.selectedOptions).map(o => o.label),
      multiple: el.multiple});
    else if (el.localName === 'input' && /^(checkbox|radio)$/.test(el.type)) send(el.checked ? 'check' : 'uncheck', el);
  }, true);
  document.addEventListener('keydown', e => { const el = target(e);
    if (e.isTrusted && el && e.key === 'Enter' && !e.isComposing && el.localName === 'input') send('enter', el);
  }, true);
})()"""
_SHOWN = "() => document.body ? document.body.innerText : ''"
_TAKE = "n => { const held = window.__refwrightPersonHeld; const el = held.get(n); held.delete(n); return el; }"


def _facts(data: dict[str, Any]) -> tuple[str, str, bool] | None:
    """The role, name and whether it submits, as the page read them when the event happened."""
    facts = data.get("facts")
    if not isinstance(facts, list) or len(facts) != 3:
        return None
    return str(facts[0] or ""), str(facts[1] or ""), bool(facts[2])


class PersonRecorder:
    """Notes what a person does in a page (and the tabs it opens) into ``recording`` until ``stop()``."""

    def __init__(self, session: Tab, recording: Recording) -> None:
        self.session = session
        self.recording = recording
        self._lock = async_lock()
        self._pressed: dict[tuple[int, int], Step | None] = {}
        self._last_fill: tuple[int, int] | None = None
        self._tabs: dict[int, str] = {}
        self._secret = ""  # the password field being typed in: a secret once the person moves on
        self._busy = 0
        self._idle = async_event()
        self._idle.set()

    async def start(self) -> None:
        context = self.session.pw.context
        with mapped():
            await context.expose_binding(_BINDING, self._on_step)
            await context.add_init_script(_LISTENER)
            for frame in self.session.pw.frames:
                with best_effort():  # a frame between documents gets the listener from the init script
                    await frame.evaluate(_LISTENER)

    def _tab(self, pw_page: Any) -> str:
        return self._tabs.setdefault(id(pw_page), "" if pw_page is self.session.pw else f"p{len(self._tabs) + 1}")

    async def _on_step(self, source: dict[str, Any], event: dict[str, Any]) -> None:
        self._busy += 1
        self._idle.clear()
        try:
            async with self._lock:
                await self._note_safely(source, event)
        finally:
            self._busy -= 1
            if not self._busy:
                self._idle.set()

    async def _note_safely(self, source: dict[str, Any], data: dict[str, Any]) -> None:
        with best_effort():  # an event whose element went away before it was read: not a step
            await self._note(source, data)

    async def _note(self, source: dict[str, Any], data: dict[str, Any]) -> None:
        kind = str(data["kind"])
        frame = source["frame"]
        key = (id(frame), int(data["id"]))
        facts = _facts(data)
        handle = None
        with best_effort():  # the page it happened in is gone (a click that left it): as located before
            handle = (await frame.evaluate_handle(_TAKE, data["n"])).as_element()
        # A click that no press came before and whose page is gone is not the person's (a form's implicit submit
        # after Enter in a field, which is its own step).
        if handle is None and key not in self._pressed and not (facts and kind == "press"):
            return
        rec = self.recording
        if handle is None and kind not in ("press", "click", "enter"):
            return
        if kind == "fill" and self._last_fill == key and rec.steps and rec.steps[-1].action == "fill":
            # The same field typed on: one fill with what it holds now, located once.
            last = rec.steps[-1]
            if last.secret:
                self._secret = str(data.get("value") or "")
            else:
                rec.steps[-1] = replace(last, value=str(data.get("value") or ""))
            return
        self._flush()
        if kind != "click" or key not in self._pressed:  # a click's page was read when it was pressed
            with best_effort():  # what the page shows before the step: a closing check is never one of its lines
                rec.note_shown(str(await frame.page.evaluate(_SHOWN)))
        if kind == "press":
            self._pressed[key] = await self._located(frame, handle, facts)
            return
        # A click is where the pointer was pressed, located then (before the click's own handler could hide it
        # or leave the page); Enter in a field, as located when the field got focus, if it is gone by now.
        step = self._pressed.pop(key, None) if kind == "click" and key in self._pressed else None
        if step is None:
            step = await self._located(frame, handle, facts)
        if step is None and kind == "enter":
            step = self._pressed.get(key)
        if step is None:
            return
        step = replace(step, tab=self._tab(source["page"]))
        if kind == "fill":
            value = str(data.get("value") or "")
            if data.get("password"):
                self._secret = value
                step = replace(step, action="fill", secret=secret_env(step.name or "password"), field="password")
            else:
                step = replace(step, action="fill", value=value)
            rec.add(step)
            self._last_fill = key
            return
        self._last_fill = None
        if kind == "select":
            options = tuple(str(o) for o in data.get("options") or ())
            step = replace(step, action="select", value=", ".join(options),
                           options=options if data.get("multiple") else ())
        elif kind == "enter":
            step = replace(step, action="press", value="Enter")
        else:
            step = replace(step, action=kind)
        rec.add(step)

    async def _located(self, frame: Any, handle: Any, facts: tuple[str, str, bool] | None) -> Step | None:
        """The element as a script finds it, located in the page if it is still there; else (a quick click whose
        own handler hid the element, or left the page, before Python could read it) by the role and name the
        page read as the event happened."""
        step = None
        if handle is not None:
            with best_effort(TimeoutError):  # gone with the step (the page it left): by its role and name
                step = await await_within(self._locate(frame, handle, facts), 3)
        if (step is None or step.by != "role") and facts and facts[0] and facts[1]:
            role, name, submits = facts
            # Hidden or gone by now, it was found by what finds hidden elements too (its text), or not at all:
            # the role and name it showed the person are what a script finds it by when the page shows it.
            if step is None or not await self._shown(handle):
                frames: tuple[Step, ...] | None = ()
                if frame.parent_frame is not None:
                    with best_effort():
                        frames = await frames_of(frame)
                if frames is not None:
                    risk, _ = risk_of(role, name, submits=submits)
                    step = Step("click", role=role, name=name, frames=frames, risk=risk)
        return step

    @staticmethod
    async def _shown(handle: Any) -> bool:
        shown = False
        with best_effort():  # its page is gone: not shown
            shown = bool(await handle.evaluate("el => el.isConnected && el.checkVisibility()"))
        return shown

    async def _locate(self, frame: Any, handle: Any, facts: tuple[str, str, bool] | None) -> Step | None:
        """The element as a script finds it: role and name, label, text... in the iframes on the way."""
        role, name, submits = facts or await handle.evaluate(_ROLE_NAME)
        frames = await frames_of(frame)
        if frames is None:
            return None
        located = await locate_element(scope(frame.page, frames), handle, role, name)
        risk, _ = risk_of(role, name, submits=bool(submits))
        if located is None:
            return Step("click", role=role, by="none", meant=name, risk=risk)
        return replace(located, frames=frames, risk=risk)

    def _flush(self) -> None:
        if self._secret:
            self.recording.add_secret(self._secret)
            self._secret = ""

    async def stop(self) -> Recording:
        """Stop listening (the page keeps its listener, which reports to no one) once every event is noted."""
        with best_effort(TimeoutError):  # a note still stuck after 5 s is left out; what was noted stands
            await await_event(self._idle, 5)
        self._flush()
        return self.recording
