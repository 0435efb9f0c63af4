"""The console's side of a person's turn with a run's page: Take over (the agent's next command waits), the
person's mouse and keyboard into the page (``_input.PersonInput``), Hand back (the agent goes on, told what
the person did), and "Waiting for you: <reason>" when the agent asks with ``handoff``.

Only runs whose page lives in this process can be taken over (those started on the console page).
"""

from __future__ import annotations

from typing import Any

from playwright.async_api import Page as PlaywrightPage

from .._async.tab._handover import hand_back, handover_of, take_over
from .._errors import RefwrightError
from ._input import PersonInput
from ._runs import Run, RunBook

__all__ = ["Hands"]


class Hands:
    """Each followed run's page, and the input relay of the runs a person has taken."""

    def __init__(self, book: RunBook) -> None:
        self.book = book
        self.pages: dict[str, PlaywrightPage] = {}
        self.inputs: dict[str, PersonInput] = {}

    def follow(self, run: Run, page: PlaywrightPage) -> None:
        """Let a person take ``run``'s page, and show what the agent asks of them."""
        self.pages[run.id] = page
        handover_of(page).listeners.append(lambda kind, text: self.heard(run, kind, text))

    def heard(self, run: Run, kind: str, text: str) -> None:
        """What happened to the run's page: "waiting" (a handoff's reason), "taken", "handed back" (the note)."""
        if kind == "waiting":
            run.watching.waiting_for = text
            self.book.add_step(run, {"kind": "handoff", "command": f"Waiting for you: {text}", "output": "",
                                     "status": "waiting", "error": False, "collapsed": False, "shot": False})
        elif kind == "handed back":
            run.watching.waiting_for = ""
            run.watching.taken = False
            if text:
                self.book.add_step(run, {"kind": "handoff", "command": "(a person handed the page back)",
                                         "output": text, "status": "done", "error": False, "collapsed": False,
                                         "shot": False})
        elif kind == "taken":
            run.watching.taken = True
        self.book.publish(run, {"type": "run", "run": run.row()})

    def _page(self, run: Run) -> PlaywrightPage:
        page = self.pages.get(run.id)
        if page is None or run.ended is not None or page.is_closed():
            raise RefwrightError("This run's page cannot be taken over: it has ended, or it runs in another process "
                                 "(refwright agent --console). Take over works for runs started on this page.")
        return page

    async def take(self, run: Run) -> None:
        page = self._page(run)
        handover = await take_over(page)
        if run.id not in self.inputs:
            self.inputs[run.id] = PersonInput(page, handover.record)

    async def give_back(self, run: Run) -> str:
        if run.id not in self.pages and run.watching.waiting_for and run.ended is None:
            # A run in another process: its relay hears Hand back on its next watch request.
            run.watching.handback = True
            self.book.publish(run, {"type": "handback"})
            return ""
        page = self._page(run)
        if not run.watching.taken and not run.watching.waiting_for:
            raise RefwrightError("Nobody has this run's page, and the agent asked for no one: there is nothing to "
                                 "hand back. Press Take over first.")
        relay = self.inputs.pop(run.id, None)
        if relay is not None:
            await relay.close()
        return await hand_back(page)

    async def input(self, run: Run, event: dict[str, Any]) -> None:
        """One event from the live view; ignored unless the person has taken the page."""
        relay = self.inputs.get(run.id)
        if relay is not None and run.watching.taken:
            await relay.send(event)

    async def forget(self, run: Run) -> None:
        """The run ended: a page still held is given back, so nothing waits on it."""
        page = self.pages.pop(run.id, None)
        relay = self.inputs.pop(run.id, None)
        if relay is not None:
            await relay.close()
        if page is not None and handover_of(page).held:
            await hand_back(page)
