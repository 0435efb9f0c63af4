"""The command registry: the one source of truth for the parser, ``help``, tool schemas and the docs.

Each command is a ``CommandSpec``: its name, aliases, usage line, flags, the ``ActionType`` the policy
decides on, and the text the docs print. ``HELP`` is rendered from ``HELP_LAYOUT``, whose fragments name the
commands they cover, so a command cannot be added without the help and the docs knowing about it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..safety._actions import ActionType
from ._budgets import wait_budget
from ._spec import CommandSpec, FlagSpec, HelpSection, NumberSpec
from ._specs_input import HELP_SECTIONS as _INPUT_HELP
from ._specs_input import SPECS as _INPUT
from ._specs_output import HELP_SECTIONS as _OUTPUT_HELP
from ._specs_output import SPECS as _OUTPUT
from ._specs_person import SPECS as _PERSON
from ._specs_state import HELP_SECTIONS as _STATE_HELP
from ._specs_state import SPECS as _STATE
from ._specs_tabs import HELP_SECTIONS as _TABS_HELP
from ._specs_tabs import SPECS as _TABS
from ._specs_visual import HELP_SECTIONS as _VISUAL_HELP
from ._specs_visual import SPECS as _VISUAL
from ._targets import first_url

__all__ = [
    "COMMANDS",
    "HELP",
    "MORE",
    "REFERENCE_HELP",
    "CommandSpec",
    "FlagSpec",
    "all_specs",
    "lookup",
    "register",
    "render_extension_help",
]


# What a click that submits a form may add to its answer.
_SUBMIT_DETAILS = (
    "When the action submits a form that the browser's own validation stops (a required field left empty, "
    "an email without @, ...), nothing is sent, and a note says so: `Note: The form was not sent: the "
    "browser showed \"<message>\" at <ref> [<role>] \"<field>\"`; `snapshot -i` then shows each invalid "
    "field with `[invalid] error=\"<message>\"`. `press Enter` in a field says the same.\n"
    "Like every action (fill, select, press, check, ...), the answer then lists what it changed in the "
    "interactive view: `Changes:` and `~ <line>` changed, `+ <line>` added, `- <line>` removed, each with its "
    "ref (usable at once); none when nothing changed (Config.action_changes turns them off).")


def _target(name: str, verb: str, action: ActionType, output: str, details: str = "", *, recorded: bool = True,
            checked_first: bool = True, phrase: str = "") -> CommandSpec:
    # An action on one target: recorded as the Playwright call of its name, its actionability checked first.
    return CommandSpec(
        name=name,
        group="Act",
        usage=f"{name} <target>",
        summary=f"{verb} the target element (waits until it is actionable: up to the action timeout, 30 s by "
                "default; a target still missing or disabled once the page has settled fails after 2-3 s)",
        output=output,
        min_args=1,
        action=action,
        details=details,
        recorded_as=name if recorded else None,
        checked_first=checked_first,
        phrase=phrase,
    )


def _cookies_action(args: Sequence[str]) -> ActionType:
    sub = args[0].lower() if args else ""
    if sub == "set":
        return ActionType.SET_COOKIE
    return ActionType.DELETE_COOKIE if sub == "clear" else ActionType.READ_CONTENT


def _storage_action(args: Sequence[str]) -> ActionType:
    sub = args[1].lower() if len(args) > 1 else ""
    return ActionType.STORAGE if sub in ("clear", "set") else ActionType.READ_CONTENT


_SNAPSHOT_FLAGS = (
    FlagSpec("interactive", ("-i", "--interactive"), help="only elements with refs, as a flat list"),
    FlagSpec("urls", ("-u", "--urls"), help='append url="…" to links'),
    FlagSpec("compact", ("-c", "--compact"), help="drop structural lines without refs or values"),
    FlagSpec("depth", ("-d", "--depth"), takes_value=True, help="limit tree depth"),
    FlagSpec("selector", ("-s", "--selector"), takes_value=True, help="only the subtree of this CSS selector"),
    FlagSpec("cursor", ("-C", "--cursor"), help="also elements clickable only through cursor:pointer/onclick"),
    FlagSpec("delta", ("--delta",), help="only the lines changed since this tab's last snapshot taken this way"),
    FlagSpec("find", ("--find",), takes_value=True, help="only the lines that mention this text, with their "
                                                          "headings and landmarks"),
)

_WAIT_FLAGS = (
    FlagSpec("text", ("--text",), takes_value=True),
    FlagSpec("fn", ("--fn",), takes_value=True),
    FlagSpec("load", ("--load",), takes_value=True),
    FlagSpec("timeout", ("--timeout",), takes_value=True),
    FlagSpec("url", ("--url",), takes_value=True, help="wait until the page's URL matches this glob"),
)

_COOKIE_FLAGS = (
    FlagSpec("url", ("--url",), takes_value=True, help="set: the URL the cookie belongs to"),
    FlagSpec("domain", ("--domain",), takes_value=True, help="set: the cookie's domain"),
    FlagSpec("path", ("--path",), takes_value=True, help="set: the cookie's path"),
    FlagSpec("httponly", ("--httpOnly", "--httponly"), help="set: HttpOnly (hidden from scripts)"),
    FlagSpec("secure", ("--secure",), help="set: Secure (https only)"),
    FlagSpec("samesite", ("--sameSite", "--samesite"), takes_value=True, help="set: Strict, Lax or None"),
    FlagSpec("expires", ("--expires",), takes_value=True, help="set: expiry as a Unix time in seconds"),
)

# The longest time a browser timer takes (2^31 - 1 ms, about 24.8 days): a longer one fires at once.
_MAX_MS = 2_147_483_647
# A deeper tree than this is not a page; past it the flag means "all of it", which leaving it out says.
_MAX_DEPTH = 10_000
_DEPTH = NumberSpec("depth", "-d (the tree depth)", 0, _MAX_DEPTH)
# Pixels anywhere on or off a page (Chromium keeps coordinates far below this).
_MAX_PX = 10_000_000

_SCREENSHOT_FLAGS = (
    FlagSpec("full", ("--full", "-f")),
    FlagSpec("annotate", ("--annotate", "-a")),
    FlagSpec("if_changed", ("--if-changed",), help="no image when the pixels are those of the last screenshot"),
)

COMMANDS: tuple[CommandSpec, ...] = (
    # Navigation
    CommandSpec("open", "Navigation", "open <url>", "open a URL (https:// is added when missing)",
                "Opened <final url> — <title>", aliases=("goto", "navigate"), min_args=1,
                action=ActionType.NAVIGATE, policy_url=first_url, loads_page=True, recorded_as="goto"),
    CommandSpec("back", "Navigation", "back", "go back in history", "Went back to <url>",
                action=ActionType.NAVIGATE, loads_page=True),
    CommandSpec("forward", "Navigation", "forward", "go forward in history", "Went forward to <url>",
                action=ActionType.NAVIGATE, loads_page=True),
    CommandSpec("reload", "Navigation", "reload", "reload the page", "Reloaded <url>",
                action=ActionType.NAVIGATE,
                details=("Errors: `Reload of <url> failed with HTTP <status>` when the page answers an error "
                         "status (404, 500, ...), as `open` says `Navigation to <url> failed with HTTP <status>`; "
                         "the page still shows what the server sent."), loads_page=True),
    # Observe
    CommandSpec("snapshot", "Observe", "snapshot [-i] [-u] [-c] [-d <n>] [-s <css>] [-C] [--delta] [--find <text>]",
                "list the page as an accessibility tree with refs",
                "The tree; `(no interactive elements)` with -i, otherwise `(empty page)` when empty",
                flags=_SNAPSHOT_FLAGS, action=ActionType.READ_CONTENT, numbers=(_DEPTH,),
                details=("A form field that fails the browser's own validation shows `[invalid] error=\"<the "
                         "browser's message>\"` once the form was submitted (a click or Enter that the "
                         "validation stopped) or the field was edited (CSS :user-invalid); a required field "
                         "nobody touched yet shows only `[required]`. `[invalid]` alone is the page's "
                         "aria-invalid.\n"
                         "--delta: only what changed since this tab's last snapshot taken with the same flags: "
                         "a head line with the counts, then `~ <line>` for a changed element (as it is now), "
                         "`+ <line>` added, `- <line>` removed, each with its ref and without indentation. Every "
                         "ref of the page stays valid, listed or not. An unchanged page answers in one line (No "
                         "changes since the last `snapshot -i` (<n> refs, all still valid).). With no earlier snapshot "
                         "taken that way, after a navigation (a new document), or when most of the page "
                         "changed, the whole snapshot comes instead, after a `[full snapshot: <why>]` line.\n"
                         "--find <text>: only the lines that mention the text (any case), each after the "
                         "landmarks it is in and the heading above it, with their refs, after a count (<n> lines "
                         "of `snapshot -i` mention \"<text>\":). Its refs are "
                         "live; a later --delta does not count it as seen."), steps=2),
    CommandSpec("screenshot", "Observe", "screenshot [path] [--full] [--annotate] [--if-changed]",
                "capture a PNG of the page",
                "Screenshot <width>×<height> (with a path: Screenshot saved to <path>), and one legend line "
                "per ref with --annotate", flags=_SCREENSHOT_FLAGS, action=ActionType.SCREENSHOT,
                details=("Without a path the PNG is returned with the result (CommandResult.screenshot). With a "
                         "path it is also saved there, under the output folder (--output-dir; a relative "
                         "path is taken from it, a path leading out of it is refused).\n"
                         "--full: the whole page, not only the viewport. --annotate: numbered labels [N] on "
                         "the elements with refs (label [N] is ref @eN), listed one per line after.\n"
                         "--if-changed: when the pixels are those of this tab's last screenshot, no image is "
                         "returned and the answer is `Screenshot unchanged since the last screenshot "
                         "(<width>×<height>).`"), steps=2),
    # Act
    _target("click", "Click", ActionType.CLICK, "Clicked <target>", _SUBMIT_DETAILS),
    _target("dblclick", "Double-click", ActionType.CLICK, "Double-clicked <target>", _SUBMIT_DETAILS,
            phrase="double-click"),
    _target("tap", "Tap", ActionType.CLICK, "Tapped <target>", _SUBMIT_DETAILS, recorded=False),
    _target("hover", "Hover over", ActionType.HOVER, "Hovered <target>"),
    _target("focus", "Focus", ActionType.FOCUS, "Focused <target>", checked_first=False),
    _target("check", "Check", ActionType.CLICK, "Checked <target>"),
    _target("uncheck", "Uncheck", ActionType.CLICK, "Unchecked <target>"),
    _target("highlight", "Highlight", ActionType.FOCUS, "Highlighted <target>", recorded=False, checked_first=False),
    CommandSpec("fill", "Act", "fill <target> [text]", "replace the value of a field (no text clears it)",
                "Filled <target>", min_args=1, free_text=True, action=ActionType.FILL,
                details=("fill <target> [text]: replace the field's value; no text clears it. The target is a ref, or "
                         "any selector.\n"
                         "Errors: `The text did not reach <target>: it still holds what it held before.` when the "
                         "field kept its old value (the page moved the focus while the text was typed, so it went "
                         "elsewhere, or refused it); the usual target errors otherwise."),
                recorded_as="fill", types_text=True, checked_first=True),
    CommandSpec("type", "Act", "type <target> <text>", "type text one key at a time",
                "Typed into <target>", min_args=2, free_text=True, action=ActionType.TYPE,
                recorded_as="fill", types_text=True, phrase="type into"),
    CommandSpec("press", "Act", "press <key> [target]", "press a key or combination such as Enter or Control+A",
                "Pressed <key>", aliases=("key",), min_args=1, action=ActionType.PRESS,
                recorded_as="press", phrase="press a key on"),
    CommandSpec("select", "Act", "select <target> <value>", "pick the <option> whose value or label matches",
                "Selected <value> in <target>", min_args=2, free_text=True, action=ActionType.SELECT,
                recorded_as="select", checked_first=True, phrase="select an option in"),
    CommandSpec("drag", "Act", "drag <source> <target>", "drag one element onto another",
                "Dragged <source> to <target>", min_args=2, action=ActionType.DRAG,
                recorded_as="drag", checked_first=True),
    CommandSpec("scroll", "Act", "scroll <up|down|left|right|top|bottom> [pixels]",
                "scroll the page (300 px by default)", "Scrolled <direction>", min_args=1,
                action=ActionType.SCROLL,
                numbers=(NumberSpec(1, "the distance to scroll", -_MAX_PX, _MAX_PX, " pixels"),)),
    CommandSpec("scrollintoview", "Act", "scrollintoview <target>", "scroll the target into view",
                "Scrolled <target> into view", aliases=("scrollinto",), min_args=1, action=ActionType.SCROLL,
                phrase="scroll into view"),
    # Query
    CommandSpec("get", "Query", "get <text|html|value|attr|count|box|title|url> [target]",
                "read text, HTML, a value, an attribute, a count, a box, the title or the URL",
                "The value; empty, `null` or `0` when the target is missing", min_args=1,
                action=ActionType.READ_CONTENT),
    CommandSpec("is", "Query", "is <visible|enabled|checked|focused|editable> <target>",
                "ask about an element's state", "`true` or `false`", min_args=1,
                action=ActionType.READ_CONTENT),
    # Wait
    CommandSpec("wait", "Wait",
                "wait <ms|target> | --text <text> | --load <state> | --fn <js> | --url <glob> [--timeout <ms>]",
                "wait for time, an element, text, a load state or a condition (10 000 ms default timeout)",
                "Waited <ms>ms · <target> is visible · Found text \"<text>\" · Reached <state> · Condition is true",
                flags=_WAIT_FLAGS, min_args=1, action=ActionType.READ_CONTENT,
                flag_actions=(("fn", ActionType.EVALUATE),),
                numbers=(NumberSpec(0, "the time to wait", 0, _MAX_MS, " ms (about 24.8 days)"),
                         NumberSpec("timeout", "--timeout", 1, _MAX_MS, " ms (about 24.8 days)")),
                details=(
                    "wait --url <glob> [--timeout <ms>]: wait until the page's URL matches the glob (`**/done`, "
                    "as Playwright's waitForURL; a URL without wildcards must match exactly), including URL "
                    "changes of single-page apps. Output: the URL."), own_budget=wait_budget),
    # Page
    CommandSpec("eval", "Page", "eval <js>", "evaluate JavaScript in the page (awaits promises)",
                "Strings verbatim, other values as JSON, `null` for null/undefined", min_args=1,
                free_text=True, code=True, action=ActionType.EVALUATE,
                details=("<js> is JavaScript: the rest of the line exactly as written, quotes and backslashes "
                         "included, so `eval document.querySelector('h1').textContent` works as typed. Only when "
                         "the whole of it is one quoted argument (`eval \"document.title\"`) are the outer quotes "
                         "removed, by the usual quoting rules (a backslash escapes the next character).\n"
                         "After `frame <target>` it runs in that frame. Errors: `eval failed: <the page's "
                         "error>`; eval is refused when switched off (--no-eval) or denied by the policy.")),
    CommandSpec("console", "Page", "console", "console messages since the last navigation",
                "`[<type>] <text>` per line, or `No console messages`", action=ActionType.READ_CONTENT),
    CommandSpec("errors", "Page", "errors", "uncaught page errors since the last navigation",
                "One error per line, or `No page errors`", action=ActionType.READ_CONTENT),
    CommandSpec("cookies", "Page", "cookies [list|clear] | cookies set <name> <value> [--url <url>]",
                "list, set or clear cookies",
                "`name=value  (domain/path)` per line, `No cookies`, `Cleared cookies`, or `Done`",
                flags=_COOKIE_FLAGS, action=_cookies_action,
                # -1: a session cookie; the top: the last second of the year 9999, as browsers store them.
                numbers=(NumberSpec("expires", "--expires (a Unix time in seconds)", -1, 253_402_300_799),),
                details=(
                    "cookies set <name> <value> [--url <url>] [--domain <d>] [--path <p>] [--httpOnly] "
                    "[--secure] [--sameSite Strict|Lax|None] [--expires <unix seconds>]: set a cookie for "
                    "the current page's URL, or for --url (before opening it), or for --domain/--path.\n"
                    "Output: `Done`.")),
    CommandSpec("storage", "Page", "storage <local|session> [clear]",
                "list or clear web storage; `storage <local|session> <key>` reads one value, "
                "`storage <local|session> set <key> <value>` sets one",
                "`key=value` per line, `No local storage`, `Cleared local storage`, `<key>: <value>`, or `Done`",
                min_args=1, action=_storage_action,
                details=(
                    "storage local|session <key> (also `get <key>`): one value, as `<key>: <value>`, or "
                    "`<key>: null` when it is not set.\n"
                    "storage local|session set <key> <value>: set one value for the page's origin. Output: "
                    "`Done`.")),
    CommandSpec("help", "Help", "help [command]", "this command reference, or one command's details",
                "The command reference; with a command, its usage, flags, output and details", beside_dialog=True,
                details=("help: the command reference (the same text as the tool's description).\n"
                         "help <command>: that command's usage line, what it does, its flags, its output "
                         "and the details (arguments, errors). An unknown name suggests the closest one.")),
)

# refwright's own commands, beyond the reference: listed after HELP in tool descriptions.
EXTENSIONS: tuple[CommandSpec, ...] = (*_PERSON,)

_BY_NAME: dict[str, CommandSpec] = {}


def register(spec: CommandSpec) -> None:
    """Add an extension command (refwright's own, such as ``act``), keeping names unique."""
    for name in (spec.name, *spec.aliases):
        if name in _BY_NAME and _BY_NAME[name] is not spec:
            raise ValueError(f"command name {name!r} is already registered")
        _BY_NAME[name] = spec


# agent-browser's commands beyond the reference, one module per area; listed in HELP's second part.
MORE: tuple[CommandSpec, ...] = (*_TABS, *_INPUT, *_STATE, *_OUTPUT, *_VISUAL)

for _spec in (*COMMANDS, *EXTENSIONS, *MORE):
    register(_spec)


def lookup(name: str) -> CommandSpec | None:
    return _BY_NAME.get(name.lower())


def all_specs() -> list[CommandSpec]:
    seen: dict[str, CommandSpec] = {}
    for spec in _BY_NAME.values():
        seen.setdefault(spec.name, spec)
    return list(seen.values())


def known_names() -> list[str]:
    return list(_BY_NAME)


# HELP, rendered from fragments that each name the commands they document. Column widths and the
# ` · ` separator reproduce the reference text exactly.
HELP_LAYOUT: tuple[HelpSection, ...] = (
    ("Navigation", (
        (("open <url>", ("open",)), ("back", ("back",)), ("forward", ("forward",)), ("reload", ("reload",))),
    )),
    ("Observe", (
        (("snapshot [-i interactive] [-u urls] [-c compact] [-d depth] [-s selector]", ("snapshot",)),),
        (("screenshot [--full] [--annotate]", ("screenshot",)),),
    )),
    ("Act", (
        (("click|dblclick|tap|hover|focus|check|uncheck|highlight <target>",
          ("click", "dblclick", "tap", "hover", "focus", "check", "uncheck", "highlight")),),
        (("fill <target> <text>", ("fill",)), ("type <target> <text>", ("type",)),
         ("press <key> [target]", ("press",))),
        (("select <target> <value>", ("select",)), ("drag <source> <target>", ("drag",))),
        (("scroll <up|down|left|right|top|bottom> [px]", ("scroll",)),
         ("scrollintoview <target>", ("scrollintoview",))),
    )),
    ("Query", (
        (("get <text|html|value|count|box|title|url> [target]", ("get",)),
         ("get attr <target> <name>", ("get",))),
        (("is <visible|enabled|checked|focused|editable> <target>", ("is",)),),
    )),
    ("Wait", (
        (("wait <ms|target>", ("wait",)), ("wait --text <text>", ("wait",)),
         ("wait --load <load|domcontentloaded|networkidle>", ("wait",))),
        (("wait --fn <js>  (all accept --timeout <ms>)", ("wait",)),),
    )),
    ("Page", (
        (("eval <js>", ("eval",)), ("console", ("console",)), ("errors", ("errors",)),
         ("cookies [clear]", ("cookies",)), ("storage <local|session> [clear]", ("storage",))),
    )),
)

_HELP_FOOTER = (
    "Targets are snapshot refs such as @e3, or any selector: css, text=Save, role=button, label=Email."
)


def _render(layout: Sequence[HelpSection]) -> str:
    lines: list[str] = []
    for group, rows in layout:
        for i, row in enumerate(rows):
            head = group if i == 0 else ""
            lines.append(f"{head:<13}" + " · ".join(text for text, _ in row))
    return "\n".join(lines)


# The reference's text, verbatim: models are prompted with it.
REFERENCE_HELP: str = _render(HELP_LAYOUT) + "\n\n" + _HELP_FOOTER
# The commands beyond the reference, one short section after it; `help <command>` gives the details.
MORE_LAYOUT: tuple[HelpSection, ...] = (*_TABS_HELP, *_INPUT_HELP, *_STATE_HELP, *_OUTPUT_HELP, *_VISUAL_HELP)
# The last line of HELP: every command's long form is one call away, so HELP itself stays short.
HELP_DETAILS_LINE = "Run `help <command>` for a command's details, flags and output."
HELP: str = REFERENCE_HELP + ("\n\n" + _render(MORE_LAYOUT) if MORE_LAYOUT else "") + "\n\n" + HELP_DETAILS_LINE


def render_extension_help() -> str:
    """Usage lines of refwright's own commands, for appending after HELP in a tool description."""
    return "\n".join(f"{spec.usage}  — {spec.summary}" for spec in all_specs() if spec.extension)
