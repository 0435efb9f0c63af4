"""Which hosts the browser may reach: URL and host parsing the way Chromium does it, and SSRF checks.

A model can be talked into opening ``http://169.254.169.254/`` or a router's admin page, and the same
address has many spellings (``2130706433``, ``0x7f.1``, ``0177.0.0.1``, ``[::ffff:7f00:1]``,
``１２７。０。０。１``). A check that parses differently from the browser is a check the page can walk
around, so hosts are parsed with the WHATWG URL rules Chromium follows, and every address a name
resolves to is checked.

The check here runs before a navigation, so the model gets a clear refusal. It cannot see what the page
itself loads, and the browser resolves names again on its own; :mod:`._proxy` closes both gaps by
resolving once and connecting to the checked address.
"""

from __future__ import annotations

import asyncio
import re
import socket
import urllib.parse
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass
from ipaddress import IPv4Address, IPv4Network, IPv6Address, IPv6Network, ip_address
from typing import TypeAlias

from .._errors import PolicyDeniedError
from ._sanitize import clean_line

__all__ = [
    "AsyncResolver",
    "IPAddress",
    "PrivateAccess",
    "Resolver",
    "check_url",
    "check_url_async",
    "forbidden_reason",
    "is_cloud_metadata_address",
    "is_forbidden_address",
    "parse_host",
]

IPAddress: TypeAlias = IPv4Address | IPv6Address
Resolver: TypeAlias = Callable[[str], Sequence[IPAddress]]
AsyncResolver: TypeAlias = Callable[[str], Awaitable[Sequence[IPAddress]]]
ReasonFn: TypeAlias = Callable[[IPAddress], "str | None"]

ALLOW_PRIVATE_HINT = "the user can allow them with --allow-private (or REFWRIGHT_ALLOW_PRIVATE=1)"
_DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}

# --------------------------------------------------------------------------------------------------
# Host parsing (WHATWG URL Standard, "host parser", for special schemes)
# --------------------------------------------------------------------------------------------------

_FORBIDDEN_DOMAIN_CHARS = frozenset("\x00\t\n\r #/:<>?@[\\]^|%\x7f") | frozenset(map(chr, range(0x20)))


def _ipv4_number(part: str) -> int | None:
    # int() would also accept "+1", " 1" and "1_0"; the URL standard accepts none of them.
    radix, digits = 10, "0123456789"
    if part[:2] in ("0x", "0X"):
        part, radix, digits = part[2:], 16, "0123456789abcdefABCDEF"
    elif len(part) >= 2 and part[0] == "0":
        part, radix, digits = part[1:], 8, "01234567"
    if part == "":
        return 0
    if any(c not in digits for c in part):
        return None
    return int(part, radix)


def _ends_in_a_number(host: str) -> bool:
    parts = host.split(".")
    if parts[-1] == "":
        if len(parts) == 1:
            return False
        parts.pop()
    last = parts[-1]
    if last and all("0" <= c <= "9" for c in last):
        return True
    return last != "" and _ipv4_number(last) is not None


def _parse_ipv4(host: str) -> IPv4Address:
    parts = host.split(".")
    if parts[-1] == "" and len(parts) > 1:
        parts.pop()
    if len(parts) > 4:
        raise ValueError("more than four parts")
    numbers: list[int] = []
    for part in parts:
        if part == "":
            raise ValueError("empty part")
        n = _ipv4_number(part)
        if n is None:
            raise ValueError(f"{part!r} is not a number")
        numbers.append(n)
    if any(n > 255 for n in numbers[:-1]):
        raise ValueError("a part is larger than 255")
    if numbers[-1] >= 256 ** (5 - len(numbers)):
        raise ValueError("the last part is too large")
    value = numbers[-1]
    for i, n in enumerate(numbers[:-1]):
        value += n * 256 ** (3 - i)
    return IPv4Address(value)


def _domain_to_ascii(domain: str) -> str:
    if domain.isascii():
        return domain.lower()
    # The stdlib codec is IDNA 2003, not the browser's UTS 46; both map full-width digits and dots
    # (the spellings that matter for IP literals) the same way. Names it rejects are refused.
    try:
        return domain.encode("idna").decode("ascii").lower()
    except UnicodeError as e:
        raise ValueError(f"not a valid international domain name ({e})") from None


