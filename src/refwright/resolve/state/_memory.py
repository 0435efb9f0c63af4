"""A page's resolver state: open proposals and what the current request has done so far (pure).

The memory of a request belongs to the document it was made on, named by the page runtime's token (a
random id the runtime draws in its isolated world once per document): a new document, a reload or a
history move to another document gets a new token, so the request starts afresh there, while an in-page
change (``history.pushState``, a re-render) keeps the token and the progress.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from .._model import Control, Inspection, describe
from .._outcome import StepResult
from ._proposal_book import ProposalBook

__all__ = ["AFRESH_AGAIN", "AFRESH_MOVED", "Memo", "ResolverState"]

AFRESH_MOVED = "Started the request afresh: the page was opened, reloaded or navigated since the last act on it."
AFRESH_AGAIN = ("Started the request again: it was done, and the page's controls have changed since, so the same "
                "words ask for it once more.")


@dataclass
class Memo:
    """What ``act`` did for one request: parts done by clicks (the page cannot show those), notes for
    ``Done:``, sections already expanded while searching, names already clicked."""

    request: str
    document: str = ""
    done: set[int] = field(default_factory=set)
    notes: list[str] = field(default_factory=list)
    tried: set[int] = field(default_factory=set)
    clicked_names: set[str] = field(default_factory=set)
    # Elements clicked for a part that acts on several items ("Like every post by X"), by element id.
    clicked_ids: set[int] = field(default_factory=set)
    # Pages of a paginated list already looked through for an item (their fingerprints).
    pages: set[str] = field(default_factory=set)
    # The fingerprint of the page's controls when act last answered ``Done:`` for this request: the same
    # words on a page whose controls changed since then (a wizard's next step) ask for it again.
    finished: str | None = None
    # Whether the page's submit button was offered once the request was done (it is offered once).
    offered: bool = False
    # What a part read from the page across its steps, by part index (a guessing game's feedback, the page
    # of results shown): what the page no longer shows but the next step needs.
    read: dict[int, list[str]] = field(default_factory=dict)

    def mark(self, index: int, note: str) -> None:
        self.done.add(index)
        self.notes.append(note)


class ResolverState:
    def __init__(self) -> None:
        self.proposals = ProposalBook()
        self.memo: Memo | None = None

    def memo_for(self, request: str, new: bool, document: str, fingerprint: str = "") -> tuple[Memo, str]:
        """The memory of ``request`` on ``document``, and why it was started afresh when it was not asked to
        be (``new`` restarts it silently): ``AFRESH_MOVED`` when the page is another document than the one
        the same request last ran on, ``AFRESH_AGAIN`` when the request was done and the page's controls
        have changed since; else ``""``."""
        memo = self.memo
        same = not new and memo is not None and memo.request == request
        why = ""
        if same and memo is not None and memo.document != document:
            why = AFRESH_MOVED
        elif same and memo is not None and memo.finished is not None and memo.finished != fingerprint:
            why = AFRESH_AGAIN
        if new or memo is None or memo.request != request or why:
            memo = self.memo = Memo(request, document)
        return memo, why

    def follow(self, before: str, after: str) -> None:
        """A step of the request itself led from document ``before`` to ``after`` (a link, a submit): the
        memory goes with it, since the request is still in progress there."""
        if self.memo is not None and self.memo.document == before:
            self.memo.document = after

    def propose(self, inspection: Inspection, control: Control, action: str, why: str, *,
                args: dict[str, object] | None = None, on_done: Callable[[], None] | None = None,
                reason: str = "") -> StepResult:
        """An approval-required step as a proposal: nothing happens until ``confirm <token>``. ``reason`` is
        why it needs approval when the control's own risk does not say (a submit the request asked for)."""
        summary = f"{action} {describe(control)}"
        if args and "target_desc" in args:
            summary += f" onto {args['target_desc']}"
        proposal = self.proposals.create(
            action, summary, url=inspection.url, fingerprint=inspection.fingerprint, now=time.monotonic(),
            args={"token": inspection.token, "id": control.id, "ref": control.ref, **(args or {})},
            on_done=on_done)
        reason = control.risk_reason or reason or f"a {action} here may commit something that cannot be undone"
        text = (f"Needs approval: {summary} — {why}; approval is required because {reason}. Nothing was done "
                f"yet. To carry it out run `confirm {proposal.token}` (one use, valid 5 minutes, cancelled if the "
                "page changes first).")
        return StepResult(text, token=proposal.token)
