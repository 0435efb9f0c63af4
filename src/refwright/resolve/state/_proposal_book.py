"""Proposals: one-use tokens for approval-required steps, bound to a URL and fingerprint (pure)."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..._errors import ProposalError

__all__ = ["PROPOSAL_TTL", "Proposal", "ProposalBook", "ProposalError"]

# Seconds a proposal stays valid.
PROPOSAL_TTL = 300.0
_MAX_OPEN = 32


@dataclass(frozen=True)
class Proposal:
    """An approval-required step waiting for ``confirm <token>``.

    ``action`` names what to do (``click``, ``drag``, ...), ``args`` what on (element ids); ``summary`` is
    the sentence shown to the person who approves. ``on_done`` lets ``act`` record the step as done.
    """

    token: str
    action: str
    summary: str
    url: str
    fingerprint: str
    created: float
    args: dict[str, Any] = field(default_factory=dict)
    on_done: Callable[[], None] | None = field(default=None, compare=False)


class ProposalBook:
    """Open proposals of one page. Tokens are random, single-use and expire after ``PROPOSAL_TTL``."""

    def __init__(self, ttl: float = PROPOSAL_TTL) -> None:
        self.ttl = ttl
        self._open: dict[str, Proposal] = {}

    def create(self, action: str, summary: str, *, url: str, fingerprint: str, now: float,
               args: dict[str, Any] | None = None, on_done: Callable[[], None] | None = None) -> Proposal:
        self._expire(now)
        while len(self._open) >= _MAX_OPEN:
            self._open.pop(next(iter(self._open)))
        token = "p-" + secrets.token_urlsafe(12)
        proposal = Proposal(token, action, summary, url, fingerprint, now, dict(args or {}), on_done)
        self._open[token] = proposal
        return proposal

    def peek(self, token: str, now: float) -> Proposal | None:
        """The open, unexpired proposal ``token`` names, left open (None when there is none)."""
        proposal = self._open.get(token.strip())
        if proposal is None or now - proposal.created > self.ttl:
            return None
        return proposal

    def take(self, token: str, now: float) -> Proposal:
        """Remove and return the proposal; it can never be taken twice."""
        token = token.strip()
        proposal = self._open.pop(token, None)
        if proposal is None:
            raise ProposalError(
                f"There is no open proposal {token!r}: it was already used, cancelled, or never made. "
                "Run `act <request>` (or the bounded command) again to get a fresh proposal."
            )
        if now - proposal.created > self.ttl:
            raise ProposalError(
                f"Proposal {token!r} expired ({int(self.ttl // 60)} minutes). Run the request again for a fresh one."
            )
        return proposal

    def check_page(self, proposal: Proposal, *, url: str, fingerprint: str) -> None:
        """Refuse when the page is not the one the proposal was made on (the proposal is already gone)."""
        if url != proposal.url:
            raise ProposalError(
                f"Cancelled: the page moved from {proposal.url} to {url} since the proposal. Nothing was done; "
                "run the request again on this page."
            )
        if fingerprint != proposal.fingerprint:
            raise ProposalError(
                "Cancelled: the page changed since the proposal (its controls or their state differ). Nothing "
                "was done; run `inspect` or the request again for a fresh proposal."
            )

    def _expire(self, now: float) -> None:
        for token in [t for t, p in self._open.items() if now - p.created > self.ttl]:
            del self._open[token]

    def __len__(self) -> int:
        return len(self._open)
