"""Finding an element the way a person would write it in a script: by role and name, then label, placeholder,
title and text, with ``exact`` and ``nth`` only when needed; and the iframes on the way to it, by title or by
their place. Never a ref, never a CSS path."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from playwright.async_api import FrameLocator, Locator
from playwright.async_api import Page as PlaywrightPage

from ...replay._steps import Step
from ..runtime._runtime_engine import scope_for

__all__ = ["KIND_ROLES", "frame_steps", "frames_of", "locate_element", "relocated"]

# The resolver's kinds as ARIA roles (what get_by_role takes); "" for those with none.
KIND_ROLES = {"text": "textbox", "date": "textbox", "time": "textbox", "select": "combobox", "range": "slider",
              "handle": "slider", "pointer": "", "draggable": "", "droptarget": "", "icon": ""}
_INDEX = "(els, t) => [els.length, els.indexOf(t)]"
# A text found inside the element (a link's label in a <span>) finds it too: a click there reaches it.
_INDEX_WITHIN = "(els, t) => [els.length, els.indexOf(t) >= 0 ? els.indexOf(t) : els.findIndex(e => t.contains(e))]"


async def locate_element(scope: PlaywrightPage | FrameLocator, handle: Any, role: str, name: str) -> Step | None:
    """The plainest locator that finds exactly the element ``handle``: role and name, then label,
    placeholder, title and text; ``exact`` and ``nth`` only when the plainer form finds others too."""
    tries: list[tuple[str, Locator, Locator]] = []
    if role and role not in ("generic", "none", "presentation"):
        tries.append(("role", scope.get_by_role(role, name=name or None),  # type: ignore[arg-type]
                      scope.get_by_role(role, name=name or None, exact=True)))  # type: ignore[arg-type]
    if name:
        for by, make in (("label", scope.get_by_label), ("placeholder", scope.get_by_placeholder),
                         ("title", scope.get_by_title), ("text", scope.get_by_text)):
            tries.append((by, make(name), make(name, exact=True)))
    fallback: Step | None = None
    for by, loose, exact in tries:
        where = _INDEX_WITHIN if by == "text" else _INDEX
        count, index = await loose.evaluate_all(where, handle)
        if index < 0:
            continue
        step = Step("", role=role, name=name, by=by)
        if count == 1:
            return step
        if not name:
            fallback = fallback or replace(step, nth=index)
            continue
        count, index = await exact.evaluate_all(where, handle)
        if index >= 0 and count == 1:
            return replace(step, exact=True)
        if fallback is None and index >= 0:
            fallback = replace(step, exact=True, nth=index)
    if fallback is None and name and role and role not in ("generic", "none", "presentation"):
        # The name refwright read (a nearby text) is not Playwright's accessible name: the role alone, in order.
        count, index = await scope.get_by_role(role).evaluate_all(_INDEX, handle)  # type: ignore[arg-type]
        if index >= 0:
            fallback = Step("", role=role, by="role", nth=index if count > 1 else None, meant=name)
    return fallback


async def frame_steps(pw: PlaywrightPage, frames: tuple[str, ...]) -> tuple[Step, ...] | None:
    """The iframes on the way to an element as a person finds them: by title, else by their place among
    their document's iframes. None when one is gone."""
    out: list[Step] = []
    for i, selector in enumerate(frames):
        parent = scope_for(pw, frames[:i])
        handle = await parent.locator(selector).first.element_handle(timeout=1_000)
        if handle is None:
            return None
        try:
            title = (await handle.get_attribute("title") or "").strip()
            if title:
                count, index = await parent.get_by_title(title).evaluate_all(_INDEX, handle)
                if index >= 0:
                    out.append(Step("", by="title", name=title, nth=index if count > 1 else None))
                    continue
            count, index = await parent.locator("iframe").evaluate_all(_INDEX, handle)
            if index < 0:
                return None
            out.append(Step("", by="iframe", nth=index if count > 1 else None))
        finally:
            await handle.dispose()
    return tuple(out)


async def frames_of(frame: Any) -> tuple[Step, ...] | None:
    """The iframes on the way to a Playwright frame, outermost first, as ``frame_steps`` writes them: by title,
    else by their place among their document's iframes. None when one is gone."""
    out: list[Step] = []
    while frame.parent_frame is not None:
        handle = await frame.frame_element()
        parent = frame.parent_frame
        try:
            title = (await handle.get_attribute("title") or "").strip()
            found = None
            if title:
                count, index = await parent.get_by_title(title).evaluate_all(_INDEX, handle)
                if index >= 0:
                    found = Step("", by="title", name=title, nth=index if count > 1 else None)
            if found is None:
                count, index = await parent.locator("iframe").evaluate_all(_INDEX, handle)
                if index < 0:
                    return None
                found = Step("", by="iframe", nth=index if count > 1 else None)
            out.insert(0, found)
        finally:
            await handle.dispose()
        frame = parent
    return tuple(out)


async def relocated(step: Step, pw: PlaywrightPage, element: Locator, role: str, name: str) -> Step | None:
    """``step`` with the plainest locator that finds ``element`` now (a healed step's new statement), or None
    when none does or the element is gone."""
    handle = await element.element_handle(timeout=1_000)
    if handle is None:
        return None
    try:
        located = await locate_element(pw, handle, role, name)
    finally:
        await handle.dispose()
    if located is None:
        return None
    return replace(step, by=located.by, role=located.role, name=located.name, exact=located.exact, nth=located.nth)
