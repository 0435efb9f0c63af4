"""Property-based checks of the host and URL guard: every spelling of a forbidden address is refused,
public addresses pass in every spelling, and nothing but PolicyDeniedError ever comes out."""

from __future__ import annotations

from ipaddress import IPv4Address, IPv4Network, IPv6Address, IPv6Network

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from refwright._errors import PolicyDeniedError
from refwright.safety._hosts import IPAddress, check_url, check_url_async, forbidden_reason, parse_host
from refwright.safety._http1 import HttpStatusError, parse_request_head, server_connection

PUBLIC = IPv4Address("93.184.216.34")

FORBIDDEN_V4 = [
    IPv4Network(n)
    for n in (
        "0.0.0.0/8",
        "10.0.0.0/8",
        "100.64.0.0/10",
        "127.0.0.0/8",
        "169.254.0.0/16",
        "172.16.0.0/12",
        "192.0.0.0/24",
        "192.0.2.0/24",
        "192.88.99.0/24",
        "192.168.0.0/16",
        "198.18.0.0/15",
        "198.51.100.0/24",
        "203.0.113.0/24",
        "224.0.0.0/4",
        "240.0.0.0/4",
    )
]
# What Python's own ipaddress module (3.11) does not count as non-global, but must still be refused.
EXTRA_FORBIDDEN_V4 = [IPv4Network(n) for n in ("192.0.0.0/24", "192.88.99.0/24", "168.63.129.16/32")]


def no_dns(name: str) -> list[IPAddress]:
    raise AssertionError(f"unexpected DNS lookup of {name}")


@st.composite
def forbidden_v4(draw: st.DrawFn) -> int:
    net = draw(st.sampled_from(FORBIDDEN_V4))
    return int(net.network_address) + draw(st.integers(0, net.num_addresses - 1))


# First octets with no special-purpose block anywhere inside them: any address under them is public.
PUBLIC_FIRST_OCTETS = [o for o in range(1, 224) if o not in (0, 10, 100, 127, 168, 169, 172, 192, 198, 203)]


@st.composite
def public_v4(draw: st.DrawFn) -> int:
    value = (draw(st.sampled_from(PUBLIC_FIRST_OCTETS)) << 24) | draw(st.integers(0, 2**24 - 1))
    assert forbidden_reason(IPv4Address(value)) is None
    return value


def render_number(draw: st.DrawFn, n: int) -> str:
    style = draw(st.sampled_from(["dec", "hex", "HEX", "oct"]))
    pad = "0" * draw(st.integers(0, 3))
    if style == "dec":
        return str(n)
    if style == "oct":
        return "0" + pad + format(n, "o")
    digits = format(n, "x" if draw(st.booleans()) else "X")
    return ("0x" if style == "hex" else "0X") + pad + digits


@st.composite
def ipv4_spelling(draw: st.DrawFn, value: int) -> str:
    """One of the many ways a URL can spell an IPv4 address."""
    b = value.to_bytes(4, "big")
    parts = draw(st.sampled_from([1, 2, 3, 4]))
    if parts == 1:
        numbers = [value]
    elif parts == 2:
        numbers = [b[0], int.from_bytes(b[1:], "big")]
    elif parts == 3:
        numbers = [b[0], b[1], int.from_bytes(b[2:], "big")]
    else:
        numbers = list(b)
    host = ".".join(render_number(draw, n) for n in numbers)
    if draw(st.booleans()):
        host += "."
    if draw(st.booleans()):
        # Percent-encode some characters; the browser decodes them before parsing.
        host = "".join(f"%{ord(c):02X}" if c.isalnum() and draw(st.booleans()) else c for c in host)
    elif draw(st.booleans()):
        # Full-width forms, which IDNA maps back to ASCII.
        host = "".join(chr(ord(c) + 0xFEE0) if c.isalnum() else "。" if c == "." else c for c in host)
    return host


@st.composite
def ipv6_wrapping(draw: st.DrawFn, value: int) -> str:
    """An IPv6 literal that reaches the IPv4 address ``value``."""
    v4 = IPv4Address(value)
    hi, lo = value >> 16, value & 0xFFFF
    form = draw(st.sampled_from(["mapped-dotted", "mapped-hex", "mapped-long", "nat64", "6to4"]))
    if form == "mapped-dotted":
        return f"[::ffff:{v4}]"
    if form == "mapped-hex":
        return f"[::ffff:{hi:x}:{lo:x}]"
    if form == "mapped-long":
        return f"[0:0:0:0:0:FFFF:{hi:X}:{lo:X}]"
    if form == "nat64":
        return f"[64:ff9b::{hi:x}:{lo:x}]"
    return f"[2002:{hi:x}:{lo:x}::{draw(st.integers(0, 0xFFFF)):x}]"


@st.composite
def url_around(draw: st.DrawFn, host: str) -> str:
    scheme = draw(st.sampled_from(["http", "https", "HTTP", "hTtPs"]))
    slashes = draw(st.sampled_from(["//", "//", "/\\", "\\\\", "", "///"]))
    userinfo = draw(st.sampled_from(["", "user@", "evil.example@", "a:b@", "x@y@"]))
    port = draw(st.sampled_from(["", ":80", ":8080", ":0443"]))
    path = draw(st.sampled_from(["/", "/x?y#z", "", "?q", "#f"]))
    return f"{scheme}:{slashes}{userinfo}{host}{port}{path}"


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), forbidden_v4())
def test_every_spelling_of_a_forbidden_ipv4_address_is_refused(data: st.DataObject, value: int) -> None:
    host = data.draw(st.one_of(ipv4_spelling(value), ipv6_wrapping(value)))
    parsed = parse_host(host)
    assert parsed == IPv4Address(value) or isinstance(parsed, IPv6Address)
    url = data.draw(url_around(host))
    with pytest.raises(PolicyDeniedError, match=r"^Refused "):
        check_url(url, resolver=no_dns)


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), public_v4())
def test_every_spelling_of_a_public_ipv4_address_is_allowed(data: st.DataObject, value: int) -> None:
    host = data.draw(st.one_of(ipv4_spelling(value), ipv6_wrapping(value)))
    parsed = parse_host(host)
    assert parsed == IPv4Address(value) or isinstance(parsed, IPv6Address)
    check_url(data.draw(url_around(host)), resolver=no_dns)


