"""agent-browser's commands beyond the reference: find, upload, keyboard, mouse, clipboard, settings and batch."""

from __future__ import annotations

from collections.abc import Sequence

from ..safety._actions import ActionType
from ._spec import CommandSpec, FlagSpec, HelpSection, NumberSpec

__all__ = ["FIND_ACTIONS", "FIND_LOCATORS", "HELP_SECTIONS", "SPECS", "split_find"]

# agent-browser's `find` locators and the actions it performs on the first match (click by default).
# first/last/nth take any selector; nth also a 0-based index before it.
FIND_LOCATORS = ("role", "text", "label", "placeholder", "alt", "title", "testid", "first", "last", "nth")
FIND_ACTIONS: dict[str, ActionType] = {
    "click": ActionType.CLICK,
    "fill": ActionType.FILL,
    "check": ActionType.CLICK,
    "hover": ActionType.HOVER,
    "text": ActionType.READ_CONTENT,
}


def split_find(args: Sequence[str]) -> tuple[str, str, str | None, str, tuple[str, ...]]:
    """``find`` arguments as (locator, value, nth index or None, action, the action's arguments)."""
    by = args[0].lower() if args else ""
    index: str | None = None
    rest = tuple(args[1:])
    if by == "nth" and rest:
        index, rest = rest[0], rest[1:]
    value = rest[0] if rest else ""
    action = rest[1].lower() if len(rest) > 1 else "click"
    return by, value, index, action, rest[2:]


def _find_action(args: Sequence[str]) -> ActionType | None:
    # The policy judges what find does to the element it finds; an unknown action is refused later
    # with the list of valid ones, so it is judged as the default click here (the stricter reading).
    return FIND_ACTIONS.get(split_find(args)[3], ActionType.CLICK)


def _mouse_action(args: Sequence[str]) -> ActionType | None:
    sub = args[0].lower() if args else ""
    if sub == "move":
        return ActionType.HOVER
    if sub == "wheel":
        return ActionType.SCROLL
    return ActionType.CLICK


# Pixels anywhere on or off a page (Chromium keeps coordinates far below this).
_MAX_PX = 10_000_000

_FIND_FLAGS = (
    FlagSpec("name", ("--name",), takes_value=True, help="role: filter by accessible name"),
    FlagSpec("exact", ("--exact",), help="exact, case-sensitive match"),
)

