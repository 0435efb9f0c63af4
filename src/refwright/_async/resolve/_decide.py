"""``act`` with a decision provider: when the local resolver refuses, the provider picks one control."""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from ...resolve._changes import summarize_changes
from ...resolve._decide import Decider, decide_reply_async, parse_decision
from ...resolve._match import AmbiguousTarget, TargetNotFound
from ...resolve._model import CLICKABLE, TEXT_KINDS, describe
from ...resolve._request import UnsupportedRequest
from ...resolve._result import StepResult
from ._act import act as act_locally
from ._do import do
from ._inspect import ACT_LIMIT, inspect_page, settle
from ._state import state_of

if TYPE_CHECKING:
    from .._page import Page

__all__ = ["act", "decision_provider", "set_decision_provider"]

_PROVIDERS: weakref.WeakKeyDictionary[Page, Decider] = weakref.WeakKeyDictionary()


def set_decision_provider(page: Page, provider: Decider | None) -> None:
    if provider is None:
        _PROVIDERS.pop(page, None)
    else:
        _PROVIDERS[page] = provider


def decision_provider(page: Page) -> Decider | None:
    return _PROVIDERS.get(page)


async def act(page: Page, request: str, *, new: bool = False) -> StepResult:
    """One step of ``request``: resolved locally, else picked by the page's decision provider, if any."""
    try:
        return await act_locally(page, request, new=new)
    except (UnsupportedRequest, TargetNotFound, AmbiguousTarget) as refusal:
        provider = _PROVIDERS.get(page)
        if provider is None:
            raise
        return await _decide(page, provider, request, refusal)


async def _decide(page: Page, provider: Decider, request: str, refusal: Exception) -> StepResult:
    before = await inspect_page(page, limit=ACT_LIMIT, texts=True)
    reply = await decide_reply_async(provider, request, before)
    control, reason = parse_decision(reply, before)
    how = f"picked by the decision provider: {reason}"
    if control.approval:
        return state_of(page).propose(before, control, "click", how)
    if control.kind not in CLICKABLE | TEXT_KINDS | {"select"}:
        return StepResult(f"The decision provider picked {describe(control)}, which act can only click or focus; "
                          "nothing was done. Use the bounded actions (setfield, selectexact, setrange) on its ref.")
    await do(page, before, control, "click", lambda loc, t: loc.click(timeout=t))
    await settle(page)
    after = await inspect_page(page, limit=ACT_LIMIT, texts=True)
    return StepResult(f"Clicked {describe(control)} ({how}). The local resolver could not: "
                      f"{str(refusal).splitlines()[0][:200]}\n{summarize_changes(before, after)}")
