"""Actionability before an action: a target that the action cannot reach fails at once, with the reason.

Playwright retries an action until its timeout while the target is hidden, disabled, covered or stale,
then names the last thing it waited for. Before the action, the page runtime is asked once what blocks
it (``actionable`` in ``snapshot/runtime/actionable.js``). A wrong kind of target (an option for
`select`, a heading for `fill`) fails at once. A hidden, disabled or covered target is looked at again for
a moment (``_GRACE``); when it is still blocked and nothing suggests the page is still settling, the action
fails with ``_blocked``'s sentence. While it settles (an animation runs on it or its cover, it moves, or
the page has a request in flight), Playwright's own wait goes ahead as before.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from playwright.async_api import Locator

from ..._errors import RefwrightError, RefwrightTimeoutError, StaleRefError
from ...commands import lookup
from ...snapshot._blocked import Closer, blocked_error, listed
from ...snapshot._refs import parse_ref
from ._absent import until_present
from ._translate import mapped, verb_of

if TYPE_CHECKING:
    from ..tab._tab import Tab

__all__ = ["checked_first", "ensure_actionable", "explain_block"]



def _command_of(action: str) -> str:
    # ``option``: an <option> the resolver chooses through its select, checked as `select` is.
    return "select" if action == "option" else action


def checked_first(action: str) -> bool:
    """Whether ``action`` (a command's name) has its target's actionability checked before it runs."""
    spec = lookup(_command_of(action))
    return spec is not None and spec.checked_first

# How long a blocked target is watched for a change before the action fails, and how often it is asked.
_GRACE = 0.45
_POLL_MS = 120
# The actionability question itself answers at once; a longer wait means the target went away meanwhile.
_ASK_TIMEOUT = 1_000
_FIELD_ROLES = frozenset({"textbox", "searchbox", "spinbutton", "combobox"})
# Wrong kinds never change by waiting.
_FINAL = frozenset({"kind"})
# A disabled target is watched longer (seconds, within the action timeout): pages enable a control a moment
# after load or after a request (a timer, a check); one disabled for good fails after this, not the timeout.
_DISABLED_GRACE = 3.0


async def ensure_actionable(session: Tab, locator: Locator, target: str, action: str, *,
                            value: str | None = None) -> None:
    """Raise at once when ``action`` on ``target`` (resolved by ``locator``) cannot happen; return when it
    can, or when the page may still be settling (the action then waits as usual): an animation runs, the
    target or its cover moves, or a request is in flight."""
    if not checked_first(action):
        return
    if parse_ref(target) is None:
        # A selector that matches nothing fails once the page has settled, not after the action timeout.
        await until_present(session, locator, target, action)
    verdict = await _ask(session, locator, target, action, value)
    if verdict is not None and verdict.get("download"):
        session.events.watch.download_expected_now()
    if verdict is None or verdict.get("ok"):
        return
    if verdict.get("why") == "disabled":
        waited = await _while_disabled(session, locator, target, action, value)
        if waited is None:
            return
        raise _error(session, {**verdict, "waited": waited}, target, action, value)
    if verdict.get("why") not in _FINAL:
        deadline = time.monotonic() + _GRACE
        while True:
            if verdict.get("settling") or session.live.inflight.busy():
                return
            if time.monotonic() >= deadline:
                break
            await session.pw.wait_for_timeout(_POLL_MS)
            again = await _ask(session, locator, target, action, value)
            if again is None or again.get("ok") or _where(again) != _where(verdict):
                return
            verdict = again
    raise _error(session, verdict, target, action, value)


async def _while_disabled(session: Tab, locator: Locator, target: str, action: str,
                          value: str | None) -> float | None:
    """Watch a disabled target for a bounded time: None once it can be acted on (or can no longer be told),
    else the seconds it was watched. While the page has requests in flight, whose answer may enable it, the
    watch goes on up to the action timeout."""
    timeout = session.config.timeouts.action / 1000
    grace = min(_DISABLED_GRACE, timeout)
    start = time.monotonic()
    while True:
        elapsed = time.monotonic() - start
        if elapsed >= (timeout * 0.9 if session.live.inflight.busy() else grace):
            return round(elapsed, 1)
        await session.pw.wait_for_timeout(_POLL_MS)
        again = await _ask(session, locator, target, action, value)
        if again is None or again.get("why") != "disabled":
            return None


def _where(verdict: dict[str, Any]) -> object:
    """Where the target and its cover are: a change between two looks means they are moving."""
    return verdict.get("box"), (verdict.get("cover") or {}).get("box")


async def explain_block(session: Tab, locator: Locator, target: str, action: str, *,
                        value: str | None = None) -> RefwrightError | None:
    """After an action timed out: what blocks it now, in refwright's words, or None when the runtime
    sees nothing (the caller keeps its own message)."""
    if not checked_first(action):
        return None
    try:
        verdict = await _ask(session, locator, target, action, value)
    except RefwrightError as exc:
        return exc
    if verdict is None or verdict.get("ok"):
        return None
    return _error(session, verdict, target, action, value)


async def _ask(session: Tab, locator: Locator, target: str, action: str,
               value: str | None) -> dict[str, Any] | None:
    """The runtime's answer for the target, or None when it cannot tell (then the action decides)."""
    args: dict[str, Any] = {"action": action}
    if value is not None:
        args["value"] = value
    ref = parse_ref(target)
    entry = session.view.refs.latest.get(ref) if ref is not None else None
    try:
        if entry is not None and not entry.frames:
            # The main document's ref, checked and asked about in one call on the document (the direct route).
            answer = await session.channel.run("actionable", token=entry.token, id=entry.local_id,
                                               expect=entry.expectation(), timeout=_ASK_TIMEOUT, **args)
        else:
            if entry is None:
                with mapped(target=target):
                    if await locator.count() != 1:
                        return None
            answer = await session.channel.run("actionable", scope=locator, timeout=_ASK_TIMEOUT, **args)
    except StaleRefError:
        raise
    except RefwrightTimeoutError:
        return None
    except RefwrightError:
        return None
    if "stale" in answer:
        raise StaleRefError(str(answer["stale"]))
    return answer


def _labels(session: Tab) -> dict[str, str]:
    """How the latest snapshot printed each ref's element (``input type="password"``), by ref."""
    memory = session.view.snapshots
    view = memory.last_view
    snapshot = memory.get(view) if view is not None else None
    if snapshot is None:
        return {}
    return {node.ref: node.label for node in snapshot.nodes if node.ref}


def _error(session: Tab, verdict: dict[str, Any], target: str, action: str, value: str | None) -> RefwrightError:
    ref = parse_ref(target)
    entry = session.view.refs.latest.get(ref) if ref is not None else None
    frames = entry.frames if entry is not None else session.view.frame_path
    token = str(verdict.get("token") or "")
    table = session.view.refs

    def ref_of(local_id: object) -> str | None:
        return table.ref_of(frames, token, int(local_id)) if isinstance(local_id, int) and local_id else None

    closers = [Closer(ref_of(c[0]), str(c[1]), str(c[2])) for c in (verdict.get("cover") or {}).get("closers", [])]
    labels = _labels(session)
    if verdict.get("label"):
        verdict = {**verdict, "role": verdict["label"]}
    fields = [listed(t.ref, labels.get(t.ref, t.role), t.name) for t in table.latest.values()
              if t.role in _FIELD_ROLES][:6]
    if entry is not None and entry.listed:
        # As the snapshot listed it (`[input type="password"]`, not its role): a hidden element's name has
        # lost its hidden text.
        verdict = {**verdict, "role": labels.get(entry.ref, entry.role), "name": entry.name}
    shown = f"@{ref}" if ref is not None else target
    verb = verb_of(_command_of(action))
    return blocked_error(verdict, target=shown, verb=verb, value=value, closers=closers,
                         select_ref=ref_of(verdict.get("select")), fields=fields)
