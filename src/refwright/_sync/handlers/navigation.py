# Generated from src/refwright/_async/handlers/navigation.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""open, back, forward, reload."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page as PlaywrightPage
from playwright.sync_api import Request, Response

from ..._errors import PolicyDeniedError, RefwrightError
from ..._open_url import normalize_url
from ...commands import ParsedCommand
from ...safety import clean_line
from ..pipeline._translate import best_effort, first_line, is_closed_error, is_timeout, mapped, translate
from ..tab._tab import Tab


def _titled(session: Tab, prefix: str) -> str:
    # Both are the page's words: cleaned of control, bidi and zero-width characters.
    title = clean_line(session.title()).strip()
    url = clean_line(session.url)
    return f"{prefix} {url} — {title}" if title else f"{prefix} {url}"


# A scheme followed by something other than a port number: `javascript:...`, `mailto:...`, `file:...`.
_BARE_SCHEME = re.compile(r"^([a-zA-Z][a-zA-Z0-9+.-]*):(?!\d)")


def _settle_error_page(pw: PlaywrightPage) -> None:
    """Chromium commits its error page just after a failed load; wait for it so that it cannot
    interrupt the next `open`."""
    with best_effort():  # no error page came, or the page went: nothing to wait for
        pw.wait_for_url(lambda u: u.startswith("chrome-error:"), wait_until="commit", timeout=1_500)


def open_(session: Tab, cmd: ParsedCommand) -> str:
    raw = cmd.args[0].strip()
    scheme = _BARE_SCHEME.match(raw)
    if scheme and scheme.group(1).lower() not in ("http", "https"):
        # `javascript:alert(1)` would otherwise be "normalized" into https://javascript:alert(1).
        raise PolicyDeniedError(f"Refused {clean_line(raw)[:200]}: only http and https URLs can be opened.")
    url = normalize_url(raw)
    # Refused schemes and addresses never reach the browser.
    session.guard.check_navigation(url)
    session.events.nav.opening = True
    try:
        return _open_checked(session, url)
    finally:
        session.events.nav.opening = False


def _refused_redirect(session: Tab, response: Response) -> tuple[str, str] | None:
    """The first hop of ``response``'s redirect chain that refwright refuses, with the reason."""
    hops: list[str] = []
    request: Request | None = response.request
    while request is not None:
        hops.append(request.url)
        request = request.redirected_from
    for hop in reversed(hops[:-1]):
        reason = session.guard.verdict(hop)
        if reason is not None:
            return hop, reason
    return None


def _note_unloaded(session: Tab) -> None:
    """A page whose frames or resources never arrive (refused, or hanging) is still opened: it is shown as
    it is, with a note, since what did arrive can be read and used."""
    session.events.notes.append(
        f"The page had not finished loading after {int(session.config.timeouts.navigation)}ms (some of its "
        "frames or resources did not arrive); it is shown as it is. `wait --load load` waits longer.")


def _open_checked(session: Tab, url: str) -> str:
    pw = session.pw
    session.events.nav.kept_by_beforeunload = False
    for attempt in range(3):
        with best_effort() as loading:  # each failure is told below, in refwright's words
            committed = False
            # Only the top-level document decides whether `open` worked: its commit, then its load. The
            # load is awaited as the page's event, armed before the navigation: a load state read after
            # the commit can still be the previous document's.
            with pw.expect_event("load", timeout=session.config.timeouts.navigation):
                response = pw.goto(url, wait_until="commit", timeout=session.config.timeouts.navigation)
                committed = True
        exc = loading.error
        if exc is None:
            break
        if is_closed_error(exc):
            raise translate(exc) from exc
        if committed:
            if is_timeout(exc):
                _note_unloaded(session)
            break
        # A load interrupted by a leftover error page goes through when tried again.
        if attempt == 0 and "is interrupted by another navigation" in str(exc):
            continue
        # The page kept itself with a beforeunload dialog (dismissed, never accepted): go on in a
        # fresh tab, so that a page cannot hold the agent.
        if attempt < 2 and session.events.nav.kept_by_beforeunload and session.escape_trap():
            session.events.nav.kept_by_beforeunload = False
            pw = session.pw
            continue
        if "net::ERR_" in str(exc):
            _settle_error_page(pw)
        refused = session.navigation_refusal(url)
        if refused:
            raise PolicyDeniedError(f"Navigation to {url} was blocked: {clean_line(refused)}") from exc
        reason = first_line(str(exc)).removeprefix("Page.goto: ")
        raise RefwrightError(f"Navigation to {url} failed: {reason}") from exc
    if response is not None and not session.capabilities().redirects_checked:
        # Request interception does not see redirect hops: check the chain now, and leave the page
        # before the model can read what a refused address answered.
        hop = _refused_redirect(session, response)
        if hop is not None:
            with best_effort():  # the refusal below is the answer whether or not the page left
                pw.goto("about:blank", timeout=session.config.timeouts.navigation)
            raise PolicyDeniedError(
                f"Navigation to {url} was blocked: it redirected to {clean_line(hop[0])[:200]}. "
                f"{clean_line(hop[1])} This page is not behind refwright's proxy (a wrapped page or --cdp), "
                "so the redirected request was made; its answer was not kept.")
    if response is not None and response.headers.get("x-refwright-refused") == "1":
        # A redirect hop or the target itself was refused by refwright's proxy. The reason comes from the
        # proxy's own record, never from the response: a site can send this header too, and its text
        # must not reach the model as refwright's words.
        refused = session.navigation_refusal(url, response.url)
        if refused:
            raise PolicyDeniedError(f"Navigation to {url} was blocked: {clean_line(refused)}")
    if (response is not None and response.headers.get("x-refwright-proxy-error") == "1"
            and response.url.startswith("http://") and session.capabilities().request_filtering == "proxy"):
        # Only refwright's proxy answers plain-http requests with this header (it drops the header from
        # upstream responses); over https it could only come from the site.
        reason = (response.text()).strip()
        raise RefwrightError(f"Navigation to {url} failed: {clean_line(reason)[:300]}")
    if response is not None and not response.ok:
        # The reference treats a non-ok response as a failed navigation; the page still shows it.
        raise RefwrightError(f"Navigation to {url} failed with HTTP {response.status}")
    return _titled(session, "Opened")


def _history(session: Tab, go: Callable[..., Response | None]) -> Response | None:
    session.events.nav.kept_by_beforeunload = False
    with mapped(lambda exc: RefwrightError(
            "The page kept itself open with a \"Leave site?\" (beforeunload) dialog, which refwright "
            "dismissed, so the page did not change. Use `open <url>` to leave it.")
            if session.events.nav.kept_by_beforeunload and not is_closed_error(exc) else translate(exc)):
        return go(timeout=session.config.timeouts.navigation)


def back(session: Tab, cmd: ParsedCommand) -> str:
    _history(session, session.pw.go_back)
    return f"Went back to {clean_line(session.url)}"


def forward(session: Tab, cmd: ParsedCommand) -> str:
    _history(session, session.pw.go_forward)
    return f"Went forward to {clean_line(session.url)}"


def reload(session: Tab, cmd: ParsedCommand) -> str:
    response = _history(session, session.pw.reload)
    if response is not None and not response.ok:
        # As `open` says it: a page that answers 404 was not loaded, whichever command asked for it.
        raise RefwrightError(f"Reload of {clean_line(session.url)} failed with HTTP {response.status}")
    return f"Reloaded {clean_line(session.url)}"


HANDLERS = {"open": open_, "back": back, "forward": forward, "reload": reload}
