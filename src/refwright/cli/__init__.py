"""The ``refwright`` command: shell, agent, replay, record, mcp, demo, doctor and console subcommands."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from ._options import bare_allow_private, bare_auto_connect

__all__ = ["main"]

# name -> module that defines `add_parser(subparsers)`; modules are imported only when listed, so each
# subcommand keeps its own imports (and `refwright --help` stays fast).
SUBCOMMANDS = ("shell", "agent", "replay", "record", "mcp", "demo", "doctor", "console")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="refwright",
        description="A real browser for LLM agents, driven by agent-browser's command language.",
    )
    sub = parser.add_subparsers(dest="subcommand", metavar="COMMAND")
    for name in SUBCOMMANDS:
        try:
            module = importlib.import_module(f"refwright.cli._{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"refwright.cli._{name}":
                raise
            continue
        module.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(bare_auto_connect(bare_allow_private(sys.argv[1:] if argv is None else argv)))
    if not getattr(args, "run", None):
        parser.print_help()
        return 2
    code: int = args.run(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