def parse_host(host: str) -> IPAddress | str:
    """Canonicalise a URL host as Chromium would: an IP address, or a lower-case ASCII domain name.

    Accepts every spelling a browser accepts for an IP literal — decimal (``2130706433``), hex
    (``0x7f.1``), octal (``0177.0.0.1``), short forms (``127.1``), percent-encoding, full-width digits,
    a trailing dot, ``[IPv6]`` with or without brackets. Domain names come back punycoded, lower-cased and
    without a trailing dot. Raises ``ValueError`` for a host a browser would refuse to parse.
    """
    if host.startswith("[") or ":" in host:
        inner = host[1:-1] if host.startswith("[") and host.endswith("]") else host
        if host.startswith("[") != host.endswith("]") or "%" in inner or "[" in inner or "]" in inner:
            raise ValueError("not a valid IPv6 address")
        try:
            return IPv6Address(inner)
        except ValueError:
            raise ValueError("not a valid IPv6 address") from None
    domain = urllib.parse.unquote_to_bytes(host).decode("utf-8", errors="replace")
    if domain == "":
        raise ValueError("empty host")
    ascii_domain = _domain_to_ascii(domain)
    if any(c in _FORBIDDEN_DOMAIN_CHARS for c in ascii_domain):
        raise ValueError("the host contains a character that is not allowed in a host name")
    if _ends_in_a_number(ascii_domain):
        return _parse_ipv4(ascii_domain)
    name = ascii_domain[:-1] if ascii_domain.endswith(".") else ascii_domain
    if name == "" or "" in name.split("."):
        raise ValueError("empty label")
    return name


def host_text(host: IPAddress | str) -> str:
    """The host as it appears in a URL authority (IPv6 in brackets)."""
    return f"[{host}]" if isinstance(host, IPv6Address) else str(host)


# --------------------------------------------------------------------------------------------------
# Address classification
# --------------------------------------------------------------------------------------------------

_V4_RANGES: tuple[tuple[IPv4Network, str], ...] = tuple(
    (IPv4Network(net), reason)
    for net, reason in (
        ("255.255.255.255/32", "the broadcast address"),
        ("0.0.0.0/32", "the unspecified address (which reaches this machine)"),
        ("0.0.0.0/8", "a 'this network' address"),
        ("127.0.0.0/8", "a loopback address"),
        ("10.0.0.0/8", "a private network address"),
        ("172.16.0.0/12", "a private network address"),
        ("192.168.0.0/16", "a private network address"),
        ("100.64.0.0/10", "a carrier-grade NAT (shared) address"),
        ("169.254.0.0/16", "a link-local address"),
        ("192.0.0.0/24", "a reserved (IETF protocol) address"),
        ("192.0.2.0/24", "a documentation address"),
        ("198.51.100.0/24", "a documentation address"),
        ("203.0.113.0/24", "a documentation address"),
        ("198.18.0.0/15", "a benchmarking address"),
        ("192.88.99.0/24", "a reserved (6to4 relay) address"),
        ("224.0.0.0/4", "a multicast address"),
        ("240.0.0.0/4", "a reserved address"),
    )
)

# Inside global unicast 2000::/3, the blocks that are not globally reachable (IANA special-purpose
# registry). Everything outside 2000::/3 is refused wholesale, with a name where one helps.
_V6_GLOBAL_EXCEPTIONS = tuple(
    IPv6Network(n)
    for n in (
        "2001:1::1/128",
        "2001:1::2/128",
        "2001:3::/32",
        "2001:4:112::/48",
        "2001:20::/28",
        "2001:30::/28",
    )
)
_V6_RANGES: tuple[tuple[IPv6Network, str], ...] = tuple(
    (IPv6Network(net), reason)
    for net, reason in (
        ("::/128", "the unspecified address (which reaches this machine)"),
        ("::1/128", "a loopback address"),
        ("::/96", "a deprecated IPv4-compatible address"),
        ("64:ff9b:1::/48", "a local-use NAT64 address"),
        ("100::/64", "a discard-only address"),
        ("2001:db8::/32", "a documentation address"),
        ("3fff::/20", "a documentation address"),
        ("2001:2::/48", "a benchmarking address"),
        ("2001::/32", "a Teredo tunnel address"),
        ("2001::/23", "a reserved (IETF protocol) address"),
        ("fc00::/7", "a unique local (private) address"),
        ("fe80::/10", "a link-local address"),
        ("fec0::/10", "a site-local (private) address"),
        ("ff00::/8", "a multicast address"),
    )
)
_V6_GLOBAL_UNICAST = IPv6Network("2000::/3")
_NAT64 = IPv6Network("64:ff9b::/96")

