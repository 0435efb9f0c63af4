"""``act``'s OCR fallback: a click request whose label no semantic control carries is looked for on screen.

Pages drawn on a canvas, or whose buttons are images of text, have no control to match. When the request is
a single click on a label and OCR reads that label exactly once, the click becomes a visual proposal (never
done at once) and the answer says it came from OCR.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..._errors import RefwrightError
from ...resolve._labels import first_sentence
from ...resolve._outcome import StepResult
from ...resolve.grammar._clauses import UnsupportedRequestError, parse_request
from ...resolve.grammar._plan import Kind
from ...visual import OcrUnavailableError
from ._proposals import propose_click_text

if TYPE_CHECKING:
    from ..tab._tab import Tab

__all__ = ["ocr_fallback"]


async def ocr_fallback(session: Tab, request: str, refusal: Exception) -> StepResult | None:
    """A visual click proposal for the request's label, or None when the request is not one plain click or
    OCR does not read the label exactly once (the caller then keeps the original refusal)."""
    try:
        plan = parse_request(request)
    except UnsupportedRequestError:
        return None
    if len(plan.parts) != 1 or plan.parts[0].kind != Kind.CLICK:
        return None
    labels = [t.label for t in plan.parts[0].targets if t.label and t.ordinal is None and not t.every]
    if not labels:
        return None
    try:
        proposal = await propose_click_text(session, labels[0])
    except OcrUnavailableError:
        return None
    except RefwrightError:
        return None
    why = first_sentence(str(refusal)).rstrip(".")
    first, sep, rest = proposal.output.partition("\n")
    note = (f"\nNo semantic control matched ({why}), so act read the screen with local OCR and found "
            f'"{labels[0]}" exactly once; this is a visual proposal.')
    return StepResult(first + note + sep + rest, token=proposal.token)
