"""get and is: read-only queries that never wait for a missing target (the reference's table)."""

from __future__ import annotations

from playwright.async_api import Locator

from ..._errors import RefwrightError
from ...commands import ParsedCommand
from ...safety import clean_line
from ...snapshot._refs import parse_ref
from ..pipeline._translate import mapped, translate
from ..tab._tab import Tab

_GET_FIELDS = ("text", "html", "value", "attr", "count", "box", "title", "url")
_IS_STATES = ("visible", "enabled", "checked", "focused", "editable")


def _usage_get(field: str) -> RefwrightError:
    usage = "get attr <target> <name>" if field == "attr" else f"get {field} <target>"
    return RefwrightError(f"Usage: {usage}")


def _no_reads(session: Tab) -> None:
    if not session.config.allow_dom_extraction:
        raise RefwrightError("Reading page content is disabled by Config.allow_dom_extraction.")


async def _count(session: Tab, target: str, loc: Locator) -> int:
    with mapped(target=target):
        return await loc.count()


async def get(session: Tab, cmd: ParsedCommand) -> str:
    field = cmd.args[0].lower()
    if field not in _GET_FIELDS:
        raise RefwrightError(f"Unknown `get {cmd.args[0]}`. Try text, html, value, attr, count, box, title or url.")
    pw = session.pw
    if field == "title":
        return clean_line(await pw.title())
    if field == "url":
        return clean_line(pw.url)
    if len(cmd.args) < 2 or (field == "attr" and len(cmd.args) < 3):
        raise _usage_get(field)
    _no_reads(session)
    target = cmd.args[1]
    loc = session.locator(target, checked=False)
    count = await _count(session, target, loc)
    if field == "count":
        return str(count)
    if count == 0:
        return "null" if field in ("attr", "box") else ""
    timeout = session.config.timeouts.action
    with mapped(lambda exc: _get_failed(exc, target)):
        if field == "text":
            return await loc.inner_text(timeout=timeout)
        if field == "html":
            return await loc.inner_html(timeout=timeout)
        if field == "value":
            return await loc.input_value(timeout=timeout)
        if field == "attr":
            value = await loc.get_attribute(cmd.args[2], timeout=timeout)
            return "null" if value is None else value
        box = await loc.bounding_box(timeout=timeout)
    if box is None:
        return "null"
    return f"x={_num(box['x'])} y={_num(box['y'])} width={_num(box['width'])} height={_num(box['height'])}"


def _get_failed(exc: Exception, target: str) -> RefwrightError:
    if "Not an input" in str(exc) or "not an <input>" in str(exc):
        return RefwrightError(f"Element {target} is not an input, textarea or select, so it has no value. "
                              f"Use `get text {target}` instead.")
    return translate(exc, target=target)


def _is_failed(exc: Exception, target: str) -> RefwrightError:
    if "Not a checkbox or radio button" in str(exc):
        return RefwrightError(f"Element {target} is not a checkbox or radio button")
    return translate(exc, target=target)


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}".rstrip("0").rstrip(".")


async def is_(session: Tab, cmd: ParsedCommand) -> str:
    state = cmd.args[0].lower()
    if state not in _IS_STATES:
        raise RefwrightError(f"Unknown `is {cmd.args[0]}`. Try visible, enabled, checked, focused or editable.")
    if len(cmd.args) < 2:
        raise RefwrightError(f"Usage: is {state} <target>")
    target = cmd.args[1]
    loc = session.locator(target, checked=False)
    count = await _count(session, target, loc)
    if count == 0:
        if state in ("visible", "focused"):
            return "false"
        if parse_ref(target) is not None:
            # A ref that is stale fails as it does for every command that acts on it (why it names nothing).
            await _count(session, target, session.locator(target))
        raise RefwrightError(
            f"No element found for '{target}'. Refresh the snapshot if this is a stale reference."
        )
    timeout = session.config.timeouts.action
    with mapped(lambda exc: _is_failed(exc, target)):
        if state == "visible":
            value = await loc.is_visible()
        elif state == "enabled":
            value = await loc.is_enabled(timeout=timeout)
        elif state == "editable":
            value = await loc.is_editable(timeout=timeout)
        elif state == "checked":
            value = await loc.is_checked(timeout=timeout)
        else:
            if count > 1:
                await loc.is_visible()  # raises the strict-mode error for several matches
            value = bool((await session.channel.run("focused", scope=loc, timeout=timeout))["focused"])
    return "true" if value else "false"


HANDLERS = {"get": get, "is": is_}
