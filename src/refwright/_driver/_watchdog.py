"""A deadline for one command, kept even when the page's renderer stops answering.

A page that runs ``while (true) {}`` blocks every Playwright call that waits for its renderer, and some
of them (a click's input dispatch, ``evaluate``, ``title``) have no timeout of their own. A timer on
Playwright's own event loop fires while such a call waits, in the async API and in the sync API alike
(the sync API waits by running that loop). When it fires it asks the page for a sign of life; a page
that gives none has its target closed over the browser's CDP session, which the browser process carries
out without the renderer, so the waiting call fails and the command can answer.

This module is hand-written for both APIs (scripts/unasync.py does not rewrite it): it works on
Playwright's implementation objects, which are the same under either API, through
``_playwright_private``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from ..commands import lookup
from ._playwright_private import answers, close_target, dismiss, impl_of, loop_of

__all__ = ["Watchdog", "command_seconds"]

# After closing a hung page, how long the waiting call has to notice before its task is cancelled.
_GRACE_SECONDS = 0.2
# A command on a page that still answers gets this much longer before it is stopped.
_OVERRUN_SECONDS = 1.5


class Watchdog:
    """One per page: ``arm(seconds)`` before a command, ``disarm()`` after it.

    ``hung`` tells afterwards whether the page was closed for not answering; ``overran`` whether the
    command ran past its deadline on a page that still answers (only an async command can then be
    stopped: its task is cancelled).
    """

    def __init__(self, pw_page: Any, probe_seconds: float) -> None:
        # The implementation object behind a sync or an async Page, and the loop Playwright runs on.
        self._impl: Any = impl_of(pw_page)
        self._loop = loop_of(self._impl)
        # How long the page has to answer "are you there" before it is taken for hung (TimeoutConfig.probe).
        self._probe = probe_seconds
        self._timer: asyncio.TimerHandle | None = None
        self._expiry: asyncio.Task[None] | None = None
        self._command: asyncio.Task[Any] | None = None
        self._cancelled: asyncio.Task[Any] | None = None
        self.hung = False
        self.overran = False
        # Set when a dialog the page opened (and refwright keeps open) stopped the command.
        self.interrupted = False
        # Set once the hung page's target was closed.
        self.closed = False
        # Counts the commands armed for, so that a timer set during one never acts on a later one.
        self._armed = 0

    def arm(self, seconds: float) -> None:
        self.disarm()
        self.hung = self.overran = self.closed = self.interrupted = False
        self._armed += 1
        self._cancelled = None
        # In the async API the command runs in a task that can be cancelled; the sync API has none.
        try:
            self._command = asyncio.current_task(self._loop)
        except RuntimeError:
            self._command = None
        self._timer = self._loop.call_later(seconds, self._fire)

    def disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._expiry is not None and not self._expiry.done():
            self._expiry.cancel()
        self._expiry = None
        self._command = None

    def _fire(self) -> None:
        self._timer = None
        self._expiry = self._loop.create_task(self._expire())

    async def _expire(self) -> None:
        if await answers(self._impl, self._probe):
            # A page that answers is given a little longer: the command may be saying why it failed.
            await asyncio.sleep(_OVERRUN_SECONDS)
            self.overran = True
        else:
            self.hung = True
            await close_target(self._impl)
            self.closed = True
            await asyncio.sleep(_GRACE_SECONDS)
        command = self._command
        if command is not None and not command.done():
            self._cancelled = command
            command.cancel()

    def hold_dialog(self, dialog: Any, seconds: float, held: Callable[[], bool], release: Callable[[], None]) -> None:
        """A dialog opened while a command runs, and the policy keeps it open: a command it blocks (a click's
        input dispatch, an ``evaluate``) would wait until its deadline. After ``seconds`` a command still
        running is stopped so that it can answer that a dialog is open (``interrupted``); the sync API has
        no task to stop, so there the dialog is dismissed instead, after ``release()`` says so. Nothing
        happens when ``held()`` says the dialog was answered meanwhile, or the command finished."""
        if self._timer is None:
            return  # no command runs: the dialog simply waits for `dialog accept|dismiss`
        self._loop.call_later(seconds, self._stop_for_dialog, self._armed, dialog, held, release)

    def _stop_for_dialog(self, armed: int, dialog: Any, held: Callable[[], bool], release: Callable[[], None]) -> None:
        if self._timer is None or armed != self._armed or not held():
            return
        command = self._command
        if command is None:
            release()
            self._loop.create_task(dismiss(dialog))
            return
        if not command.done():
            self.interrupted = True
            self._cancelled = command
            command.cancel()

    def took_back_cancel(self) -> bool:
        """Undo the cancellation this watchdog made (the command then answers with an error instead);
        False when the cancellation came from elsewhere and must go on."""
        command, self._cancelled = self._cancelled, None
        if command is None:
            return False
        command.uncancel()
        return True


# Past a command's own time limit: long enough for Playwright's own timeout to end it first (the probe and
# the close of a hung page come after it), short enough that a model is never kept waiting for long.
MARGIN_SECONDS = 1.0


def command_seconds(name: str, raw_args: tuple[str, ...], timeout_flag: str | bool | None, action_ms: float,
                    navigation_ms: float) -> float:
    """How long the command ``name`` may take in all, in seconds: its spec's time budget plus MARGIN_SECONDS
    (pure). A name the registry does not know gets one action timeout."""
    spec = lookup(name)
    base = spec.budget_ms(raw_args, timeout_flag, action_ms, navigation_ms) if spec is not None else action_ms
    return base / 1000 + MARGIN_SECONDS
