"""The approval desk: questions from every run wait here for a person, or for their timeout."""

from __future__ import annotations

import asyncio
import base64
import secrets
import time
from typing import Any
from urllib.parse import urlsplit

from ..agent import ApprovalRequest, Decision
from ._runs import Run, RunBook

__all__ = ["DEFAULT_TIMEOUT", "ApprovalDesk", "origin_of"]

DEFAULT_TIMEOUT = 120.0

_SAID = {
    Decision.ALLOW: "allowed once",
    Decision.ALWAYS: "allowed (always for this origin)",
    Decision.DENY: "denied",
    Decision.TIMEOUT: "timed out: denied",
}


def origin_of(url: str) -> str:
    """``scheme://host:port`` of a page, the scope of "Always for this origin"."""
    parts = urlsplit(url)
    try:
        port = parts.port or {"https": 443, "http": 80}.get(parts.scheme, 0)
    except ValueError:
        port = 0
    return f"{parts.scheme}://{(parts.hostname or '').lower()}:{port}"


class ApprovalDesk:
    """One question at a time per run; "Always for this origin" grants hold for the console's lifetime."""

    def __init__(self, book: RunBook, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.book = book
        self.timeout = timeout
        self.grants: set[tuple[str, str]] = set()
        self._waiting: dict[str, tuple[Run, asyncio.Future[Decision]]] = {}

    async def ask(self, run: Run, request: ApprovalRequest, image: bytes | None = None) -> Decision:
        """The person's decision; the run's steps say what it was, including a timeout's denial."""
        grant = (origin_of(request.url), request.action)
        step = {"kind": "approval", "command": f"approval: {request.action} {request.role} {request.name}".strip(),
                "output": request.summary, "status": "waiting", "error": False}
        if grant in self.grants:
            self.book.add_step(run, {**step, "status": "allowed (always for this origin)"})
            return Decision.ALLOW
        approval_id = "a-" + secrets.token_hex(6)
        future: asyncio.Future[Decision] = asyncio.get_running_loop().create_future()
        self._waiting[approval_id] = (run, future)
        self.book.add_step(run, step)
        number = run.steps[-1]["n"]
        pending: dict[str, Any] = {
            "id": approval_id, "kind": request.kind, "action": request.action, "role": request.role,
            "name": request.name, "url": request.url, "summary": request.summary, "timeout": self.timeout,
            "deadline": time.time() + self.timeout,
            "image": "data:image/png;base64," + base64.b64encode(image).decode("ascii") if image else None,
        }
        self.book.set_pending(run, pending)
        try:
            decision = await asyncio.wait_for(asyncio.shield(future), self.timeout)
        except TimeoutError:
            decision = Decision.TIMEOUT
        except asyncio.CancelledError:
            self.book.update_step(run, number, status="cancelled: the run stopped", error=True)
            raise
        finally:
            self._waiting.pop(approval_id, None)
            if run.pending is not None and run.pending.get("id") == approval_id:
                self.book.set_pending(run, None)
        if decision is Decision.ALWAYS and urlsplit(request.url).hostname:
            # Without a page origin (an MCP question) the asker keeps its own grant, scoped its own way.
            self.grants.add(grant)
        self.book.update_step(run, number, status=_SAID[decision], error=not decision.allowed)
        return decision

    def answer(self, approval_id: str, decision: Decision) -> bool:
        """Settle a waiting question; False when it is no longer waiting (answered, timed out, stopped)."""
        waiting = self._waiting.get(approval_id)
        if waiting is None or waiting[1].done():
            return False
        waiting[1].set_result(decision)
        return True
