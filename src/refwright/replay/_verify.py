"""Finding a step's element on the page, and the checks a step passes before it acts: that an element found
by its place is still the one the recording named, that a password goes into a password field, and that a
list still offers the options a step chooses."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from playwright.async_api import Locator

from .._async.pipeline._translate import best_effort
from ..resolve._labels import fold
from ._heal import family
from ._steps import Step

if TYPE_CHECKING:
    from .._async.facade._page import Page
    from ..resolve._model import Control

__all__ = ["APPEAR_MS", "is_password", "locator", "missing_options", "named_elsewhere", "password_fields", "scope"]

# How long a step's element may take to appear before the step counts as broken.
APPEAR_MS = 2_000

_IS_PASSWORD = "el => el.localName === 'input' && (el.getAttribute('type') || '').toLowerCase() === 'password'"


def scope(pw: Any, frames: Sequence[Step]) -> Any:
    """The page, or the iframe the frames lead to (as ``page.get_by_title(...).content_frame`` does)."""
    here = pw
    for frame in frames:
        found = here.locator("iframe") if frame.by == "iframe" else here.get_by_title(frame.name)
        here = (found.nth(frame.nth) if frame.nth is not None else found).content_frame
    return here


def locator(pw: Any, step: Step) -> Locator:
    """The step's statement's locator, on ``pw`` (a Playwright page)."""
    exact = {"exact": True} if step.exact else {}
    inside = scope(pw, step.frames)
    if step.by == "role":
        loc: Locator = inside.get_by_role(step.role, name=step.name or None, **exact)
    else:
        make = {"label": inside.get_by_label, "text": inside.get_by_text, "placeholder": inside.get_by_placeholder,
                "title": inside.get_by_title}[step.by]
        loc = make(step.name, **exact)
    return loc.nth(step.nth) if step.nth is not None else loc


async def named_elsewhere(here: Page, step: Step, loc: Locator) -> Control | None:
    """For a step found by its place in the order alone (its control has no name Playwright reads): the one
    control that shows the name the recording read, when it no longer stands at that place. None when the
    place still holds it, or the name is shown by no control or by several (the step then runs as written)."""
    if step.nth is None or not step.meant or step.by != "role" or step.frames:
        return None
    want = family(step.role)
    inspection = await here.inspect()
    named = [c for c in inspection.controls
             if fold(c.label) == fold(step.meant) and want in (family(c.role or c.kind), family(c.kind))]
    if len(named) != 1:
        return None
    handle = await here.locator(f"@{named[0].ref}").element_handle(timeout=1_000)
    if handle is None:
        return None
    try:
        with best_effort():  # nothing stands at the recorded place any more: the named control is the step's
            if await loc.evaluate("(el, meant) => el === meant", handle, timeout=APPEAR_MS):
                return None
    finally:
        await handle.dispose()
    return named[0]


async def is_password(loc: Locator) -> bool:
    with best_effort():  # nothing at the recorded place
        return bool(await loc.evaluate(_IS_PASSWORD, timeout=APPEAR_MS))
    return False


async def password_fields(pw: Any, step: Step) -> list[Locator]:
    """The visible password fields of the step's document."""
    fields = scope(pw, step.frames).locator("input").filter(visible=True)
    return [fields.nth(i) for i in range(await fields.count()) if await fields.nth(i).evaluate(_IS_PASSWORD)]


async def missing_options(loc: Locator, wanted: Sequence[str]) -> list[str]:
    """The options in ``wanted`` that the list ``loc`` does not offer (by label or value)."""
    offered: list[str] = []
    with best_effort():  # the list went away: said as not selectable
        offered = await loc.evaluate("el => Array.from(el.options || []).flatMap(o => [o.label, o.value])",
                                     timeout=APPEAR_MS)
    return [w for w in wanted if offered and w not in offered]
