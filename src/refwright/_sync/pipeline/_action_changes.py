# Generated from src/refwright/_async/pipeline/_action_changes.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""What an action changed in the interactive view, in the action's own answer (``Changes:`` lines, as `act`
says them), so a model needs no new snapshot after a click.

The interactive view (what `snapshot -i` lists) is walked before and after the action; nothing is published
or remembered as a snapshot, and refs keep their names. The refs of elements that appeared or changed are
added to the live refs, so the model can use them at once. A new document, or a change to most of the page,
is said in one line that suggests `snapshot -i` instead of printing it. ``Config.action_changes=False`` (CLI
``--no-action-changes``) turns it off; ``benchmarks/actions.py`` measures what it costs.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..._errors import RefwrightError
from ..._result import CommandResult
from ...commands import ParsedCommand
from ...safety import ActionType
from ...snapshot._delta import Expected, line_delta
from ...snapshot._format import MAX_VALUE, quote
from ..runtime._snapshots import walk_view
from ..tab._tab import Tab
from ._settle import SETTLING
from ._translate import best_effort

__all__ = ["CHANGES_HEAD", "quotes_page", "with_changes"]

CHANGES_HEAD = "Changes:"
# At most this many changed lines are printed; the rest are counted.
MAX_LINES = 12
# A view this small is printed whole when more than MAX_LINES of it changed.
WHOLE_VIEW_CHARS = 2_000
_VIEW: dict[str, Any] = {"interactive": True, "compact": False, "urls": False, "maxDepth": None, "selector": None,
                         "cursor": False, "includeHidden": False}


def _view(session: Tab) -> tuple[str, list[str]] | None:
    if not session.config.allow_dom_extraction or session.pw.is_closed() or session.events.dialog is not None:
        return None
    with best_effort(RefwrightError):
        main, build, _ = walk_view(session, _VIEW)
        return str(main["token"]), build.lines
    return None


_SHOWN_REF = re.compile(r"^(?:[+~] )?@(e\d+) ", re.M)
_VALUE = re.compile(r' value="(?:[^"\\]|\\.)*"')
_FOCUSED = " [focused]"


def filled(text: str, scrub: Callable[[str], str] = lambda s: s) -> Expected:
    """A fill's own change: the field now holds ``text`` (its value scrubbed of secrets, or masked as a
    password field shows it), nothing else about its line changed but the focus."""
    want = quote(text, MAX_VALUE)

    def expected(old: str, new: str) -> bool:
        if _VALUE.sub("", old.replace(_FOCUSED, "")) != _VALUE.sub("", new.replace(_FOCUSED, "")):
            return False
        found = _VALUE.search(new)
        got = scrub(found.group(0)[7:]) if found else '""'
        return got == want or (len(got) > 2 and set(got[1:-1]) == {"•"})

    return expected


def changes_text(before: tuple[str, list[str]], after: tuple[str, list[str]],
                 expected: Expected | None = None) -> str:
    """The ``Changes:`` block for two interactive views (token, lines); empty when nothing changed (the answer
    then has no ``Changes:`` lines, which says so at no cost)."""
    if before[0] != after[0]:
        return f"{CHANGES_HEAD} a new document (run `snapshot -i` to see it)."
    delta = line_delta(before[1], after[1], ignore_focus=True, expected=expected)
    if not delta.entries:
        return ""
    lines = delta.lines()
    if len(lines) > MAX_LINES:
        # Listing the changes would cost more than the view itself: a small view is shown whole (the model
        # would ask for it next), a large one is left to `snapshot -i`.
        view = "\n".join(after[1])
        if len(view) <= WHOLE_VIEW_CHARS:
            return f"{CHANGES_HEAD} most of the page ({delta.counts()}); its controls now:\n{view}"
        if len(lines) * 2 > max(len(before[1]), len(after[1])):
            return f"{CHANGES_HEAD} most of the page ({delta.counts()}); run `snapshot -i` to see it."
    shown = lines[:MAX_LINES]
    more = len(lines) - len(shown)
    if more:
        shown.append(f"(+{more} more; `snapshot -i --delta` lists them all)")
    return CHANGES_HEAD + "\n" + "\n".join(shown)


def _publish(session: Tab, text: str, targets: dict[str, Any]) -> None:
    """Make the refs the answer shows (added and changed elements, or the whole view) live, beside those
    already live."""
    table = session.view.refs
    shown = set(_SHOWN_REF.findall(text))
    new = {ref: targets[ref] for ref in shown if ref in targets}
    if new:
        table.publish({**table.latest, **new})


def quotes_page(result: CommandResult | str) -> bool:
    """Whether an answer carries a ``Changes:`` block, which may quote the page (so it goes inside the
    boundary)."""
    text = result if isinstance(result, str) else result.output
    return f"\n{CHANGES_HEAD}" in text


def with_changes(session: Tab, parsed: ParsedCommand, action: ActionType | None,
                       run: Callable[[], CommandResult | str]) -> CommandResult | str:
    """Run an action (``run``, which settles it) and add what it changed in the interactive view to its
    answer."""
    if action not in SETTLING or parsed.spec.tells_changes or not session.config.action_changes:
        return run()
    before = _view(session)
    result = run()
    if before is None:
        return result
    after: tuple[str, list[str]] | None = None
    targets: dict[str, Any] = {}
    if session.events.dialog is None and not session.pw.is_closed():
        with best_effort(RefwrightError):
            main, build, _ = walk_view(session, _VIEW)
            after, targets = (str(main["token"]), build.lines), dict(build.targets)
    if after is None:
        return result
    secrets = session.config.secrets
    expected = filled(parsed.args[-1], secrets.scrub if secrets else str) if (
        parsed.spec.types_text and len(parsed.args) >= 2) else None
    text = changes_text(before, after, expected)
    _publish(session, text, targets)
    if not text:
        return result
    if isinstance(result, str):
        return f"{result}\n{text}"
    return CommandResult(command=result.command, output=f"{result.output}\n{text}", snapshot=result.snapshot,
                         screenshot=result.screenshot, events=result.events)
