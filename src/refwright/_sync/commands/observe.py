# Generated from src/refwright/_async/commands/observe.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""snapshot and screenshot (the diffs are in ``diffs``)."""

from __future__ import annotations

from ..._result import CommandResult
from ...commands import ParsedCommand
from ...snapshot._format import quote
from ...snapshot._views import SnapshotView
from .._session import Session
from .._snapshots import take_screenshot, take_view


def _depth(value: str | bool | None) -> int | None:
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    # A non-numeric depth is ignored, as the reference says.
    return None


def view_of(cmd: ParsedCommand) -> SnapshotView:
    """How the command's flags ask for a snapshot (`diff snapshot` has no -u or -C: they read as off)."""
    selector = cmd.flag("selector")
    return SnapshotView(interactive=bool(cmd.flag("interactive")), compact=bool(cmd.flag("compact")),
                        max_depth=_depth(cmd.flag("depth")),
                        selector=selector if isinstance(selector, str) and selector else None,
                        urls=bool(cmd.flag("urls")), cursor=bool(cmd.flag("cursor")))


def snapshot(session: Session, cmd: ParsedCommand) -> CommandResult:
    snap = take_view(session, view_of(cmd))
    return CommandResult(command=cmd.line, output=snap.tree, snapshot=snap)


def screenshot(session: Session, cmd: ParsedCommand) -> CommandResult:
    annotate = bool(cmd.flag("annotate"))
    shot = take_screenshot(session, full_page=bool(cmd.flag("full")), annotate=annotate)
    lines = [f"Screenshot {shot.width}×{shot.height}"]
    if cmd.args:
        # agent-browser's `screenshot [path]`: the file goes under the output folder.
        path = session.output.file(cmd.args[0])
        path.write_bytes(shot.bytes)
        lines = [f"Screenshot saved to {path}"]
    for a in shot.annotations:
        name = f" {quote(a.name)}" if a.name else ""
        lines.append(f"[{a.number}] @{a.ref} {a.role}{name}")
    return CommandResult(command=cmd.line, output="\n".join(lines), screenshot=shot)


HANDLERS = {"snapshot": snapshot, "screenshot": screenshot}
