"""The primitive steps the resolver takes on a control: click, hover, fill, check, select, slide."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from playwright.async_api import Locator

from ..._errors import RefwrightError
from ...commands import lookup
from ...resolve._model import Control, Inspection, describe
from ...resolve.grammar._plan import Kind, Part
from ...resolve.matching._match import DisabledTargetError
from ...resolve.matching._select import number_text, option_hits
from ..pipeline._actionable import ensure_actionable
from ..pipeline._translate import perform
from ..tab._script_recording import note_control, note_key, note_no_items, note_set, noted_done, recorded_so_far
from ._inspection import element_locator, run_resolver_op

if TYPE_CHECKING:
    from ..tab._tab import Tab

__all__ = ["act_on_control", "checked_to", "copy_between", "note_held", "select_label", "set_slider", "unusable"]

_MAX_PRESSES = 1000


def unusable(control: Control, verb: str) -> RefwrightError | None:
    if control.disabled:
        return DisabledTargetError(
            f"{describe(control)} is disabled, so nothing was done. It may need other fields first; run `inspect` "
            "to see the page's state."
        )
    if verb == "fill" and control.readonly:
        return RefwrightError(
            f"{describe(control)} is read-only, so nothing was typed. A read-only date field usually opens a "
            f"picker: click it (`click @{control.ref}`) and inspect what appears."
        )
    return None


async def act_on_control(session: Tab, inspection: Inspection, control: Control, command: str,
                         action: Callable[[Locator, float], Awaitable[Any]]) -> None:
    """Run one Playwright action on ``control``, with refwright's error messages."""
    problem = unusable(control, command)
    if problem is not None:
        raise problem
    # The step is authorized as the command it is (a click a Click, a select a Select), whatever request led
    # to it: a request read as a Fill that lands on a select still meets the policy's word on Select.
    spec = lookup(command)
    await session.authorize_step(spec.action_for(()) if spec is not None else None)
    locator = element_locator(session, inspection.token, control.id)
    await ensure_actionable(session, locator, f"@{control.ref}", command)
    noted = await note_control(session, locator, control, command, inspection.controls)  # only while recorded
    await perform(locator, action, target=f"@{control.ref}", command=command, timeout=session.config.timeouts.action)
    await noted_done(noted)


async def note_held(session: Tab, inspection: Inspection, part: Part) -> None:
    """An option the request asked for that the list already showed: nothing is done, but a recorded run keeps
    the choice as its step (choosing it again changes nothing), so the script has it as a parameter for a run
    that asks for another. So is "select nothing" on a page of checkboxes: an empty list of boxes to tick, for a
    run that names some."""
    if part.kind is Kind.NAMES and not part.labels and part.value != "off" \
            and any(c.kind == "checkbox" for c in inspection.controls):
        note_no_items(session, "checkbox", "check")
        return
    if part.kind is not Kind.OPTION or not part.labels:
        return
    hits = option_hits(part.labels[0], inspection)
    if len(hits) != 1:
        return
    control = hits[0][0]
    locator = element_locator(session, inspection.token, control.id)
    await noted_done(await note_control(session, locator, control, "select", inspection.controls))


def select_label(label: str) -> Callable[[Locator, float], Awaitable[Any]]:
    """An action choosing the option labelled ``label``; in a multiple select it is added to what is already
    selected, never replacing it ("pick Brazil and Mauritania" ends with both selected)."""

    async def run(loc: Locator, timeout: float) -> Any:
        kept: list[str] = await loc.evaluate(
            "s => s.multiple ? [...s.selectedOptions].map(o => o.label) : []", timeout=timeout)
        return await loc.select_option(label=[*[k for k in kept if k != label], label], timeout=timeout)

    return run


def checked_to(state: bool) -> Callable[[Locator, float], Awaitable[Any]]:
    """An action setting a checkbox to ``state``."""

    async def run(loc: Locator, timeout: float) -> Any:
        await loc.set_checked(state, timeout=timeout)

    return run


def _close(a: float | None, b: float) -> bool:
    return a is not None and abs(a - b) < 1e-9


async def set_slider(session: Tab, inspection: Inspection, control: Control, value: float) -> str:
    """Move a slider to exactly ``value``; returns how. The original value is restored on failure."""
    lo, hi, _step = control.bounds or (None, None, None)
    shown = describe(control)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise RefwrightError(
            f"{number_text(value)} is outside the bounds of {shown} (min {number_text(lo or 0)}, max "
            f"{number_text(hi if hi is not None else 0)}). Nothing was changed; pick a value within them."
        )
    if control.disabled:
        raise RefwrightError(f"{shown} is disabled, so nothing was changed.")
    if control.kind == "range":
        # Kept in a saved run as Playwright's fill on the slider, which sets a range input's value the same way.
        noted = await note_control(session, element_locator(session, inspection.token, control.id), control, "fill")
        result = await run_resolver_op(session, "setRange", id=control.id, value=value)
        fail = result.get("fail")
        if fail == "step":
            raise RefwrightError(
                f"{number_text(value)} is not reachable with the step of {shown} (min {number_text(result['min'])}, "
                f"step {number_text(result['step'])}). Nothing was changed; pick a value on the step."
            )
        if fail == "bounds":
            raise RefwrightError(
                f"{number_text(value)} is outside the bounds of {shown} (min {number_text(result['min'])}, max "
                f"{number_text(result['max'])}). Nothing was changed."
            )
        if fail:
            raise RefwrightError(f"{shown} could not be set to {number_text(value)} ({fail}). Nothing was changed.")
        await noted_done(noted)
        return "set the range input within its bounds and step"
    return await _keyboard_slider(session, inspection, control, value)


