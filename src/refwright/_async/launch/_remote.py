"""Connecting to a remote browser: a Playwright server (``ws://``/``wss://``) or a Chrome over CDP."""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from urllib.parse import parse_qsl, unquote, urlsplit, urlunsplit

from ..._errors import BrowserError

__all__ = ["SELENIUM_ENV", "connect_headers", "endpoint_kind", "parse_listen", "redact", "scrub", "selenium_hub"]

# JSON object of HTTP headers for the endpoint (tokens live here, never on a command line or in output).
HEADERS_ENV = "REFWRIGHT_CONNECT_HEADERS"
# Playwright's own switch: with it set, chromium.launch() asks this Selenium Grid 4 for a browser.
SELENIUM_ENV = "SELENIUM_REMOTE_URL"


def selenium_hub(environ: dict[str, str] | None = None) -> str | None:
    """The Selenium Grid a launch goes to (Playwright reads the same variable), or ``None``."""
    return (os.environ if environ is None else environ).get(SELENIUM_ENV, "").strip() or None


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


def scrub(text: str, urls: Iterable[str], secrets: Iterable[str] = ()) -> str:
    """``text`` with every credential of ``urls`` (user info, query values) and every secret replaced, so
    an error message quoting an endpoint never shows its token."""
    hidden: set[str] = {s for s in secrets if len(s) >= 4}
    for url in urls:
        parts = urlsplit(url)
        hidden.update(p for p in (parts.username, parts.password) if p)
        hidden.update(v for _, v in parse_qsl(parts.query) if len(v) >= 4)
        if parts.query:
            hidden.add(parts.query)
        text = text.replace(url, redact(url))
    for secret in sorted(hidden, key=len, reverse=True):
        text = text.replace(secret, "***").replace(unquote(secret), "***")
    return text


def parse_listen(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[::]:PORT`` for IPv6) where refwright's filtering proxy listens for a remote browser;
    port 0 picks a free one."""
    host, sep, port = text.strip().rpartition(":")
    host = host.removeprefix("[").removesuffix("]")
    if not sep or not host or not port.isdigit() or int(port) > 65535:
        raise BrowserError(f"Guard listen address {text!r} is not HOST:PORT. Give an address the remote browser "
                           "can reach, e.g. 0.0.0.0:8899 (with --guard-host NAME) or 10.0.0.5:8899.")
    return host, int(port)
