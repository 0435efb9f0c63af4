"""Running one command line on a session: the policy, the handler under the busy-page watchdog (an action
then settles: what it set off is waited for), the recovery of a crashed or hung tab, and the notes and
boundary around the answer."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar
from urllib.parse import urljoin

from .._browser._notes import with_notes
from .._browser._watchdog import command_seconds
from .._errors import BrowserError, DialogOpenError, PageUnresponsiveError, RefwrightError, RefwrightTimeoutError
from .._result import CommandResult
from .._url import normalize_url
from ..commands import ParsedCommand, parse
from ..safety import ActionType, create_content_boundary, truncate
from ._action_changes import quotes_page, with_changes
from ._batch import run_batch
from ._listeners import dialog_warning
from ._recording import note_command, noted_done
from ._session import Session, close_over_cdp
from ._settle import settled
from ._translate import best_effort, is_timeout, mapped
from .commands import HANDLERS

__all__ = ["finish", "run_command"]

T = TypeVar("T")

# What runs while a dialog is kept open: the commands that answer it, and those that leave its tab.
_BESIDE_A_DIALOG = {"dialog", "tab", "window", "help"}


def _timed_out(exc: BaseException) -> bool:
    """A time limit ran out, which may mean the page stopped answering (and is then worth a probe)."""
    if is_timeout(exc) or isinstance(exc, RefwrightTimeoutError):
        return True
    return isinstance(exc, RefwrightError) and "Timeout" in str(exc) and "exceeded" in str(exc)


async def run_command(session: Session, command: str) -> CommandResult:
    """Parse one command line, run it on the active tab of ``session``'s window, and return its result;
    failures raise ``RefwrightError``."""
    parsed = parse(command)
    if parsed.name == "batch":
        # Each inner command runs as if sent alone: its own policy decision, deadline and notes.
        batch = await run_batch(command, lambda line: run_command(session, line))
        return finish(session, batch)
    session = session.active_tab()
    held = session.events.dialog
    if held is not None and parsed.name not in _BESIDE_A_DIALOG:
        raise RefwrightError(dialog_warning(held))
    handler = HANDLERS[parsed.spec.name]
    action = parsed.spec.action_for(parsed.args)
    await session.check_policy(action, _policy_url(session, parsed, action))
    if parsed.name == "wait" and isinstance(parsed.flag("fn"), str):
        await session.check_policy(ActionType.EVALUATE, session.url)
    seconds = command_seconds(parsed.name, parsed.raw_args, parsed.flag("timeout"),
                              session.config.timeouts.action, session.config.timeouts.navigation)
    noted = await note_command(session, parsed)  # only while a run is recorded (replay/)
    deadline = time.monotonic() + seconds
    try:
        # A closed page's error becomes a BrowserError here, and recovers below.
        with mapped():
            result = await _within(session, seconds, lambda: with_changes(session, parsed, action, lambda: settled(
                session, action, deadline, lambda: handler(session, parsed), _text)))
    except DialogOpenError as opened:
        result = str(opened)
    except PageUnresponsiveError:
        raise  # its page was replaced already
    except BrowserError:
        await session.recover_quietly()
        raise
    await noted_done(noted)
    if isinstance(result, str):
        result = CommandResult(command=command, output=result)
    return finish(session, result, parsed.spec.returns_page_text(parsed.args) or quotes_page(result),
                  dialog_note=parsed.name != "dialog")


def _text(result: CommandResult | str) -> str:
    return result if isinstance(result, str) else result.output


def _policy_url(session: Session, parsed: ParsedCommand, action: ActionType | None) -> str:
    # Navigate is decided on where it goes (the first URL of `diff url`: its handler decides the second),
    # everything else on where the page is.
    if action is ActionType.NAVIGATE:
        if parsed.name in ("open", "read") and parsed.args:
            return normalize_url(parsed.args[0])
        if parsed.name == "diff" and len(parsed.args) > 1:
            return normalize_url(parsed.args[1])
        if parsed.name == "tab" and parsed.args and parsed.args[0].lower() == "new":
            return normalize_url(parsed.args[1]) if len(parsed.args) > 1 else "about:blank"
        if parsed.name == "pushstate" and parsed.args:
            return urljoin(session.url, parsed.args[0])
    return session.url


async def _within(session: Session, seconds: float, run: Callable[[], Awaitable[T]]) -> T:
    """Run one command (or one public call) so that it answers within ``seconds`` whatever the
    page's scripts do: a page that stops answering is closed and replaced, and the call raises
    PageUnresponsiveError. Nested calls run under the outer deadline."""
    if session.live.guarding:
        return await run()
    watchdog = session.live.watchdog
    session.live.guarding = True
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
            if watchdog.interrupted and session.events.dialog is not None:
                failure = DialogOpenError(dialog_warning(session.events.dialog))
            else:
                overran = not watchdog.hung
        except Exception as exc:
            failure = exc
        # From here on every call is bounded by itself: the watchdog stands down.
        watchdog.disarm()
        try:
            hung = watchdog.hung or (failure is not None and _timed_out(failure) and session.events.dialog is None
                                     and not await _answers(session, deadline))
        except asyncio.CancelledError:
            # The watchdog cancelled the command just as it failed by itself.
            if not watchdog.took_back_cancel():
                raise
            hung = watchdog.hung
    finally:
        watchdog.disarm()
        session.live.guarding = False
    if hung:
        raise await _replace_hung_page(session, seconds) from failure
    if overran:
        raise RefwrightTimeoutError(
            f"The command did not finish within {int(seconds * 1000)}ms, though the page still "
            "answers. Try it again, or take a new snapshot (`snapshot -i`).")
    if failure is not None:
        raise failure
    return result


async def _answers(session: Session, deadline: float) -> bool:
    """Whether the page's scripts let it answer at all (bounded: a spinning renderer says no). It is
    given until the command's deadline: work of refwright's own that timed out may still be running
    in the page (a snapshot of a huge page), and a page that ends it in time is not hung."""
    pw = session.pw
    if pw.is_closed():
        return True
    seconds = max(session.config.timeouts.probe / 1000, deadline - time.monotonic())
    with best_effort() as probe:  # any answer but a timeout (a closed page included) is not a hang
        await pw.wait_for_function("true", timeout=seconds * 1000, polling=100)
    return not is_timeout(probe.error)


async def _replace_hung_page(session: Session, seconds: float) -> PageUnresponsiveError:
    """Close a page whose renderer stopped answering (over CDP, which needs no renderer) and go on
    in a fresh tab; the error says what happened and what to do."""
    hung = session.pw
    if not hung.is_closed() and not session.live.watchdog.closed:
        await close_over_cdp(hung)
    replaced = False
    if session.replaceable:
        await session.recover_quietly()
        replaced = session.pw is not hung
    head = ("The page stopped responding: a script on it kept running and never yielded (such as an "
            f"endless loop), so the command could not finish within {int(seconds * 1000)}ms. ")
    if replaced:
        return PageUnresponsiveError(
            head + "refwright closed that tab and continues in a blank one; its refs are gone. Run "
            "`open <url>` to continue (the same page may hang again).")
    return PageUnresponsiveError(
        head + "refwright closed that tab. Create a new page to continue.")


def finish(session: Session, result: CommandResult, page_text: bool = False, *,
           dialog_note: bool = True) -> CommandResult:
    events = session.events.drain() + session.refusal_notes()
    held = session.events.dialog
    # A dialog kept open is named after every answer but the one that says it (as agent-browser's warning).
    if dialog_note and held is not None and result.output != dialog_warning(held):
        events.append(dialog_warning(held))
    output = result.output
    config = session.config
    if config.max_output is not None and len(output) > config.max_output:
        output = truncate(output, config.max_output)
    output = with_notes(output, events)
    # Notes carry the page's words (dialog messages, file names, host names): inside the boundary.
    if config.content_boundaries and (page_text or events):
        output = create_content_boundary(session.origin()).wrap(output)
    return CommandResult(command=result.command, output=output, snapshot=result.snapshot,
                         screenshot=result.screenshot, events=tuple(events))
