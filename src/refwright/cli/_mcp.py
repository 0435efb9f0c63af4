"""``refwright mcp``: refwright as an MCP server, over stdio (default) or streamable HTTP on loopback."""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Any

from .._errors import RefwrightError
from ._options import add_browser_options, browser_options, show_guard

__all__ = ["add_parser"]

# The defaults of refwright.mcp, repeated so that `refwright --help` does not import the MCP SDK.
DEFAULT_MAX_SESSIONS = 16
DEFAULT_SESSION_IDLE = 600.0


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {text!r}")
    return value


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"expected a number of seconds above 0, not {text!r}")
    return value


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "mcp",
        help="serve the browser to MCP clients (coding agents, desktop assistants)",
        description="Serve a browser to an MCP client over stdio, or streamable HTTP on 127.0.0.1 with --http, "
        "where each MCP session gets a browser context of its own on one shared Chromium. The browser starts on "
        "the first tool call and closes when the client goes away, or on SIGTERM / SIGINT.",
    )
    parser.add_argument("--profile", choices=("commands", "actions", "coding"), default="commands",
                        help="commands: one tool taking the command language (smallest context); actions: the "
                             "text browser tool (role + name); coding: the coding-agent tools over the resolver")
    parser.add_argument("--http", type=int, metavar="PORT", help="serve streamable HTTP on 127.0.0.1:PORT (/mcp)")
    parser.add_argument("--max-sessions", type=_positive_int, default=DEFAULT_MAX_SESSIONS, metavar="N",
                        help="--http: at most N MCP sessions at once (default %(default)s); past it a new client "
                             "is refused with a message saying so")
    parser.add_argument("--session-idle", type=_positive_float, default=DEFAULT_SESSION_IDLE, metavar="S",
                        help="--http: close a session's browser context after S seconds without a call "
                             "(default %(default)g)")
    parser.add_argument("--shared-session", action="store_true",
                        help="--http: every client drives one shared browser page (the old behaviour) instead of "
                             "a browser context per MCP session")
    parser.add_argument("--mode", choices=("auto", "strict", "plan"), default="auto",
                        help="auto: actions run; strict: the person is asked before each (MCP elicitation); "
                             "plan: every browser action is denied")
    parser.add_argument("--approve", choices=("ask", "auto"), default="ask",
                        help="coding profile proposals: ask the person through the client (default), or approve "
                             "them without asking (only for clients that cannot ask)")
    parser.add_argument("--vision", metavar="SPEC",
                        help="coding profile: the vision-capable model browser_visual_inspect asks (openai:MODEL or "
                             "anthropic:MODEL; OPENAI_BASE_URL for any OpenAI-compatible server); it is sent the "
                             "masked screenshot only")
    parser.add_argument("--console", metavar="URL",
                        help="ask strict mode's questions, confirmations and proposals on the console at URL (as "
                             "`refwright console` printed it) instead of through the client")
    add_browser_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        import mcp_types  # noqa: F401  # only mcp 2.x has it; CrewAI and LangChain's MCP adapters pin mcp<2

        import mcp  # noqa: F401
    except ImportError:
        print("refwright: the MCP server needs the mcp package 2.3 or later: pip install 'refwright[mcp]' (in an "
              "environment of its own when another package there requires mcp<2, e.g. pipx install "
              "'refwright[mcp]')", file=sys.stderr)
        return 2
    # --confirm-actions is asked through the MCP client (elicitation), never at a terminal: the person sits
    # at the client, and a server started by it has no terminal of its own.
    options = browser_options(args, ask_at_terminal=False)
    from .. import launch
    from ..mcp import create_server

    try:
        # The browser starts on the first tool call; its guard is known now (a listen port 0 shows as 0).
        show_guard(launch(**options.launch_kwargs()).capabilities())
    except RefwrightError as exc:
        print(f"refwright: {exc.message}", file=sys.stderr)
        return 2

    vision = None
    if args.vision:
        from ..agent import llm_from_spec

        try:
            vision = llm_from_spec(args.vision)
        except RefwrightError as exc:
            print(f"refwright: --vision {args.vision}: {exc}", file=sys.stderr)
            return 2
    # Stdio has one client, which is one session; over HTTP each MCP session is isolated unless asked not to.
    isolate = args.http is not None and not args.shared_session
    server = create_server(args.profile, mode=args.mode, approve=args.approve, vision=vision, isolate=isolate,
                           session_idle=args.session_idle, options=options)
    http = {} if args.http is None else {"max_sessions": args.max_sessions}
    try:
        asyncio.run(_serve(server, args.http, http, getattr(args, "console", None)))
    except KeyboardInterrupt:
        pass
    return 0


async def _serve(server: Any, port: int | None, http: dict[str, Any], console: str | None) -> None:
    from ..mcp import serve

    if console:
        from ..console import ConsoleClient
        from ..mcp._handoff import set_console_url

        set_console_url(console)

        reporter = await ConsoleClient(console).report("MCP session: questions from the MCP server", source="mcp")
        server.tenants.ask_through(reporter.approve)
    await serve(server, port=port, **http)
