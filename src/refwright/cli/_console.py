"""``refwright console``: a local web page to start, watch, approve and review agent runs."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from .._errors import RefwrightError
from ._options import add_browser_options, browser_options

__all__ = ["add_parser", "run"]


def _seconds(text: str) -> float:
    value = float(text)
    if value <= 0:
        raise argparse.ArgumentTypeError("must be more than 0")
    return value


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "console", help="serve a web page to watch, approve and review agent runs",
        description="Serve the console on 127.0.0.1 (or --host). Its URL, with a random token, is printed on "
        "stdout; open it in a browser. Other runs report to it with `refwright agent --console URL`.")
    parser.add_argument("--port", type=int, default=0, metavar="P", help="port to listen on (default: a free one)")
    parser.add_argument("--host", default="127.0.0.1", metavar="H",
                        help="address to listen on (default 127.0.0.1; other hosts still need the token)")
    parser.add_argument("--model", metavar="SPEC", default="local",
                        help="the Model field's default: openai:MODEL, anthropic:MODEL or local (default)")
    parser.add_argument("--max-steps", type=int, default=30, metavar="N", help="model replies per run (default 30)")
    parser.add_argument("--approval-timeout", type=_seconds, default=120.0, metavar="SECONDS",
                        help="an unanswered approval is denied after this long (default 120)")
    parser.add_argument("--runs-dir", metavar="DIR",
                        help="keep finished runs (steps and screenshots) here and list them again on the next start")
    add_browser_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        return asyncio.run(_serve(args))
    except KeyboardInterrupt:
        print("Console stopped.", file=sys.stderr)
        return 0
    except RefwrightError as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return 1


async def _serve(args: argparse.Namespace) -> int:
    import refwright

    from ..console import Console, ConsoleServer

    # Confirmations are asked on the console's page, never at this terminal.
    options = browser_options(args, ask_at_terminal=False)
    async with refwright.launch(**options.launch_kwargs()) as browser:
        console = Console(browser, model=args.model, max_steps=args.max_steps,
                          approval_timeout=args.approval_timeout,
                          runs_dir=Path(args.runs_dir) if args.runs_dir else None)
        async with ConsoleServer(console, host=args.host, port=args.port) as server:
            print("refwright console: open this URL (it carries the console's token):", file=sys.stderr, flush=True)
            print(server.url, flush=True)
            await asyncio.Event().wait()
    return 0
