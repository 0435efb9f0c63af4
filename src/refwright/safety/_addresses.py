"""Address classification: which IP addresses the browser must never reach, and why.

The lists follow IANA's special-purpose registries; cloud metadata endpoints are named separately
because they stay refused even when the user allows private targets.
"""

from __future__ import annotations

from collections.abc import Callable
from ipaddress import IPv4Address, IPv4Network, IPv6Address, IPv6Network, ip_address
from typing import TypeAlias

__all__ = ["IPAddress", "ReasonFn", "forbidden_reason", "is_cloud_metadata_address", "is_forbidden_address"]

IPAddress: TypeAlias = IPv4Address | IPv6Address
ReasonFn: TypeAlias = Callable[[IPAddress], "str | None"]


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

