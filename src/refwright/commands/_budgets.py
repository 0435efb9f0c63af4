"""How long the commands that set their own time may take, read from their arguments (pure)."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["diff_opens", "read_opens", "wait_budget"]

_WAIT_DEFAULT_MS = 10_000


def _ms(text: str | bool | None) -> float | None:
    if not isinstance(text, str):
        return None
    try:
        value = float(text)
    except ValueError:
        return None
    return value if value >= 0 else None


def wait_budget(raw_args: Sequence[str], timeout_flag: str | bool | None) -> float:
    """`wait <ms>` waits that long; any wait is bounded by its --timeout (10 s by default)."""
    delay = _ms(raw_args[0]) if raw_args else None
    return max(_ms(timeout_flag) or _WAIT_DEFAULT_MS, delay or 0)


def read_opens(raw_args: Sequence[str]) -> int:
    """`read <url>` opens the page before reading it."""
    return 1 if raw_args else 0


def diff_opens(raw_args: Sequence[str]) -> int:
    """`diff url <u1> <u2>` opens both pages."""
    return 2 if raw_args and raw_args[0].lower() == "url" else 0
