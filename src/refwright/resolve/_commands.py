"""The resolver's extension commands, registered once for both the async and the sync API."""

from __future__ import annotations

from ..commands import register
from ..commands._registry import CommandSpec, FlagSpec, lookup
from ..safety._actions import ActionType
from ._performs import request_actions

__all__ = ["RESOLVE_COMMANDS"]

RESOLVE_COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("inspect", "Resolve", "inspect", "list up to 80 visible controls with refs, kinds and risks",
                "One line per control (`@e3 button \"Save\" [approval-required]`) and a fingerprint",
                action=ActionType.READ_CONTENT, extension=True, steps=2),
    CommandSpec("act", "Resolve", "act [--new] <request>",
                "do ONE step of a plain-language request without a model (again until `Done:`)",
                "What it did and how it resolved it, then the changes; `Done: ...` when nothing is left; a second "
                "line says so when a new document (open, reload, back) started the request afresh, or when a done "
                "request that clicks was asked again after the page's controls changed (a wizard's next step)",
                flags=(FlagSpec("new", ("--new",), help="start the request afresh on the same page"),),
                min_args=1, free_text=True, line_text=True,
                action=ActionType.CLICK, performs=request_actions, extension=True, page_text=True, steps=3,
                request_words="text", types_text=True, proposes=True, tells_changes=True),
    CommandSpec("confirm", "Resolve", "confirm <token>", "carry out an approval-required step that act proposed",
                "What it did and the changes, or why the proposal was cancelled", min_args=1,
                action=ActionType.CLICK, carries_proposal=True, extension=True, page_text=True,
                steps=3, request_words="none", tells_changes=True),
    CommandSpec("setfield", "Resolve", "setfield <target> <text>",
                "fill a visible text/date/time field with a value, or pick a read-only date field's date in "
                "its calendar (never submits)", "Filled <target>",
                min_args=1, free_text=True, action=ActionType.FILL, extension=True, tells_changes=True),
    CommandSpec("copyfield", "Resolve", "copyfield <source> <target>",
                "copy one visible text field into another without showing the text", "Copied <source> to <target>",
                min_args=2, action=ActionType.FILL, extension=True, tells_changes=True),
    CommandSpec("setchecks", "Resolve", "setchecks <label[=on|off]>...",
                "set up to 40 uniquely labelled checkboxes at once (never submits)", "Checked/unchecked counts",
                min_args=1, action=ActionType.CLICK, extension=True, tells_changes=True),
    CommandSpec("selectexact", "Resolve", "selectexact <target> <option label>",
                "choose one exact enabled option of a native select", "Selected <option> in <target>",
                min_args=2, free_text=True, action=ActionType.SELECT, extension=True, tells_changes=True),
    CommandSpec("setrange", "Resolve", "setrange <target> <value>",
                "set a slider to an exact value within its bounds and step", "Set <target> to <value>",
                min_args=2, action=ActionType.FILL, extension=True, tells_changes=True),
    CommandSpec("dragto", "Resolve", "dragto <source> <target>",
                "propose dragging an inspected draggable onto a declared drop target", "A proposal to confirm",
                min_args=2, action=ActionType.DRAG, extension=True, proposes=True, tells_changes=True),
)

for _spec in RESOLVE_COMMANDS:
    if lookup(_spec.name) is None:
        register(_spec)
