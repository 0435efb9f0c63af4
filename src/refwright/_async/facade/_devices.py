"""Input devices without a target: the keyboard (into whatever has focus), the mouse at viewport
coordinates, and the clipboard (``page.keyboard``, ``page.mouse``, ``page.clipboard``)."""

from __future__ import annotations

from ..._errors import RefwrightError
from ..pipeline._translate import first_line, mapped
from ..pipeline._typed import Invocation, run_typed
from ..tab._permissions import grant
from ..tab._tab import Tab

__all__ = ["BUTTONS", "Clipboard", "Keyboard", "Mouse", "read_clipboard", "write_clipboard"]

BUTTONS = ("left", "right", "middle")


class Keyboard:
    """``page.keyboard``: text into the focused element."""

    def __init__(self, session: Tab) -> None:
        self._session = session

    async def type(self, text: str) -> None:
        """One key event per character, as a person typing."""
        await run_typed(self._session, Invocation.of("keyboard", "type", text),
                        lambda tab: tab.pw.keyboard.type(text))

    async def insert_text(self, text: str) -> None:
        """The text in one input event, without key events (as a paste)."""
        await run_typed(self._session, Invocation.of("keyboard", "inserttext", text),
                        lambda tab: tab.pw.keyboard.insert_text(text))


def button_of(name: str | None) -> str:
    button = (name or "left").lower()
    if button not in BUTTONS:
        raise RefwrightError(f"Unknown mouse button `{name}`: use left, right or middle.")
    return button


class Mouse:
    """``page.mouse``: the pointer at viewport coordinates (CSS pixels from the top-left corner)."""

    def __init__(self, session: Tab) -> None:
        self._session = session

    async def move(self, x: float, y: float) -> None:
        await run_typed(self._session, Invocation.of("mouse", "move", str(x), str(y)),
                        lambda tab: tab.pw.mouse.move(x, y))

    async def down(self, button: str = "left") -> None:
        pressed = button_of(button)
        await run_typed(self._session, Invocation.of("mouse", "down", pressed),
                        lambda tab: tab.pw.mouse.down(button=pressed))  # type: ignore[arg-type]

    async def up(self, button: str = "left") -> None:
        pressed = button_of(button)
        await run_typed(self._session, Invocation.of("mouse", "up", pressed),
                        lambda tab: tab.pw.mouse.up(button=pressed))  # type: ignore[arg-type]

    async def wheel(self, delta_y: float, delta_x: float = 0) -> None:
        await run_typed(self._session, Invocation.of("mouse", "wheel", str(delta_y), str(delta_x)),
                        lambda tab: tab.pw.mouse.wheel(delta_x, delta_y))


class Clipboard:
    """``page.clipboard``: the text the page would read or paste."""

    def __init__(self, session: Tab) -> None:
        self._session = session

    async def read(self) -> str:
        return await run_typed(self._session, Invocation.of("clipboard", "read"), read_clipboard)

    async def write(self, text: str) -> None:
        await run_typed(self._session, Invocation.of("clipboard", "write", text),
                        lambda tab: write_clipboard(tab, text))


async def _grant(session: Tab) -> None:
    url = session.url
    if not url.startswith(("http://", "https://")):
        raise RefwrightError("The clipboard works on web pages only: `open` a page first, then use the clipboard.")
    with mapped(lambda exc: RefwrightError(
            f"This browser does not let refwright use the clipboard: {first_line(str(exc))}")):
        await grant(session.pw.context, ["clipboard-read", "clipboard-write"], origin=url)


async def read_clipboard(session: Tab) -> str:
    await _grant(session)
    with mapped(_clipboard_error):
        text: str = await session.pw.evaluate("() => navigator.clipboard.readText()")
    return text


async def write_clipboard(session: Tab, text: str) -> None:
    await _grant(session)
    with mapped(_clipboard_error):
        await session.pw.evaluate("text => navigator.clipboard.writeText(text)", text)


def _clipboard_error(exc: Exception) -> RefwrightError:
    first = first_line(str(exc)).removeprefix("Page.evaluate: ")
    return RefwrightError(f"The clipboard could not be used: {first}. The page must be focused and served "
                          "over http(s); click the page and try again.")
