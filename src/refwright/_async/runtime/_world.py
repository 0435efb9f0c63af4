"""refwright's engines in Playwright's utility worlds of the page's documents, reached over CDP.

Playwright runs refwright's engines (content-script selector engines) in its isolated utility world, but
on the first selector query of every new document it first builds its own injected script there: about
40 ms of the first snapshot after each navigation (``benchmarks/first_call.py``). ``UtilityWorld``
evaluates the engines in that same world over a CDP session of the page, so the first call costs only
refwright's own code. The engines are built once per world (``_engine.ENGINES``): whichever route comes
first builds them and the other finds them, so refs made here resolve through Playwright locators later.

Only where it is known to be that world: a Chromium page, its main document or a frame in the same
renderer, the isolated world Playwright names after this page. Anything else (no CDP, a frame in another
renderer, a world not found or gone with its document, an evaluation that throws) answers None, and the
caller takes Playwright's route, which is always correct.

The world of each document is asked for by Playwright's name for it (``Page.createIsolatedWorld``): worlds
are shared by name within a renderer, so this answers Playwright's own world, in one round trip. The Page
domain (its events are per navigation) says when a frame's document changes, so a world is never used past
its document. The session's Runtime domain stays off: a session with Runtime on is sent every console call
of the page, and a page that logs in a loop would flood refwright's process.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import unquote

from playwright.async_api import CDPSession
from playwright.async_api import Page as PlaywrightPage

from ..._driver._playwright_private import page_guid
from ..._errors import FrameGoneError
from ..pipeline._translate import best_effort

__all__ = ["FrameGoneError", "UtilityWorld"]


# Playwright's name for its utility world, followed by the page's guid (playwright-core crPage.ts).
_WORLD_PREFIX = "__playwright_utility_world_"
# The object group of the iframe elements looked up on the way into a frame (released at once).
_GROUP = "refwright-frames"


class UtilityWorld:
    """One Playwright page's utility worlds over CDP (its main document's, and those of the frames in
    the same renderer), for ``RuntimeChannel``."""

    def __init__(self, page: PlaywrightPage, engines: tuple[tuple[str, str], ...]) -> None:
        self.page = page
        # Engine name -> its once-per-world source, the page runtime first: the others build on it.
        self._engines = dict(engines)
        self._runtime = engines[0][0]
        self._cdp: CDPSession | None = None
        self._starting = False
        self._unavailable = False
        self._main: str | None = None
        self._world_name = _world_name(page)
        # Frame id -> the utility world of its current document, and the engines built in each world.
        self._worlds: dict[str, int] = {}
        self._built: dict[int, set[str]] = {}
        # Frames this session found no world for (another renderer's): not looked for again until they
        # navigate.
        self._elsewhere: set[str] = set()

    async def run(self, engine: str, request: str, frames: tuple[tuple[str, int], ...] = ()) -> str | None:
        """The text ``engine`` answers to ``run:<request>`` in the document of the main frame, or of the
        frame reached through ``frames`` (each step an iframe's runtime token and local id, outermost
        first); None when this route cannot tell (the caller then asks Playwright's route). CDP failures
        other than a lost world (a closed or crashed page) are raised as Playwright errors."""
        cdp = await self._session()
        if cdp is None or self._main is None:
            return None
        frame: str | None = self._main
        context = await self._world(cdp, self._main)
        for token, local_id in frames:
            if context is None:
                return None
            frame = await self._frame_of(cdp, context, token, local_id)
            context = await self._world(cdp, frame) if frame is not None else None
        if context is None:
            return None
        built = self._built.setdefault(context, set())
        missing = [name for name in dict.fromkeys((self._runtime, engine)) if name not in built]
        # Engines not built yet in this world are built in the same evaluation (their source is idempotent).
        builds = "".join(f"{self._engines[name]};\n" for name in missing)
        value = await self._evaluate(cdp, context, frame, (
            f"(() => {{\n{builds}const engine = globalThis[{json.dumps(engine)}];\n"
            f"return engine ? engine.queryAll(document, {json.dumps('run:' + request)})[0].textContent : null;\n}})()"))
        if not isinstance(value, str):
            return None
        built.update(missing)
        return value

    async def title(self) -> str | None:
        """The main document's title, or None when this route cannot tell.

        The browser process knows the title (the renderer reports it as the `<title>` is parsed) and
        answers at once, where a read in the document waits behind the renderer's work after a load
        (15-20 ms after `open`). For a page without a title the browser shows its URL instead: only then
        is the document asked, in its own world (the title is the page's words wherever it is read)."""
        cdp = await self._session()
        if cdp is None:
            return None
        info = (await cdp.send("Target.getTargetInfo")).get("targetInfo") or {}
        title, url = info.get("title"), info.get("url")
        if isinstance(title, str) and title and isinstance(url, str) and not _shown_for_url(title, url):
            return title
        value = await self._evaluate(cdp, None, None, "document.title")
        return value if isinstance(value, str) else None

    async def _world(self, cdp: CDPSession, frame: str) -> int | None:
        if frame not in self._worlds and frame not in self._elsewhere and self._world_name is not None:
            # Isolated worlds are shared by name within a renderer: asking for the world of Playwright's
            # name answers the context of Playwright's own world in the frame's current document (made now
            # if Playwright has not yet). A frame in another renderer is not this session's to ask.
            with best_effort(when=_document_gone) as asked:
                made = await cdp.send("Page.createIsolatedWorld", {
                    "frameId": frame, "worldName": self._world_name, "grantUniversalAccess": True})
            if asked.failed:
                self._elsewhere.add(frame)
                return None
            self._worlds[frame] = int(made["executionContextId"])
        return self._worlds.get(frame)

    async def _frame_of(self, cdp: CDPSession, context: int, token: str, local_id: int) -> str | None:
        """The frame id of the iframe that has ``local_id`` in the document of ``context``; raises
        FrameGoneError when that document's runtime no longer has the iframe."""
        found = await self._send(cdp, "Runtime.evaluate", {
            # null: the runtime answers and has no such iframe; undefined: no runtime in that world yet.
            "expression": f"(runtime => runtime ? (runtime.queryAll(document, {json.dumps(f'ref:{token}:{local_id}')})"
                          f"[0] || null) : undefined)(globalThis[{json.dumps(self._runtime)}])",
            "contextId": context, "silent": True, "objectGroup": _GROUP})
        result = (found or {}).get("result") or {}
        handle = result.get("objectId")
        if handle is None or "exceptionDetails" in (found or {}):
            await self._send(cdp, "Runtime.releaseObjectGroup", {"objectGroup": _GROUP})
            if found is not None and "exceptionDetails" not in found and result.get("subtype") == "null":
                raise FrameGoneError
            # No runtime in that world yet, or a world gone with its document: Playwright's route finds
            # out and says so.
            return None
        try:
            node = ((await self._send(cdp, "DOM.describeNode", {"objectId": handle})) or {}).get("node") or {}
        finally:
            await self._send(cdp, "Runtime.releaseObjectGroup", {"objectGroup": _GROUP})
        frame = node.get("frameId")
        return str(frame) if frame else None

    async def _send(self, cdp: CDPSession, method: str, params: dict[str, Any]) -> dict[str, Any] | None:
        """``method``'s answer, or None when the document it was meant for went away under it."""
        with best_effort(when=_document_gone):
            answer: dict[str, Any] = await cdp.send(method, params)
            return answer
        return None

    async def _evaluate(self, cdp: CDPSession, context: int | None, frame: str | None, expression: str) -> object:
        """``expression``'s value in ``context`` (the main document's own world when None)."""
        params: dict[str, Any] = {"expression": expression, "returnByValue": True, "silent": True}
        if context is not None:
            params["contextId"] = context
        answer = await self._send(cdp, "Runtime.evaluate", params)
        if answer is None:
            # The document went away after its world was looked up: Playwright's route waits
            # for the next one.
            if frame is not None and self._worlds.get(frame) == context:
                del self._worlds[frame]
            return None
        if "exceptionDetails" in answer:
            return None
        return (answer.get("result") or {}).get("value")

    async def _session(self) -> CDPSession | None:
        if self._cdp is not None or self._unavailable or self._starting:
            return self._cdp
        self._starting = True
        try:
            with best_effort(KeyError) as started:
                cdp = await self.page.context.new_cdp_session(self.page)
                cdp.on("Page.frameNavigated", self._navigated)
                cdp.on("Page.frameDetached", self._detached)
                tree = await cdp.send("Page.getFrameTree")
                self._main = str(tree["frameTree"]["frame"]["id"])
                await cdp.send("Page.enable")
                self._cdp = cdp
            if started.failed:
                # Not Chromium, or a page that is closing: Playwright's route serves every call.
                self._unavailable = True
        finally:
            self._starting = False
        return self._cdp

    def _navigated(self, event: dict[str, Any]) -> None:
        # A new document in a frame (one restored from the back-forward cache too): its world is found
        # again on the next call.
        self._forget(str((event.get("frame") or {}).get("id")))

    def _detached(self, event: dict[str, Any]) -> None:
        self._forget(str(event.get("frameId")))

    def _forget(self, frame: str) -> None:
        context = self._worlds.pop(frame, None)
        if context is not None:
            self._built.pop(context, None)
        self._elsewhere.discard(frame)


def _document_gone(exc: Exception) -> bool:
    """Whether CDP refused a call because its frame, world or target's document is gone (or was never
    this session's), rather than for a fault worth reporting."""
    text = str(exc).lower()
    return any(sign in text for sign in ("context", "frame", "navigated or closed"))


def _shown_for_url(title: str, url: str) -> bool:
    """Whether ``title`` may be the browser's stand-in for a missing title: the URL as it displays it."""
    shown = {url, unquote(url)}
    shown |= {u.removeprefix("http://") for u in shown}
    shown |= {u.rstrip("/") for u in shown}
    return title in shown or ("/" in title and title.rstrip("/") in unquote(url))


def _world_name(page: PlaywrightPage) -> str | None:
    """Playwright's utility world name for ``page`` (its guid is the server's), when the client tells it."""
    guid = page_guid(page)
    return _WORLD_PREFIX + guid if guid is not None else None