SPECS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "find", "Find", "find <role|text|label|placeholder|alt|title|testid> <value> [action] [text] "
        "[--name <name>] [--exact]",
        "find an element by a semantic locator and act on the first match (click by default)",
        "As the action's command (`Clicked …`, `Filled …`); `text` prints the element's text",
        flags=_FIND_FLAGS, min_args=2, action=_find_action,
        numbers=(NumberSpec(1, "the index of `find nth`", -_MAX_PX, _MAX_PX, sub="nth"),),
        details=(
            "Locators: role <role> (with --name <accessible name>), text <text>, label <label>,\n"
            "placeholder <text>, alt <text>, title <text>, testid <data-testid>; first <selector>,\n"
            "last <selector>, nth <index> <selector> (0-based) take any selector or ref.\n"
            "Actions: click (default), fill <text>, check, hover, text.\n"
            "Matching is a case-insensitive substring; --exact makes it exact and case-sensitive (for role,\n"
            "it applies to --name). The first match in document order is used; when several match, the\n"
            "output says how many, and `snapshot -i` shows them with refs.\n"
            "Errors: `No element found by <locator> '<value>'`, `Unknown action '<a>' for find. Valid\n"
            "actions: click, fill, check, hover, text.`"),
        types_text=True,
    ),
    # Upload is judged as Fill: it puts values the agent chose (files from the folder the user allowed)
    # into a form field, like typing a value; nothing is sent until the page's form is submitted (a
    # Click). The user's folder, not the policy, bounds which files can leave the machine.
    CommandSpec(
        "upload", "Find", "upload <target> <files...>", "set the files of a file input (only files under --upload-dir)",
        "Uploaded <n> file(s) to <target>", min_args=2, action=ActionType.FILL,
        details=(
            "Files are paths inside the folder the user allowed (Config.upload_dir, CLI --upload-dir DIR);\n"
            "relative paths are taken from that folder. Links and `..` are resolved first: a path that\n"
            "ends up outside the folder, or a file that does not exist, is refused. Without an upload\n"
            "folder every upload is refused."),
    ),
    CommandSpec(
        "keyboard", "Input", "keyboard <type|inserttext> <text>",
        "type into whatever has focus (type: real key events; inserttext: no key events, like a paste)",
        "Typed into the focused element · Inserted text into the focused element", min_args=2,
        free_text=True, action=ActionType.TYPE,
        details=(
            "keyboard type <text>: one key event per character into the focused element (editors such as\n"
            "contenteditable, CodeMirror, Monaco).\nkeyboard inserttext <text>: inserts the text with one input\n"
            "event and no key events. For keys and combinations (Enter, Control+a) use `press`."),
        types_text=True,
    ),
    CommandSpec(
        "mouse", "Input", "mouse <move x y|down [button]|up [button]|wheel dy [dx]>",
        "low-level mouse: move to viewport coordinates, press or release a button, turn the wheel",
        "Moved mouse to <x>, <y> · Mouse <button> down · Mouse <button> up · Scrolled wheel by <dy>, <dx>",
        min_args=1, action=_mouse_action,
        numbers=(*(NumberSpec(i + 1, f"the {a} of `mouse move`", -_MAX_PX, _MAX_PX, " pixels", "move")
                   for i, a in enumerate(("x", "y"))),
                 *(NumberSpec(i + 1, f"the {a} of `mouse wheel`", -_MAX_PX, _MAX_PX, " pixels", "wheel")
                   for i, a in enumerate(("dy", "dx")))),
        details=(
            "mouse move <x> <y>: CSS pixels from the viewport's top-left corner.\n"
            "mouse down [left|right|middle] / mouse up [left|right|middle]: left by default.\n"
            "mouse wheel <dy> [dx]: positive dy scrolls down, positive dx right, at the mouse position."),
    ),
    CommandSpec(
        "clipboard", "Input", "clipboard <read|write <text>>", "read the clipboard's text, or write text to it",
        "The clipboard's text (`Clipboard is empty`) · Wrote <n> characters to the clipboard", min_args=1,
        free_text=True, action=ActionType.CLIPBOARD, page_text=True,
        details=(
            "clipboard read: the clipboard's text, which pages can set (so it is page text).\n"
            "clipboard write <text>: replaces the clipboard's text; `press Control+v` pastes it."),
    ),
    CommandSpec(
        "set", "Settings", "set <viewport w h|device <name>|geo lat lon|offline on|off|headers <json>|"
        "credentials user pass|media dark|light>",
        "emulate a screen, device, location, network state, headers, HTTP login or color scheme",
        "One line saying what is now set (the password never appears)", min_args=1,
        action=ActionType.EMULATION,
        # The viewport's size and scale and the position are checked where they are set (the typed API
        # shares that check): out of range, each says its own range.
        details=(
            "set viewport <w> <h> [scale]: the page's size in CSS pixels (scale: device pixel ratio).\n"
            "set device <name>: a device of Playwright's list (\"iPhone 12\", \"Pixel 7\"): its viewport,\n"
            "  user agent, scale, touch and mobile mode; a user agent applies from the next page load.\n"
            "set geo <lat> <lon>: the position navigator.geolocation reports (permission granted).\n"
            "set offline on|off: cut or restore the network.\n"
            "set headers <json>: extra HTTP headers on every request, e.g. '{\"X-Test\": \"1\"}'.\n"
            "set credentials <user> <pass>: HTTP authentication for the current site (or, on a blank\n"
            "  page, for the next site opened).\n"
            "set media dark|light [reduced-motion]: the prefers-color-scheme (and motion) media features."),
    ),
    CommandSpec(
        "batch", "Batch", "batch <command>\\n<command>...",
        "run several commands, one per line, stopping at the first error",
        "Each command's output under a `[n] <command>` line", min_args=1, free_text=True, runs_lines=True,
        details=(
            "Commands are separated by newlines (or given as quoted arguments on one line:\n"
            "batch \"open example.com\" \"snapshot -i\"). Each output follows a `[n] <command>` label; the\n"
            "first error stops the batch, and the error says which command failed and how many did not\n"
            "run. Each command is judged by the action policy on its own; a batch inside a batch is refused."),
    ),
)

# Their lines in HELP's second part (same layout as the reference's groups).
HELP_SECTIONS: tuple[HelpSection, ...] = (
    ("Find", (
        (("find <role|text|label|placeholder|alt|title|testid> <value> [click|fill|check|hover|text] "
          "[--name n]", ("find",)),),
        (("upload <target> <files...>", ("upload",)),),
    )),
    ("Input", (
        (("keyboard <type|inserttext> <text>", ("keyboard",)), ("mouse <move x y|down|up|wheel dy>", ("mouse",)),
         ("clipboard <read|write text>", ("clipboard",))),
    )),
    ("Settings", (
        (("set <viewport w h|device name|geo lat lon|offline on|off|headers json|credentials u p|media dark>",
          ("set",)),),
        (("batch <one command per line>", ("batch",)),),
    )),
)
