"""diff snapshot, diff screenshot, diff url."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from ..._errors import RefwrightError
from ..._media._imagediff import diff_images, format_image_diff
from ..._result import CommandResult
from ...commands import ParsedCommand
from ...snapshot._diff import diff_snapshots
from ..runtime._snapshots import take_screenshot, take_view
from ..tab._tab import Tab
from .observe import snapshot, view_of
from .output import open_first

__all__ = ["HANDLERS"]


_REF = re.compile(r"@e\d+ (?=\[)")


def _unref(tree: str) -> str:
    return _REF.sub("", tree)


def _threshold(cmd: ParsedCommand) -> float:
    value = cmd.flag("threshold")
    if not isinstance(value, str) or not value:
        return 0.1
    try:
        threshold = float(value)
    except ValueError:
        threshold = -1.0
    if not 0.0 <= threshold <= 1.0:
        raise RefwrightError(f"--threshold must be a number from 0 to 1, not {value!r} (0.1 by default).")
    return threshold


async def _diff_snapshot(session: Tab, cmd: ParsedCommand) -> CommandResult:
    last = session.view.snapshots.last_view
    view = replace(view_of(cmd), frames=session.view.frame_path)
    if last is not None and not any(cmd.flag(key) is not None for key in ("interactive", "compact", "depth",
                                                                             "selector")):
        # `diff snapshot` alone compares like with like: taken again as the last snapshot was.
        view = replace(last, frames=session.view.frame_path)
    before = session.view.snapshots.get(view)
    after = await take_view(session, view)
    if before is not None:
        return CommandResult(command=cmd.line, output=diff_snapshots(before, after).text, snapshot=after)
    again = f"diff snapshot {view.flags()}".rstrip()
    if last is None:
        head = f"(no earlier snapshot: this is the first, later `{again}` calls show changes)"
    else:
        taken = f"with {view.flags()}" if view.flags() else "without flags"
        head = (f"(no earlier snapshot {taken} here: this is the first, later `{again}` calls show changes; "
                f"the last snapshot was `snapshot {last.flags()}`".rstrip() + ")")
    return CommandResult(command=cmd.line, output=head + "\n" + after.tree, snapshot=after)


async def _screenshot_diff(session: Tab, cmd: ParsedCommand, before: bytes) -> str:
    """Take a screenshot, compare it with ``before``, and write the diff image when pixels differ."""
    shot = await take_screenshot(session, full_page=bool(cmd.flag("full")))
    diff = diff_images(before, shot.bytes, _threshold(cmd))
    image_path: Path | None = None
    if diff.image is not None:
        output = cmd.flag("output")
        image_path = (session.output.file(output) if isinstance(output, str) and output
                      else session.output.fresh("diff", "png"))
        image_path.write_bytes(diff.image)
    return format_image_diff(diff, str(image_path) if image_path else None)


async def _diff_screenshot(session: Tab, cmd: ParsedCommand) -> CommandResult:
    baseline = cmd.flag("baseline")
    if isinstance(baseline, str) and baseline:
        path = session.output.file(baseline)
        try:
            before = path.read_bytes()
        except OSError as exc:
            raise RefwrightError(
                f"Cannot read the baseline {path} ({exc.strerror}). Save one first with `screenshot <path>`, "
                "or omit --baseline to compare with the last screenshot.") from exc
    elif session.view.last_screenshot is not None:
        before = session.view.last_screenshot
    else:
        shot = await take_screenshot(session, full_page=bool(cmd.flag("full")))
        return CommandResult(command=cmd.line, output=(
            f"(no earlier screenshot: this one ({shot.width}×{shot.height}) is the baseline, later "
            "`diff screenshot` calls compare with it)"))
    return CommandResult(command=cmd.line, output=await _screenshot_diff(session, cmd, before))


async def _diff_url(session: Tab, cmd: ParsedCommand) -> CommandResult:
    if len(cmd.args) < 3:
        raise RefwrightError("Usage: diff url <url1> <url2>")
    first, second = cmd.args[1], cmd.args[2]
    want_shots = bool(cmd.flag("screenshot"))
    await open_first(session, first)
    before = (await snapshot(session, cmd)).snapshot
    assert before is not None
    shot_before = (await take_screenshot(session, full_page=bool(cmd.flag("full")))).bytes if want_shots else None
    await open_first(session, second, check_policy=True)
    after = await snapshot(session, cmd)
    assert after.snapshot is not None
    # Refs are numbered afresh on every page: the two pages are compared by their content alone.
    text = diff_snapshots(_unref(before.tree), _unref(after.snapshot.tree)).text
    if shot_before is not None:
        text += "\n\nScreenshot diff:\n" + await _screenshot_diff(session, cmd, shot_before)
    return CommandResult(command=cmd.line, output=text, snapshot=after.snapshot)


async def diff(session: Tab, cmd: ParsedCommand) -> CommandResult:
    sub = cmd.args[0].lower()
    if sub == "snapshot":
        return await _diff_snapshot(session, cmd)
    if sub == "screenshot":
        return await _diff_screenshot(session, cmd)
    if sub == "url":
        return await _diff_url(session, cmd)
    raise RefwrightError(f"Unknown `diff {cmd.args[0]}`. Use `diff snapshot`, `diff screenshot` or "
                         "`diff url <url1> <url2>`.")


HANDLERS = {"diff": diff}
