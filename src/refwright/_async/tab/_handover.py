"""A person's turn with the page: taken over from the console (or asked for with ``handoff <reason>``),
during which the agent's next command waits, and handed back with a note of what the person did and what
changed, which the agent's next answer carries.

The state is kept per Playwright page, so the console (which knows a run's page) and the command pipeline
(which knows the session) meet in one place without either reaching into the other. Waiting is outside the
command's watchdog: a person's minutes are not a hung page.
"""

from __future__ import annotations

import threading
import time
import weakref
from collections.abc import Awaitable, Callable
from contextvars import ContextVar

from playwright.async_api import Page as PlaywrightPage

from ..._bridge import off_loop
from ..._errors import RefwrightError
from ...safety import clean_line
from ...snapshot._format import quote
from ..pipeline._translate import best_effort

__all__ = ["HANDOFF_ASKER", "HANDOFF_TIMEOUT", "Handover", "hand_back", "hand_off", "handover_of",
           "person_turn", "take_over"]

# Asks a person to do ``reason`` on the page at ``url`` and returns once they say they are done; set by the
# CLI (at a terminal) and the MCP server (elicitation) for the calls they run. The console needs none: it
# listens on the page's Handover.
Asker = Callable[[str, str], Awaitable[None]]
HANDOFF_ASKER: ContextVar[Asker | None] = ContextVar("refwright_handoff_asker", default=None)
# How long `handoff` waits for the person before it gives up.
HANDOFF_TIMEOUT = 15 * 60.0
# How often a waiting command looks again (threading events serve the sync API as well).
_POLL = 0.25
# Kinds a listener hears: "waiting" (a handoff asks for a person), "taken", "handed back".
Listener = Callable[[str, str], None]


class Handover:
    """Whether a person has the page, what they did, and who listens (the console)."""

    def __init__(self) -> None:
        self._free = threading.Event()
        self._free.set()
        self._back = threading.Event()
        self.reason = ""
        self.started = 0.0
        self.before = ("", "")
        self.did: list[str] = []
        self.note = ""
        self.listeners: list[Listener] = []

    @property
    def held(self) -> bool:
        return not self._free.is_set()

    def _tell(self, kind: str, text: str = "") -> None:
        for listener in list(self.listeners):
            listener(kind, text)

    def record(self, what: str) -> None:
        """One thing the person did, in words (never what they typed)."""
        if what and (not self.did or self.did[-1] != what):
            self.did.append(what)

    def take(self, url: str, title: str) -> None:
        if self.held:
            return
        self._free.clear()
        if not self.reason:  # taken unasked; a handoff's wait and its starting point stay as they were
            self._back.clear()
            self.started = time.monotonic()
            self.before = (url, title)
        self.did = []
        self._tell("taken")

    def give_back(self, url: str, title: str) -> str:
        """Release the page; the note the agent's next answer carries (also returned)."""
        seconds = time.monotonic() - self.started if self.started else 0.0
        self.note = _note(self.reason, seconds, self.did, self.before, (url, title))
        self.reason = ""
        self.started = 0.0
        self._free.set()
        self._back.set()
        self._tell("handed back", self.note)
        return self.note

    async def wait_free(self) -> None:
        while not self._free.is_set():
            await off_loop(lambda: self._free.wait(_POLL))

    async def wait_back(self, seconds: float) -> bool:
        deadline = time.monotonic() + seconds
        while not self._back.is_set():
            if time.monotonic() > deadline:
                return False
            await off_loop(lambda: self._back.wait(_POLL))
        return True


def _note(reason: str, seconds: float, did: list[str], before: tuple[str, str], after: tuple[str, str]) -> str:
    asked = f" (you asked: {quote(clean_line(reason)[:200])})" if reason else ""
    actions = " They did: " + "; ".join(did[:12]) + ("; …" if len(did) > 12 else "") + "." if did else ""
    if before == after:
        where = f"The page is still {clean_line(after[0])[:300]} ({quote(clean_line(after[1])[:120])})."
    else:
        where = (f"The page went from {clean_line(before[0])[:300]} ({quote(clean_line(before[1])[:120])}) to "
                 f"{clean_line(after[0])[:300]} ({quote(clean_line(after[1])[:120])}).")
    return (f"A person had the page for {seconds:.0f} s{asked} and handed it back.{actions} {where} "
            "Refs from before may be stale: take a new snapshot (`snapshot -i`) before acting.")


_HANDOVERS: weakref.WeakKeyDictionary[PlaywrightPage, Handover] = weakref.WeakKeyDictionary()


def handover_of(pw: PlaywrightPage) -> Handover:
    """The page's hand-over state (made on first use)."""
    found = _HANDOVERS.get(pw)
    if found is None:
        found = _HANDOVERS[pw] = Handover()
    return found


async def _where(pw: PlaywrightPage) -> tuple[str, str]:
    title = ""
    with best_effort():  # a page that is navigating or gone has no title to read
        title = await pw.title()
    return pw.url, title


async def take_over(pw: PlaywrightPage) -> Handover:
    """A person takes the page: the agent's next command waits until ``hand_back``."""
    handover = handover_of(pw)
    url, title = await _where(pw)
    handover.take(url, title)
    return handover


async def hand_back(pw: PlaywrightPage) -> str:
    """The person is done: the agent goes on, and its next answer says what the person did and changed."""
    url, title = await _where(pw)
    return handover_of(pw).give_back(url, title)


async def person_turn(pw: PlaywrightPage) -> str:
    """Before a command: wait while a person has ``pw``; the note of a hand-back not told yet, or ``""``."""
    handover = _HANDOVERS.get(pw)
    if handover is None:
        return ""
    await handover.wait_free()
    note, handover.note = handover.note, ""
    return note


async def hand_off(pw: PlaywrightPage, reason: str) -> str:
    """The ``handoff`` command: ask a person to do ``reason`` on the page (the console, else whoever
    ``HANDOFF_ASKER`` names) and answer, once they hand it back, with what they did and what changed."""
    reason = reason.strip()
    if not reason:
        raise RefwrightError("Say what the person should do: `handoff <reason>`, such as `handoff Solve the "
                             "CAPTCHA` or `handoff Approve the sign-in on your phone`.")
    handover = handover_of(pw)
    handover.reason = reason
    url, title = await _where(pw)
    if handover.listeners:
        handover.before = (url, title)
        handover.started = time.monotonic()
        handover._back.clear()
        handover._tell("waiting", reason)
        if not await handover.wait_back(HANDOFF_TIMEOUT):
            handover.reason = ""
            handover._tell("handed back", "")
            raise RefwrightError(f"No one took the page within {HANDOFF_TIMEOUT / 60:.0f} minutes, so nothing was "
                                 "done for you. Go on without it, or stop and tell the person what you need.")
    else:
        asker = HANDOFF_ASKER.get()
        if asker is None:
            handover.reason = ""
            raise RefwrightError("There is no person to hand the page to here (no console, terminal or MCP client "
                                 "that can ask). Nothing was done: go on without it, or stop and say what you need.")
        handover._back.clear()
        handover.started = time.monotonic()
        handover.before = (url, title)
        handover.take(url, title)
        try:
            await asker(reason, url)
        except BaseException:
            await hand_back(pw)
            handover.note = ""
            raise
        await hand_back(pw)
    note, handover.note = handover.note, ""
    return note