_CLOUD_METADATA = frozenset(
    ip_address(a)
    for a in (
        "169.254.169.254",  # AWS, GCP, Azure, OpenStack, DigitalOcean, ...
        "169.254.170.2",  # AWS ECS task credentials
        "169.254.170.23",  # AWS EKS pod identity
        "fd00:ec2::254",  # AWS over IPv6
        "fd00:ec2::23",
        "168.63.129.16",  # Azure wire server: a public address reachable only from inside Azure
        "100.100.100.200",  # Alibaba Cloud
    )
)


def is_cloud_metadata_address(ip: IPAddress) -> bool:
    """Whether ``ip`` (or the IPv4 address it wraps) is a cloud instance-metadata endpoint."""
    inner = _embedded_ipv4(ip) if isinstance(ip, IPv6Address) else None
    return ip in _CLOUD_METADATA or (inner is not None and inner in _CLOUD_METADATA)


def _embedded_ipv4(ip: IPv6Address) -> IPv4Address | None:
    # The forms a host would actually route to the IPv4 address inside.
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip in _NAT64:
        return IPv4Address(int(ip) & 0xFFFFFFFF)
    return ip.sixtofour


def forbidden_reason(ip: IPAddress) -> str | None:
    """Why the browser must not connect to ``ip`` (a phrase like ``"a loopback address"``), or ``None``.

    Refused: loopback, private (RFC 1918, ULA, site-local), link-local and cloud metadata endpoints,
    carrier-grade NAT, unspecified, "this network", broadcast, multicast, documentation, benchmarking and
    reserved space, and every IPv6 address outside global unicast. IPv6 forms that carry an IPv4 address
    (IPv4-mapped, NAT64 ``64:ff9b::/96``, 6to4 ``2002::/16``) are judged by the address they carry.
    """
    if ip in _CLOUD_METADATA:
        return "a cloud metadata address"
    if isinstance(ip, IPv4Address):
        for net, reason in _V4_RANGES:
            if ip in net:
                return reason
        return None
    inner = _embedded_ipv4(ip)
    if inner is not None:
        inner_reason = forbidden_reason(inner)
        if inner_reason is None:
            return None
        kind = "an IPv4-mapped" if ip.ipv4_mapped is not None else "a NAT64" if ip in _NAT64 else "a 6to4"
        return f"{kind} address for {inner}, {inner_reason}"
    if any(ip in net for net in _V6_GLOBAL_EXCEPTIONS):
        return None
    for v6net, reason in _V6_RANGES:
        if ip in v6net:
            return reason
    if ip not in _V6_GLOBAL_UNICAST:
        return "a reserved address"
    return None


def is_forbidden_address(ip: IPAddress) -> bool:
    """Whether the browser must not connect to ``ip``; see :func:`forbidden_reason`."""
    return forbidden_reason(ip) is not None


# --------------------------------------------------------------------------------------------------
# The user's exceptions for private targets
# --------------------------------------------------------------------------------------------------


def split_authority(authority: str) -> tuple[str, str]:
    """Split ``host[:port]`` as the URL standard does (the port follows the first ``:`` outside ``[]``)."""
    if authority.startswith("["):
        end = authority.find("]")
        if end < 0:
            return authority, ""
        host, rest = authority[: end + 1], authority[end + 1 :]
        return (host, rest[1:]) if rest.startswith(":") else (host, rest)
    host, _, port = authority.partition(":")
    return host, port


