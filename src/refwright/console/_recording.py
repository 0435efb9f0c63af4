"""The console serving a page a person records (``refwright record --headless``): the page is a run of its
own ("record"), shown in the live view; Take over gives the person its mouse and keyboard (their input reaches
the page as real input events, which the recorder hears), and Done (the run's Stop) ends the recording.

    async with RecordingConsole(browser) as desk:
        run = await desk.follow(page, "Create an account")
        print(desk.url)
        await desk.done.wait()
        desk.finish(run, "Saved 4 step(s) as run.py", script)
"""

from __future__ import annotations

import asyncio
from types import TracebackType
from typing import TYPE_CHECKING

from ._console import Console
from ._host import ConsoleServer
from ._runs import Run
from ._screencast import DEFAULT_FPS

if TYPE_CHECKING:
    from .. import Browser, Page

__all__ = ["RecordingConsole"]

# What the console's list says the run comes from (its page shows Take over and Done for it).
SOURCE = "record"


class RecordingConsole:
    """A console for one recorded page, on 127.0.0.1 (``port`` 0: a free one), with its own token in ``url``.
    ``done`` is set when the person presses Done (or Stop) on the console."""

    def __init__(self, browser: Browser, *, port: int = 0, fps: float = DEFAULT_FPS) -> None:
        self.console = Console(browser, fps=fps)
        self.server = ConsoleServer(self.console, port=port)
        self.done = asyncio.Event()

    @property
    def url(self) -> str:
        return self.server.url

    async def follow(self, page: Page, task: str) -> Run:
        """Show ``page`` on the console as a run a person can take over; Done on it sets ``done``."""
        run = self.console.book.add(task or f"Record what you do at {page.url}", page.url, "a person", SOURCE)
        await self.console.show(run, page.playwright_page)
        # The console's Stop cancels a run's task: for this run, that is the person saying they are done.
        waiting = asyncio.create_task(_until_cancelled())
        waiting.add_done_callback(lambda _: self.done.set())
        self.console.tasks[run.id] = waiting
        return run

    async def finish(self, run: Run, note: str, script: str = "") -> None:
        """The recording ended: the page is given back and no longer streamed, the run says ``note``, and
        ``script`` (what was saved) can be downloaded from the console while it still runs."""
        waiting = self.console.tasks.pop(run.id, None)
        if waiting is not None:
            waiting.cancel()
        await self.console.hide(run)
        if script:
            self.console.scripts[run.id] = script
        self.console.book.finish(run, "saved" if script else "stopped", note)

    async def __aenter__(self) -> RecordingConsole:
        await self.server.start()
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        await self.server.stop()


async def _until_cancelled() -> None:
    await asyncio.Event().wait()
