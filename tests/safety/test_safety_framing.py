"""Hostile HTTP/1 framing through the filtering proxy: smuggling attempts are refused, never forwarded.

``127.0.0.2`` plays a public host and ``127.0.0.1`` (the canary) stays forbidden. Every attempt here
tries to get bytes to the canary, or a second request past the checks, by making the proxy and a server
disagree on where one request ends. The assertions are on what the servers actually received.
"""

from __future__ import annotations

import re
import socket
from collections.abc import Iterator
from ipaddress import IPv4Address

import pytest

from refwright.safety._addresses import IPAddress, forbidden_reason
from refwright.safety._proxy import FilteringProxy

from ..safety_upstream import Upstream

PUBLIC_IP = IPv4Address("127.0.0.2")


def pretend_public(ip: IPAddress) -> str | None:
    return None if ip == PUBLIC_IP else forbidden_reason(ip)


@pytest.fixture(scope="module")
def public() -> Iterator[Upstream]:
    s = Upstream("127.0.0.2")
    yield s
    s.stop()


@pytest.fixture
def canary() -> Iterator[Upstream]:
    s = Upstream("127.0.0.1")
    yield s
    s.stop()


@pytest.fixture(scope="module")
def proxy() -> Iterator[FilteringProxy]:
    p = FilteringProxy(forbidden_reason=pretend_public, header_timeout=3, idle_timeout=3)
    p.start()
    yield p
    p.stop()


