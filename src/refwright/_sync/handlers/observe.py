# Generated from src/refwright/_async/handlers/observe.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""snapshot and screenshot (the diffs are in ``diffs``)."""

from __future__ import annotations

from dataclasses import replace

from ..._media._imagediff import diff_images
from ..._result import CommandResult
from ...commands import ParsedCommand
from ...snapshot._delta import delta_answer
from ...snapshot._find import find_lines
from ...snapshot._format import quote
from ...snapshot._views import SnapshotView
from ..runtime._snapshots import take_screenshot, take_view
from ..tab._tab import Tab


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


def snapshot(session: Tab, cmd: ParsedCommand) -> CommandResult:
    view = view_of(cmd)
    find = cmd.flag("find")
    if isinstance(find, str):
        snap = take_view(session, view, remember=False)
        lines = session.view.snapshots.last_whole
        return CommandResult(command=cmd.line, output=find_lines(lines, find, view.flags()), snapshot=snap)
    if not cmd.flag("delta"):
        snap = take_view(session, view)
        return CommandResult(command=cmd.line, output=snap.tree, snapshot=snap)
    # The memory is keyed by the frame the snapshot ran in, as take_view records it.
    memory, key = session.view.snapshots, replace(view, frames=session.view.frame_path)
    before = memory.seen(key)
    snap = take_view(session, view)
    now = memory.seen(key)
    assert now is not None
    output = delta_answer(view.flags(), before.lines if before else None, now.lines, snap.tree,
                          navigated=before is not None and before.token != now.token,
                          limit=session.config.max_snapshot_chars)
    return CommandResult(command=cmd.line, output=output, snapshot=snap)


def screenshot(session: Tab, cmd: ParsedCommand) -> CommandResult:
    annotate = bool(cmd.flag("annotate"))
    before = session.view.last_screenshot if cmd.flag("if_changed") and not annotate else None
    shot = take_screenshot(session, full_page=bool(cmd.flag("full")), annotate=annotate)
    if before is not None and _same_pixels(before, shot.bytes):
        lines = [f"Screenshot unchanged since the last screenshot ({shot.width}×{shot.height})."]
        if cmd.args:
            path = session.output.file(cmd.args[0])
            path.write_bytes(shot.bytes)
            lines.append(f"Saved to {path}")
        return CommandResult(command=cmd.line, output="\n".join(lines))
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


def _same_pixels(before: bytes, after: bytes) -> bool:
    if before == after:
        return True
    diff = diff_images(before, after, 0.0)
    return not diff.dimension_mismatch and diff.different == 0


HANDLERS = {"snapshot": snapshot, "screenshot": screenshot}
