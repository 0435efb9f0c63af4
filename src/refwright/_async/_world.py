"""refwright's engines in Playwright's utility world of the main document, reached over CDP.

Playwright runs refwright's engines (content-script selector engines) in its isolated utility world, but
on the first selector query of every new document it first builds its own injected script there: about
40 ms of the first snapshot after each navigation (``benchmarks/first_call.py``). ``UtilityWorld``
evaluates the engines in that same world over a CDP session of the page, so the first call costs only
refwright's own code. The engines are built once per world (``_engine.ENGINES``): whichever route comes
first builds them and the other finds them, so refs made here resolve through Playwright locators later.

Only where it is known to be that world: a Chromium page, its main document, the isolated world Playwright
names after this page. Anything else (no CDP, a world not found or gone with its document, an evaluation
that throws) answers None, and the caller takes Playwright's route, which is always correct.

The world of each new document is found by switching the session's Runtime domain on and off (it reports
every world as it starts), not by leaving it on: a session with Runtime on is sent every console call of
the page, and a page that logs in a loop would then flood refwright's process. The Page domain (its events
are per navigation) says when the main document changes, so a world is never used past its document.
"""

from __future__ import annotations

import json
from typing import Any

from playwright.async_api import CDPSession
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page as PlaywrightPage

__all__ = ["UtilityWorld"]

# Playwright's name for its utility world, followed by the page's guid (playwright-core crPage.ts).
_WORLD_PREFIX = "__playwright_utility_world_"


class UtilityWorld:
    """One Playwright page's main-document utility world over CDP, for ``RuntimeChannel``."""

    def __init__(self, page: PlaywrightPage, engines: tuple[tuple[str, str], ...]) -> None:
        self.page = page
        # Engine name -> its once-per-world source, the page runtime first: the others build on it.
        self._engines = dict(engines)
        self._runtime = engines[0][0]
        self._cdp: CDPSession | None = None
        self._starting = False
        self._unavailable = False
        self._frame: str | None = None
        self._world_name = _world_name(page)
        # The main document's utility world, and the engines built in it.
        self._context: int | None = None
        self._built: set[str] = set()

    async def run(self, engine: str, request: str) -> str | None:
        """The text ``engine`` answers to ``run:<request>`` on the main document, or None when this route
        cannot tell (the caller then asks Playwright's route). CDP failures other than a lost world (a
        closed or crashed page) are raised as Playwright errors."""
        cdp = await self._session()
        if cdp is None:
            return None
        if self._context is None:
            # On and off again: the worlds are reported before `enable` answers.
            await cdp.send("Runtime.enable")
            await cdp.send("Runtime.disable")
        context = self._context
        if context is None:
            return None
        missing = [name for name in (self._runtime, engine) if name not in self._built]
        # Engines not built yet in this world are built in the same evaluation (their source is idempotent).
        builds = "".join(f"{self._engines[name]};\n" for name in dict.fromkeys(missing))
        expression = (f"(() => {{\n{builds}const engine = globalThis[{json.dumps(engine)}];\n"
                      f"return engine ? engine.queryAll(document, {json.dumps('run:' + request)})[0].textContent"
                      " : null;\n})()")
        try:
            answer: dict[str, Any] = await cdp.send("Runtime.evaluate", {
                "expression": expression, "contextId": context, "returnByValue": True, "silent": True})
        except PlaywrightError as exc:
            if "context" not in str(exc).lower():
                raise
            # The document went away between the world's report and this call: Playwright's route waits
            # for the next one.
            if self._context == context:
                self._context = None
            return None
        value = answer.get("result", {}).get("value")
        if "exceptionDetails" in answer or not isinstance(value, str):
            return None
        if self._context == context:
            self._built.update(missing)
        return value

    async def _session(self) -> CDPSession | None:
        if self._cdp is not None or self._unavailable or self._starting:
            return self._cdp
        self._starting = True
        try:
            cdp = await self.page.context.new_cdp_session(self.page)
            cdp.on("Runtime.executionContextCreated", self._created)
            cdp.on("Page.frameNavigated", self._navigated)
            tree = await cdp.send("Page.getFrameTree")
            self._frame = str(tree["frameTree"]["frame"]["id"])
            await cdp.send("Page.enable")
            self._cdp = cdp
        except (PlaywrightError, KeyError):
            # Not Chromium, or a page that is closing: Playwright's route serves every call.
            self._unavailable = True
        finally:
            self._starting = False
        return self._cdp

    def _created(self, event: dict[str, Any]) -> None:
        context = event.get("context") or {}
        aux = context.get("auxData") or {}
        name = str(context.get("name", ""))
        if (aux.get("frameId") == self._frame and aux.get("isDefault") is False
                and (name == self._world_name if self._world_name else name.startswith(_WORLD_PREFIX))):
            self._context = int(context["id"])
            self._built = set()

    def _navigated(self, event: dict[str, Any]) -> None:
        # A new main document (a document restored from the back-forward cache too): its world is found
        # again on the next call.
        if (event.get("frame") or {}).get("id") == self._frame:
            self._context = None


def _world_name(page: PlaywrightPage) -> str | None:
    """Playwright's utility world name for ``page`` (its guid is the server's), when the client tells it."""
    guid = getattr(getattr(page, "_impl_obj", None), "_guid", None)
    return _WORLD_PREFIX + guid if isinstance(guid, str) and guid.startswith("page@") else None
