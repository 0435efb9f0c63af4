"""Network containment for one browser session.

Where refwright launches Chromium it puts its own filtering proxy in front of it (``FilteringProxy``):
every connection, sub-resource, redirect hop, WebSocket and preconnect included, is resolved, checked and
connected to the checked address by refwright, so a refused host gets no connection at all. Where it
cannot (a page you wrap, a Chrome attached over CDP) it falls back to request interception, which sees
every request the page makes but not Chromium's preconnects, and says so in ``capabilities()``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from playwright.async_api import BrowserContext, Request, Route
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page as PlaywrightPage

from .._config import Config
from .._errors import PolicyDeniedError
from ..safety import FilteringProxy, check_url_async, normalize_domains

__all__ = ["Capabilities", "NetworkGuard"]

# How long an interception-mode verdict on a host is reused, so a page's hundred requests to one CDN
# cost one DNS lookup.
_VERDICT_TTL = 30.0


@dataclass(frozen=True)
class Capabilities:
    """What this backend enforces. ``request_filtering`` is ``"proxy"``, ``"interception"`` or ``"none"``."""

    scheme_check: bool
    navigation_check: bool
    request_filtering: str
    blocks_preconnect: bool
    dns_rebinding_protection: bool
    domain_filtering: bool
    downloads_blocked: bool
    dialogs_dismissed: bool
    popups_closed: bool


class NetworkGuard:
    def __init__(self, config: Config, *, proxy: bool) -> None:
        self.allow_private: bool | tuple[str, ...] = config.allow_private
        self.allowed_domains: tuple[str, ...] = normalize_domains(config.allowed_domains)
        self.proxy: FilteringProxy | None = None
        if proxy:
            self.proxy = FilteringProxy(allow_private=self.allow_private, allowed_domains=self.allowed_domains)
        self._verdicts: dict[str, tuple[float, str | None]] = {}
        self._intercepted: list[tuple[str, str, int, str]] = []
        self._running = False

    # -- lifecycle ----------------------------------------------------------------------------

    def start(self) -> None:
        if self.proxy is not None and not self._running:
            self.proxy.start()
            self._running = True

    def stop(self) -> None:
        if self.proxy is not None and self._running:
            self.proxy.stop()
            self._running = False

    def launch_options(self) -> dict[str, Any]:
        if self.proxy is None:
            return {}
        return {"proxy": self.proxy.playwright_proxy(), "args": self.proxy.chromium_args()}

    async def intercept(self, target: BrowserContext | PlaywrightPage) -> None:
        """Check every request of ``target`` (for browsers refwright cannot put its proxy in front of)."""
        await target.route("**/*", self._route)

    # -- settings -----------------------------------------------------------------------------

    def set_allowed_domains(self, domains: list[str] | tuple[str, ...]) -> None:
        try:
            self.allowed_domains = normalize_domains(domains)
        except ValueError as exc:
            raise PolicyDeniedError(f"Invalid allowed domain: {exc}") from exc
        self._verdicts.clear()
        if self.proxy is not None:
            self.proxy.set_allowed_domains(self.allowed_domains)

    def set_allow_private(self, value: bool | tuple[str, ...]) -> None:
        self.allow_private = value
        self._verdicts.clear()
        if self.proxy is not None:
            self.proxy.set_allow_private(value)

    def capabilities(self) -> Capabilities:
        proxied = self.proxy is not None
        return Capabilities(
            scheme_check=True,
            navigation_check=True,
            request_filtering="proxy" if proxied else "interception",
            blocks_preconnect=proxied,
            dns_rebinding_protection=proxied,
            domain_filtering=True,
            downloads_blocked=True,
            dialogs_dismissed=True,
            popups_closed=True,
        )

    # -- checks ---------------------------------------------------------------------------------

    async def check_navigation(self, url: str, *, allow_about_blank: bool = False) -> None:
        """Refuse a navigation before any browser API runs (raises ``PolicyDeniedError``)."""
        await check_url_async(url, allow_private=self.allow_private, allowed_domains=self.allowed_domains,
                              allow_about_blank=allow_about_blank)

    def drain_refusals(self) -> list[tuple[str, str, int, str]]:
        """Refused (target, host, port, reason) since the last call."""
        out = self._intercepted
        self._intercepted = []
        if self.proxy is not None:
            out += [(r.target, r.host, r.port, r.reason) for r in self.proxy.drain_refusals()]
        return out

    async def _route(self, route: Route, request: Request) -> None:
        url = request.url
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https", "ws", "wss"):
            # data:, blob: and friends carry their content with them; they reach no host.
            await route.fallback()
            return
        key = f"{parts.scheme}://{parts.netloc}"
        now = time.monotonic()
        cached = self._verdicts.get(key)
        if cached is not None and now - cached[0] < _VERDICT_TTL:
            reason = cached[1]
        else:
            try:
                await self.check_navigation(url.replace("ws://", "http://", 1).replace("wss://", "https://", 1))
                reason = None
            except PolicyDeniedError as exc:
                reason = exc.message
            self._verdicts[key] = (now, reason)
        if reason is None:
            await route.fallback()
            return
        self._intercepted.append((url, parts.hostname or "", parts.port or 0, reason))
        try:
            await route.abort("blockedbyclient")
        except PlaywrightError:
            pass
