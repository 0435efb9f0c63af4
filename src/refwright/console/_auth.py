"""The console's token: in the URL printed at start, then in a cookie; nothing is served without it."""

from __future__ import annotations

import hmac
from http.cookies import CookieError, SimpleCookie
from typing import Any
from urllib.parse import parse_qs, urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["TokenGate", "cookie_name", "token_of"]


def cookie_name(port: int) -> str:
    # Cookies ignore ports: two consoles on one host must not overwrite each other's token.
    return f"refwright_console_{port}"


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}


def token_of(scope: Scope, port: int) -> str | None:
    """The token a request carries: ``?token=``, ``Authorization: Bearer``, or the cookie."""
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    if query.get("token"):
        return str(query["token"][0])
    headers = _headers(scope)
    auth = headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip()
    cookie: SimpleCookie = SimpleCookie()
    try:
        cookie.load(headers.get("cookie", ""))
    except CookieError:  # a malformed Cookie header carries no token
        return None
    morsel = cookie.get(cookie_name(port))
    return str(morsel.value) if morsel is not None else None


class TokenGate:
    """ASGI middleware: 401 without a token, 403 with a wrong one (and for WebSockets from other origins)."""

    def __init__(self, app: ASGIApp, token: str, port: Any) -> None:
        self.app = app
        self.token = token
        self.port = port  # a callable: the port is known only once the server has bound it

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        given = token_of(scope, self.port())
        status = 0
        if not given:
            status = 401
        elif not hmac.compare_digest(given.encode(), self.token.encode()) or (
                scope["type"] == "websocket" and not _same_origin(scope)):
            status = 403
        if status == 0:
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        body = (b"This console needs its token: open the URL that `refwright console` printed at start."
                if status == 401 else b"Wrong console token: open the URL that `refwright console` printed.")
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


def _same_origin(scope: Scope) -> bool:
    headers = _headers(scope)
    origin = headers.get("origin")
    if not origin:
        return True  # not a browser page: programs carry the token themselves
    return urlsplit(origin).netloc.lower() == headers.get("host", "").lower()
