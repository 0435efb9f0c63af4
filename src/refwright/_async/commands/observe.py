"""snapshot and screenshot."""

from __future__ import annotations

from ..._errors import RefwrightError
from ..._result import CommandResult
from ...commands import ParsedCommand
from ...snapshot._format import quote
from .._page import Page


def _depth(value: str | bool | None) -> int | None:
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    # A non-numeric depth is ignored, as the reference says.
    return None


async def snapshot(page: Page, cmd: ParsedCommand) -> CommandResult:
    selector = cmd.flag("selector")
    snap = await page.snapshot(
        interactive=bool(cmd.flag("interactive")),
        compact=bool(cmd.flag("compact")),
        max_depth=_depth(cmd.flag("depth")),
        selector=selector if isinstance(selector, str) and selector else None,
        urls=bool(cmd.flag("urls")),
        cursor=bool(cmd.flag("cursor")),
    )
    return CommandResult(command=cmd.line, output=snap.tree, snapshot=snap)


async def diff(page: Page, cmd: ParsedCommand) -> CommandResult:
    if cmd.args[0].lower() != "snapshot":
        raise RefwrightError(f"Usage: {cmd.spec.usage}")
    before = page.last_snapshot
    result = await snapshot(page, cmd)
    assert result.snapshot is not None
    if before is None:
        output = "(no earlier snapshot: this is the first, later `diff snapshot` calls show changes)\n" + result.output
    else:
        output = page.diff_snapshot(before, result.snapshot).text
    return CommandResult(command=cmd.line, output=output, snapshot=result.snapshot)


async def screenshot(page: Page, cmd: ParsedCommand) -> CommandResult:
    annotate = bool(cmd.flag("annotate"))
    shot = await page.screenshot(full_page=bool(cmd.flag("full")), annotate=annotate)
    lines = [f"Screenshot {shot.width}×{shot.height}"]
    for a in shot.annotations:
        name = f" {quote(a.name)}" if a.name else ""
        lines.append(f"[{a.number}] @{a.ref} {a.role}{name}")
    return CommandResult(command=cmd.line, output="\n".join(lines), screenshot=shot)


HANDLERS = {"snapshot": snapshot, "screenshot": screenshot, "diff": diff}
