"""Filling a field so that the answer is true: ``fill_text`` notices when the text went elsewhere."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from playwright.async_api import Locator

from ..._errors import RefwrightError, TextNotEnteredError
from ..pipeline._translate import best_effort

__all__ = ["TextNotEnteredError", "fill_text", "not_entered"]

_BEFORE_MS = 250.0


def fill_text(text: str) -> Callable[[Locator, float], Awaitable[Any]]:
    """An action filling a field with ``text``; raises TextNotEnteredError when the field is left as it was.

    Playwright's fill focuses the field and then types into whatever has the focus, so a page that moves
    the focus meanwhile gets the text elsewhere. A field whose value changed took the text, in whatever form
    (an input mask reformats it), so only an unchanged value counts as not entered."""

    async def run(loc: Locator, timeout: float) -> Any:
        # Not yet there, the element has nothing to compare with, and fill waits for it as it would.
        before = await _typed_value(loc, min(timeout, _BEFORE_MS))
        await loc.fill(text, timeout=timeout)
        if before is not None and before != text and await _typed_value(loc, timeout) == before:
            raise TextNotEnteredError("not entered")

    return run


async def _typed_value(loc: Locator, timeout: float) -> str | None:
    """The value of an input, textarea or select (None for an editable region: it has no value)."""
    with best_effort():  # not a field that has a value
        return await loc.input_value(timeout=timeout)
    return None


def not_entered(target: str, then: str) -> RefwrightError:
    """The answer when ``target`` kept its value; ``then`` says what else was done and what to run next."""
    return RefwrightError(f"The text did not reach {target}: it still holds what it held before. The page moved the "
                          f"focus while the text was typed (so it went elsewhere) or refused it. {then}")