def parse_port(text: str, default: int) -> int:
    """A URL port: digits only, at most 65535; empty means the scheme's default."""
    if text == "":
        return default
    if not text.isascii() or not text.isdigit() or int(text) > 65535:
        raise ValueError(f"the port {clean_line(text)} is not valid")
    return int(text)


@dataclass(frozen=True)
class _Entry:
    host: IPAddress | str
    port: int | None
    text: str


@dataclass(frozen=True)
class PrivateAccess:
    """Which private targets the user allowed: all (``True``), none, or listed ``HOST[:PORT]`` entries.

    A named entry (``localhost:3000``) allows that name whatever private addresses it resolves to; an
    address entry (``127.0.0.1:3000``, ``[::1]:3000``) allows that address under any name. An entry
    without a port allows every port. Cloud metadata endpoints stay refused even when all private
    targets are allowed; only an entry naming that exact address allows one.
    """

    allow_all: bool = False
    entries: tuple[_Entry, ...] = ()

    @classmethod
    def from_setting(cls, value: bool | Iterable[str] | PrivateAccess) -> PrivateAccess:
        """Parse the ``allow_private`` setting; raises ``ValueError`` naming a bad entry."""
        if isinstance(value, PrivateAccess):
            return value
        if isinstance(value, bool):
            return cls(allow_all=value)
        if isinstance(value, str):
            value = [value]
        entries = []
        for text in value:
            item = text.strip()
            if item.count(":") > 1 and not item.startswith("["):
                host_part, port_part = item, ""  # a bare IPv6 address
            else:
                host_part, port_part = split_authority(item)
            try:
                entries.append(_Entry(parse_host(host_part), parse_port(port_part, 0) or None, item))
            except ValueError as e:
                raise ValueError(
                    f"Invalid --allow-private entry {text!r} ({e}); write HOST or HOST:PORT, "
                    "for example localhost:3000 or 192.168.1.10."
                ) from None
        return cls(entries=tuple(entries))

    def permits(self, host: IPAddress | str, port: int, ip: IPAddress) -> bool:
        """Whether the user allowed connecting to forbidden address ``ip`` for ``host:port``."""
        for entry in self.entries:
            if entry.port is not None and entry.port != port:
                continue
            if entry.host == ip or (isinstance(entry.host, str) and entry.host == host):
                if is_cloud_metadata_address(ip) and entry.host != ip:
                    continue
                return True
        return self.allow_all and not is_cloud_metadata_address(ip)

    def describe(self) -> str:
        if self.allow_all:
            return "all"
        return ", ".join(e.text for e in self.entries) or "none"


# --------------------------------------------------------------------------------------------------
# Checking a URL or a host
# --------------------------------------------------------------------------------------------------

_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*):")
_STRIP = "".join(map(chr, range(0x21)))


@dataclass(frozen=True)
class ParsedURL:
    """The parts of an http(s)/ws(s) URL the checks need, split as the browser splits them."""

    scheme: str
    raw_host: str
    host: IPAddress | str
    port: int
    rest: str  # path, query and fragment, as written


def _preclean(url: str) -> str:
    # What the URL parser drops before it looks at anything else.
    return url.strip(_STRIP).replace("\t", "").replace("\n", "").replace("\r", "")


