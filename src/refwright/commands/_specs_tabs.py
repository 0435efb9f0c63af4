"""agent-browser's commands beyond the reference: tabs, windows, frames, dialogs and popups."""

from __future__ import annotations

from collections.abc import Sequence

from ..safety._actions import ActionType
from ._spec import CommandSpec, FlagSpec, HelpSection
from ._targets import tab_url

__all__ = ["HELP_SECTIONS", "SPECS"]


def _tab_action(args: Sequence[str]) -> ActionType:
    # Listing reads the tabs' titles and URLs; opening, switching and closing change where the model is.
    return ActionType.READ_CONTENT if not args or args[0].lower() == "list" else ActionType.NAVIGATE


def _dialog_action(args: Sequence[str]) -> ActionType:
    # Answering a dialog is pressing one of its buttons.
    return ActionType.READ_CONTENT if args and args[0].lower() == "status" else ActionType.CLICK


SPECS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "tab", "Tabs", "tab [new [--label <name>] [url] | <t<N>|label> | close [t<N>|label]]",
        "list tabs, open one, switch to one or close one",
        "`→ [t1] <title> - <url>` per tab (→ marks the active one) · `Tab opened [t2] (2 total)` · "
        "`Switched to tab [t2] (<url>)` · `Tab [t2] closed`",
        flags=(FlagSpec("label", ("--label",), takes_value=True, help="a name for the new tab, such as docs"),),
        action=_tab_action, policy_url=tab_url, beside_dialog=True,
        details=(
            "Tabs have stable ids t1, t2, ... (never reused) and optional labels; commands run on the active tab,\n"
            "and each tab has its own refs. `tab` lists them, → marking the active one. `tab new [url]` opens a\n"
            "tab and makes it active (`--label docs` names it). `tab t2` or `tab docs` switches; `tab close [t2]`\n"
            "closes one (the active one by default; the last tab cannot be closed). Plain numbers are refused:\n"
            "use the t<N> ids that `tab` lists. A link or script that opens a new tab adds one (Config.popups\n"
            "\"tab\", the default) and the next answer says so with its id; with \"close\" it is closed at once."),
        loads_page=True,
    ),
    CommandSpec(
        "window", "Tabs", "window new", "open a new window (a tab with its own cookies and storage)",
        "`Window opened [t3] (3 total)`", min_args=1, action=ActionType.NAVIGATE, beside_dialog=True,
        details=("`window new` opens a tab in a new browser context (its own cookies, storage and cache) and makes\n"
                 "it active; it is listed, switched to and closed like any tab."),
        loads_page=True,
    ),
    CommandSpec(
        "frame", "Tabs", "frame <target|main>", "run later commands and snapshots inside an iframe",
        "`Done`", min_args=1, action=ActionType.NAVIGATE,
        details=("`frame @e4` (an Iframe ref from the snapshot), `frame \"#login\"` (a CSS selector) or `frame\n"
                 "checkout` (the iframe's name): snapshots, selectors, eval and wait --text then work inside it.\n"
                 "`frame main` goes back to the page. A navigation of the page itself also goes back."),
    ),
    CommandSpec(
        "dialog", "Tabs", "dialog <accept [text]|dismiss|status>", "answer or inspect a JavaScript dialog",
        "`Done` · `No dialog is currently open` · `JavaScript confirm dialog is open: \"<message>\"`",
        min_args=1, free_text=True, action=_dialog_action, beside_dialog=True, tells_dialog=True,
        details=(
            "Dialogs (alert, confirm, prompt) are dismissed by default, each with a note. Config.dialogs \"accept\"\n"
            "accepts them; \"wait\" keeps one open: commands then answer that a dialog is blocking the page, until\n"
            "`dialog accept [text]` (text answers a prompt) or `dialog dismiss`. With no dialog open,\n"
            "`dialog accept|dismiss` sets how the next one is answered. `dialog status` tells what is open."),
    ),
)

# Their lines in HELP's second part (same layout as the reference's groups).
HELP_SECTIONS: tuple[HelpSection, ...] = (
    ("Tabs", (
        (("tab [new [url]|<t<N>>|close [t<N>]]", ("tab",)), ("window new", ("window",))),
        (("frame <target|main>", ("frame",)), ("dialog <accept [text]|dismiss|status>", ("dialog",))),
    )),
)
