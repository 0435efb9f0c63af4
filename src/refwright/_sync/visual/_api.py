# Generated from src/refwright/_async/visual/_api.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""``page.visual``: the visual tools as methods (read the screen, propose clicks and drags, scroll, ask)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...resolve._outcome import StepResult
from ...resolve.state._decisions import Decider
from ...visual import VisualText
from ..pipeline._translate import mapped
from ..pipeline._typed import Invocation, run_typed
from ..tab._secret_fields import secret_rects
from ._capture import capture_text
from ._proposals import propose_click_text, propose_points, visual_scroll
from ._vqa import visual_inspect

if TYPE_CHECKING:
    from ..tab._tab import Tab

__all__ = ["Visual"]


class Visual:
    """Local OCR and pointer actions at what the screen shows. Clicks and drags are proposals: nothing
    happens before ``page.confirm(token)``, and that re-checks the URL, viewport and masked screenshot."""

    def __init__(self, session: Tab) -> None:
        self._session = session

    def text(self, segmentation: str = "automatic", content: str = "general",
                   region: tuple[float, float, float, float] | None = None) -> VisualText:
        """The same as ``page.visual_text``."""
        with mapped():
            return capture_text(self._session.pw, segmentation=segmentation, content=content, region=region,
                                      shown=secret_rects(self._session))

    def click_text(self, text: str) -> StepResult:
        """Propose a click on the one place showing exactly ``text`` (one slower sparse pass if missing)."""
        with mapped():
            return propose_click_text(self._session, text)

    def click(self, x: float, y: float) -> StepResult:
        """Propose a click at a CSS point of the viewport."""
        with mapped():
            return propose_points(self._session, "click", [(x, y)])

    def drag(self, x1: float, y1: float, x2: float, y2: float) -> StepResult:
        """Propose a drag between two CSS points of the viewport."""
        with mapped():
            return propose_points(self._session, "drag", [(x1, y1), (x2, y2)])

    def scroll(self, x: float, y: float, dy: float) -> str:
        """Wheel the scrollable area under (x, y) by ``dy`` CSS pixels; returns fresh OCR text."""
        return run_typed(self._session, Invocation.of("scroll", "down" if dy >= 0 else "up", str(abs(dy))),
                               lambda tab: visual_scroll(tab, x, y, dy))

    def set_provider(self, provider: Decider | None) -> None:
        """The vision-capable model ``inspect`` asks (any of the agent's ``Llm`` adapters); None: none."""
        self._session.window.vision = provider

    def inspect(self, question: str) -> str:
        """Ask the vision provider about the masked screenshot (editable fields blanked); its answer."""
        with mapped():
            return visual_inspect(self._session, self._session.window.vision, question)
