"""The one channel into the page: every call of a runtime operation (the snapshot's runtime or the
resolver's inspect engine) goes through ``RuntimeChannel.run``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.async_api import Page as PlaywrightPage
from playwright.async_api import Selectors

from .._config import Config
from ._engine import ENGINE, INSPECT_ENGINE, Scope, register_engine, run_op
from ._translate import mapped

__all__ = ["INSPECT_ENGINE", "RuntimeChannel"]


class RuntimeChannel:
    """Runs operations of refwright's engines in the page: makes sure the engines are registered,
    encodes the request, decodes the answer, and translates Playwright's errors into refwright's."""

    def __init__(self, page: Callable[[], PlaywrightPage], selectors: Callable[[], Selectors],
                 config: Config) -> None:
        # The page is asked for on every call: a crashed or trapped page is replaced under the session.
        self._page = page
        self._selectors = selectors
        self._config = config

    async def register(self) -> None:
        await register_engine(self._selectors())

    async def run(self, op: str, *, scope: Scope | None = None, timeout: float | None = None,
                  engine: str = ENGINE, **args: Any) -> dict[str, Any]:
        """Run ``op`` on ``scope`` (the main document unless told otherwise); its answer, or a
        RefwrightError saying what went wrong."""
        await self.register()
        with mapped():
            return await run_op(scope if scope is not None else self._page(), op,
                                self._config.timeouts.action if timeout is None else timeout,
                                engine=engine, **args)
