"""What each MCP session of a server owns, kept apart from every other session's.

A tenant is one MCP session's browser (a context of its own on the server's one Chromium, so its own
cookies, storage, tabs, refs and ``act`` memory), its approvals ("always allow" grants, open questions)
and its coding-profile proposals. Over stdio, with ``--shared-session``, and in process, there is one
tenant for every caller. Over HTTP each ``Mcp-Session-Id`` gets one, closed when the session ends
(DELETE) or after ``session_idle`` seconds without a call.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from .._errors import RefwrightError
from ._client_browser import ClientBrowser, SharedBrowser
from ._elicitation import Approvals, Mode

__all__ = ["SHARED_KEY", "Tenant", "Tenants", "sessionless_refusal"]

# The key of the one tenant of a shared server.
SHARED_KEY = ""
# How many ended sessions are remembered, to tell a client why its browser is gone.
_REMEMBERED = 256


@dataclass
class Tenant:
    """One MCP session's browser, approvals and per-session tool state (``extra``)."""

    browser: ClientBrowser
    approvals: Approvals
    extra: dict[str, Any]
    busy: int = 0
    last_used: float = field(default_factory=time.monotonic)


class Tenants:
    """The tenants of one server, by MCP session key. ``shared``: one Chromium for all of them (each on a
    context of its own); without it there is a single tenant, with a browser of its own (``session``, when
    given, is that browser: tests share one between servers)."""

    def __init__(self, *, mode: Mode, extra: dict[str, Any] | None = None, session: ClientBrowser | None = None,
                 shared: SharedBrowser | None = None, session_idle: float | None = None) -> None:
        self.mode = mode
        self.shared = shared
        self.session_idle = session_idle
        self._extra = dict(extra or {})
        self._tenants: dict[str, Tenant] = {}
        self._idled: OrderedDict[str, None] = OrderedDict()
        # A person-facing UI (``refwright.agent.Approver``, e.g. the console) that every tenant asks instead
        # of its client.
        self._approver: Any = None
        if shared is None:
            self._tenants[SHARED_KEY] = self._new(session or ClientBrowser())

    @property
    def isolated(self) -> bool:
        """Whether each MCP session gets a tenant of its own."""
        return self.shared is not None

    def __len__(self) -> int:
        return len(self._tenants)

    def items(self) -> list[tuple[str, Tenant]]:
        """Every open tenant with its session key."""
        return list(self._tenants.items())

    def _new(self, browser: ClientBrowser) -> Tenant:
        return Tenant(browser, Approvals(mode=self.mode, approver=self._approver), dict(self._extra))

    def ask_through(self, approver: Any) -> None:
        """Send every tenant's questions, now and later, to ``approver`` instead of its client."""
        self._approver = approver
        for tenant in self._tenants.values():
            tenant.approvals.approver = approver

    def get(self, key: str) -> Tenant:
        """The tenant of session ``key``, made on its first call. A session whose browser was closed for
        idling is told so once (the call does nothing); its next call starts afresh."""
        tenant = self._tenants.get(key)
        if tenant is not None:
            return tenant
        if key in self._idled:
            del self._idled[key]
            raise RefwrightError(
                f"This MCP session's browser was closed after {self.session_idle:g} s without a call "
                "(--session-idle), with its pages, cookies and storage, so this call did nothing. The next call "
                "starts a fresh browser context on a blank page: open the page again.")
        assert self.shared is not None
        tenant = self._tenants[key] = self._new(ClientBrowser(shared=self.shared))
        return tenant

    def shared_tenant(self) -> Tenant:
        """The one tenant of a server that is not isolated."""
        if self.isolated:
            raise ValueError("This server gives each MCP session a tenant of its own; there is no shared one.")
        return self._tenants[SHARED_KEY]

    async def end(self, key: str) -> None:
        """Close session ``key``'s browser context (the client ended the session)."""
        tenant = self._tenants.pop(key, None)
        if tenant is not None:
            await tenant.browser.close()

    async def reap(self, now: float | None = None) -> list[str]:
        """Close the tenants idle for ``session_idle`` seconds (no call running, none since); their keys."""
        if self.session_idle is None or not self.isolated:
            return []
        now = time.monotonic() if now is None else now
        idle = [key for key, t in self._tenants.items() if not t.busy and now - t.last_used >= self.session_idle]
        for key in idle:
            tenant = self._tenants.pop(key)
            self._idled[key] = None
            while len(self._idled) > _REMEMBERED:
                self._idled.popitem(last=False)
            await tenant.browser.close()
        return idle

    async def close(self) -> None:
        """Close every tenant's browser, then the shared browser."""
        tenants, self._tenants = list(self._tenants.values()), {}
        for tenant in tenants:
            await tenant.browser.close()
        if self.shared is not None:
            await self.shared.close()


def sessionless_refusal(protocol_version: str | None) -> RefwrightError:
    """Why a client without an MCP session gets no browser on an isolating server, and what to do."""
    revision = f" (protocol {protocol_version})" if protocol_version else ""
    return RefwrightError(
        f"This server gives each MCP session a browser of its own, and this client has no session{revision}: "
        "nothing would keep its pages, cookies and refs from one call to the next, so nothing was done. "
        "Connect with a protocol revision that has sessions (2025-11-25 or earlier; the initialize "
        "handshake gives an Mcp-Session-Id), or start the server with --shared-session to share one browser "
        "among all clients.")
