"""The one channel into the page: every call of a runtime operation (the snapshot's runtime or the
resolver's inspect engine) goes through ``RuntimeChannel.run``."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playwright.async_api import Page as PlaywrightPage
from playwright.async_api import Selectors

from ..._config import Config
from ..._errors import RefwrightError
from ..pipeline._translate import mapped
from ._runtime_engine import (
    ENGINE,
    ENGINES,
    INSPECT_ENGINE,
    Scope,
    decode_answer,
    encode_request,
    register_engine,
    run_op,
    scope_for,
)
from ._world import FrameGoneError, UtilityWorld

__all__ = ["INSPECT_ENGINE", "RuntimeChannel"]


class RuntimeChannel:
    """Runs operations of refwright's engines in the page: makes sure the engines are registered,
    encodes the request, decodes the answer, and translates Playwright's errors into refwright's.

    Operations on the main document take the CDP route into Playwright's utility world
    (``_world.UtilityWorld``), which skips Playwright's selector machinery, when a watchdog bounds the
    call (``guarded``): a CDP evaluation has no timeout of its own, and the watchdog closes a page that
    stops answering. Every other call, and any the CDP route cannot serve, runs as a Playwright selector
    with its timeout.
    """

    def __init__(self, page: Callable[[], PlaywrightPage], selectors: Callable[[], Selectors],
                 config: Config, guarded: Callable[[], bool] = lambda: False) -> None:
        # The page is asked for on every call: a crashed or trapped page is replaced under the session.
        self._page = page
        self._selectors = selectors
        self._config = config
        self._guarded = guarded
        self._world: UtilityWorld | None = None
        # How many calls the direct route answered (for diagnostics and the tests that keep it in use).
        self.direct = 0

    async def register(self) -> None:
        await register_engine(self._selectors())

    async def title(self) -> str | None:
        """The main document's title over the direct route, or None where the caller should ask Playwright."""
        if not self._guarded():
            return None
        with mapped():
            return await self._world_of(self._page()).title()

    def _world_of(self, page: PlaywrightPage) -> UtilityWorld:
        if self._world is None or self._world.page is not page:
            self._world = UtilityWorld(page, ENGINES)
        return self._world

    async def run(self, op: str, *, scope: Scope | None = None, frames: tuple[str, ...] = (),
                  timeout: float | None = None, engine: str = ENGINE, frame_gone: str | None = None,
                  **args: Any) -> dict[str, Any]:
        """Run ``op`` on ``scope``, or in the frame that the iframe selectors ``frames`` lead to, or on the
        main document; its answer, or a RefwrightError saying what went wrong. With ``frame_gone``, an
        iframe on the way that its document no longer has fails at once with that message, instead of
        Playwright's route waiting out the timeout for it to come back."""
        await self.register()
        page = self._page()
        with mapped():
            if scope is None and self._guarded():
                chain = _frame_chain(frames)
                if chain is not None:
                    try:
                        text = await self._world_of(page).run(engine, encode_request(op, args), chain)
                    except FrameGoneError:
                        if frame_gone is not None:
                            raise RefwrightError(frame_gone) from None
                        text = None
                    if text is not None:
                        self.direct += 1
                        return decode_answer(text)
            if scope is None:
                scope = scope_for(page, frames)
            return await run_op(scope, op, self._config.timeouts.action if timeout is None else timeout,
                                engine=engine, **args)


_REF_SELECTOR = re.compile(re.escape(ENGINE) + r"=ref:([0-9a-z]+):(\d+)")


def _frame_chain(frames: tuple[str, ...]) -> tuple[tuple[str, int], ...] | None:
    """The (runtime token, local id) of each iframe on the way, when every step is a runtime ref."""
    chain = []
    for selector in frames:
        m = _REF_SELECTOR.fullmatch(selector)
        if m is None:
            return None
        chain.append((m.group(1), int(m.group(2))))
    return tuple(chain)
