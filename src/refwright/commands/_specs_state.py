"""agent-browser's commands beyond the reference: cookies and storage set, saved state, URL waits, network.

``cookies set``, ``storage ... <key>``/``set`` and ``wait --url`` extend the reference's own specs (in
``_registry``); their HELP lines are here. Saved state is encrypted at rest with a key the user sets in
``REFWRIGHT_STATE_KEY``; its files, like HAR files, go only under the output folder.

Policy: routes, unroutes and HAR recording are Network; listing requests is ReadContent (it returns URLs
the page chose); saving and loading state is Storage; pushstate is Navigate, decided on the URL it goes to.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..safety._actions import ActionType
from ._spec import CommandSpec, FlagSpec, HelpSection
from ._targets import relative_url

__all__ = ["HELP_SECTIONS", "NETWORK_FLAGS", "SPECS"]


def _network_action(args: Sequence[str]) -> ActionType:
    return ActionType.READ_CONTENT if args and args[0].lower() == "requests" else ActionType.NETWORK


NETWORK_FLAGS = (
    FlagSpec("abort", ("--abort",), help="route: abort matching requests"),
    FlagSpec("body", ("--body",), takes_value=True, help="route: answer with this body"),
    FlagSpec("status", ("--status",), takes_value=True,
             help="route: the answer's status (200); requests: 200, 2xx or 400-499"),
    FlagSpec("content_type", ("--content-type",), takes_value=True, help="route: the answer's Content-Type"),
    FlagSpec("resource_type", ("--resource-type", "--resource-types"), takes_value=True,
             help="route: only these resource types, e.g. script,image"),
    FlagSpec("filter", ("--filter",), takes_value=True, help="requests: only URLs containing this text"),
    FlagSpec("type", ("--type",), takes_value=True, help="requests: resource types, e.g. xhr,fetch"),
    FlagSpec("method", ("--method",), takes_value=True, help="requests: only this HTTP method"),
    FlagSpec("clear", ("--clear",), help="requests: empty the request log"),
)

SPECS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "state", "State", "state save <path> | state load <path>",
        "save or load cookies and local storage (encrypted; key from REFWRIGHT_STATE_KEY)",
        "State saved to <path> · Loaded <n> cookies and the local storage of <m> origins, then "
        "State path set to <path>",
        min_args=2, action=ActionType.STORAGE, page_text=False,
        details=(
            "state save <path>: write this browser context's cookies and local storage (logins) to <path>, "
            "encrypted with AES-256-GCM under a key derived from the password in the environment variable "
            "REFWRIGHT_STATE_KEY, which the user sets; without it the command is refused.\n"
            "state load <path>: replace the context's cookies and local storage with the saved ones (needs "
            "the same key; a wrong key or an altered file is an error and nothing is loaded).\n"
            "Paths lie inside the output folder (--output-dir): a relative path is taken from there; one "
            "that leads out is refused.\n"
            "Output: `State saved to <absolute path>` · `Loaded <n> cookies and the local storage of <m> "
            "origins.` then `State path set to <absolute path>`."),
    ),
    CommandSpec(
        "pushstate", "Navigation", "pushstate <url>",
        "change the URL within this page (history.pushState + popstate), as single-page apps do",
        "The new URL", min_args=1, action=ActionType.NAVIGATE, policy_url=relative_url,
        details=(
            "pushstate <url>: resolve <url> against the current page, call history.pushState and fire "
            "popstate, so a single-page app's router renders that view without loading a new document.\n"
            "Same origin only: for another origin use `open <url>`.\n"
            "Output: the page's URL afterwards."),
    ),
    CommandSpec(
        "network", "Network", "network route <pattern> [--abort | --body <b> [--status <n>]] · "
        "network unroute [pattern] · network requests [--filter <text>] · network har start|stop [path]",
        "mock or block requests, list the requests the page made, record a HAR file",
        "Done · `[id] METHOD url (Type) status` per line, or `No requests captured` · HAR recording started · "
        "HAR saved to <path> (<n> requests)",
        min_args=1, flags=NETWORK_FLAGS, action=_network_action,
        details=(
            "network route <pattern> [--abort | --body <b> [--status <n>] [--content-type <t>]] "
            "[--resource-type script,image]: for requests whose URL matches the glob <pattern> (`**/api/*`; "
            "`*` is every URL) and, if given, of those resource types, abort them or "
            "answer with <b> (status 200 unless --status; JSON bodies are sent as application/json). A "
            "request refwright's network guard refuses stays refused: a route never lets it through.\n"
            "network unroute [pattern]: remove the routes for <pattern>, or all of them.\n"
            "network requests [--filter <text>] [--type xhr,fetch] [--method POST] [--status 2xx] [--clear]: "
            "the page's requests, oldest first, newest last: `[id] METHOD url (Type) status`. At most 100 "
            "lines (a last line says how many more matched); the log keeps the last 1000 requests.\n"
            "network har start [path] · network har stop [path]: record the page's requests and responses "
            "(bodies embedded, binary ones as base64, up to 1 MB each) and write a HAR 1.2 file under the "
            "output folder "
            "(default name network-<time>.har), which Playwright can replay (`route_from_har`).\n"
            "Output: `Done` · `HAR recording started` · `HAR saved to <path> (<n> requests)`."),
    ),
)

# Their lines in HELP's second part (same layout as the reference's groups).
HELP_SECTIONS: tuple[HelpSection, ...] = (
    ("State", (
        (("cookies set <name> <value> [--url <u>]", ("cookies",)),
         ("storage <local|session> <key> | set <key> <value>", ("storage",))),
        (("state save|load <path>", ("state",)), ("wait --url <glob>", ("wait",)),
         ("pushstate <url>", ("pushstate",))),
    )),
    ("Network", (
        (("network route <glob> [--abort|--body <b>] · network unroute [glob]", ("network",)),),
        (("network requests [--filter <text>] · network har start|stop [path]", ("network",)),),
    )),
)