def split_url(url: str) -> ParsedURL:
    """Split a special-scheme URL the way the WHATWG parser does; raises ``ValueError``.

    ``urlsplit`` alone disagrees with browsers where it matters: browsers read ``\\`` as ``/``
    (``http://127.0.0.1\\@evil.test/`` goes to 127.0.0.1), ignore any number of slashes after the scheme,
    drop tabs and newlines anywhere, and take the host after the last ``@`` of the authority.
    """
    url = _preclean(url)
    m = _SCHEME.match(url)
    if m is None:
        raise ValueError("no scheme")
    scheme = m.group(1).lower()
    if scheme not in _DEFAULT_PORTS:
        raise ValueError(f"{scheme}: is not a network scheme")
    rest = url[m.end() :].replace("\\", "/").lstrip("/")
    end = min((i for i in (rest.find(c) for c in "/?#") if i >= 0), default=len(rest))
    authority, rest = rest[:end], rest[end:]
    raw_host, port_text = split_authority(authority.rpartition("@")[2])
    if raw_host == "":
        raise ValueError("the URL has no host")
    try:
        host = parse_host(raw_host)
    except ValueError as e:
        raise ValueError(f"the host {clean_line(raw_host)} is not valid ({e})") from None
    port = parse_port(port_text, _DEFAULT_PORTS[scheme])
    return ParsedURL(scheme, raw_host, host, port, rest)


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
            "Cloud metadata endpoints are always blocked, even with --allow-private; only the user can "
            "allow one, by listing that exact address."
        )
    if access.entries:
        return (
            f"Private and loopback targets are blocked except {access.describe()}; "
            f"{ALLOW_PRIVATE_HINT.replace('allow them', 'allow more')}."
        )
    return f"Private and loopback targets are blocked; {ALLOW_PRIVATE_HINT}."


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
        # Imported here because _domains builds on parse_host from this module.
        from ._domains import normalize_domains

        return cls(PrivateAccess.from_setting(allow_private), normalize_domains(allowed_domains), reason)

    def before_resolving(
        self, label: str, raw_host: str, host: IPAddress | str, port: int
    ) -> list[IPAddress] | None:
        """Check what can be checked without DNS; return the addresses, or ``None`` if DNS is needed."""
        from ._domains import domain_allowed

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
        shown = _display(raw_host.removeprefix("[").removesuffix("]"))
        if not addresses:
            raise PolicyDeniedError(
                f"Refused {label}: {shown} did not resolve to any address, so it could not be checked. "
                "Check the host name."
            )
        for ip in addresses:
            why = self.reason(ip)
            if why is None or self.access.permits(host, port, ip):
                continue
            if resolved:
                what = f"{shown} resolves to {why} ({ip})"
            else:
                what = f"{shown} is {why}" + ("" if _same_spelling(shown, ip) else f" ({ip})")
            raise PolicyDeniedError(f"Refused {label}: {what}. {_address_advice(self.access, ip)}")
        return list(addresses)


def _unique(addresses: Iterable[IPAddress]) -> list[IPAddress]:
    return list(dict.fromkeys(addresses))


def system_resolve(name: str) -> list[IPAddress]:
    """Every address the system resolver gives for ``name`` (blocking)."""
    infos = socket.getaddrinfo(name, None, type=socket.SOCK_STREAM)
    return _unique(ip_address(str(info[4][0]).partition("%")[0]) for info in infos)


async def system_resolve_async(name: str) -> list[IPAddress]:
    """Every address the system resolver gives for ``name``, off the event loop."""
    infos = await asyncio.get_running_loop().getaddrinfo(name, None, type=socket.SOCK_STREAM)
    return _unique(ip_address(str(info[4][0]).partition("%")[0]) for info in infos)


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
    stripped = _preclean(url)
    if allow_about_blank and stripped.lower() == "about:blank":
        return None
    m = _SCHEME.match(stripped)
    if m is None or m.group(1).lower() not in ("http", "https"):
        hint = "" if m is not None else " Give a full URL such as https://example.com/."
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

    This blocks; in async code use :func:`check_url_async`.
    """
    prepared = _prepare(url, allow_about_blank, allow_private, allowed_domains, resolve)
    if prepared is None:
        return
    check, label, parsed = prepared
    assert isinstance(parsed.host, str)
    try:
        addresses = (resolver or system_resolve)(parsed.host)
    except (OSError, UnicodeError, ValueError) as e:
        raise _unresolvable(label, parsed.raw_host, e) from None
    check.after_resolving(label, parsed.raw_host, parsed.host, parsed.port, _unique(addresses))


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
    """:func:`check_url` for async code: resolution runs off the loop, bounded by ``resolve_timeout``."""
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
            addresses = await (resolver or system_resolve_async)(host)
    except (OSError, UnicodeError, ValueError) as e:  # TimeoutError is an OSError
        raise _unresolvable(label, raw_host, e if str(e) else TimeoutError("timed out")) from None
    return check.after_resolving(label, raw_host, host, port, _unique(addresses))
