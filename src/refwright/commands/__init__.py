"""The command language: tokenizer, registry, parser and HELP (all pure, no I/O)."""

from ._parse import ParsedCommand, parse
from ._registry import COMMANDS, HELP, CommandSpec, all_specs, lookup, register, render_extension_help
from ._tokenize import tokenize

__all__ = [
    "COMMANDS",
    "HELP",
    "CommandSpec",
    "ParsedCommand",
    "all_specs",
    "lookup",
    "parse",
    "register",
    "render_extension_help",
    "tokenize",
]
