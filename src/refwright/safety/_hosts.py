"""Checking a URL or a host: the SSRF and allow-list rules on top of the browser's own URL reading.

A model can be talked into opening ``http://169.254.169.254/`` or a router's admin page, and the same
address has many spellings. Hosts are read by :mod:`._url` exactly as the browser reads them, every
address a name resolves to is classified by :mod:`._addresses`, and the user's exceptions come from
:mod:`._access`.

The check here runs before a navigation, so the model gets a clear refusal. It cannot see what the page
itself loads, and the browser resolves names again on its own; :mod:`._proxy` closes both gaps by
resolving once and connecting to the checked address.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from ipaddress import IPv4Address, IPv6Address

from .._bridge import run_coroutine
from .._errors import PolicyDeniedError
from ._access import PrivateAccess
from ._addresses import (
    IPAddress,
    ReasonFn,
    forbidden_reason,
    is_cloud_metadata_address,
    is_forbidden_address,
)
from ._domains import domain_allowed, normalize_domains
from ._names import (
    AsyncResolver,
    CachingResolver,
    Resolver,
    system_resolve,
    system_resolve_async,
)
from ._names import unique as _unique
from ._sanitize import clean_line
from ._url import ParsedURL, host_text, parse_host, preclean, split_url, url_scheme

__all__ = [
    "AsyncResolver",
    "CachingResolver",
    "HostCheck",
    "IPAddress",
    "PrivateAccess",
    "ReasonFn",
    "Resolver",
    "check_url",
    "check_url_async",
    "forbidden_reason",
    "is_cloud_metadata_address",
    "is_forbidden_address",
    "parse_host",
    "resolve_checked",
    "split_url",
    "system_resolve",
    "system_resolve_async",
]


def _display(text: str, limit: int = 200) -> str:
    text = clean_line(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _same_spelling(shown: str, ip: IPAddress) -> bool:
    # An odd IPv4 spelling gets the real address in brackets; IPv6 spellings differ only in format.
    if isinstance(ip, IPv4Address):
        return shown == str(ip)
    try:
        return IPv6Address(shown) == ip
    except ValueError:
        return False


_LOCALHOST_ADDRESSES: tuple[IPAddress, ...] = (IPv4Address("127.0.0.1"), IPv6Address("::1"))


def _is_localhost_name(name: str) -> bool:
    # Chromium answers these itself with loopback addresses, whatever DNS says.
    return name in ("localhost", "localhost.localdomain", "localhost6", "localhost6.localdomain6") or (
        name.endswith(".localhost")
    )


def _address_advice(access: PrivateAccess, ip: IPAddress) -> str:
    if is_cloud_metadata_address(ip):
        return (
            "Cloud metadata endpoints are always blocked, even when private targets are allowed; only the "
            "user can allow one, by listing that exact address."
        )
    if access.entries:
        return (
            f"Private and loopback targets are blocked except {access.describe()}; "
            f"{access.hint.replace('allow them', 'allow more')}."
        )
    return f"Private and loopback targets are blocked; {access.hint}."


@dataclass(frozen=True)
class HostCheck:
    """Everything the checks need besides the target; built once per setting change."""

    access: PrivateAccess
    allowed_domains: tuple[str, ...] = ()
    reason: ReasonFn = forbidden_reason

    @classmethod
    def build(
        cls,
        allow_private: bool | Iterable[str] | PrivateAccess = False,
        allowed_domains: Iterable[str] = (),
        reason: ReasonFn = forbidden_reason,
    ) -> HostCheck:
        return cls(PrivateAccess.from_setting(allow_private), normalize_domains(allowed_domains), reason)

    def before_resolving(
        self, label: str, raw_host: str, host: IPAddress | str, port: int
    ) -> list[IPAddress] | None:
        """Check what can be checked without DNS; return the addresses, or ``None`` if DNS is needed."""
        if self.allowed_domains and not domain_allowed(host_text(host), self.allowed_domains):
            raise PolicyDeniedError(
                f"Refused {label}: {_display(host_text(host))} is not in the allowed domains "
                f"({', '.join(self.allowed_domains)}). Only those hosts can be contacted; "
                "the user can change the list with --allowed-domains."
            )
        if isinstance(host, str) and not _is_localhost_name(host):
            return None
        addresses: list[IPAddress] = [host] if not isinstance(host, str) else list(_LOCALHOST_ADDRESSES)
        return self.after_resolving(label, raw_host, host, port, addresses, resolved=isinstance(host, str))

    def after_resolving(
        self,
        label: str,
        raw_host: str,
        host: IPAddress | str,
        port: int,
        addresses: Sequence[IPAddress],
        *,
        resolved: bool = True,
    ) -> list[IPAddress]:
        """Refuse if any address is forbidden and not allowed by the user; return them otherwise."""
        if not addresses:
            shown = _display(raw_host.removeprefix("[").removesuffix("]"))
            raise PolicyDeniedError(
                f"Refused {label}: {shown} did not resolve to any address, so it could not be checked. "
                "Check the host name."
            )
        for ip in addresses:
            why = self.reason(ip)
            if why is None or self.access.permits(host, port, ip):
                continue
            # Worded only on refusal: cleaning the host text for display costs more than the check.
            shown = _display(raw_host.removeprefix("[").removesuffix("]"))
            if resolved:
                what = f"{shown} resolves to {why} ({ip})"
            else:
                what = f"{shown} is {why}" + ("" if _same_spelling(shown, ip) else f" ({ip})")
            raise PolicyDeniedError(f"Refused {label}: {what}. {_address_advice(self.access, ip)}")
        return list(addresses)








# One caching resolver per event loop: c-ares channels belong to a loop, and loops in different threads
# must not share a cache that is not thread-safe.
_SHARED: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, CachingResolver] = weakref.WeakKeyDictionary()


def shared_resolver() -> CachingResolver:
    """The running loop's caching resolver (the default for :func:`check_url_async`)."""
    loop = asyncio.get_running_loop()
    found = _SHARED.get(loop)
    if found is None:
        found = _SHARED[loop] = CachingResolver()
    return found


