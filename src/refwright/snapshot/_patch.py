"""A snapshot result sent as a patch of the one Python holds (snapshot/runtime/incremental.js patchFrom):
after a small change, only the lines and refs that differ cross from the page to Python."""

from __future__ import annotations

from typing import Any

__all__ = ["apply_patch"]


def apply_patch(held: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
    """The whole result ``answer`` stands for: each patched list is ``held``'s head, the new middle and
    ``held``'s tail (pure)."""
    out = {key: value for key, value in answer.items() if key not in ("patch", "base")}
    for key, (head, tail, middle) in answer["patch"].items():
        old = held[key]
        out[key] = old[:head] + middle + old[len(old) - tail:]
    return out
