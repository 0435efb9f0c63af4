"""Process trees from /proc: what a server started (its node driver, its Chromium), for the benchmarks that
measure them and the tests that check none is left behind."""

from __future__ import annotations

from pathlib import Path

__all__ = ["descendants"]


def descendants(pid: int) -> set[int]:
    """Every live process descended from ``pid``."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {p for p, pp in parents.items() if pp in frontier} - found
        found |= frontier
    return found
