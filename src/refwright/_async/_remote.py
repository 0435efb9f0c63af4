"""Connecting to a remote browser: a Playwright server (``ws://``/``wss://``) or a Chrome over CDP."""

from __future__ import annotations

import json
import os
from urllib.parse import urlsplit, urlunsplit

from .._errors import BrowserError

__all__ = ["connect_headers", "endpoint_kind", "redact"]

# JSON object of HTTP headers for the endpoint (tokens live here, never on a command line or in output).
HEADERS_ENV = "REFWRIGHT_CONNECT_HEADERS"


def connect_headers(environ: dict[str, str] | None = None) -> dict[str, str]:
    raw = (os.environ if environ is None else environ).get(HEADERS_ENV, "").strip()
    if not raw:
        return {}
    try:
        value = json.loads(raw)
    except ValueError as exc:
        raise BrowserError(f"{HEADERS_ENV} is not valid JSON. Set it to an object such as "
                           '{"Authorization": "Bearer ..."}.') from exc
    if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        raise BrowserError(f"{HEADERS_ENV} must be a JSON object of string header names to string values.")
    return value


def redact(url: str) -> str:
    """``url`` without credentials or query (tokens often ride there), safe to print."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    netloc = f"{host}:{parts.port}" if parts.port else host
    return urlunsplit((parts.scheme, netloc, parts.path, "", ""))


def endpoint_kind(endpoint: str) -> str:
    """``"local"``, ``"connect"`` (a Playwright server) or ``"cdp"`` (a Chrome's debugging endpoint)."""
    if endpoint == "local":
        return "local"
    scheme = urlsplit(endpoint).scheme.lower()
    if scheme in ("ws", "wss"):
        # A CDP browser websocket is spelled ws://host/devtools/browser/<id>.
        return "cdp" if "/devtools/browser/" in endpoint else "connect"
    if scheme in ("http", "https"):
        return "cdp"
    raise BrowserError(f"Endpoint {redact(endpoint)!r} is not understood. Use \"local\", ws://host:port/ for a "
                       "Playwright server (playwright run-server, Browserless, Moon) or http://host:9222 for "
                       "a Chrome started with --remote-debugging-port.")
