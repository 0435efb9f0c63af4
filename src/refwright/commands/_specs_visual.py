"""refwright's visual commands: local OCR of the viewport, and clicks/drags at what it shows (proposals)."""

from __future__ import annotations

from collections.abc import Sequence

from ..safety._actions import ActionType
from ._spec import CommandSpec, FlagSpec, HelpSection, NumberSpec

__all__ = ["HELP_SECTIONS", "SPECS"]


def _visual_action(args: Sequence[str]) -> ActionType | None:
    sub = args[0].lower() if args else ""
    return {"click": ActionType.CLICK, "drag": ActionType.DRAG, "scroll": ActionType.SCROLL}.get(
        sub, ActionType.READ_CONTENT)


_DETAILS = """\
visual text [--sparse] [--digits]
  Local OCR of the viewport (nothing leaves the machine). Editable fields are masked before recognition,
  so typed values (passwords) never appear. One line per text line: `"text" at (x,y w×h)` in CSS pixels,
  then the viewport size. --sparse: slower segmentation for scattered labels on mostly blank pages.
  --digits: 0-9 only, one box per character.
visual click "<text>"
  Proposes a click on the one place showing exactly <text> (one slower sparse pass when it is missing).
  Nothing happens before `confirm <token>`; the proposal is cancelled if the URL, viewport or screenshot
  changes first. Errors when the text is missing or appears more than once (with where it appears).
visual click <x> <y> · visual drag <x1> <y1> <x2> <y2>
  The same proposal rule, at CSS points you choose (for targets without a readable label).
visual scroll <x> <y> <dy>
  Wheels the scrollable area under (x,y) by dy CSS pixels, then prints fresh OCR text."""

# Coordinates anywhere on or off a page (Chromium keeps them far below this), by sub-command.
_MAX_PX = 10_000_000
_POINTS = {"click": ("x", "y"), "drag": ("x1", "y1", "x2", "y2"), "scroll": ("x", "y", "dy")}

SPECS: tuple[CommandSpec, ...] = (
    CommandSpec("visual", "Visual", 'visual text [--sparse] [--digits] | click "<text>" | click <x> <y> | '
                "drag <x1> <y1> <x2> <y2> | scroll <x> <y> <dy>",
                "local OCR of the viewport (editable fields masked); visual clicks and drags are proposals",
                "`text`: one line per text line with its CSS box; `click`/`drag`: a proposal to confirm; `scroll`: "
                "what moved, then fresh OCR text", min_args=1, free_text=True,
                flags=(FlagSpec("sparse", ("--sparse",), help="sparse-text segmentation for scattered labels"),
                       FlagSpec("digits", ("--digits",), help="numbers only (0-9)")),
                action=_visual_action, page_text=True, details=_DETAILS, proposes=True,
                numbers=tuple(NumberSpec(i, f"the {name} of `visual {sub}`", -_MAX_PX, _MAX_PX, " pixels", sub)
                              for sub, names in _POINTS.items() for i, name in enumerate(names, start=1))),
)

# Their lines in HELP's second part (same layout as the reference's groups).
HELP_SECTIONS: tuple[HelpSection, ...] = (
    ("Visual", (
        (('visual text [--sparse] [--digits]', ("visual",)), ('visual click "<text>"|<x> <y>', ("visual",))),
        (("visual drag <x1> <y1> <x2> <y2>", ("visual",)), ("visual scroll <x> <y> <dy>", ("visual",))),
    )),
)
