"""The bridge to the page runtime: registering it as a selector engine and calling its operations."""

from __future__ import annotations

import base64
import hashlib
import json
import weakref
from importlib import resources
from typing import Any

from playwright.async_api import FrameLocator, Locator, Playwright, Selectors
from playwright.async_api import Page as PlaywrightPage

from ..._driver._playwright_private import selectors_of_page
from ..._errors import RefwrightError
from ...snapshot._runtime import runtime_source, shipped
from ..pipeline._translate import best_effort

__all__ = ["AUDIT_ENGINE", "ENGINE", "ENGINES", "INSPECT_ENGINE", "INSPECT_SOURCE", "RUNTIME_SOURCE", "decode_answer",
           "encode_request", "register_engine", "run_op", "scope_for"]

RUNTIME_SOURCE = runtime_source()
# The name carries the runtime's hash, so two refwright versions in one process never share an engine.
ENGINE = "refwright" + hashlib.sha256(RUNTIME_SOURCE.encode()).hexdigest()[:10]

# The resolver's engine (refwright.resolve) runs in the same isolated world and uses the runtime's ids.
INSPECT_SOURCE = resources.files("refwright.resolve").joinpath("inspect.js").read_text(encoding="utf-8")
INSPECT_ENGINE = "refwrightinspect" + hashlib.sha256(INSPECT_SOURCE.encode()).hexdigest()[:10]

# The audit engine (read, a11y) runs there too, on the runtime's roles, names and visibility.
AUDIT_SOURCE = resources.files("refwright.audit").joinpath("audit.js").read_text(encoding="utf-8")
AUDIT_ENGINE = "refwrightaudit" + hashlib.sha256(AUDIT_SOURCE.encode()).hexdigest()[:10]


def _shared(name: str, source: str) -> str:
    """``source`` (an expression whose value is an engine) built at most once per JavaScript world, kept
    under ``name`` on that world's global. Playwright builds the engines in its utility world when it
    first runs a selector there, and ``_world.UtilityWorld`` may have built them over CDP before: both
    must get the same object, or a ref made on one route would be unknown on the other."""
    key = json.dumps(name)
    return ("(() => {\n"
            f"  if (Object.prototype.hasOwnProperty.call(globalThis, {key})) return globalThis[{key}];\n"
            f"  const engine = {shipped(source).strip()};\n"
            f"  Object.defineProperty(globalThis, {key}, {{ value: engine }});\n"
            "  return engine;\n"
            "})()")


# Each engine's name and its once-per-world source, the page runtime first (the others build on it).
ENGINES: tuple[tuple[str, str], ...] = tuple(
    (name, _shared(name, source))
    for name, source in ((ENGINE, RUNTIME_SOURCE), (INSPECT_ENGINE, INSPECT_SOURCE), (AUDIT_ENGINE, AUDIT_SOURCE)))

# Keyed by the Selectors object itself: an id() could be reused by the next Playwright instance.
_registered: weakref.WeakSet[Selectors] = weakref.WeakSet()


async def register_engine(selectors: Selectors) -> None:
    if selectors in _registered:
        return
    for name, source in ENGINES:
        with best_effort(when=lambda exc: "already registered" in str(exc)):
            await selectors.register(name, source, content_script=True)
    _registered.add(selectors)


def selectors_of(page: PlaywrightPage, playwright: Playwright | None) -> Selectors:
    """The Selectors of the Playwright instance that owns ``page``.

    The public API offers them only through the Playwright object; for a page wrapped without it we
    follow Playwright's own back-reference, and say what to pass when that is not there.
    """
    if playwright is not None:
        return playwright.selectors
    try:
        selectors: Selectors = selectors_of_page(page)
    except (AttributeError, TypeError) as exc:
        raise RefwrightError(
            "Could not find the Playwright instance of this page. Pass it explicitly: "
            "refwright.wrap(page, playwright=playwright)."
        ) from exc
    return selectors


# Where an operation runs: a page or frame (on its document) or a locator (on the element it matches).
Scope = PlaywrightPage | FrameLocator | Locator


def scope_for(page: PlaywrightPage, frames: tuple[str, ...]) -> PlaywrightPage | FrameLocator:
    scope: PlaywrightPage | FrameLocator = page
    for selector in frames:
        scope = scope.frame_locator(selector)
    return scope


async def run_op(scope: Scope, op: str, timeout: float, *, engine: str = ENGINE, **args: Any) -> dict[str, Any]:
    """Encode the request, run it through ``engine``'s ``run:`` channel on ``scope``, decode the answer;
    an answer that is an error becomes a RefwrightError. Playwright's errors pass through untranslated
    (``_channel.RuntimeChannel`` is the translating wrapper every caller uses)."""
    text = await scope.locator(f"{engine}=run:{encode_request(op, args)}").text_content(timeout=timeout)
    return decode_answer(text)


def encode_request(op: str, args: dict[str, Any]) -> str:
    """The body of a ``run:`` selector: the operation and its arguments as base64 JSON (selector-safe)."""
    return base64.b64encode(json.dumps({"op": op, **args}).encode()).decode()


def decode_answer(text: str | None) -> dict[str, Any]:
    """An operation's JSON answer; an answer that is an error becomes a RefwrightError."""
    result: dict[str, Any] = json.loads(text or "{}")
    if "error" in result:
        raise RefwrightError(str(result["error"]))
    return result
