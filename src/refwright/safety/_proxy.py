"""refwright's filtering HTTP proxy: the browser reaches nothing the SSRF and domain checks refused.

Checking a URL before ``goto`` leaves three holes: what the page itself loads (fetch, images, WebSockets,
preconnects, iframes, redirects), the browser resolving the name again later (DNS rebinding), and names
that resolve differently for the browser than for the check. Chromium is therefore launched with this
proxy for *every* request, loopback included (``--proxy-bypass-list=<-loopback>``), and the proxy:

* resolves the host once, itself, and checks every address with :mod:`._hosts` (and the host against the
  allowed domains with :mod:`._domains`);
* refuses with ``403`` and a short plain-text reason, recording the refusal for the core to report;
* otherwise connects to the *checked address* — never to the name — so a second, different DNS answer
  cannot reach anything the check did not see.

It speaks plain HTTP/1.x proxy requests (absolute-form, bodies streamed both ways, client keep-alive,
WebSocket upgrades) and ``CONNECT`` tunnels (https, wss). Upstream connections are one per request with
``Connection: close``, so every request is checked on its own.

It runs in a daemon thread with its own event loop, so it works the same under the sync and async APIs
and never competes with the caller's loop. Settings can change while it runs.

Testing without a network: everything here is loopback, which is forbidden. Tests either allow a single
``HOST:PORT`` with ``allow_private`` (real configuration, the honest option) or inject ``resolver`` and
``forbidden_reason`` to make, say, ``127.0.0.2`` play a public host while ``127.0.0.1`` stays forbidden.
"""

from __future__ import annotations

import asyncio
import base64
import hmac
import logging
import threading
import time
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from ipaddress import IPv6Address
from typing import TYPE_CHECKING

from .._errors import BrowserError, PolicyDeniedError
from ._access import PrivateAccess
from ._addresses import IPAddress, ReasonFn, forbidden_reason
from ._hosts import HostCheck, resolve_checked
from ._http1 import LIMIT, HttpStatusError
from ._names import AsyncResolver, CachingResolver
from ._relay import Relay, Timeouts
from ._sanitize import clean_line
from ._serving import ThreadedServer
from ._url import host_text, parse_host

if TYPE_CHECKING:
    from playwright.async_api import ProxySettings

__all__ = ["CHROMIUM_ARGS", "FilteringProxy", "ProxyStats", "Refusal"]

_log = logging.getLogger(__name__)

CHROMIUM_ARGS = (
    # WebRTC sends STUN/TURN over UDP straight to any address a page names, ignoring the proxy;
    # this policy leaves WebRTC only TURN over TCP, which goes through the proxy.
    "--webrtc-ip-handling-policy=disable_non_proxied_udp",
    # QUIC is UDP; Chromium does not use it through an HTTP proxy, but nothing should depend on that.
    "--disable-quic",
    # Everything goes through the proxy, which resolves names itself; a browser that cannot resolve
    # anything cannot leak a lookup or reach a name by a path that skips the proxy.
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
)

@dataclass(frozen=True)
class Refusal:
    """A request or tunnel the proxy refused. ``reason`` is ready to show to a model.

    ``target`` is the URL of a plain-HTTP request or ``host:port`` of a tunnel (https, wss); ``host`` and
    ``port`` let the caller match it against the requests a page made, since Chromium's own background
    requests (component updates, sign-in checks) go through the proxy too.
    """

    target: str
    host: str
    port: int
    reason: str
    time: float


@dataclass(frozen=True)
class ProxyStats:
    """Counts since start: upstream connections made, and requests or tunnels refused."""

    allowed: int
    refused: int


