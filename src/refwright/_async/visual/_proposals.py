"""Visual proposals: click by visible text, click or drag at CSS points, and visual scroll."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from ..._errors import RefwrightError
from ...resolve._outcome import StepResult
from ...visual import find_phrase
from ..tab._secret_fields import secret_rects
from ._capture import capture_text
from ._points import VISUAL_PREFIX, fingerprint, visual_fingerprint

if TYPE_CHECKING:
    from ..tab._tab import Tab

__all__ = ["propose_click_text", "propose_points", "visual_scroll"]


def _proposal(page: Tab, action: str, summary: str, print_: str, points: list[tuple[float, float]]) -> StepResult:
    proposal = page.resolving.state.proposals.create(
        VISUAL_PREFIX + action, f"{VISUAL_PREFIX}{action} {summary}", url=page.url, fingerprint=print_,
        now=time.monotonic(), args={"points": [list(p) for p in points]})
    text = (f"Needs approval: visual {action} {summary} — visual actions always need approval. Nothing was done "
            f"yet. To carry it out run `confirm {proposal.token}` (one use, valid 5 minutes, cancelled if the URL, "
            "viewport or screenshot changes first).")
    return StepResult(text, token=proposal.token)


async def propose_click_text(page: Tab, text: str) -> StepResult:
    """A proposal to click the one place showing exactly ``text``; one slower sparse pass when it is missing."""
    if not text.strip():
        raise RefwrightError('Usage: visual click "<text>" or visual click <x> <y>')
    seen = await capture_text(page.pw, shown=await secret_rects(page))
    boxes = find_phrase(seen.lines, text)
    if not boxes:
        seen = await capture_text(page.pw, segmentation="sparse-text", shown=await secret_rects(page))
        boxes = find_phrase(seen.lines, text)
    if not boxes:
        raise RefwrightError(f'No text "{text}" was read on the screen (automatic and sparse-text OCR). Run '
                             "`visual text` to see what is readable, or use `visual click <x> <y>`.")
    if len(boxes) > 1:
        where = ", ".join(f"({x + w / 2:.0f},{y + h / 2:.0f})" for x, y, w, h in boxes[:5])
        raise RefwrightError(f'"{text}" appears {len(boxes)} times on the screen, at {where}; nothing was proposed. '
                             "Use `visual click <x> <y>` at the one you mean.")
    x, y, w, h = boxes[0]
    point = (x + w / 2, y + h / 2)
    return _proposal(page, "click", f'on "{text}" at ({point[0]:.0f},{point[1]:.0f})',
                     fingerprint(seen.viewport, seen.screenshot_hash), [point])


async def propose_points(page: Tab, action: str, points: list[tuple[float, float]]) -> StepResult:
    """A proposal to click at one CSS point or drag between two."""
    size = page.pw.viewport_size or {"width": 0, "height": 0}
    for x, y in points:
        if not (0 <= x < size["width"] and 0 <= y < size["height"]):
            raise RefwrightError(f"({x:g},{y:g}) is outside the {size['width']}x{size['height']} viewport; "
                                 "use CSS pixels of the visible page (see `visual text`).")
    where = " to ".join(f"({x:g},{y:g})" for x, y in points)
    return _proposal(page, action, f"at {where}", await visual_fingerprint(page), points)


async def visual_scroll(page: Tab, x: float, y: float, dy: float) -> str:
    """Wheel the scrollable area under (x, y) by ``dy`` CSS pixels, then read the screen again."""
    mouse = page.pw.mouse
    await mouse.move(x, y)
    await mouse.wheel(0, dy)
    await page.pw.wait_for_timeout(150)  # wheel scrolling is asynchronous (and may be smooth)
    seen = await capture_text(page.pw, shown=await secret_rects(page))
    return f"Scrolled {dy:+g}px at ({x:g},{y:g}).\n" + seen.render()
