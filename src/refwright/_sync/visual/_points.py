# Generated from src/refwright/_async/visual/_points.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""Carry out an approved visual proposal: re-check URL, viewport and masked screenshot, then use the mouse."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..._errors import RefwrightError
from ...resolve._outcome import StepResult
from ...resolve.state._proposal_book import Proposal, ProposalError
from ..tab._secret_fields import secret_rects
from ._capture import masked_screenshot

if TYPE_CHECKING:
    from ..tab._tab import Tab

__all__ = ["VISUAL_PREFIX", "confirm_visual", "fingerprint", "visual_fingerprint"]

VISUAL_PREFIX = "visual "


def fingerprint(viewport: tuple[int, int], digest: str) -> str:
    return f"{viewport[0]}x{viewport[1]}:{digest}"


def visual_fingerprint(page: Tab) -> str:
    _, _, viewport, _, digest = masked_screenshot(page.pw, secret_rects(page))
    return fingerprint(viewport, digest)


def confirm_visual(page: Tab, proposal: Proposal) -> StepResult:
    """The approved visual step, only if the page looks exactly as it did when it was proposed."""
    if page.url != proposal.url:
        raise ProposalError(f"Cancelled: the page moved from {proposal.url} to {page.url} since the visual "
                            "proposal. Nothing was done; read the page again (`visual text`) for a fresh one.")
    if visual_fingerprint(page) != proposal.fingerprint:
        raise ProposalError("Cancelled: the page looks different from when the visual proposal was made (its "
                            "screenshot or viewport changed). Nothing was done; run `visual text` and propose again.")
    mouse = page.pw.mouse
    points = [(float(p[0]), float(p[1])) for p in proposal.args["points"]]
    if proposal.action == VISUAL_PREFIX + "click":
        mouse.click(*points[0])
        verb = "Clicked"
    elif proposal.action == VISUAL_PREFIX + "drag":
        (x1, y1), (x2, y2) = points[0], points[1]
        mouse.move(x1, y1)
        mouse.down()
        # Intermediate moves: canvas widgets track mousemove, a single jump can skip their handlers.
        mouse.move(x2, y2, steps=8)
        mouse.up()
        verb = "Dragged"
    else:
        raise RefwrightError(f"Unknown visual proposal action {proposal.action!r}; nothing was done.")
    page.pw.wait_for_timeout(50)
    return StepResult(f"Confirmed: {verb} {proposal.summary.split(' ', 2)[-1]}.")
