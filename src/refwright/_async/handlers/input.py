"""find, upload, keyboard, mouse and clipboard."""

from __future__ import annotations

from playwright.async_api import Locator

from ..._errors import RefwrightError
from ...commands import ParsedCommand
from ...commands._specs_input import FIND_ACTIONS, split_find
from ...safety._secrets import has_token
from ...snapshot._format import counted
from ..facade._devices import button_of, read_clipboard, write_clipboard
from ..pipeline._actionable import ensure_actionable
from ..pipeline._translate import perform
from ..tab._fill import TextNotEnteredError, not_entered
from ..tab._secret_fields import reveal_focused, type_secret
from ..tab._semantic_find import describe, find
from ..tab._tab import Tab
from ..tab._upload import upload


async def find_(session: Tab, cmd: ParsedCommand) -> str:
    by, value, nth, action, rest = split_find(cmd.args)
    if action not in FIND_ACTIONS:
        raise RefwrightError(f"Unknown action '{action}' for find. Valid actions: {', '.join(FIND_ACTIONS)}.")
    if not value:
        raise RefwrightError(f"Usage: {cmd.spec.usage}")
    index: int | None = None
    if nth is not None:
        try:
            index = int(nth)
        except ValueError:
            raise RefwrightError("Usage: find nth <index> <selector> [action] (the index is a whole number, "
                                 "0 for the first)") from None
    name = cmd.flag("name")
    name = name if isinstance(name, str) and name else None
    first, count = await find(session, by, value, name=name, exact=bool(cmd.flag("exact")), index=index)
    what = describe(by, value, name, index)
    timeout = session.config.timeouts.action

    async def act(run: str) -> None:
        async def go(loc: Locator, t: float) -> object:
            if run == "fill" and has_token(" ".join(rest)):
                try:
                    await type_secret(session, loc, " ".join(rest), t)
                except TextNotEnteredError:
                    raise not_entered(what, "Nothing else was done.") from None
                return None
            if run == "fill":
                await loc.fill(" ".join(rest), timeout=t)
                return None
            result: object = await getattr(loc, run)(timeout=t)
            return result

        await ensure_actionable(session, first, what, run)
        await perform(first, go, target=what, command=run, timeout=timeout)

    if action == "text":
        text: str = await first.inner_text(timeout=timeout)
        return text
    await act(action)
    verb = {"click": "Clicked", "fill": "Filled", "check": "Checked", "hover": "Hovered"}[action]
    more = (f" (the first of {count} matches; `snapshot -i` lists them with refs)"
            if count > 1 and by not in ("first", "last", "nth") else "")
    return f"{verb} {what}{more}"


async def upload_(session: Tab, cmd: ParsedCommand) -> str:
    target = cmd.args[0]
    count = await upload(session, target, cmd.args[1:])
    return f"Uploaded {count} file(s) to {target}"


async def keyboard(session: Tab, cmd: ParsedCommand) -> str:
    sub = cmd.args[0].lower()
    text = cmd.text_from(1)
    if sub == "type":
        await session.pw.keyboard.type(await reveal_focused(session, text))
        return "Typed into the focused element"
    if sub in ("inserttext", "insert"):
        await session.pw.keyboard.insert_text(await reveal_focused(session, text))
        return "Inserted text into the focused element"
    raise RefwrightError("Usage: keyboard <type|inserttext> <text> (for keys such as Enter use `press`)")


def _number(text: str, what: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise RefwrightError(f"{what} must be a number, not `{text}`.") from None
    if value != value or value in (float("inf"), float("-inf")):
        raise RefwrightError(f"{what} must be a finite number, not `{text}`.")
    return value


def _fmt(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


async def mouse(session: Tab, cmd: ParsedCommand) -> str:
    sub = cmd.args[0].lower()
    args = cmd.args[1:]
    mouse_ = session.pw.mouse
    if sub == "move":
        if len(args) < 2:
            raise RefwrightError("Usage: mouse move <x> <y>")
        x, y = _number(args[0], "x"), _number(args[1], "y")
        await mouse_.move(x, y)
        return f"Moved mouse to {_fmt(x)}, {_fmt(y)}"
    if sub in ("down", "up"):
        button = button_of(args[0] if args else None)
        await (mouse_.down if sub == "down" else mouse_.up)(button=button)  # type: ignore[arg-type]
        return f"Mouse {button} {sub}"
    if sub == "wheel":
        if not args:
            raise RefwrightError("Usage: mouse wheel <dy> [dx]")
        dy = _number(args[0], "dy")
        dx = _number(args[1], "dx") if len(args) > 1 else 0.0
        await mouse_.wheel(dx, dy)
        return f"Scrolled wheel by {_fmt(dy)}, {_fmt(dx)}"
    raise RefwrightError("Usage: mouse <move x y|down [button]|up [button]|wheel dy [dx]>")


async def clipboard(session: Tab, cmd: ParsedCommand) -> str:
    sub = cmd.args[0].lower()
    if sub == "read":
        text = await read_clipboard(session)
        return text if text else "Clipboard is empty"
    if sub == "write":
        text = cmd.text_from(1)
        await write_clipboard(session, text)
        return f"Wrote {counted(len(text), 'character')} to the clipboard"
    raise RefwrightError("Usage: clipboard <read|write <text>>")


HANDLERS = {"find": find_, "upload": upload_, "keyboard": keyboard, "mouse": mouse, "clipboard": clipboard}