class _Ledger:
    """What the proxy let through and refused, shared between its thread and the caller's."""

    def __init__(self, max_refusals: int) -> None:
        self._lock = threading.Lock()
        self._refusals: deque[Refusal] = deque(maxlen=max_refusals)
        self._allowed = 0
        self._refused = 0

    def allowed(self) -> None:
        with self._lock:
            self._allowed += 1

    def refused(self, refusal: Refusal) -> None:
        with self._lock:
            self._refused += 1
            self._refusals.append(refusal)

    def drain(self) -> list[Refusal]:
        with self._lock:
            refusals = list(self._refusals)
            self._refusals.clear()
        return refusals

    def stats(self) -> ProxyStats:
        with self._lock:
            return ProxyStats(self._allowed, self._refused)


class FilteringProxy:
    """An HTTP/HTTPS proxy on loopback that only connects where the safety checks allow.

    ``allow_private`` and ``allowed_domains`` mean what they mean for :func:`._hosts.check_url` and can be
    changed while the proxy runs. ``resolver`` and ``forbidden_reason`` are for tests. Every wait is
    bounded: ``header_timeout`` for a request head, ``connect_timeout`` per upstream address,
    ``resolve_timeout`` for DNS and ``idle_timeout`` for any read or write after that.
    """

    def __init__(
        self,
        *,
        allow_private: bool | Iterable[str] | PrivateAccess = False,
        allowed_domains: Iterable[str] = (),
        host: str = "127.0.0.1",
        port: int = 0,
        resolver: AsyncResolver | None = None,
        forbidden_reason: ReasonFn = forbidden_reason,
        connect_timeout: float = 10.0,
        resolve_timeout: float = 10.0,
        header_timeout: float = 30.0,
        idle_timeout: float = 300.0,
        max_refusals: int = 1000,
        credentials: tuple[str, str] | None = None,
    ) -> None:
        self._reason = forbidden_reason
        # Listening where other machines can reach it, the proxy serves only clients with this credential.
        self._credentials = credentials
        self._expected = (
            b"basic " + base64.b64encode(f"{credentials[0]}:{credentials[1]}".encode()) if credentials else b""
        )
        self._lock = threading.Lock()
        self._check = HostCheck.build(allow_private, allowed_domains, forbidden_reason)
        # Names resolve on the proxy's own loop, concurrently, with answers and failures cached.
        self._resolver: AsyncResolver = resolver if resolver is not None else CachingResolver()
        self._connect_timeout = connect_timeout
        self._resolve_timeout = resolve_timeout
        self._timeouts = Timeouts(header_timeout, idle_timeout)
        self._ledger = _Ledger(max_refusals)
        self._server = ThreadedServer(self._serve, host, port, limit=LIMIT, on_shutdown=self._close_resolver)

    # ---------------------------------------------------------------------------------------------
    # Thread-safe API
    # ---------------------------------------------------------------------------------------------

    @property
    def url(self) -> str:
        """``http://127.0.0.1:PORT``, for ``--proxy-server``. Only valid after :meth:`start`."""
        if not self._server.running:
            raise BrowserError("The network guard's proxy is not running, so it has no address yet; call start() "
                               "first.")
        return f"http://{host_text(parse_host(self._server.host))}:{self._server.port}"

    @property
    def port(self) -> int:
        return self._server.port

    @property
    def connections(self) -> int:
        """How many client connections the proxy is serving now."""
        return self._server.connections

    @property
    def thread(self) -> threading.Thread | None:
        """The proxy's own thread while it runs."""
        return self._server.thread

    def playwright_proxy(self, server: str | None = None) -> ProxySettings:
        """The ``proxy=`` launch or context option. ``bypass="<-loopback>"`` sends loopback through the proxy
        too; Playwright would add it by itself, unless ``PLAYWRIGHT_DISABLE_FORCED_CHROMIUM_PROXIED_LOOPBACK``
        is set, so it is not left to chance. ``server`` is the address a remote browser reaches the proxy
        at (default: where it listens); the credential, if any, rides along."""
        settings: ProxySettings = {"server": server or self.url, "bypass": "<-loopback>"}
        if self._credentials is not None:
            settings["username"], settings["password"] = self._credentials
        return settings

    def _authorized(self, headers: list[tuple[bytes, bytes]]) -> bool:
        given = [v.strip() for k, v in headers if k == b"proxy-authorization"]
        if len(given) != 1:
            return False
        scheme, _, token = given[0].partition(b" ")
        return hmac.compare_digest(scheme.lower() + b" " + token.strip(), self._expected)

    @staticmethod
    def chromium_args() -> list[str]:
        """Extra Chromium switches that close the paths around an HTTP proxy (see :data:`CHROMIUM_ARGS`)."""
        return list(CHROMIUM_ARGS)

    def set_allow_private(self, value: bool | Iterable[str] | PrivateAccess) -> None:
        """Change which private targets are allowed; raises ``ValueError`` for a bad entry."""
        with self._lock:
            self._check = HostCheck.build(value, self._check.allowed_domains, self._reason)

    def set_allowed_domains(self, domains: Iterable[str]) -> None:
        """Change the domain allow-list (empty: no restriction); raises ``ValueError`` for a bad entry."""
        with self._lock:
            self._check = HostCheck.build(self._check.access, domains, self._reason)

    def drain_refusals(self) -> list[Refusal]:
        """The refusals since the last call, oldest first (at most ``max_refusals`` are kept)."""
        return self._ledger.drain()

    @property
    def stats(self) -> ProxyStats:
        return self._ledger.stats()

    def start(self, timeout: float = 10.0) -> None:
        """Bind and start serving in a daemon thread; returns once the port is open."""
        self._server.start(timeout)

    def stop(self, timeout: float = 5.0) -> None:
        """Close every connection and stop the thread. Safe to call twice."""
        self._server.stop(timeout)

    def __enter__(self) -> FilteringProxy:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # ---------------------------------------------------------------------------------------------
    # Connections, on the proxy's own loop
    # ---------------------------------------------------------------------------------------------

    async def _close_resolver(self) -> None:
        if isinstance(self._resolver, CachingResolver):
            await self._resolver.close()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            relay = Relay(reader, writer, self._checked_addresses, self._connect, self._timeouts,
                          self._authorized if self._credentials is not None else None)
            await relay.serve()
        except (OSError, TimeoutError):
            pass  # the client went away or stalled; nothing to tell it
        except Exception:
            # A bug here must cost one connection, not the proxy.
            _log.exception("refwright proxy: unexpected error")

    async def _checked_addresses(self, label: str, raw_host: str, port: int) -> list[IPAddress]:
        with self._lock:
            check = self._check
        try:
            try:
                host = parse_host(raw_host)
            except ValueError as e:
                raise PolicyDeniedError(f"Refused {label}: the host is not valid ({e}).") from None
            addresses = check.before_resolving(label, raw_host, host, port)
            if addresses is None:
                assert isinstance(host, str)
                addresses = await resolve_checked(
                    check, label, raw_host, host, port, self._resolver, self._resolve_timeout
                )
            if port == self._server.port and any(_is_local(ip) for ip in addresses):
                raise PolicyDeniedError(f"Refused {label}: that is refwright's own proxy.")
        except PolicyDeniedError as e:
            self._ledger.refused(Refusal(label, clean_line(raw_host)[:200], port, e.message, time.time()))
            raise HttpStatusError(403, e.message) from None
        return addresses

    async def _connect(
        self, addresses: list[IPAddress], port: int, label: str
    ) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        error: BaseException | None = None
        for ip in addresses:
            try:
                async with asyncio.timeout(self._connect_timeout):
                    # A numeric host: asyncio connects to exactly this address, with no DNS lookup.
                    streams = await asyncio.open_connection(str(ip), port, limit=LIMIT)
            except OSError as e:  # includes TimeoutError
                error = e
                continue
            self._ledger.allowed()
            return streams
        detail = clean_line(str(error) or type(error).__name__) if error else "no address"
        raise HttpStatusError(502, f"Could not connect to {label} ({detail}).")



def _is_local(ip: IPAddress) -> bool:
    if isinstance(ip, IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback or ip.is_unspecified
