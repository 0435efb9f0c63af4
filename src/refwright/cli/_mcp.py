"""``refwright mcp``: refwright as an MCP server, over stdio (default) or streamable HTTP on loopback."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import signal
import sys
from typing import Any

from .._errors import RefwrightError
from ._options import add_browser_options, browser_options, guard_line

__all__ = ["add_parser"]


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "mcp",
        help="serve the browser to MCP clients (coding agents, desktop assistants)",
        description="Serve one browser to an MCP client over stdio, or streamable HTTP on 127.0.0.1 with --http. "
        "The browser starts on the first tool call and closes when the client goes away.",
    )
    parser.add_argument("--profile", choices=("commands", "actions", "coding"), default="commands",
                        help="commands: one tool taking the command language (smallest context); actions: the "
                             "text browser tool (role + name); coding: the coding-agent tools over the resolver")
    parser.add_argument("--http", type=int, metavar="PORT", help="serve streamable HTTP on 127.0.0.1:PORT (/mcp)")
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
        import mcp  # noqa: F401
    except ImportError:
        print("refwright: the MCP server needs the mcp package: pip install 'refwright[mcp]'", file=sys.stderr)
        return 2
    # --confirm-actions is asked through the MCP client (elicitation), never at a terminal: the person sits
    # at the client, and a server started by it has no terminal of its own.
    options = browser_options(args, ask_at_terminal=False)
    from .. import launch
    from ..mcp import create_server

    try:
        # The browser starts on the first tool call; its guard is known now (a listen port 0 shows as 0).
        print(guard_line(launch(**options.launch_kwargs()).capabilities()), file=sys.stderr, flush=True)
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
    server = create_server(args.profile, mode=args.mode, approve=args.approve, vision=vision,
                           **options.launch_kwargs())
    try:
        asyncio.run(_serve(server, args.http, getattr(args, "console", None)))
    except KeyboardInterrupt:
        pass
    return 0


async def _serve(server: Any, port: int | None, console: str | None = None) -> None:
    # What is loaded by now (the modules, the server) lives as long as the process. Frozen, it is left out
    # of the collector's full passes, which would otherwise scan all of it: about 80 ms, a stall in
    # whichever tool call a pass fell in.
    gc.collect()
    gc.freeze()
    # SIGTERM stops serving; the browser is then closed by this task, which nothing cancels.
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    with contextlib.suppress(NotImplementedError, RuntimeError):
        loop.add_signal_handler(signal.SIGTERM, stop.set)
    if console:
        from ..console import ConsoleClient

        client = ConsoleClient(console)
        reporter = await client.report("MCP session: questions from the MCP server", source="mcp")
        server.approvals.approver = reporter.approve
    serving = asyncio.create_task(_transport(server, port))
    stopping = asyncio.create_task(stop.wait())
    try:
        await asyncio.wait({serving, stopping}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in (serving, stopping):
            task.cancel()
        await asyncio.gather(serving, stopping, return_exceptions=True)
        await server.aclose()


async def _transport(server: Any, port: int | None) -> None:
    if port is None:
        from mcp.server.stdio import stdio_server

        async with stdio_server() as (read, write):
            await server.server.run(read, write, server.server.create_initialization_options())
        return
    import uvicorn

    app = server.server.streamable_http_app(host="127.0.0.1")
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on")
    # uvicorn handles SIGTERM itself while it serves (a graceful stop), then _serve closes the browser.
    await uvicorn.Server(config).serve()
