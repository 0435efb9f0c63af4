"""frame <target> and frame main: later commands and snapshots run inside an iframe.

The frame is kept as the chain of iframe selectors that leads to it from the main document (the form refs
inside frames already have), so refs taken inside it work from anywhere, and a replaced page or a main
document that navigates simply leaves it (the session resets the chain)."""

from __future__ import annotations

import json

from playwright.async_api import Frame

from ..._driver._selectors import to_playwright_selector
from ..._errors import RefwrightError
from ...commands import ParsedCommand
from ...snapshot._refs import parse_ref
from ..pipeline._translate import best_effort
from ..runtime._runtime_engine import ENGINE, scope_for
from ..tab._tab import Tab

_IS_FRAME = "e => e.localName === 'iframe' || e.localName === 'frame'"


async def current_frame(session: Tab) -> Frame:
    """The Playwright frame commands run in (the main frame unless `frame <target>` chose another)."""
    frame = session.pw.main_frame
    timeout = session.config.timeouts.action
    for selector in session.view.frame_path:
        handle = await frame.locator(selector).element_handle(timeout=timeout)
        child = await handle.content_frame() if handle is not None else None
        if child is None:
            session.view.frame_path = ()
            raise RefwrightError("The frame that `frame` switched to is gone; commands run in the main frame "
                                 "again. Take a snapshot (`snapshot -i`) and choose the frame anew.")
        frame = child
    return frame


async def _path_for(session: Tab, target: str) -> tuple[str, ...]:
    ref = parse_ref(target)
    if ref is not None:
        entry = session.view.refs.latest.get(ref)
        if entry is None:
            raise RefwrightError(f"Unknown ref: {ref}. Take a snapshot (`snapshot -i`) and use the ref it shows "
                                 "for the iframe.")
        path = (*entry.frames, entry.selector(ENGINE))
        if not await _is_frame(session, path):
            raise RefwrightError(f"Ref does not point to an iframe element: @{ref} is a {entry.role}. Use the ref "
                                 "of an Iframe line of the snapshot.")
        return path
    base = session.view.frame_path
    # A CSS selector of an iframe in the current frame, else the iframe's name.
    candidates = [to_playwright_selector(target)]
    if target.replace("-", "").replace("_", "").isalnum():
        name = json.dumps(target)
        candidates.append(f"iframe[name={name}], frame[name={name}]")
    for selector in candidates:
        path = (*base, selector)
        with best_effort():  # not a valid selector: try it as a name
            if await _is_frame(session, path):
                return path
    raise RefwrightError(f"Could not find frame for selector `{target}`: no iframe matches it as a CSS selector "
                         "or a name. Take a snapshot (`snapshot -i`) and use an Iframe ref, or `frame main`.")


async def _is_frame(session: Tab, path: tuple[str, ...]) -> bool:
    loc = scope_for(session.pw, path[:-1]).locator(path[-1])
    if await loc.count() == 0:
        return False
    return bool(await loc.first.evaluate(_IS_FRAME, timeout=session.config.timeouts.action))


async def select_frame(session: Tab, target: str) -> None:
    if target.lower() == "main":
        session.view.frame_path = ()
        return
    path = await _path_for(session, target)
    # The first match is the frame meant (as a selector's first match is for an action). It is kept as
    # the runtime ref of that iframe, the key its content's refs have when a snapshot of the whole page
    # lists them: an element in the frame keeps its ref whichever way it was listed.
    iframe = scope_for(session.pw, path[:-1]).locator(path[-1]).first
    found = await session.channel.run("identify", scope=iframe)
    session.view.frame_path = (*path[:-1], f"{ENGINE}=ref:{found['token']}:{int(found['id'])}")


async def frame(session: Tab, cmd: ParsedCommand) -> str:
    await select_frame(session, cmd.args[0])
    return "Done"


HANDLERS = {"frame": frame}
