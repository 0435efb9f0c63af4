# Generated from src/refwright/_async/pipeline/_settle.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""The settle step after every action: what the action set off (a navigation, a new tab, a download, a
dialog, requests, some of them refused) is waited for, boundedly, and told in the action's own answer.

As @playwright/mcp's ``waitForCompletion`` it follows the requests the action started and the navigation it
caused, up to a cap; unlike it, an action that set nothing off pays no fixed wait, only a grace of a few
milliseconds for the browser's reports that arrive just after the action returns (a download the page
started). A window the page asked to open is known at once over CDP, so its tab is waited for by name.
``benchmarks/actions.py`` measures what this costs.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

from ..._errors import RefwrightError
from ...safety import ActionType, clean_line
from ..tab._tab import Tab
from ._translate import best_effort

__all__ = ["SETTLING", "settled"]

T = TypeVar("T")

# The actions whose consequences their answer tells.
SETTLING = frozenset({ActionType.CLICK, ActionType.PRESS, ActionType.FILL, ActionType.TYPE, ActionType.SELECT,
                      ActionType.DRAG})
# Text entry opens no window and starts no download: its answer does not wait the grace for them.
_TEXT_ENTRY = frozenset({ActionType.FILL, ActionType.TYPE})
# The grace after an action for the browser's reports that trail its return (a download a script started
# arrives up to ~5 ms after the click on an idle machine, later on a busy one): a share of the action's own
# time, which grows with the machine's load as the lag does, within bounds (milliseconds).
_GRACE_SHARE = 0.06
_GRACE_MIN_MS = 5
_GRACE_MAX_MS = 30
# Milliseconds: how often a wait looks again, and how long, after what the action set off has finished,
# the page is watched for what that set off in turn (a navigation after a fetch, a dialog).
_POLL_MS = 15
_TAIL_MS = 40
# Seconds: at most this long for the requests the action started, and for everything together (and never
# past the command's own deadline, less a margin for the answer itself).
_REQUESTS_CAP = 2.0
_CAP = 5.0
_MARGIN = 0.5


def settled(session: Tab, action: ActionType | None, deadline: float,
                  run: Callable[[], T], answer: Callable[[T], str]) -> T:
    """Run an action (``run``), then wait for what it set off and leave notes of it for its answer."""
    if action not in SETTLING:
        return run()
    watch = session.events.watch
    if session.events.dialog is None:
        # (A dialog kept open blocks the renderer, which would then not answer the CDP set-up.)
        session.events.watch_browser()
    watch.begin(session.url)
    try:
        began = time.monotonic()
        result = run()
        grace = 0.0
        if action not in _TEXT_ENTRY:
            took = (time.monotonic() - began) * 1000
            grace = min(_GRACE_MAX_MS, max(_GRACE_MIN_MS, took * _GRACE_SHARE))
        _settle(session, deadline, grace)
        _note_navigation(session, answer(result))
    finally:
        watch.end()
    return result


def _settle(session: Tab, deadline: float, grace: float) -> None:
    watch = session.events.watch
    pw = session.pw
    start = time.monotonic()
    end = min(start + _CAP, deadline - _MARGIN)
    requests_end = min(start + _REQUESTS_CAP, end)
    with best_effort():  # the page closed or crashed under the action: the next command says so
        if grace:
            pw.wait_for_timeout(grace)
        waited = tailed = False
        while session.events.dialog is None and not pw.is_closed():
            now = time.monotonic()
            if now >= end:
                return
            if watch.busy(requests=now < requests_end):
                waited, tailed = True, False
                pw.wait_for_timeout(min(_POLL_MS, max(1, (end - now) * 1000)))
            elif waited and not tailed:
                tailed = True
                pw.wait_for_timeout(_TAIL_MS)
            else:
                return


def _note_navigation(session: Tab, answer: str) -> None:
    """"The page navigated to <url> — <title>" when the action took the page to a new document or URL
    (unless the answer says so already)."""
    watch = session.events.watch
    pw = session.pw
    if pw.is_closed() or not watch.committed:
        return
    url = pw.url
    if url == watch.url_before and not watch.navigation_requested:
        return
    if url in answer:
        return
    title = ""
    with best_effort(RefwrightError):  # a page navigating again has no title to give yet
        title = clean_line(session.title())
    still = " (still loading)" if watch.loading() else ""
    session.events.notes.append(f"The page navigated to {clean_line(url)}{f' — {title}' if title else ''}{still}.")
