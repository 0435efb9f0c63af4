"""Execution: the handler under the busy-page watchdog (a page that stops answering is replaced and the
command answers within its time), the step a recording notes, and the settling after an action (what it
set off is waited for and told in its answer). A crashed tab is recovered for the next command."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

from ..._driver._watchdog import command_seconds
from ..._errors import BrowserError, DialogOpenError, PageUnresponsiveError, RefwrightError, RefwrightTimeoutError
from ..tab._handover import person_turn
from ..tab._listeners import dialog_warning
from ..tab._script_recording import note_command, note_request, noted_done
from ..tab._tab import Tab, close_over_cdp
from ._action_changes import with_changes
from ._invocation import Invocation
from ._settle import settled
from ._translate import best_effort, is_timeout, mapped

__all__ = ["execute"]

T = TypeVar("T")


async def execute(tab: Tab, invocation: Invocation, run: Callable[[], Awaitable[T]],
                  answer: Callable[[T], str]) -> T | DialogOpenError:
    """Run ``run`` (the handler) as ``invocation``: under the watchdog, noted by a recording, settled after.
    A dialog the command opened and that is kept open is returned (its warning is the command's answer)."""
    command = invocation.command
    config = tab.config
    # A person who has the page (the console's Take over) goes first; what they did joins this answer.
    handed_back = await person_turn(tab.pw)
    if handed_back:
        tab.events.notes.append(handed_back)
    if command.spec.waits_for_person:
        return await run()
    action = command.spec.action_for(command.args)
    seconds = command_seconds(command.name, command.raw_args, command.flag("timeout"),
                              config.timeouts.action, config.timeouts.navigation)
    # Only while a run is recorded (replay/): a line is noted as a step, a typed method's request as words.
    if invocation.typed:
        if invocation.request is not None:
            note_request(tab, invocation.request)
        noted = None
    else:
        noted = await note_command(tab, command)
    deadline = time.monotonic() + seconds

    async def settle() -> T:
        return await settled(tab, action, deadline, run, answer)

    try:
        # A closed page's error becomes a BrowserError here, and recovers below.
        with mapped():
            result = await _within(tab, seconds, lambda: _changes_told(tab, invocation, settle))
    except DialogOpenError as opened:
        return opened
    except PageUnresponsiveError:
        raise  # its page was replaced already
    except BrowserError:
        await tab.recover_quietly()
        raise
    await noted_done(noted)
    return result


async def _changes_told(tab: Tab, invocation: Invocation, settle: Callable[[], Awaitable[T]]) -> T:
    """A command line's action, its answer followed by what it changed in the interactive view (a typed
    method's answer is its own: a step says its changes, a value has none)."""
    if invocation.typed:
        return await settle()
    command = invocation.command
    told = await with_changes(tab, command, command.spec.action_for(command.args),
                              settle)  # type: ignore[arg-type]
    return told  # type: ignore[return-value]


def _timed_out(exc: BaseException) -> bool:
    """A time limit ran out, which may mean the page stopped answering (and is then worth a probe)."""
    if is_timeout(exc) or isinstance(exc, RefwrightTimeoutError):
        return True
    return isinstance(exc, RefwrightError) and "Timeout" in str(exc) and "exceeded" in str(exc)


async def _within(tab: Tab, seconds: float, run: Callable[[], Awaitable[T]]) -> T:
    """Run one command (or one public call) so that it answers within ``seconds`` whatever the
    page's scripts do: a page that stops answering is closed and replaced, and the call raises
    PageUnresponsiveError. Nested calls run under the outer deadline."""
    if tab.live.guarding:
        return await run()
    watchdog = tab.live.watchdog
    tab.live.guarding = True
    watchdog.arm(seconds)
    deadline = time.monotonic() + seconds
    failure: Exception | None = None
    overran = False
    try:
        try:
            result = await run()
        except asyncio.CancelledError:
            if not watchdog.took_back_cancel():
                raise
            if watchdog.interrupted and tab.events.dialog is not None:
                failure = DialogOpenError(dialog_warning(tab.events.dialog))
            else:
                overran = not watchdog.hung
        except Exception as exc:
            failure = exc
        # From here on every call is bounded by itself: the watchdog stands down.
        watchdog.disarm()
        try:
            hung = watchdog.hung or (failure is not None and _timed_out(failure) and tab.events.dialog is None
                                     and not await _answers(tab, deadline))
        except asyncio.CancelledError:
            # The watchdog cancelled the command just as it failed by itself.
            if not watchdog.took_back_cancel():
                raise
            hung = watchdog.hung
    finally:
        watchdog.disarm()
        tab.live.guarding = False
    if hung:
        raise await _replace_hung_page(tab, seconds) from failure
    if overran:
        raise RefwrightTimeoutError(
            f"The command did not finish within {int(seconds * 1000)}ms, though the page still "
            "answers. Try it again, or take a new snapshot (`snapshot -i`).")
    if failure is not None:
        raise failure
    return result


async def _answers(tab: Tab, deadline: float) -> bool:
    """Whether the page's scripts let it answer at all (bounded: a spinning renderer says no). It is
    given until the command's deadline: work of refwright's own that timed out may still be running
    in the page (a snapshot of a huge page), and a page that ends it in time is not hung."""
    pw = tab.pw
    if pw.is_closed():
        return True
    seconds = max(tab.config.timeouts.probe / 1000, deadline - time.monotonic())
    with best_effort() as probe:  # any answer but a timeout (a closed page included) is not a hang
        await pw.wait_for_function("true", timeout=seconds * 1000, polling=100)
    return not is_timeout(probe.error)


async def _replace_hung_page(tab: Tab, seconds: float) -> PageUnresponsiveError:
    """Close a page whose renderer stopped answering (over CDP, which needs no renderer) and go on
    in a fresh tab; the error says what happened and what to do."""
    hung = tab.pw
    if not hung.is_closed() and not tab.live.watchdog.closed:
        await close_over_cdp(hung)
    replaced = False
    if tab.replaceable:
        await tab.recover_quietly()
        replaced = tab.pw is not hung
    head = ("The page stopped responding: a script on it kept running and never yielded (such as an "
            f"endless loop), so the command could not finish within {int(seconds * 1000)}ms. ")
    if replaced:
        return PageUnresponsiveError(
            head + "refwright closed that tab and continues in a blank one; its refs are gone. Run "
            "`open <url>` to continue (the same page may hang again).")
    return PageUnresponsiveError(
        head + "refwright closed that tab. Create a new page to continue.")
