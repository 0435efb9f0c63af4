# Generated from src/refwright/_async/tab/_semantic_find.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""Semantic locators (agent-browser's `find`, ``page.find``): an element by role, text, label,
placeholder, alt text, title or test id, as Playwright's ``get_by_*`` locators find them."""

from __future__ import annotations

from playwright.sync_api import Locator

from ..._errors import RefwrightError
from ...commands._specs_input import FIND_LOCATORS
from ...snapshot._format import quote
from ..pipeline._translate import best_effort, first_line, mapped
from ._tab import Tab

__all__ = ["describe", "find", "locate"]

# How long `find` waits for a first match to appear before it says there is none: a model is better
# served by a prompt "not found" than by a full action timeout.
_APPEAR_MS = 2_000


def locate(session: Tab, by: str, value: str, *, name: str | None = None, exact: bool = False,
           index: int | None = None) -> Locator:
    """Every element ``by`` (role, text, label, placeholder, alt, title, testid) matches, in document order;
    for first, last and nth (with ``index``, 0-based) the one element of the selector ``value``."""
    # Inside the frame `frame` chose, as every other command that finds elements does.
    pw = session.scope
    kind = by.lower()
    if kind == "first":
        return session.locator(value).first
    if kind == "last":
        return session.locator(value).last
    if kind == "nth":
        if index is None or index < 0:
            raise RefwrightError("Usage: find nth <index> <selector> [action] (the index is 0-based: 0 is the first)")
        return session.locator(value).nth(index)
    if kind == "role":
        # The role itself always ignores case, as agent-browser's does; --exact applies to the name.
        return pw.get_by_role(value.lower(), name=name, exact=exact)  # type: ignore[arg-type]
    if kind == "text":
        return pw.get_by_text(value, exact=exact)
    if kind == "label":
        return pw.get_by_label(value, exact=exact)
    if kind == "placeholder":
        return pw.get_by_placeholder(value, exact=exact)
    if kind == "alt":
        return pw.get_by_alt_text(value, exact=exact)
    if kind == "title":
        return pw.get_by_title(value, exact=exact)
    if kind == "testid":
        return pw.get_by_test_id(value)
    raise RefwrightError(f"Unknown locator `{by}` for find. Valid locators: {', '.join(FIND_LOCATORS)}.")


def describe(by: str, value: str, name: str | None = None, index: int | None = None) -> str:
    """How outputs name what find found: `role button "Submit"`, `label "Email"`, `nth 2 .card`."""
    if by.lower() in ("first", "last"):
        return f"{by.lower()} {value}"
    if by.lower() == "nth":
        return f"nth {index} {value}"
    if by.lower() == "role":
        return f"role {value.lower()}" + (f" {quote(name)}" if name else "")
    return f"{by.lower()} {quote(value)}"


def find(session: Tab, by: str, value: str, *, name: str | None = None,
               exact: bool = False, index: int | None = None) -> tuple[Locator, int]:
    """The first match and how many there are; ``RefwrightError`` when nothing matches."""
    matches = locate(session, by, value, name=name, exact=exact, index=index)
    with mapped(lambda exc: RefwrightError(f"find {by} {value!r} is not a valid locator: {first_line(str(exc))}")):
        count = matches.count()
        if count == 0:
            with best_effort():  # still none after the wait: said below
                wait = min(_APPEAR_MS, session.config.timeouts.action)
                matches.first.wait_for(state="attached", timeout=wait)
            count = matches.count()
    if count == 0:
        what = (f"{by.lower()} '{value}'" + (f" named '{name}'" if name else "") if index is None
                else f"nth {index} '{value}'")
        raise RefwrightError(f"No element found by {what}. Take a snapshot (`snapshot -i`) to see what the page "
                             "shows, or try another locator.")
    return matches.first, count