def _unresolvable(label: str, raw_host: str, error: BaseException) -> PolicyDeniedError:
    detail = _display(str(error) or type(error).__name__, 100)
    return PolicyDeniedError(
        f"Refused {label}: could not resolve {_display(raw_host)} ({detail}), so its addresses could not "
        "be checked. Check the host name, or try again if the network is flaky."
    )


def _prepare(url: str, allow_about_blank: bool, allow_private: bool | Iterable[str] | PrivateAccess,
             allowed_domains: Iterable[str], resolve: bool) -> tuple[HostCheck, str, ParsedURL] | None:
    """Every check that needs no DNS; what is left to resolve and check, or None when nothing is."""
    label = _display(url)
    stripped = preclean(url)
    if allow_about_blank and stripped.lower() == "about:blank":
        return None
    scheme = url_scheme(stripped)
    if scheme not in ("http", "https"):
        hint = "" if scheme is not None else " Give a full URL such as https://example.com/."
        raise PolicyDeniedError(f"Refused {label}: only http and https URLs can be opened.{hint}")
    try:
        parsed = split_url(stripped)
    except ValueError as e:
        raise PolicyDeniedError(f"Refused {label}: {_display(str(e), 300)}. Check the URL.") from None
    check = HostCheck.build(allow_private, allowed_domains)
    if check.before_resolving(label, parsed.raw_host, parsed.host, parsed.port) is not None or not resolve:
        return None
    return check, label, parsed


def check_url(
    url: str,
    *,
    allow_private: bool | Iterable[str] | PrivateAccess = False,
    allowed_domains: Iterable[str] = (),
    resolve: bool = True,
    resolver: Resolver | None = None,
    allow_about_blank: bool = False,
) -> None:
    """Raise ``PolicyDeniedError`` unless the browser may open ``url``.

    Only http and https pass (``about:blank`` too with ``allow_about_blank``, for the typed API). The host
    must be in ``allowed_domains`` when that is non-empty. An IP literal, in any spelling, must not be a
    forbidden address (:func:`forbidden_reason`); ``localhost`` and ``*.localhost`` count as loopback; any
    other name is resolved (``resolver``, default ``socket.getaddrinfo``) and every address it resolves
    to must pass. A name that does not resolve is refused, because it cannot be checked.
    ``allow_private`` is ``True``, ``False`` or ``HOST[:PORT]`` entries (see :class:`PrivateAccess`).

    This blocks (a facade over :func:`check_url_async`, bounded the same way); in async code use that.
    """
    lookup = resolver if resolver is not None else system_resolve

    async def resolve_in_thread(host: str) -> list[IPAddress]:
        return list(await asyncio.to_thread(lookup, host))

    run_coroutine(check_url_async(url, allow_private=allow_private, allowed_domains=allowed_domains, resolve=resolve,
                                  resolver=resolve_in_thread, allow_about_blank=allow_about_blank))


async def check_url_async(
    url: str,
    *,
    allow_private: bool | Iterable[str] | PrivateAccess = False,
    allowed_domains: Iterable[str] = (),
    resolve: bool = True,
    resolver: AsyncResolver | None = None,
    allow_about_blank: bool = False,
    resolve_timeout: float = 10.0,
) -> None:
    """:func:`check_url` for async code, bounded by ``resolve_timeout``. Names resolve on the loop
    through c-ares with cached answers (:func:`shared_resolver`) unless ``resolver`` is given."""
    prepared = _prepare(url, allow_about_blank, allow_private, allowed_domains, resolve)
    if prepared is None:
        return
    check, label, parsed = prepared
    assert isinstance(parsed.host, str)
    await resolve_checked(check, label, parsed.raw_host, parsed.host, parsed.port, resolver, resolve_timeout)


async def resolve_checked(
    check: HostCheck,
    label: str,
    raw_host: str,
    host: str,
    port: int,
    resolver: AsyncResolver | None,
    resolve_timeout: float,
) -> list[IPAddress]:
    """Resolve ``host`` once, bounded by ``resolve_timeout``, and check every address it gave."""
    try:
        async with asyncio.timeout(resolve_timeout):
            addresses = await (resolver if resolver is not None else shared_resolver())(host)
    except (OSError, UnicodeError, ValueError) as e:  # TimeoutError is an OSError
        raise _unresolvable(label, raw_host, e if str(e) else TimeoutError("timed out")) from None
    return check.after_resolving(label, raw_host, host, port, _unique(addresses))
