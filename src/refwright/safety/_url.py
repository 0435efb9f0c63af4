"""URLs and hosts read exactly as the browser reads them, by ada (the WHATWG URL parser Node.js ships).

A check that parses differently from the browser is a check the page can walk around: browsers read
``\\`` as ``/`` (``http://127.0.0.1\\@evil.test/`` goes to 127.0.0.1), ignore extra slashes after the
scheme, drop tabs and newlines anywhere, take the host after the last ``@``, and accept many spellings
of one IPv4 address (``2130706433``, ``0x7f.1``, ``0177.0.0.1``, ``１２７。０。０。１``). Every decision
here comes from ada's parse. refwright adds only stricter rules that fail closed (no empty labels, names
lose their trailing dot) and the wording of refusals.
"""

from __future__ import annotations

from dataclasses import dataclass
from ipaddress import IPv6Address, ip_address

import ada_url

from ._addresses import IPAddress
from ._sanitize import clean_line

__all__ = [
    "DEFAULT_PORTS",
    "ParsedURL",
    "host_text",
    "parse_host",
    "parse_port",
    "preclean",
    "split_authority",
    "split_url",
    "url_scheme",
]

DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}
# What the URL parser strips from both ends before it looks at anything else (C0 controls and space).
_STRIP = "".join(map(chr, range(0x21)))
# Characters that would make a bare host mean something else once placed in a URL.
_NOT_IN_A_BARE_HOST = frozenset("/?#@\\\t\n\r")


@dataclass(frozen=True)
class ParsedURL:
    """The parts of an http(s)/ws(s) URL the checks need, as the browser reads them."""

    scheme: str
    raw_host: str  # the host as written, for messages only (never for a decision)
    host: IPAddress | str
    port: int
    rest: str  # path and query, normalised as the browser sends them


def preclean(url: str) -> str:
    """What the WHATWG parser drops before it looks at anything else."""
    return url.strip(_STRIP).replace("\t", "").replace("\n", "").replace("\r", "")


def url_scheme(url: str) -> str | None:
    """The lower-case scheme of ``url`` (``None`` when it has none), read as the URL parser reads it."""
    text = preclean(url)
    colon = text.find(":")
    scheme = text[:colon]
    if colon <= 0 or not scheme[0].isascii() or not scheme[0].isalpha():
        return None
    if any(not (c.isascii() and (c.isalnum() or c in "+-.")) for c in scheme):
        return None
    return scheme.lower()


def _canonical(hostname: str, host_type: int) -> IPAddress | str:
    # ada's host types: 0 a domain name, 1 IPv4, 2 IPv6 (in brackets).
    if host_type in (1, 2):
        return ip_address(hostname.strip("[]"))
    name = hostname[:-1] if hostname.endswith(".") else hostname
    if name == "" or "" in name.split("."):
        # The URL standard allows empty labels; no real host has one, so refusing them fails closed.
        raise ValueError("empty label")
    return name


def parse_host(host: str) -> IPAddress | str:
    """Canonicalise a URL host as the browser would: an IP address, or a lower-case ASCII domain name.

    Accepts every spelling a browser accepts for an IP literal — decimal (``2130706433``), hex
    (``0x7f.1``), octal (``0177.0.0.1``), short forms (``127.1``), percent-encoding, full-width digits,
    a trailing dot, ``[IPv6]`` with or without brackets. Domain names come back punycoded (UTS 46),
    lower-cased and without a trailing dot. Raises ``ValueError`` for a host a browser would refuse.
    """
    if host == "":
        raise ValueError("empty host")
    if any(c in _NOT_IN_A_BARE_HOST for c in host):
        raise ValueError("the host contains a character that is not allowed in a host name")
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"  # a bare IPv6 address
    try:
        parsed = ada_url.URL(f"http://{host}/")
    except ValueError:
        raise ValueError(_why_invalid(host)) from None
    if parsed.port or parsed.username or parsed.password or parsed.pathname != "/":
        # Something in the host text was read as a port, credentials or a path: it is not one host.
        raise ValueError("the host contains a character that is not allowed in a host name")
    return _canonical(parsed.hostname, parsed.host_type)


def host_text(host: IPAddress | str) -> str:
    """The host as it appears in a URL authority (IPv6 in brackets)."""
    return f"[{host}]" if isinstance(host, IPv6Address) else str(host)


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


def _written_authority(url: str) -> tuple[str, str]:
    """The host and port text as the user wrote them; only for wording messages."""
    rest = url.partition(":")[2].replace("\\", "/").lstrip("/")
    end = min((i for i in (rest.find(c) for c in "/?#") if i >= 0), default=len(rest))
    return split_authority(rest[:end].rpartition("@")[2])


def _why_invalid(host: str) -> str:
    # ada says only "Invalid input"; this finds words for the common cases. It decides nothing.
    parts = host.rstrip(".").split(".")
    if host.startswith("[") or ":" in host:
        return "not a valid IPv6 address"
    if all(p.isascii() and p.isalnum() for p in parts) and parts[-1].isdigit():
        if len(parts) > 4:
            return "more than four parts"
        if any(p.isdigit() and int(p) > 255 for p in parts[:-1]):
            return "a part is larger than 255"
        return "not a valid IPv4 address"
    if "" in parts:
        return "empty label"
    return "not a valid host name"


def split_url(url: str) -> ParsedURL:
    """Read a special-scheme URL as the browser does; raises ``ValueError`` with words a model can use."""
    text = preclean(url)
    scheme = url_scheme(text)
    if scheme is None:
        raise ValueError("no scheme")
    if scheme not in DEFAULT_PORTS:
        raise ValueError(f"{scheme}: is not a network scheme")
    raw_host, port_text = _written_authority(text)
    try:
        parsed = ada_url.URL(text)
    except ValueError:
        if raw_host == "":
            raise ValueError("the URL has no host") from None
        parse_port(port_text, 0)  # a bad port gets its own words
        raise ValueError(f"the host {clean_line(raw_host)} is not valid ({_why_invalid(raw_host)})") from None
    try:
        host = _canonical(parsed.hostname, parsed.host_type)
    except ValueError as e:
        raise ValueError(f"the host {clean_line(raw_host)} is not valid ({e})") from None
    try:
        written = parse_host(raw_host)
    except ValueError:
        written = None
    if written != host:
        raw_host = host_text(host)  # the quick split read it otherwise: show what the browser will reach
    port = int(parsed.port) if parsed.port else DEFAULT_PORTS[scheme]
    return ParsedURL(scheme, raw_host, host, port, parsed.pathname + parsed.search)
