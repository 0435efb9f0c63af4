"""A selector that matches nothing: waited for while the page settles, then a prompt failure.

Playwright waits the whole action timeout (30 s in the shell) for a selector that matches nothing, though on
a page that has finished loading and has no request in flight the answer rarely changes. Here such a
target is looked for while the page is loading or has requests open (their answers may add it), and for
``_QUIET`` seconds once it is quiet (a script's timer may still add it), never past the action timeout;
then the action fails, saying how to name what was meant (a bare word is a CSS tag name, not a text).
"""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING

from playwright.async_api import Locator

from ..._errors import RefwrightError, RefwrightTimeoutError
from ._translate import best_effort, mapped, verb_of

if TYPE_CHECKING:
    from ..tab._tab import Tab

__all__ = ["until_present"]

# Seconds a settled page is watched for the target, and how often it is looked for (milliseconds).
_QUIET = 2.0
_POLL_MS = 150
# Words, as a person writes a label (`Subscribe`, `Sign up`): as a selector they name tags, not a text.
_WORDS = re.compile(r"[^\W\d_][\w'’-]*( [\w'’-]+)*")


async def until_present(session: Tab, locator: Locator, target: str, action: str) -> None:
    """Return once ``locator`` matches something; fail once the page has been settled for a while."""
    timeout = session.config.timeouts.action / 1000
    start = quiet_since = time.monotonic()
    while True:
        with mapped(target=target):
            if await locator.count():
                return
        now = time.monotonic()
        if not await _settled(session):
            quiet_since = now
        if now - quiet_since >= _QUIET or now - start >= timeout * 0.9:
            raise _not_found(target, action, now - start)
        await session.pw.wait_for_timeout(_POLL_MS)


async def _settled(session: Tab) -> bool:
    """Whether the page has loaded and has no request open."""
    if session.live.inflight.busy():
        return False
    state = "complete"
    with best_effort(RefwrightError):  # a page between documents is not settled
        state = str(await session.pw.evaluate("document.readyState"))
    return state == "complete"


def _quoted(text: str) -> str:
    return f'"{text}"' if " " in text else text


def _find(words: str, action: str) -> str:
    """The `find` command that does ``action`` on the element that shows or is labelled ``words``."""
    if action == "fill":
        return f"find label {_quoted(words)} fill <text>"
    return f"find text {_quoted(words)} {action if action in ('check', 'hover') else 'click'}"


def _not_found(target: str, action: str, waited: float) -> RefwrightError:
    verb = verb_of("select" if action == "option" else action)
    message = (f"Element {target} was not found: nothing on the page matches it (looked for {max(1, round(waited))} s, "
               f"and the page had finished loading), so refwright cannot {verb} it.")
    if _WORDS.fullmatch(target) and action == "fill":
        message += (f" `{target}` is read as a CSS selector (a tag name). To fill the field it labels, use "
                    f"`{_find(target, action)}`.")
    elif _WORDS.fullmatch(target):
        message += (f" `{target}` is read as a CSS selector (a tag name). To {verb} the element that shows that "
                    f"text, use `{action} {_quoted('text=' + target)}` or `{_find(target, action)}`.")
    else:
        message += (" Check the selector, or take a snapshot (`snapshot -i`) and use a ref it lists (such as "
                    "`@e3`).")
    return RefwrightTimeoutError(message)