@given(st.integers(0, 2**32 - 1))
def test_ipv4_classification_agrees_with_the_standard_library(value: int) -> None:
    ip = IPv4Address(value)
    python_says_forbidden = not ip.is_global or ip.is_multicast or any(ip in n for n in EXTRA_FORBIDDEN_V4)
    assert (forbidden_reason(ip) is not None) == python_says_forbidden


@given(st.integers(0, 2**128 - 1))
def test_ipv6_outside_global_unicast_is_refused_and_non_global_is_refused(value: int) -> None:
    ip = IPv6Address(value)
    reason = forbidden_reason(ip)
    wraps_v4 = ip.ipv4_mapped is not None or ip in IPv6Network("64:ff9b::/96") or ip.sixtofour is not None
    if ip not in IPv6Network("2000::/3") and not wraps_v4:
        assert reason is not None
    if not ip.is_global and not wraps_v4 and ip not in IPv6Network("2001::/23"):
        assert reason is not None


@given(st.integers(0, 2**125 - 1))
def test_ordinary_global_unicast_ipv6_is_allowed(value: int) -> None:
    ip = IPv6Address(int(IPv6Address("2400::")) + value % (2**122))  # 2400::/6, inside 2000::/3
    assert forbidden_reason(ip) is None
    check_url(f"https://[{ip}]/", resolver=no_dns)


def public_resolver(name: str) -> list[IPAddress]:
    return [PUBLIC]


def failing_resolver(name: str) -> list[IPAddress]:
    raise OSError(-2, "Name or service not known")


url_like = st.one_of(
    st.text(),
    st.builds(
        lambda s, h, rest: f"{s}{h}{rest}",
        st.sampled_from(["http://", "https://", "http:", "HTTPS:\\\\", "file://", "data:", " http://", ""]),
        st.text(alphabet=st.characters(codec="utf-8"), max_size=40),
        st.text(max_size=20),
    ),
)


@given(
    url_like,
    st.sampled_from([public_resolver, failing_resolver]),
    st.sampled_from([False, True, ("localhost:3000", "10.0.0.1")]),
    st.sampled_from([(), ("*.example.com", "93.184.216.34")]),
    st.booleans(),
)
@example("http://[::1", public_resolver, False, (), False)
@example("http://%ff/", public_resolver, False, (), False)
@example("http://a" + "." * 300, public_resolver, False, (), False)
@example("http://" + "a" * 70 + ".com/", public_resolver, False, (), False)
@example("http://\udcff/", public_resolver, False, (), False)
def test_check_url_raises_nothing_but_policy_denied(
    url: str,
    resolver: object,
    allow_private: bool | tuple[str, ...],
    allowed_domains: tuple[str, ...],
    about_blank: bool,
) -> None:
    try:
        check_url(
            url,
            resolver=resolver,  # type: ignore[arg-type]
            allow_private=allow_private,
            allowed_domains=allowed_domains,
            allow_about_blank=about_blank,
        )
    except PolicyDeniedError as e:
        assert e.message.startswith("Refused ")
        assert "\n" not in e.message and len(e.message) < 1000


@given(url_like)
async def test_check_url_async_raises_nothing_but_policy_denied(url: str) -> None:
    async def resolve(name: str) -> list[IPAddress]:
        return [PUBLIC]

    try:
        await check_url_async(url, resolver=resolve)
    except PolicyDeniedError:
        pass


@given(st.binary(max_size=300))
def test_request_head_parser_fails_only_with_http_errors(raw: bytes) -> None:
    try:
        request = parse_request_head(server_connection(), raw + b"\r\n\r\n")
    except HttpStatusError as e:
        assert e.status in (400, 431, 501)
    else:
        assert request.http_version in (b"1.0", b"1.1")


_TOKENS = st.sampled_from([b"GET", b"POST", b"http://a.test/", b" ", b"\t", b"\r\n", b"\n", b"\r", b":",
                           b"Content-Length", b"Transfer-Encoding", b"chunked", b"0", b"5", b",", b"Host",
                           b"HTTP/1.1", b"HTTP/1.0", b"identity", b"\x00"])


@given(st.lists(_TOKENS, max_size=40))
def test_request_heads_with_two_framings_never_parse(parts: list[bytes]) -> None:
    """Whatever h11 accepts from hostile token soup, it never carries Content-Length with
    Transfer-Encoding, two Content-Lengths, or a folded line."""
    raw = b"POST http://a.test/ HTTP/1.1\r\n" + b"".join(parts) + b"\r\n\r\n"
    try:
        request = parse_request_head(server_connection(), raw)
    except HttpStatusError:
        return
    names = [k for k, _ in request.headers]
    assert not (b"content-length" in names and b"transfer-encoding" in names)
    assert names.count(b"content-length") <= 1
