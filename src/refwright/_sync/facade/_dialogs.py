# Generated from src/refwright/_async/facade/_dialogs.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""``page.dialogs``: the JavaScript dialog a tab keeps open (Config.dialogs "wait"), answered from code."""

from __future__ import annotations

from dataclasses import dataclass

from ..handlers.dialogs import answer
from ..pipeline._typed import Invocation, run_typed
from ..tab._tab import Tab

__all__ = ["DialogInfo", "Dialogs"]


@dataclass(frozen=True)
class DialogInfo:
    """An open dialog: ``type`` is alert, confirm, prompt or beforeunload; ``default_value`` a prompt's."""

    type: str
    message: str
    default_value: str


class Dialogs:
    """The dialog of one tab: ``page.dialogs.open`` (None when none is open), ``page.dialogs.accept("text")``,
    ``page.dialogs.dismiss()``. With no dialog open, accept/dismiss decide how the next one is answered."""

    def __init__(self, session: Tab) -> None:
        self._session = session

    @property
    def open(self) -> DialogInfo | None:
        held = self._session.events.dialog
        return DialogInfo(held.type, held.message, held.default_value) if held is not None else None

    def accept(self, text: str | None = None) -> None:
        run_typed(self._session, Invocation.of("dialog", "accept", *([text] if text is not None else [])),
                        lambda tab: answer(tab, True, text))

    def dismiss(self) -> None:
        run_typed(self._session, Invocation.of("dialog", "dismiss"), lambda tab: answer(tab, False))
