"""The coding profile's visual tools: local OCR, and clicks/drags at what the screen shows (proposals).

Every click or drag is a proposal put to the person, exactly as the resolver's proposals are; approval runs
``confirm``, which cancels it when the URL, viewport or masked screenshot changed meanwhile.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

from .._errors import RefwrightError
from ..resolve._outcome import StepResult
from ._tools import CallContext, ToolDef

__all__ = ["VISION", "visual_tools"]

# The server's ``extra`` key holding the vision provider (``--vision``) for browser_visual_inspect.
VISION = "vision"

# How a proposal reaches the person (the coding profile's own: approval through the client).
Step = Callable[[CallContext, StepResult], Awaitable[str]]

_SEGMENTATION = {"type": "string", "enum": ["automatic", "sparse-text"],
                 "description": "automatic (fast default) or sparse-text (scattered labels on mostly blank pages)"}
_CONTENT = {"type": "string", "enum": ["general", "digits"],
            "description": "general, or digits: 0-9 only with per-character boxes"}
_X = {"type": "number", "description": "CSS pixels from the viewport's left edge"}
_Y = {"type": "number", "description": "CSS pixels from the viewport's top edge"}


def _obj(props: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {"type": "object", "properties": props, "required": required, "additionalProperties": False}


async def _text(args: dict[str, Any], call: CallContext) -> str:
    call.refuse_while_planning("read the screen")
    page = await call.page()
    seen = await call.bounded(page.visual_text(segmentation=str(args.get("segmentationMode") or "automatic"),
                                               content=str(args.get("contentMode") or "general")))
    return seen.render(digits=args.get("contentMode") == "digits")


async def _action(args: dict[str, Any], call: CallContext, step: Step) -> str:
    text = str(args["text"])
    call.refuse_while_planning("click")
    page = await call.page()
    return await step(call, await call.bounded(page.visual.click_text(text)))


async def _click(args: dict[str, Any], call: CallContext, step: Step) -> str:
    call.refuse_while_planning("click")
    page = await call.page()
    return await step(call, await call.bounded(page.visual.click(float(args["x"]), float(args["y"]))))


async def _drag(args: dict[str, Any], call: CallContext, step: Step) -> str:
    call.refuse_while_planning("drag")
    page = await call.page()
    return await step(call, await call.bounded(page.visual.drag(
        float(args["x1"]), float(args["y1"]), float(args["x2"]), float(args["y2"]))))


async def _scroll(args: dict[str, Any], call: CallContext) -> str:
    call.refuse_while_planning("scroll")
    page = await call.page()
    return await call.bounded(page.visual.scroll(float(args["x"]), float(args["y"]), float(args["dy"])))


async def _inspect(args: dict[str, Any], call: CallContext) -> str:
    call.refuse_while_planning("read the screen")
    page = await call.page()
    provider = call.extra.get(VISION)
    if provider is None:
        from .._async.visual._vqa import NO_PROVIDER

        raise RefwrightError(NO_PROVIDER)
    page.visual.set_provider(provider)
    return await call.bounded(page.visual.inspect(str(args["question"])))


def visual_tools(step: Step) -> list[ToolDef]:
    approval = (" It becomes a proposal that the person approves or declines through the client (you cannot "
                "approve it); it is cancelled if the URL, viewport or screenshot changes first.")
    return [
        ToolDef("browser_visual_text", "Local OCR of the viewport (nothing leaves the machine), editable fields "
                "masked first. Returns the viewport size and one line per text line with its CSS box. Use it on "
                "pages without semantic controls (canvas apps, images of text, charts).",
                _obj({"segmentationMode": _SEGMENTATION, "contentMode": _CONTENT}, []), _text, read_only=True),
        ToolDef("browser_visual_action", "Click the one place whose OCR text is exactly text (one slower "
                "sparse-text pass when it is missing; an error when it is missing or appears more than once)."
                + approval, _obj({"text": {"type": "string", "description": "the exact visible text"}}, ["text"]),
                partial(_action, step=step)),
        ToolDef("browser_visual_click", "Click at a caller-chosen CSS point (for a target without an OCR label)."
                + approval, _obj({"x": _X, "y": _Y}, ["x", "y"]), partial(_click, step=step)),
        ToolDef("browser_visual_drag", "Drag from one CSS point to another (sliders, canvas handles)." + approval,
                _obj({"x1": _X, "y1": _Y, "x2": _X, "y2": _Y}, ["x1", "y1", "x2", "y2"]), partial(_drag, step=step)),
        ToolDef("browser_visual_scroll", "Wheel the scrollable area under a CSS point by dy pixels (positive: "
                "down), then return fresh OCR text.",
                _obj({"x": _X, "y": _Y, "dy": {"type": "number", "description": "CSS pixels, positive scrolls down"}},
                     ["x", "y", "dy"]), _scroll),
        ToolDef("browser_visual_inspect", "Ask a vision-capable model (configured with --vision) a question about "
                "the masked screenshot, when OCR misses the needed detail. Slower; it sees the screenshot only.",
                _obj({"question": {"type": "string", "description": "what to find out about the screen"}},
                     ["question"]), _inspect, read_only=True),
    ]
