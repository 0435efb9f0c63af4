"""Inspecting the page through the resolver engine, publishing refs, and waiting for steps to settle."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from playwright.async_api import Locator

from ..._errors import RefwrightError
from ...resolve._model import Control, Inspection, control_from_raw
from ...snapshot._refs import RefTarget, parse_ref
from ..runtime._runtime_engine import ENGINE, INSPECT_ENGINE

if TYPE_CHECKING:
    from ..tab._tab import Tab

__all__ = ["element_locator", "inspect_page", "run_resolver_op", "settle"]

# Controls act considers; inspect shows at most 80.
ACT_LIMIT = 400
INSPECT_LIMIT = 80


async def run_resolver_op(session: Tab, op: str, **args: Any) -> dict[str, Any]:
    """Run one operation of inspect.js in the main frame's isolated world."""
    if not session.config.allow_dom_extraction:
        raise RefwrightError("Inspecting the page is disabled by Config.allow_dom_extraction.")
    return await session.channel.run(op, engine=INSPECT_ENGINE, **args)


def publish_refs(session: Tab, token: str, controls: Sequence[Control], gone: Sequence[int] = ()) -> dict[int, str]:
    """Give each control a ref in the page's RefTable, alongside the refs of the last snapshot.

    Refs are keyed by element, so an element that a snapshot already named keeps its ref; ``gone`` are
    ids of collected elements, whose refs are forgotten.
    """
    table = session.view.refs
    same_document = any(t.token == token for t in table.latest.values() if not t.frames)
    table.begin(token)
    table.release((), token, gone)
    targets: dict[str, RefTarget] = dict(table.latest) if same_document else {}
    out: dict[int, str] = {}
    for c in controls:
        target = table.assign((), token, c.id, c.role or c.kind, c.label)
        targets[target.ref] = target
        out[c.id] = target.ref
    table.publish(targets)
    return out


async def inspect_page(session: Tab, *, limit: int = INSPECT_LIMIT, texts: bool = False) -> Inspection:
    raw = await run_resolver_op(session, "inspect", limit=limit, texts=texts)
    token = str(raw["token"])
    controls = [control_from_raw(c) for c in raw.get("controls", [])]
    refs = publish_refs(session, token, controls, [int(i) for i in raw.get("gone", [])])
    controls = [replace(c, ref=refs[c.id]) for c in controls]
    return Inspection(
        token=token,
        url=str(raw.get("url", "")),
        title=str(raw.get("title", "")),
        controls=tuple(controls),
        texts=tuple(str(t) for t in raw.get("texts", [])),
        total=int(raw.get("total", len(controls))),
        fingerprint=str(raw.get("fp", "")),
        secrets=int(raw.get("secrets", 0)),
        frames=int(raw.get("frames", 0)),
        by_id={c.id: c for c in controls},
    )


def element_locator(session: Tab, token: str, element_id: int) -> Locator:
    return session.pw.locator(f"{ENGINE}=ref:{token}:{element_id}")


async def settle(session: Tab, *, quiet_ms: int = 120, at_least_ms: int = 100, max_ms: int = 900) -> None:
    """Wait until the DOM has not changed for ``quiet_ms`` (at most ``max_ms``).

    It waits ``at_least_ms`` even on a quiet page: what a step sets off often starts on a short timer
    (a popup shown 50 ms after a field gets focus), and a page that is quiet at once has not reacted yet.
    """
    waited = 0
    while waited < max_ms:
        try:
            quiet = int((await run_resolver_op(session, "quiet"))["ms"])
        except RefwrightError:
            quiet = 0
        if quiet >= quiet_ms and waited >= at_least_ms:
            return
        pause = at_least_ms - waited if quiet >= quiet_ms else max(30, min(quiet_ms - quiet, max_ms - waited))
        await session.pw.wait_for_timeout(pause)
        waited += pause


def ref_id(session: Tab, target: str, inspection: Inspection) -> int | None:
    """The element id behind a ref (``@e3``), when it names an element of this document."""
    ref = parse_ref(target)
    if ref is None:
        return None
    entry = session.view.refs.latest.get(ref)
    if entry is None or entry.frames or entry.token != inspection.token:
        if not session.view.refs.ever_assigned(ref):
            raise RefwrightError(f"There is no ref @{ref} on this page. Run `inspect` and use a ref it lists.")
        raise RefwrightError(f"@{ref} is stale: the page changed since it was listed. Run `inspect` again.")
    return entry.local_id