def exchange(proxy: FilteringProxy, data: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", proxy.port), timeout=5) as s:
        s.sendall(data)
        chunks = []
        try:
            while chunk := s.recv(65536):
                chunks.append(chunk)
        except ConnectionResetError:
            pass
        return b"".join(chunks)


def statuses(out: bytes) -> list[bytes]:
    return re.findall(rb"HTTP/1\.1 (\d{3}) ", out)


SMUGGLE = "GET http://127.0.0.1:{c}/smuggled HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"

REFUSED_HEADS = {
    "cl-te": "POST {p} HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    "te-cl": "POST {p} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 60\r\n\r\n0\r\n\r\n",
    "duplicate-cl-same": "POST {p} HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nContent-Length: 0\r\n\r\n",
    "duplicate-cl-differ": "POST {p} HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nContent-Length: 60\r\n\r\n",
    "cl-list": "POST {p} HTTP/1.1\r\nHost: x\r\nContent-Length: 0, 60\r\n\r\n",
    "cl-plus": "POST {p} HTTP/1.1\r\nHost: x\r\nContent-Length: +0\r\n\r\n",
    "te-unknown": "POST {p} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: xchunked\r\n\r\n0\r\n\r\n",
    "te-chain": "POST {p} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n",
    "te-twice": "POST {p} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n"
    "0\r\n\r\n",
    "te-space-before-colon": "POST {p} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding : chunked\r\n\r\n0\r\n\r\n",
    "obs-fold": "GET {p} HTTP/1.1\r\nHost: x\r\nX-A: 1\r\n Transfer-Encoding: chunked\r\n\r\n",
    "obs-fold-te": "POST {p} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding:\r\n chunked\r\nContent-Length: 0\r\n\r\n",
    "bare-lf": "GET {p} HTTP/1.1\nHost: x\n\n",
    "bare-cr": "GET {p} HTTP/1.1\r\nHost: x\rX: y\r\n\r\n",
    "nul-in-header": "GET {p} HTTP/1.1\r\nHost: x\r\nX: a\x00b\r\n\r\n",
    "space-in-target": "GET {p} x HTTP/1.1\r\nHost: x\r\n\r\n",
    "http-0.9": "GET {p}\r\n\r\n",
    "oversized-headers": "GET {p} HTTP/1.1\r\nHost: x\r\n" + "X-Pad: " + "a" * 1000 + "\r\n" * 1 + "".join(
        f"X-{i}: {'b' * 1000}\r\n" for i in range(70)
    ) + "\r\n",
}


@pytest.mark.parametrize("name", sorted(REFUSED_HEADS))
def test_ambiguous_framing_is_refused_and_reaches_no_server(
    proxy: FilteringProxy, public: Upstream, canary: Upstream, name: str
) -> None:
    before = len(public.requests)
    target = f"http://127.0.0.2:{public.port}/x"
    attempt = REFUSED_HEADS[name].format(p=target) + SMUGGLE.format(c=canary.port)
    out = exchange(proxy, attempt.encode("latin-1"))
    codes = statuses(out)
    assert codes and codes[0] in (b"400", b"431", b"501"), out[:300]
    assert b"200 OK" not in out
    assert len(public.requests) == before  # refused before any upstream connection
    assert canary.connections == 0


def test_a_request_hidden_in_a_body_is_only_body(
    proxy: FilteringProxy, public: Upstream, canary: Upstream
) -> None:
    hidden = SMUGGLE.format(c=canary.port).encode()
    head = f"POST http://127.0.0.2:{public.port}/echo HTTP/1.1\r\nHost: x\r\nContent-Length: {len(hidden)}\r\n"
    out = exchange(proxy, head.encode() + b"Connection: close\r\n\r\n" + hidden)
    assert statuses(out) == [b"200"] and out.endswith(hidden)  # echoed back as data
    assert public.requests[-1][0] == "POST" and public.requests[-1][3] == hidden
    assert canary.connections == 0


def test_a_request_after_a_chunked_body_is_checked_on_its_own(
    proxy: FilteringProxy, public: Upstream, canary: Upstream
) -> None:
    first = f"POST http://127.0.0.2:{public.port}/echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
    body = "5\r\nhello\r\n0\r\n\r\n"
    out = exchange(proxy, (first + body + SMUGGLE.format(c=canary.port)).encode())
    assert statuses(out) == [b"200", b"403"]
    assert public.requests[-1][3] == b"hello"
    assert canary.connections == 0


def test_pipelined_requests_to_a_second_refused_host(
    proxy: FilteringProxy, public: Upstream, canary: Upstream
) -> None:
    one = f"GET http://127.0.0.2:{public.port}/one HTTP/1.1\r\nHost: x\r\n\r\n"
    body = b"data=1"
    post = (
        f"POST http://127.0.0.2:{public.port}/two HTTP/1.1\r\nHost: x\r\nContent-Length: {len(body)}\r\n\r\n"
    ).encode() + body
    # All three in one write, so the proxy reads the refused one before it has answered the first.
    out = exchange(proxy, one.encode() + post + SMUGGLE.format(c=canary.port).encode())
    assert statuses(out) == [b"200", b"200", b"403"]
    assert b"loopback address" in out
    assert [r[1] for r in public.requests[-2:]] == ["/one", "/two"] and public.requests[-1][3] == body
    assert canary.connections == 0


@pytest.mark.parametrize(
    "chunks",
    ["0x5\r\nhello\r\n0\r\n\r\n", "-5\r\nhello\r\n0\r\n\r\n", "fffffffffffffffffffff\r\nhello\r\n0\r\n\r\n",
     "5\r\nhelloXX0\r\n\r\n"],
    ids=["hex-prefix", "negative", "huge", "no-crlf-after-data"],
)
def test_malformed_chunks_never_carry_a_second_request(
    proxy: FilteringProxy, public: Upstream, canary: Upstream, chunks: str
) -> None:
    head = f"POST http://127.0.0.2:{public.port}/echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
    out = exchange(proxy, (head + chunks + SMUGGLE.format(c=canary.port)).encode())
    assert b"403" not in out  # the connection ended at the bad chunk; nothing after it was read as a request
    assert canary.connections == 0
    assert not any(r[1] == "/smuggled" for r in public.requests)


def test_the_host_header_cannot_redirect_a_request(
    proxy: FilteringProxy, public: Upstream, canary: Upstream
) -> None:
    request = f"GET http://127.0.0.2:{public.port}/h HTTP/1.1\r\nHost: 127.0.0.1:{canary.port}\r\n"
    out = exchange(proxy, request.encode() + b"Connection: close\r\n\r\n")
    assert f"host=127.0.0.2:{public.port} via=127.0.0.2".encode() in out
    assert canary.connections == 0
