# Generated from src/refwright/_async/pipeline/_translate.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""The one place where Playwright's errors become refwright's (messages written for the model).

This module is the boundary httpx draws around its transports: no other module imports or catches
Playwright's ``Error`` (``tests/test_architecture.py`` holds them to it). A Playwright call whose failure
is the command's answer runs in ``mapped()`` (or ``perform``), which raises the ``RefwrightError``
``translate`` (or the caller's ``into``) writes; a call whose failure changes nothing the model is told
runs in ``best_effort()``, which swallows only Playwright's errors and says whether it did."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from ..._errors import BrowserError, CoveredError, RefwrightError, RefwrightTimeoutError, StaleRefError
from ...commands import lookup

__all__ = ["Attempt", "best_effort", "first_line", "from_playwright", "is_closed_error", "is_timeout",
           "mapped", "perform", "translate", "verb_of"]

_CLOSED = re.compile(r"Target (page, context or browser )?(has been )?closed|Browser has been closed|"
                     r"browser has disconnected|Target crashed|Page crashed|Connection closed", re.I)


def verb_of(command: str) -> str:
    """How an error names what ``command`` was doing ("while trying to double-click"): its spec's phrase."""
    spec = lookup(command)
    return spec.verb if spec is not None else command


def first_line(message: str) -> str:
    return message.strip().splitlines()[0] if message.strip() else message


def is_closed_error(exc: BaseException) -> bool:
    return isinstance(exc, PlaywrightError) and bool(_CLOSED.search(str(exc)))


def from_playwright(exc: BaseException | None) -> bool:
    """Whether ``exc`` is Playwright's own error (for code that hands other errors on as they are)."""
    return isinstance(exc, PlaywrightError)


def is_timeout(exc: BaseException | None) -> bool:
    """Whether Playwright gave up waiting (rather than failing outright)."""
    return isinstance(exc, PlaywrightTimeoutError)


# The sentence a checked ref's selector throws (runtime/actionable.js), inside Playwright's error text.
_STALE = re.compile(r"\[refwright\] ([^\n]+)")


def _strict_violation(message: str, target: str) -> RefwrightError | None:
    m = re.search(r"strict mode violation: .*? resolved to (\d+) elements", message, re.S)
    if not m:
        return None
    candidates = [ln.strip() for ln in message.splitlines() if re.match(r"\s*\d+\) ", ln)][:5]
    listing = ("; ".join(candidates) + ". ") if candidates else ""
    return RefwrightError(
        f"Selector {target} matches {m.group(1)} elements. {listing}"
        "Use a ref from `snapshot -i` (such as @e3) or a more specific selector."
    )


# What Playwright's call log says it waited for, in the model's words (its own wording never reaches it).
_REASONS = (
    ("intercepts pointer events", "another element covers it"),
    ("not visible", "it is not visible"),
    ("not enabled", "it is disabled"),
    ("not stable", "it kept moving"),
    ("not editable", "it is read-only"),
    ("outside of the viewport", "it is outside the page's visible area"),
    ("detached", "it was removed from the page"),
    ("not an <input>", "it is not a text field"),
    ("not a checkbox", "it is not a checkbox or radio button"),
)


def _reason(message: str) -> str:
    """The last thing Playwright was waiting for, from its call log, said in refwright's words."""
    said = ""
    for line in message.splitlines():
        for sign, words in _REASONS:
            if sign in line:
                said = words
                break
    return said


def translate(exc: Exception, *, target: str | None = None, command: str | None = None,
              timeout: float | None = None, found: bool | None = None) -> RefwrightError:
    message = str(exc)
    if is_closed_error(exc):
        return BrowserError(
            "The page or browser was closed or crashed. A fresh page is used for the next command: "
            "run `open <url>` to continue."
        )
    stale = _STALE.search(message)
    if stale is not None:
        return StaleRefError(stale.group(1).strip())
    if target is not None:
        strict = _strict_violation(message, target)
        if strict is not None:
            return strict
    if isinstance(exc, PlaywrightTimeoutError) and target is not None and command is not None:
        verb = verb_of(command)
        ms = int(timeout) if timeout is not None else 0
        if found is False:
            return RefwrightTimeoutError(f"Element {target} was not found after {ms}ms while trying to {verb}")
        reason = _reason(message)
        detail = f": {reason}" if reason else ""
        if reason == "another element covers it":
            return CoveredError(
                f"Element {target} was found but could not {verb} it within {ms}ms{detail}. Close that cover "
                "first (`press Escape`, or click its close button), wait for a "
                "loading screen to go (`wait 1000`), or `scroll` so that a fixed header no longer covers it."
            )
        return RefwrightTimeoutError(
            f"Element {target} was found but could not {verb} it within {ms}ms{detail}. "
            "Scroll it into view, close whatever covers it, or take a new snapshot."
        )
    if isinstance(exc, PlaywrightTimeoutError):
        return RefwrightTimeoutError(first_line(message))
    text = first_line(message)
    if target is not None and ("Unexpected token" in message or "is not a valid selector" in message
                               or "Unknown engine" in message):
        return RefwrightError(
            f"`{target}` is not a valid target. Use a ref such as @e3 or a selector such as #id, "
            "text=Save, role=button[name=\"Save\"] or label=Email."
        )
    return RefwrightError(text)


@contextmanager
def mapped(into: Callable[[Exception], RefwrightError] | None = None, *, target: str | None = None
           ) -> Iterator[None]:
    """The translating boundary (httpx's ``map_exceptions``): no Playwright error leaves the block.
    ``into`` writes the sentence when the caller knows what failed better than ``translate`` does (it
    gets Playwright's error, read only through this module's helpers and ``first_line``). A plain
    context manager, so one spelling serves the async code and the sync code made from it."""
    try:
        yield
    except PlaywrightError as exc:
        raise (into(exc) if into is not None else translate(exc, target=target)) from exc


class Attempt:
    """What a ``best_effort`` block left behind: the Playwright error it swallowed, if any."""

    __slots__ = ("error",)

    def __init__(self) -> None:
        self.error: Exception | None = None

    @property
    def failed(self) -> bool:
        return self.error is not None


@contextmanager
def best_effort(*also: type[Exception], when: Callable[[Exception], bool] | None = None) -> Iterator[Attempt]:
    """Swallow a Playwright error (and ``also``'s) raised in the block, for a step whose failure changes
    nothing the model is told: closing or detaching what may be gone already, acknowledging a frame, an
    optional read that has a fallback. A page, frame or browser can close under any call while a listener
    or a cleanup runs, and refwright does not choose that moment; the next command that needs the page
    meets the closed page itself, and says so translated. ``when`` narrows the swallowing to the errors it
    says are expected (the others propagate). The yielded ``Attempt`` tells whether the block failed, for
    a fallback. Anything else (a TypeError, a refwright error not in ``also``) is never swallowed here."""
    attempt = Attempt()
    caught: tuple[type[Exception], ...] = (PlaywrightError, *also)
    try:
        yield attempt
    except caught as exc:
        if when is not None and not when(exc):
            raise
        attempt.error = exc


def perform(locator: Locator, action: Callable[[Locator, float], object], *, target: str,
                  command: str, timeout: float) -> None:
    """Run one Playwright action; on failure say whether the element was missing or not actionable."""
    try:
        action(locator, timeout)
    except PlaywrightError as exc:
        found: bool | None = None
        with best_effort():
            found = locator.count() > 0
        raise translate(exc, target=target, command=command, timeout=timeout, found=found) from exc
