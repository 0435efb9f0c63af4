"""Where a navigating command is judged by the action policy: the URL it goes to, read from its arguments
(pure). The specs name these; nothing outside the command packages decides it by a command's name."""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import urljoin

from .._open_url import normalize_url

__all__ = ["first_url", "relative_url", "second_url", "tab_url"]


def first_url(args: Sequence[str], here: str) -> str:
    """`open <url>`, `read <url>`: the URL as `open` completes it."""
    return normalize_url(args[0]) if args else here


def second_url(args: Sequence[str], here: str) -> str:
    """`diff url <u1> <u2>`: the first URL (its handler decides the second before it goes there)."""
    return normalize_url(args[1]) if len(args) > 1 else here


def tab_url(args: Sequence[str], here: str) -> str:
    """`tab new [url]`: where the new tab opens; switching and closing stay where the page is."""
    if args and args[0].lower() == "new":
        return normalize_url(args[1]) if len(args) > 1 else "about:blank"
    return here


def relative_url(args: Sequence[str], here: str) -> str:
    """`pushstate <url>`: the URL resolved against the page, as the page's history resolves it."""
    return urljoin(here, args[0]) if args else here
