# Generated from src/refwright/_async/launch/_guard_wiring.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""Network containment for one browser session.

Where refwright launches Chromium it puts its own filtering proxy in front of it (``FilteringProxy``):
every connection, sub-resource, redirect hop, WebSocket and preconnect included, is resolved, checked and
connected to the checked address by refwright, so a refused host gets no connection at all. Where it
cannot (a page you wrap, a Chrome attached over CDP) it falls back to request interception, which sees
every request the page makes but not Chromium's preconnects, and says so in ``capabilities()``.
"""

from __future__ import annotations

import secrets
import socket
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, Request, Route
from playwright.sync_api import Page as PlaywrightPage

from ..._bridge import run_coroutine
from ..._capabilities import Capabilities
from ..._config import Config
from ..._errors import PolicyDeniedError
from ...safety import FilteringProxy, PrivateAccess, check_url_async, clean_line, normalize_domains
from ..pipeline._translate import best_effort

__all__ = ["NetworkGuard"]

# How long an interception-mode verdict on a host is reused, so a page's hundred requests to one CDN
# cost one DNS lookup.
_VERDICT_TTL = 30.0
# A refusal no page has claimed yet is kept this long: the page's own "request" event can reach Python
# after the proxy thread recorded the refusal, and another page of the session may claim it instead.
_UNCLAIMED_TTL = 10.0

# What request interception leaves open, in words a person can act on (Capabilities.not_guarded).
INTERCEPTION_GAPS = (
    "preconnects and DNS prefetches (no request event sees them)",
    "redirect hops (the browser follows them before a check)",
    "DNS rebinding (the browser resolves names again after the check)",
    "WebRTC over UDP",
)
REMOTE_INTERCEPTION_GAP = ("names are checked as this machine resolves them, not as the remote browser's "
                           "network does: pass guard_listen (--guard-listen HOST:PORT) to route it through "
                           "refwright's proxy")
REMOTE_PROXY_GAP = ("WebRTC over UDP (the remote browser's command-line switches are its server's, so the one that "
                    "keeps WebRTC on the proxy is not set)")
ATTACHED_GAP = ("the person's own tabs in the attached browser, and service workers (refwright checks only the "
                "tabs it drives and the tabs they open; the person's browsing is theirs)")
_WILDCARDS = ("0.0.0.0", "::", "")

# (target, host, port, reason) of one refused request.
RefusalRecord = tuple[str, str, int, str]


def target_key(host: str, port: int) -> tuple[str, int]:
    """``host``/``port`` as the page's request events and the proxy's records both spell them."""
    return host.lower().removeprefix("[").removesuffix("]").rstrip("."), port


class NetworkGuard:
    """``proxy``: refwright launches the browser and puts its proxy in front. ``listen`` (host, port): the
    browser is remote and reaches the proxy there (at ``reach_host`` when the proxy listens on every
    address), with a per-session credential. ``remote`` alone: request interception."""

    def __init__(self, config: Config, *, proxy: bool, listen: tuple[str, int] | None = None,
                 reach_host: str | None = None, remote: bool = False, attached: bool = False) -> None:
        self.allow_private: bool | tuple[str, ...] = config.allow_private
        # A refusal tells the user how to allow more in the words of where they set it.
        self._surface = config.surface
        self.allowed_domains: tuple[str, ...] = normalize_domains(config.allowed_domains)
        self.proxy: FilteringProxy | None = None
        self.remote = remote or listen is not None or attached
        # Attached to the person's own browser on this machine (auto_connect): only refwright's tabs are checked.
        self.attached = attached
        self._listen = listen
        self._reach_host = reach_host
        if listen is not None:
            # Reachable from other machines: only the browser that was handed this credential is served.
            credential = ("refwright", secrets.token_urlsafe(24))
            self.proxy = FilteringProxy(allow_private=self._access(), allowed_domains=self.allowed_domains,
                                        host=listen[0], port=listen[1], credentials=credential)
        elif proxy:
            self.proxy = FilteringProxy(allow_private=self._access(), allowed_domains=self.allowed_domains)
        self._verdicts: dict[str, tuple[float, str | None]] = {}
        self._intercepted: list[RefusalRecord] = []
        self._unclaimed: list[tuple[float, RefusalRecord]] = []
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
        if self.proxy is None or self._listen is not None:
            return {}
        return {"proxy": self.proxy.playwright_proxy(), "args": self.proxy.chromium_args()}

    @property
    def proxies_remote(self) -> bool:
        """Whether a remote browser's contexts go through the proxy (else they are intercepted)."""
        return self._listen is not None

    def _listen_text(self) -> str | None:
        if self._listen is None or self.proxy is None:
            return None
        host = self._listen[0]
        port = self.proxy.port if self._running else self._listen[1]
        return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"

    def context_options(self) -> dict[str, Any]:
        """``new_context`` options for a remote browser: the proxy at the address it can reach."""
        if self._listen is None or self.proxy is None:
            return {}
        self.start()
        host = self._reach_host or self._listen[0]
        if host in _WILDCARDS:
            host = socket.getfqdn()
        host = f"[{host}]" if ":" in host else host
        return {"proxy": self.proxy.playwright_proxy(f"http://{host}:{self.proxy.port}")}

    def intercept(self, target: BrowserContext | PlaywrightPage, *, service_workers: bool = True) -> None:
        """Check every request of ``target`` (for browsers refwright cannot put its proxy in front of).

        A page's routes do not see what its service workers fetch (those belong to the context), so for a
        page the context is routed as well, for service-worker requests only; the context's other pages
        are left alone. Not with ``service_workers=False``: a context that is the person's own (an attached
        browser) is not routed at all."""
        target.route("**/*", self._route)
        if service_workers and isinstance(target, PlaywrightPage):
            target.context.route("**/*", self._route_service_worker)

    def note_refusal(self, url: str, reason: str) -> None:
        """A request refused elsewhere (the popup watch of an attached browser), for the page's notes."""
        parts = urlsplit(url)
        try:
            port = parts.port or (443 if parts.scheme in ("https", "wss") else 80)
        except ValueError:
            port = 0
        self._intercepted.append((url, parts.hostname or "", port, f"Refused {clean_line(url)[:200]}: "
                                                                   f"{reason.partition(': ')[2] or reason}"))

    def _route_service_worker(self, route: Route, request: Request) -> None:
        if request.service_worker is None:
            route.fallback()
            return
        self._route(route, request)

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
            self.proxy.set_allow_private(self._access())

    def _access(self) -> PrivateAccess:
        return PrivateAccess.from_setting(self.allow_private, self._surface)

    def capabilities(self) -> Capabilities:
        proxied = self.proxy is not None
        if not proxied:
            gaps = INTERCEPTION_GAPS + ((ATTACHED_GAP,) if self.attached else
                                        (REMOTE_INTERCEPTION_GAP,) if self.remote else ())
        else:
            gaps = (REMOTE_PROXY_GAP,) if self.remote else ()
        return Capabilities(
            scheme_check=True,
            navigation_check=True,
            request_filtering="proxy" if proxied else "interception",
            blocks_preconnect=proxied,
            redirects_checked=proxied,
            dns_rebinding_protection=proxied,
            domain_filtering=True,
            downloads_blocked=True,
            dialogs_dismissed=True,
            popups_closed=True,
            not_guarded=gaps,
            proxy_listen=self._listen_text(),
        )

    # -- checks ---------------------------------------------------------------------------------

    def check_navigation(self, url: str, *, allow_about_blank: bool = False) -> None:
        """Refuse a navigation before any browser API runs (raises ``PolicyDeniedError``)."""
        run_coroutine(check_url_async(url, allow_private=self._access(),
                                              allowed_domains=self.allowed_domains,
                                              allow_about_blank=allow_about_blank))

    def take_refusals(self, claims: Callable[[str, int], bool]) -> list[RefusalRecord]:
        """The refused (target, host, port, reason) that ``claims(host, port)`` says are the caller's.

        The proxy refuses Chromium's own background requests too, and one proxy serves every page of
        the session, so each page takes only refusals for hosts it requested; the rest wait a few
        seconds for their page (its request event may still be on the way) and are then dropped.
        """
        now = time.monotonic()
        fresh = self._intercepted
        self._intercepted = []
        if self.proxy is not None:
            fresh += [(r.target, r.host, r.port, r.reason) for r in self.proxy.drain_refusals()]
        pending = self._unclaimed + [(now, r) for r in fresh]
        taken: list[RefusalRecord] = []
        self._unclaimed = []
        for seen, record in pending:
            if claims(record[1], record[2]):
                taken.append(record)
            elif now - seen < _UNCLAIMED_TTL:
                self._unclaimed.append((seen, record))
        return taken

    def verdict(self, url: str) -> str | None:
        """Why a request to ``url`` is refused, or ``None`` when it may go ahead. Schemes that reach no
        host (data:, blob:) pass; a verdict on an origin is reused for a while."""
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https", "ws", "wss"):
            return None
        key = f"{parts.scheme}://{parts.netloc}"
        now = time.monotonic()
        cached = self._verdicts.get(key)
        if cached is not None and now - cached[0] < _VERDICT_TTL:
            rest = cached[1]
        else:
            http_url = url.replace("ws://", "http://", 1).replace("wss://", "https://", 1)
            try:
                self.check_navigation(http_url)
                rest = None
            except PolicyDeniedError as exc:
                # Kept without its "Refused <url>: " head, so the cached verdict names the URL asked about.
                rest = exc.message.partition(": ")[2] or exc.message
            self._verdicts[key] = (now, rest)
        return None if rest is None else f"Refused {clean_line(url)[:200]}: {rest}"

    def _route(self, route: Route, request: Request) -> None:
        url = request.url
        reason = self.verdict(url)
        if reason is None:
            route.fallback()
            return
        parts = urlsplit(url)
        try:
            port = parts.port or (443 if parts.scheme in ("https", "wss") else 80)
        except ValueError:
            port = 0
        self._intercepted.append((url, parts.hostname or "", port, reason))
        with best_effort():  # the page closed meanwhile, and the request with it
            route.abort("blockedbyclient")
