"""Pictures for the person: a crop of the page around an approval's target, and a step's screenshot."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw
from playwright.async_api import FloatRect
from playwright.async_api import Page as PlaywrightPage

from .._async.pipeline._translate import best_effort
from ..agent import ApprovalRequest

__all__ = ["crop_around", "step_shot"]

_PAD = 80
# The resolver's kind names, as ARIA roles Playwright can find.
_ROLES = {"text field": "textbox", "password field": "textbox", "select": "combobox", "text area": "textbox",
          "radio button": "radio", "check box": "checkbox"}


async def _box(page: PlaywrightPage, request: ApprovalRequest) -> FloatRect | None:
    if not request.name:
        return None
    role = _ROLES.get(request.role, request.role)
    with best_effort():  # not found in time: the whole viewport is shown
        locator = page.get_by_role(role, name=request.name, exact=True) if role else page.get_by_text(request.name)  # type: ignore[arg-type]
        return await locator.first.bounding_box(timeout=1000)
    return None


async def crop_around(page: PlaywrightPage, request: ApprovalRequest) -> bytes | None:
    """A PNG of the viewport around the request's target, outlined; the whole viewport when no target is
    found; None when the page cannot be captured."""
    with best_effort() as captured:  # the page closed or hung: no picture, and the approval is asked without it
        png = await page.screenshot(type="png", timeout=5000)
    if captured.failed:
        return None
    box = await _box(page, request)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    if box is not None:
        x0, y0 = box["x"], box["y"]
        x1, y1 = x0 + box["width"], y0 + box["height"]
        ImageDraw.Draw(image).rectangle((x0 - 3, y0 - 3, x1 + 3, y1 + 3), outline=(220, 30, 30), width=3)
        image = image.crop((max(0, int(x0 - _PAD * 2)), max(0, int(y0 - _PAD)),
                            min(image.width, int(x1 + _PAD * 2)), min(image.height, int(y1 + _PAD))))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


async def step_shot(page: PlaywrightPage) -> bytes | None:
    """A small JPEG of the viewport after a step, for review."""
    with best_effort():  # the page closed or hung: the step is listed without a picture
        return await page.screenshot(type="jpeg", quality=50, timeout=5000)
    return None
