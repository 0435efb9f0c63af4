"""`visual`: local OCR, and visual click/drag proposals and scrolling (refwright extension)."""

from __future__ import annotations

from ..._errors import RefwrightError
from ...commands import ParsedCommand
from ..tab._secret_fields import secret_rects
from ..tab._tab import Tab
from ..visual._capture import capture_text
from ..visual._proposals import propose_click_text, propose_points, visual_scroll


def _numbers(cmd: ParsedCommand, count: int, usage: str) -> list[float]:
    values = cmd.args[1:]
    if len(values) != count:
        raise RefwrightError(f"Usage: {usage}")
    try:
        return [float(v) for v in values]
    except ValueError:
        raise RefwrightError(f"Usage: {usage} (CSS pixels, numbers)") from None


async def visual(page: Tab, cmd: ParsedCommand) -> str:
    sub = cmd.args[0].lower()
    if sub == "text":
        result = await capture_text(page.pw, segmentation="sparse-text" if cmd.flag("sparse") else "automatic",
                                    content="digits" if cmd.flag("digits") else "general",
                                    shown=await secret_rects(page))
        return result.render(digits=bool(cmd.flag("digits")))
    if sub == "click":
        rest = cmd.args[1:]
        if len(rest) == 2 and all(_is_number(v) for v in rest):
            x, y = _numbers(cmd, 2, "visual click <x> <y>")
            return (await propose_points(page, "click", [(x, y)])).output
        return (await propose_click_text(page, cmd.text_from(1))).output
    if sub == "drag":
        x1, y1, x2, y2 = _numbers(cmd, 4, "visual drag <x1> <y1> <x2> <y2>")
        return (await propose_points(page, "drag", [(x1, y1), (x2, y2)])).output
    if sub == "scroll":
        x, y, dy = _numbers(cmd, 3, "visual scroll <x> <y> <dy>")
        return await visual_scroll(page, x, y, dy)
    raise RefwrightError(f"Unknown `visual {cmd.args[0]}`. Usage: {cmd.spec.usage}")


def _is_number(value: str) -> bool:
    try:
        float(value)
    except ValueError:
        return False
    return True


HANDLERS = {"visual": visual}
