"""A person's mouse and keyboard, from a live view of the page into the page itself (CDP ``Input.*``).

The live view shows the page's viewport (a screencast frame scaled to fit), so a point on it is given as
fractions of the frame (``x``, ``y`` in 0..1) and lands at the same fraction of the viewport in CSS pixels.
Usable by anything that shows a page and lets a person act on it (the console's Take over, a recorder)::

    relay = PersonInput(pw_page, on_action=print)
    await relay.send({"kind": "mouse", "type": "down", "x": 0.5, "y": 0.25, "button": "left"})
    await relay.close()

``on_action`` hears what the person did in words (``clicked button "Save"``, ``typed into textbox "Code"``,
``pressed Enter``): never what they typed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.async_api import CDPSession
from playwright.async_api import Page as PlaywrightPage

from .._async.pipeline._translate import best_effort

__all__ = ["PersonInput"]

_BUTTONS = {"left": 1, "right": 2, "middle": 4}
_MOUSE_TYPES = {"down": "mousePressed", "up": "mouseReleased", "move": "mouseMoved", "wheel": "mouseWheel"}
# Keys whose press is worth telling (typing itself is told once per field).
_NAMED_KEYS = {"Enter", "Tab", "Escape", "Backspace", "Delete", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight",
               "PageUp", "PageDown", "Home", "End"}

# What an element is, as a person would say it: its role and its visible name (never a field's value).
_DESCRIBE = """(el) => {
  if (!el) return "";
  el = el.closest("a,button,input,select,textarea,label,summary,[role],[onclick],[tabindex]") || el;
  const tag = el.tagName;
  const type = (el.getAttribute("type") || "").toLowerCase();
  const role = el.getAttribute("role") || (tag === "A" ? "link" : tag === "BUTTON" || tag === "SUMMARY" ? "button"
    : tag === "INPUT" ? (["checkbox", "radio"].includes(type) ? type
      : ["submit", "button", "reset"].includes(type) ? "button" : "textbox")
    : tag === "SELECT" ? "combobox" : tag === "TEXTAREA" ? "textbox" : tag.toLowerCase());
  const label = el.labels && el.labels.length ? el.labels[0].innerText : "";
  const text = tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" ? "" : el.innerText || "";
  const name = (el.getAttribute("aria-label") || label || el.getAttribute("placeholder") || text
    || el.getAttribute("title") || (type === "submit" ? el.value : "") || "").replace(/\\s+/g, " ").trim();
  return role + (name ? ` "${name.slice(0, 60)}"` : "");
}"""


def _number(value: Any, default: float = 0.0) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return default
    return number if number == number else default  # NaN is no position


class PersonInput:
    """Input from one person into one page, until ``close``."""

    def __init__(self, page: PlaywrightPage, on_action: Callable[[str], None] | None = None) -> None:
        self.page = page
        self.on_action = on_action
        self._cdp: CDPSession | None = None
        self._viewport: tuple[float, float] | None = None
        self._buttons = 0

    async def _session(self) -> CDPSession:
        if self._cdp is None:
            self._cdp = await self.page.context.new_cdp_session(self.page)
        return self._cdp

    async def _size(self, fresh: bool = False) -> tuple[float, float]:
        if self._viewport is None or fresh:
            size = self.page.viewport_size
            if size is not None:
                self._viewport = (float(size["width"]), float(size["height"]))
            else:  # an attached browser's tab: its window decides
                width, height = await self.page.evaluate("() => [innerWidth, innerHeight]")
                self._viewport = (float(width), float(height))
        return self._viewport

    async def send(self, event: dict[str, Any]) -> None:
        """One event from the viewer: ``{"kind": "mouse", "type": "down|up|move|wheel", "x", "y", "button",
        "dx", "dy"}`` or ``{"kind": "key", "type": "down|up", "key", "code", "text", "keyCode",
        "modifiers"}``. Anything else is ignored; a page gone meanwhile takes nothing."""
        with best_effort():  # the page closed or navigated under the person's hand
            if event.get("kind") == "mouse":
                await self._mouse(event)
            elif event.get("kind") == "key":
                await self._key(event)

    async def _mouse(self, event: dict[str, Any]) -> None:
        kind = _MOUSE_TYPES.get(str(event.get("type")))
        if kind is None:
            return
        width, height = await self._size(fresh=kind == "mousePressed")
        x = min(max(_number(event.get("x")), 0.0), 1.0) * width
        y = min(max(_number(event.get("y")), 0.0), 1.0) * height
        button = str(event.get("button") or "left")
        if button not in _BUTTONS:
            button = "left"
        params: dict[str, Any] = {"type": kind, "x": x, "y": y, "modifiers": int(_number(event.get("modifiers")))}
        if kind == "mousePressed":
            self._buttons |= _BUTTONS[button]
            params.update(button=button, clickCount=max(1, int(_number(event.get("clicks"), 1))), buttons=self._buttons)
            self._tell("clicked " + (await self._describe_at(x, y) or f"the page at {x:.0f},{y:.0f}"))
        elif kind == "mouseReleased":
            self._buttons &= ~_BUTTONS[button]
            params.update(button=button, clickCount=max(1, int(_number(event.get("clicks"), 1))), buttons=self._buttons)
        elif kind == "mouseWheel":
            params.update(deltaX=_number(event.get("dx")), deltaY=_number(event.get("dy")))
            self._tell("scrolled the page")
        else:
            params.update(buttons=self._buttons, button="left" if self._buttons & 1 else "none")
        await (await self._session()).send("Input.dispatchMouseEvent", params)

    async def _key(self, event: dict[str, Any]) -> None:
        key = str(event.get("key") or "")
        text = str(event.get("text") or "")
        if len(text) > 1 or not key:
            return  # one key at a time, as a keyboard sends them
        down = event.get("type") == "down"
        params: dict[str, Any] = {
            "type": ("keyDown" if text else "rawKeyDown") if down else "keyUp", "key": key,
            "code": str(event.get("code") or ""), "modifiers": int(_number(event.get("modifiers"))),
            "windowsVirtualKeyCode": int(_number(event.get("keyCode"))),
            "nativeVirtualKeyCode": int(_number(event.get("keyCode")))}
        if text and down:
            params.update(text=text, unmodifiedText=text)
        await (await self._session()).send("Input.dispatchKeyEvent", params)
        if down and key in _NAMED_KEYS:
            self._tell(f"pressed {key}")
        elif down and text:
            focused = await self.page.evaluate(f"() => ({_DESCRIBE})(document.activeElement)")
            self._tell(f"typed into {focused}" if focused else "typed on the page")

    async def _describe_at(self, x: float, y: float) -> str:
        described = ""
        with best_effort():  # a page that cannot answer is described by the point
            described = str(await self.page.evaluate(
                f"([x, y]) => ({_DESCRIBE})(document.elementFromPoint(x, y))", [x, y]))
        return described

    def _tell(self, what: str) -> None:
        if self.on_action is not None:
            self.on_action(what)

    async def close(self) -> None:
        cdp, self._cdp = self._cdp, None
        if cdp is not None:
            with best_effort():  # gone with its page
                await cdp.detach()