async def _keyboard_slider(session: Tab, inspection: Inspection, control: Control, value: float) -> str:
    shown = describe(control)
    keyboard = session.pw.keyboard
    since = recorded_so_far(session)
    await act_on_control(session, inspection, control, "focus", lambda loc, t: loc.focus(timeout=t))

    async def press(key: str) -> None:
        await keyboard.press(key)
        note_key(session, key)  # a saved run presses the same keys, the put-back ones included

    async def numbers() -> dict[str, Any]:
        return await run_resolver_op(session, "numbers", id=control.id)

    before = await numbers()
    moved_with = ""
    after = before
    for key in ("ArrowRight", "ArrowLeft"):
        await press(key)
        after = await numbers()
        if after != before:
            moved_with = key
            break
    if not moved_with:
        raise RefwrightError(
            f"{shown} did not move with the arrow keys, so it is not a supported keyboard slider. Nothing was "
            "changed; drag it with `drag` or use the page's own input if it has one."
        )
    readout: int | None = None
    if before.get("aria") is None or before.get("aria") == after.get("aria"):
        old = {int(i): v for i, v in before["items"]}
        changed = [int(i) for i, v in after["items"] if int(i) in old and old[int(i)] != v]
        if len(changed) != 1:
            await press("ArrowLeft" if moved_with == "ArrowRight" else "ArrowRight")
            raise RefwrightError(
                f"{shown} has no single visible readout that follows it, so its value cannot be checked. "
                "It was put back; set it another way."
            )
        readout = changed[0]
        original = old[readout]
    else:
        original = before.get("aria")

    async def read() -> float | None:
        v = (await run_resolver_op(session, "sliderValue", id=control.id, readout=readout))["v"]
        return None if v is None else float(v)

    first = await read()
    unit = abs(first - float(original)) if first is not None and original is not None else 0.0
    unit = unit or 1.0

    async def go(goal: float) -> float | None:
        current = await read()
        if current is None:
            return current
        presses = 0
        last_direction = 0
        flips = 0
        while not _close(current, goal) and presses < _MAX_PRESSES and current is not None:
            direction = 1 if goal > current else -1
            if last_direction and direction != last_direction:
                flips += 1
                if flips > 1:
                    break
            last_direction = direction
            count = max(1, round(abs(goal - current) / unit)) if flips == 0 else 1
            key = "ArrowRight" if direction > 0 else "ArrowLeft"
            for _ in range(min(count, _MAX_PRESSES - presses)):
                await press(key)
            presses += count
            previous = current
            current = await read()
            if current is not None and _close(current, previous):
                break
        return current

    reached = await go(value)
    if _close(reached, value):
        # A saved run keeps the value the slider was set to, not the presses that got there this time.
        await note_set(session, since, element_locator(session, inspection.token, control.id), control, "slide",
                       number_text(value), inspection.controls)
        return "moved the handle with the arrow keys until its readout showed the value"
    if original is not None:
        await go(float(original))
    raise RefwrightError(
        f"{shown} cannot reach exactly {number_text(value)} with the keyboard (its steps skip it or it stops "
        "before it). It was put back to where it was; nothing changed."
    )


_COPY_FAILS = {
    "password": "a password field (never copied)",
    "file": "a file input",
    "hidden": "hidden",
    "select": "a select, not a text field",
    "contenteditable": "an editable region, not a text field",
    "not-text": "not a text input or textarea",
    "disabled": "disabled",
    "readonly": "read-only",
}


async def copy_between(session: Tab, source_id: int, target_id: int, source: str, target: str) -> None:
    """Copy one field's text into another inside the page; ``source``/``target`` name them in errors."""
    if source_id == target_id:
        raise RefwrightError("The source and the target are the same field; nothing was copied.")
    result = await run_resolver_op(session, "copy", **{"from": source_id, "to": target_id})
    fail = str(result.get("fail") or "")
    if fail:
        if fail == "gone":
            raise RefwrightError("A field is gone from the page; run `inspect` again. Nothing was copied.")
        which, _, why = fail.partition(":")
        name = source if which == "source" else target
        raise RefwrightError(f"The {which} {name} is {_COPY_FAILS.get(why, why)}, so nothing was copied.")
