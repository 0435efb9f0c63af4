"""A form that native validation stopped: what a click (or Enter) that meant to submit it caused.

The browser then fires ``invalid`` at each failing field, shows the first one's message in a bubble no
snapshot can read, and sends nothing; the click itself succeeded. The page runtime listens for that
around the action (``formWatch`` / ``formReport``), so the action's answer says the form was not sent,
and why."""

from __future__ import annotations

from typing import Any

from ..._errors import RefwrightError
from ...snapshot._format import quote
from ...snapshot._refs import parse_ref
from ..tab._tab import Tab

__all__ = ["blocked_submission", "watch_forms"]

# Both calls are refwright's own quick work in the page; an answer slower than this is not worth waiting
# for (the action's own answer stands without the note).
_TIMEOUT = 1_000


def _frames(session: Tab, target: str | None) -> tuple[str, ...]:
    """The iframes leading to the document the target is in: a ref's own, else the `frame` commands run in."""
    ref = parse_ref(target) if target is not None else None
    entry = session.view.refs.latest.get(ref) if ref is not None else None
    return entry.frames if entry is not None else session.view.frame_path


async def watch_forms(session: Tab, target: str | None = None) -> tuple[str, ...] | None:
    """Start listening in the target's document (or the current one); where it listens, or None when it
    could not."""
    frames = _frames(session, target)
    try:
        await session.channel.run("formWatch", frames=frames, timeout=_TIMEOUT)
    except RefwrightError:
        return None
    return frames


def describe_blocked(report: dict[str, Any], ref: str | None) -> str:
    """The sentence for a stopped submission (pure)."""
    field = f"[{report.get('label') or report.get('role') or 'field'}]"
    if report.get("name"):
        field += " " + quote(str(report["name"]))
    if ref is not None:
        field = f"@{ref} {field}"
    message = str(report.get("message") or "")
    said = f": the browser showed {quote(message)} at {field}" if message else f": the browser stopped at {field}"
    count = int(report.get("count") or 1)
    others = f" ({count - 1} more field{'s' if count > 2 else ''} invalid as well)" if count > 1 else ""
    return (f"The form was not sent{said}{others}. Correct it and submit again; `snapshot -i` shows each "
            "invalid field with its message (error=...).")


async def blocked_submission(session: Tab, frames: tuple[str, ...]) -> str | None:
    """The sentence when the action since ``watch_forms`` (which listened in ``frames``) tried to submit a
    form that validation stopped."""
    if session.events.dialog is not None:
        return None  # the page is held by a dialog: nothing runs in it until that is answered
    try:
        report = await session.channel.run("formReport", frames=frames, timeout=_TIMEOUT)
    except RefwrightError:
        return None
    if not report.get("blocked"):
        return None
    ref = next((target.ref for target in session.view.refs.latest.values()
                if target.token == report.get("token") and target.local_id == report.get("id")), None)
    return describe_blocked(report, ref)
