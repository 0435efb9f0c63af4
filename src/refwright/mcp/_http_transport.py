"""``refwright mcp --http``: the SDK's streamable HTTP app, with refwright's session rules around it.

Each MCP session (``Mcp-Session-Id``) is a tenant of the server (see ``_tenants``): the app closes its
browser context when the client ends the session (DELETE) and once it has had no call for ``session_idle``
seconds. The SDK caps the sessions (``max_sessions``) and ends idle ones; its refusal at the cap is
replaced by a sentence that says what to do.

The sessionless 2026-07-28 revision has no key that would tie one request to the next (its
``requestState`` lives for one call's rounds of questions), so on an isolating server its clients get a
clear refusal from the browser tools. To make clients that negotiate (the official client's default)
choose a revision with sessions, ``server/discover`` offers only the handshake revisions, as the Go SDK's
stateful server does.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import TYPE_CHECKING, Any

import mcp_types as types
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Message, Receive, Scope, Send

    from ._server import RefwrightMcp
    from ._tenants import Tenants

__all__ = ["DEFAULT_MAX_SESSIONS", "DEFAULT_SESSION_IDLE", "http_app"]

DEFAULT_MAX_SESSIONS = 16
DEFAULT_SESSION_IDLE = 600.0


def http_app(server: RefwrightMcp, *, max_sessions: int = DEFAULT_MAX_SESSIONS) -> ASGIApp:
    """The ASGI app serving ``server`` at ``/mcp`` on 127.0.0.1 (DNS-rebinding protection on)."""
    if max_sessions < 1:
        raise ValueError(f"max_sessions must be at least 1, not {max_sessions}")
    tenants = server.tenants
    if tenants.isolated:
        lowlevel = server.server

        async def discover(ctx: Any, params: types.RequestParams | None) -> types.DiscoverResult:
            return types.DiscoverResult(supported_versions=list(HANDSHAKE_PROTOCOL_VERSIONS),
                                        capabilities=lowlevel.get_capabilities(protocol_version=ctx.protocol_version),
                                        instructions=lowlevel.instructions)

        lowlevel.add_request_handler("server/discover", types.RequestParams, discover)
    app = server.server.streamable_http_app(host="127.0.0.1", session_idle_timeout=tenants.session_idle,
                                            max_sessions=max_sessions)
    return _SessionRules(app, tenants, max_sessions)


def cap_refusal(max_sessions: int, session_idle: float | None, *, isolated: bool = True) -> str:
    """What a new client is told when the server has ``max_sessions`` sessions open already."""
    own = ", each with a browser of its own" if isolated else ""
    dropped = (f"; a client that went away without ending its session is dropped after {session_idle:g} s "
               "(--session-idle)") if session_idle else ""
    return (f"This refwright server already has {max_sessions} MCP sessions open, its limit (--max-sessions "
            f"{max_sessions}){own}, so no session was opened. End a session that is "
            f"no longer needed (closing its client ends it{dropped}), then connect again; or restart the server "
            "with a higher --max-sessions.")


class _SessionRules:
    """ASGI middleware: ends a tenant with its session, reaps idle ones, words the refusal at the cap."""

    def __init__(self, app: ASGIApp, tenants: Tenants, max_sessions: int) -> None:
        self.app = app
        self.tenants = tenants
        self.max_sessions = max_sessions
        self._reaper: asyncio.Task[None] | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self.app(scope, self._lifespan(receive), send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        key = headers.get(b"mcp-session-id", b"").decode("latin-1")
        version = headers.get(b"mcp-protocol-version", b"").decode("latin-1")
        opening = not key and scope.get("method") == "POST" and (not version or version in HANDSHAKE_PROTOCOL_VERSIONS)
        ending = bool(key) and scope.get("method") == "DELETE"
        replaced = False

        async def watched(message: Message) -> None:
            nonlocal replaced
            if message["type"] == "http.response.start":
                status = int(message["status"])
                if opening and status == 503:  # the SDK's session limit: "Too many open sessions"
                    replaced = True
                    await self._refuse(send)
                    return
                if ending and status == 200:  # the SDK ended the session; its browser goes before the answer
                    await self.tenants.end(key)
            if not replaced:
                await send(message)

        await self.app(scope, receive, watched)

    async def _refuse(self, send: Send) -> None:
        body = json.dumps({"jsonrpc": "2.0", "id": None, "error": {
            "code": types.INTERNAL_ERROR,
            "message": cap_refusal(self.max_sessions, self.tenants.session_idle, isolated=self.tenants.isolated)}})
        data = body.encode()
        await send({"type": "http.response.start", "status": 503,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())]})
        await send({"type": "http.response.body", "body": data})

    def _lifespan(self, receive: Receive) -> Receive:
        async def receiving() -> Message:
            message = await receive()
            if message["type"] == "lifespan.startup" and self.tenants.session_idle and self.tenants.isolated:
                self._reaper = asyncio.create_task(self._reap(self.tenants.session_idle))
            elif message["type"] == "lifespan.shutdown" and self._reaper is not None:
                self._reaper.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await self._reaper
            return message

        return receiving

    async def _reap(self, idle: float) -> None:
        while True:
            await asyncio.sleep(min(max(idle / 10, 0.2), 30.0))
            await self.tenants.reap()
