"""``SessionPool(console=URL)``: each pool session is a run on that console while it is open.

What the console sees of a session that no agent loop reports: each page load (its URL and a screenshot,
the run's live view), and the action policy's confirmations, asked there. Stop on the console closes the
session's page at once; the code using it then gets errors that say the page is closed.
"""

from __future__ import annotations

import asyncio
import itertools
from typing import TYPE_CHECKING, Any

from .._async.pipeline._translate import best_effort
from ._client import ConsoleClient, RunReporter
from ._crop import step_shot

if TYPE_CHECKING:
    from .. import Page

__all__ = ["SessionWatch", "watch_session"]

_NUMBERS = itertools.count(1)


class SessionWatch:
    """The console's view of one pool session; ``close`` ends its run."""

    def __init__(self, client: ConsoleClient, reporter: RunReporter, page: Page) -> None:
        self.client = client
        self.reporter = reporter
        self.page = page
        self._loads: set[asyncio.Task[None]] = set()
        page.playwright_page.on("load", self._loaded)
        reporter.on_stop = self._stop

    def _loaded(self, _: Any) -> None:
        task = asyncio.ensure_future(self._report_load())
        self._loads.add(task)
        task.add_done_callback(self._loads.discard)

    async def _report_load(self) -> None:
        await self.reporter.send({"type": "navigated", "url": self.page.url})
        shot = await step_shot(self.page.playwright_page)
        if shot is not None:
            await self.reporter.send({"type": "shot", "data": shot})

    def _stop(self) -> None:
        task = asyncio.ensure_future(self._close_page())
        self._loads.add(task)
        task.add_done_callback(self._loads.discard)

    async def _close_page(self) -> None:
        with best_effort():  # closed meanwhile
            await self.page.playwright_page.close()

    async def close(self, error: BaseException | None = None) -> None:
        await asyncio.gather(*self._loads, return_exceptions=True)
        answer = f"The session ended with {type(error).__name__}: {error}" if error else "The session ended."
        await self.reporter.finish(answer, failed=error is not None)
        await self.client.aclose()


async def watch_session(console_url: str, page: Page) -> SessionWatch | None:
    """Report ``page`` as a run of the console at ``console_url``; None (with a warning) when it cannot."""
    client = ConsoleClient(console_url)
    try:
        reporter = await client.report(f"SessionPool session {next(_NUMBERS)}", page.url if page.url != "about:blank"
                                       else "", "", page=page, source="pool", cancel_on_stop=False)
    except Exception as exc:  # the console is an extra: a pool session goes on without it, whatever failed
        import sys

        print(f"refwright: this pool session is not on the console: {exc}", file=sys.stderr, flush=True)
        await client.aclose()
        return None
    return SessionWatch(client, reporter, page)
