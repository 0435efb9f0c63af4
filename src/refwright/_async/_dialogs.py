"""``page.dialogs``: the JavaScript dialog a tab keeps open (Config.dialogs "wait"), answered from code."""

from __future__ import annotations

from dataclasses import dataclass

from ._session import Session
from ._translate import mapped
from .commands.dialogs import answer

__all__ = ["DialogInfo", "Dialogs"]


@dataclass(frozen=True)
class DialogInfo:
    """An open dialog: ``type`` is alert, confirm, prompt or beforeunload; ``default_value`` a prompt's."""

    type: str
    message: str
    default_value: str


class Dialogs:
    """The dialog of one tab: ``page.dialogs.open`` (None when none is open), ``await page.dialogs.accept("text")``,
    ``await page.dialogs.dismiss()``. With no dialog open, accept/dismiss decide how the next one is answered."""

    def __init__(self, session: Session) -> None:
        self._session = session

    @property
    def open(self) -> DialogInfo | None:
        held = self._session.events.dialog
        return DialogInfo(held.type, held.message, held.default_value) if held is not None else None

    async def accept(self, text: str | None = None) -> None:
        with mapped():
            await answer(self._session, True, text)

    async def dismiss(self) -> None:
        with mapped():
            await answer(self._session, False)
