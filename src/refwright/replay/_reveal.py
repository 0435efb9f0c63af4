"""Finding a replayed step's element where the page keeps it now: inside a tab panel that is not the one shown
(the link to follow is in another tab this time), and as the control ``inspect`` lists."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from playwright.async_api import Locator

from .._async.pipeline._translate import best_effort
from ._steps import Step

if TYPE_CHECKING:
    from .._async.facade._page import Page
    from ..resolve._model import Control

__all__ = ["hidden_tab", "hidden_too", "same_control"]

# The tab whose hidden panel holds the element: the panel's id, and the tab's name (None when the element is
# not in a hidden tab panel, or is shown already).
_TAB_OF = """el => {
  const panel = el.closest('[role=tabpanel]');
  if (!panel || !panel.id || el.checkVisibility()) return null;
  const tab = [...document.querySelectorAll('[role=tab]')].find(t => t.getAttribute('aria-controls') === panel.id);
  return tab ? [panel.id, (tab.getAttribute('aria-label') || tab.textContent || '').trim()] : null;
}"""


async def hidden_tab(loc: Locator) -> tuple[Locator, str] | None:
    """The one tab that shows ``loc``'s element, when the locator finds one element and it is in a tab panel not
    shown now: the tab (to click) and its name. None otherwise (no element, several, or not in a hidden tab)."""
    if await loc.count() != 1:
        return None
    found = None
    with best_effort():  # gone meanwhile: nothing to reveal
        found = await loc.evaluate(_TAB_OF, timeout=1_000)
    if not found:
        return None
    panel, name = str(found[0]), str(found[1])
    return loc.page.locator(f"[role=tab][aria-controls={json.dumps(panel)}]").first, name


def hidden_too(pw: Any, step: Step) -> Locator | None:
    """The step's role locator, finding hidden elements too (Playwright's role locators skip them); None for a
    step found another way (a text or label locator finds hidden elements already) or inside an iframe."""
    if step.by != "role" or step.frames or not step.name:
        return None
    loc: Locator = pw.get_by_role(step.role, name=step.name, exact=step.exact or None, include_hidden=True)
    return loc.nth(step.nth) if step.nth is not None else loc


async def same_control(page: Page, loc: Locator, controls: Sequence[Control]) -> Control | None:
    """The control among ``controls`` that is the element ``loc`` finds, else None."""
    handle = await loc.element_handle()
    if handle is None:
        return None
    try:
        for control in controls:
            with best_effort():  # a control gone meanwhile is not the one
                if await page.locator(f"@{control.ref}").evaluate("(el, other) => el === other", handle):
                    return control
    finally:
        await handle.dispose()
    return None
