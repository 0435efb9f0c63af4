"""Options every browser-driving subcommand shares (shell, agent, mcp, demo)."""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass

from .._config import Config, TimeoutConfig

__all__ = ["BrowserOptions", "add_browser_options", "browser_options"]


@dataclass(frozen=True)
class BrowserOptions:
    executable_path: str | None
    cdp_url: str | None
    headless: bool
    config: Config


def add_browser_options(parser: argparse.ArgumentParser) -> None:
    g = parser.add_argument_group("browser")
    g.add_argument("--executable-path", help="Chromium to launch (default: discovered; REFWRIGHT_EXECUTABLE_PATH)")
    g.add_argument("--cdp", metavar="URL", help="attach to a running Chrome over CDP instead of launching one")
    g.add_argument("--headed", action="store_true", help="show the browser window")
    g.add_argument("--action-timeout", type=float, metavar="MS", default=None,
                   help="how long an action retries before failing (default 30000)")
    g.add_argument("--allow-private", nargs="?", const="*", default=None, metavar="HOST[:PORT],...",
                   help="allow loopback/private targets: all of them, or only the listed hosts")
    g.add_argument("--allowed-domains", metavar="D1,D2", help="the only hosts the page may contact")
    g.add_argument("--no-eval", action="store_true", help="switch off eval and wait --fn")
    g.add_argument("--content-boundaries", action="store_true",
                   help="wrap page-derived output in nonce markers")
    g.add_argument("--max-output", type=int, metavar="N", help="truncate output longer than N characters")


def _split(value: str | None) -> tuple[str, ...]:
    return tuple(p.strip() for p in (value or "").split(",") if p.strip())


def browser_options(args: argparse.Namespace) -> BrowserOptions:
    allow_private: bool | tuple[str, ...] = False
    if args.allow_private is not None:
        allow_private = True if args.allow_private == "*" else _split(args.allow_private)
    timeouts = TimeoutConfig() if args.action_timeout is None else TimeoutConfig(action=args.action_timeout)
    config = Config(
        timeouts=timeouts,
        allow_eval=not args.no_eval,
        content_boundaries=args.content_boundaries,
        max_output=args.max_output,
        allow_private=allow_private,
        allowed_domains=_split(args.allowed_domains),
    )
    return BrowserOptions(
        executable_path=args.executable_path or os.environ.get("REFWRIGHT_EXECUTABLE_PATH") or None,
        cdp_url=args.cdp,
        headless=not args.headed,
        config=config,
    )
