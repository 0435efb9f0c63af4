# Generated from src/refwright/_async/handlers/wait.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""wait: time, an element, text, a load state, a condition or a URL (10 000 ms unless --timeout)."""

from __future__ import annotations

from typing import Literal

from playwright.sync_api import expect

from ..._errors import RefwrightError, RefwrightTimeoutError
from ...commands import ParsedCommand
from ...safety import clean_line
from ..pipeline._translate import first_line, is_timeout, mapped, translate
from ..tab._tab import Tab

DEFAULT_TIMEOUT = 10_000

_LOAD_STATES: dict[str, Literal["load", "domcontentloaded", "networkidle"]] = {
    "load": "load",
    "domcontentloaded": "domcontentloaded",
    "dom": "domcontentloaded",
    "networkidle": "networkidle",
    "idle": "networkidle",
}


def _number(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if value >= 0 else None


def _timeout(cmd: ParsedCommand) -> float:
    raw = cmd.flag("timeout")
    if isinstance(raw, str):
        value = _number(raw)
        if value is not None:
            return value
    return DEFAULT_TIMEOUT


def eval_disabled(session: Tab) -> None:
    if not session.config.allow_eval:
        raise RefwrightError("JavaScript evaluation is disabled by Config.allow_eval")
    # A script where a secret may be typed could read it back in a form no scrubbing recognises (reversed).
    names = session.config.secrets.bound_anywhere(f.url for f in session.pw.frames)
    if names:
        raise RefwrightError(f"eval and wait --fn are off on this page: it is on an origin the secret(s) "
                             f"{', '.join(names)} are bound to, where a script could read a typed value back. Use "
                             "snapshot, get, find and wait --text or --url instead.")


def _wait_for_url(session: Tab, pattern: str, timeout: float) -> str:
    if not pattern.strip():
        raise RefwrightError("wait --url needs a URL or a glob such as `**/done`.")
    with mapped(lambda exc: RefwrightTimeoutError(
            f"Timeout {int(timeout)}ms exceeded waiting for URL {pattern} (the page is at "
            f"{clean_line(session.url)[:300]})") if is_timeout(exc)
            else RefwrightError(f"wait --url failed: {first_line(str(exc))}")):
        # A URL change within the page (pushState) counts as soon as it happens; a new document once it
        # has loaded, so the next command sees the page and not the previous one.
        session.pw.wait_for_url(pattern, timeout=timeout, wait_until="load")
    return session.url


def wait(session: Tab, cmd: ParsedCommand) -> str:
    pw = session.pw
    timeout = _timeout(cmd)
    ms = int(timeout)
    text = cmd.flag("text")
    fn = cmd.flag("fn")
    load = cmd.flag("load")
    # The reference's precedence: --text, --fn, --load, a number, then a target.
    if isinstance(text, str):
        try:
            expect(session.scope.locator("body")).to_contain_text(text, use_inner_text=True, timeout=timeout)
        except AssertionError as exc:
            raise RefwrightTimeoutError(f'Timeout {ms}ms exceeded waiting for text "{text}"') from exc
        return f'Found text "{text}"'
    if isinstance(fn, str):
        eval_disabled(session)
        with mapped(lambda exc: RefwrightTimeoutError(f"Timeout {ms}ms exceeded waiting for function {fn}")
                    if is_timeout(exc) else RefwrightError(f"wait --fn failed: {first_line(str(exc))}")):
            pw.wait_for_function(fn, timeout=timeout)
        return "Condition is true"
    if isinstance(load, str):
        state = _LOAD_STATES.get(load.lower())
        if state is None:
            raise RefwrightError(f"Unknown load state `{load}`. Try load, domcontentloaded or networkidle.")
        with mapped(lambda exc: RefwrightTimeoutError(f"Timeout {ms}ms exceeded waiting for load state {state}")
                    if is_timeout(exc) else translate(exc)):
            pw.wait_for_load_state(state, timeout=timeout)
        return f"Reached {state}"
    url = cmd.flag("url")
    if isinstance(url, str):
        return _wait_for_url(session, url, timeout)
    if not cmd.raw_args:
        raise RefwrightError(f"Usage: {cmd.spec.usage}")
    first = cmd.raw_args[0]
    delay = _number(first)
    if delay is not None:
        pw.wait_for_timeout(delay)
        return f"Waited {first}ms"
    loc = session.locator(first)
    with mapped(lambda exc: RefwrightTimeoutError(f"Timeout {ms}ms exceeded waiting for {first} to be visible")
                if is_timeout(exc) else translate(exc, target=first)):
        loc.wait_for(state="visible", timeout=timeout)
    return f"{first} is visible"


HANDLERS = {"wait": wait}
