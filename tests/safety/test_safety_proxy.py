"""The filtering proxy, driven with raw sockets and httpx against loopback upstreams only.

``127.0.0.2`` plays a public host (through the ``forbidden_reason`` override) and ``127.0.0.1`` stays
forbidden, so "allowed" and "refused" are both real TCP destinations on this machine. Nothing here sends
traffic anywhere but loopback.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from ipaddress import IPv4Address, ip_address

import httpx
import pytest

from refwright import BrowserError
from refwright.safety._hosts import IPAddress, forbidden_reason
from refwright.safety._proxy import FilteringProxy

from ..safety_upstream import Upstream

PUBLIC_IP = IPv4Address("127.0.0.2")


def pretend_public(ip: IPAddress) -> str | None:
    return None if ip == PUBLIC_IP else forbidden_reason(ip)


class Resolver:
    """A scripted DNS: each name answers the next entry of its list (the last one repeats)."""

    def __init__(self, answers: dict[str, Sequence[Sequence[str]]]) -> None:
        self.answers = answers
        self.calls: list[str] = []

    async def __call__(self, name: str) -> list[IPAddress]:
        self.calls.append(name)
        script = self.answers.get(name)
        if script is None:
            raise OSError(-2, "Name or service not known")
        n = sum(1 for c in self.calls if c == name) - 1
        return [ip_address(a) for a in script[min(n, len(script) - 1)]]


@pytest.fixture(scope="module")
def public() -> Iterator[Upstream]:
    """The 'public' upstream on 127.0.0.2."""
    s = Upstream("127.0.0.2")
    yield s
    s.stop()


@pytest.fixture
def canary(public: Upstream) -> Iterator[Upstream]:
    """A forbidden upstream on 127.0.0.1, on the same port as the public one when that port is free."""
    try:
        s = Upstream("127.0.0.1", public.port)
    except OSError:
        s = Upstream("127.0.0.1")
    yield s
    s.stop()


@pytest.fixture
def make_proxy() -> Iterator[Callable[..., FilteringProxy]]:
    proxies: list[FilteringProxy] = []

    def make(**kwargs: object) -> FilteringProxy:
        kwargs.setdefault("forbidden_reason", pretend_public)
        proxy = FilteringProxy(**kwargs)  # type: ignore[arg-type]
        proxy.start()
        proxies.append(proxy)
        return proxy

    yield make
    for p in proxies:
        p.stop()


def client(proxy: FilteringProxy) -> httpx.Client:
    return httpx.Client(proxy=proxy.url, timeout=5, trust_env=False)


def raw(proxy: FilteringProxy, data: bytes, *, read_until_close: bool = True, timeout: float = 5) -> bytes:
    with socket.create_connection(("127.0.0.1", proxy.port), timeout=timeout) as s:
        s.sendall(data)
        if not read_until_close:
            return s.recv(65536)
        chunks = []
        while chunk := s.recv(65536):
            chunks.append(chunk)
        return b"".join(chunks)


def wait_for(predicate: Callable[[], bool], timeout: float = 5) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("condition not met in time")
        time.sleep(0.02)


# ---------------------------------------------------------------------------------------------------
# Plain HTTP
# ---------------------------------------------------------------------------------------------------


def test_allowed_host_passes(make_proxy: Callable[..., FilteringProxy], public: Upstream) -> None:
    resolver = Resolver({"public.test": [["127.0.0.2"]]})
    proxy = make_proxy(resolver=resolver)
    with client(proxy) as c:
        r = c.get(f"http://public.test:{public.port}/hello?x=1")
    assert r.status_code == 200
    assert r.text == f"GET /hello?x=1 host=public.test:{public.port} via=127.0.0.2 body=0"
    assert proxy.stats.allowed == 1 and proxy.drain_refusals() == []


def test_loopback_is_refused_and_never_contacted(
    make_proxy: Callable[..., FilteringProxy], canary: Upstream
) -> None:
    proxy = make_proxy()
    with client(proxy) as c:
        for host in ("127.0.0.1", "localhost", "2130706433", "0x7f.1", "127.1"):
            r = c.get(f"http://{host}:{canary.port}/secret")
            assert r.status_code == 403
            assert "loopback address" in r.text and "--allow-private" in r.text
    # httpx drops the brackets of an IPv6 host in absolute-form, so this one is sent by hand.
    out = raw(proxy, f"GET http://[::ffff:127.0.0.1]:{canary.port}/ HTTP/1.1\r\n\r\n".encode())
    assert out.startswith(b"HTTP/1.1 403 ") and b"loopback address" in out
    refusals = proxy.drain_refusals()
    assert len(refusals) == 6
    assert refusals[0].target == f"http://127.0.0.1:{canary.port}/secret"
    assert (refusals[0].host, refusals[0].port) == ("127.0.0.1", canary.port)
    assert refusals[0].reason.startswith(
        f"Refused http://127.0.0.1:{canary.port}/secret: 127.0.0.1 is a loopback"
    )
    assert proxy.drain_refusals() == []
    assert canary.connections == 0
    assert proxy.stats.refused == 6 and proxy.stats.allowed == 0


def test_a_refused_post_still_gets_its_403(
    make_proxy: Callable[..., FilteringProxy], canary: Upstream
) -> None:
    proxy = make_proxy()
    body = b"x" * 1_000_000
    out = raw(
        proxy,
        f"POST http://127.0.0.1:{canary.port}/upload HTTP/1.1\r\nContent-Length: {len(body)}\r\n\r\n".encode()
        + body,
    )
    assert out.startswith(b"HTTP/1.1 403 Forbidden\r\n")
    assert canary.connections == 0


def test_allow_private_for_one_host_and_port(
    make_proxy: Callable[..., FilteringProxy], canary: Upstream
) -> None:
    other = Upstream("127.0.0.1")
    try:
        proxy = make_proxy(allow_private=(f"127.0.0.1:{canary.port}",))
        with client(proxy) as c:
            assert c.get(f"http://127.0.0.1:{canary.port}/ok").status_code == 200
            r = c.get(f"http://127.0.0.1:{other.port}/no")
            assert r.status_code == 403
            assert f"blocked except 127.0.0.1:{canary.port}" in r.text
            # A named entry is needed for the name: localhost is not 127.0.0.1.
            assert c.get(f"http://localhost:{canary.port}/no").status_code == 403
        assert canary.connections == 1 and other.connections == 0
    finally:
        other.stop()


def test_allow_private_true(make_proxy: Callable[..., FilteringProxy], canary: Upstream) -> None:
    proxy = make_proxy(allow_private=True)
    with client(proxy) as c:
        assert c.get(f"http://localhost:{canary.port}/ok").status_code == 200
        assert c.get("http://169.254.169.254/latest/meta-data/").status_code == 403


def test_settings_change_at_runtime(make_proxy: Callable[..., FilteringProxy], canary: Upstream) -> None:
    proxy = make_proxy()
    with client(proxy) as c:
        url = f"http://127.0.0.1:{canary.port}/"
        assert c.get(url).status_code == 403
        proxy.set_allow_private(True)
        assert c.get(url).status_code == 200
        proxy.set_allowed_domains(["example.test"])
        r = c.get(url)
        assert r.status_code == 403 and "not in the allowed domains (example.test)" in r.text
        proxy.set_allowed_domains([])
        proxy.set_allow_private(False)
        assert c.get(url).status_code == 403
    with pytest.raises(ValueError, match="Invalid domain"):
        proxy.set_allowed_domains(["https://x.test/"])
    with pytest.raises(ValueError, match="Invalid --allow-private entry"):
        proxy.set_allow_private(["localhost:0x"])


def test_domain_allow_list(make_proxy: Callable[..., FilteringProxy], public: Upstream) -> None:
    resolver = Resolver({"www.allowed.test": [["127.0.0.2"]], "other.test": [["127.0.0.2"]]})
    proxy = make_proxy(resolver=resolver, allowed_domains=["*.allowed.test"])
    before = public.connections
    with client(proxy) as c:
        assert c.get(f"http://www.allowed.test:{public.port}/").status_code == 200
        r = c.get(f"http://other.test:{public.port}/")
        assert r.status_code == 403
        assert "other.test is not in the allowed domains (*.allowed.test)" in r.text
        assert c.get(f"http://127.0.0.2:{public.port}/").status_code == 403
    assert public.connections == before + 1
    assert resolver.calls == ["www.allowed.test"]  # refused names are not even resolved


def test_unresolvable_and_mixed_answers_are_refused(
    make_proxy: Callable[..., FilteringProxy], public: Upstream, canary: Upstream
) -> None:
    resolver = Resolver({"mixed.test": [["127.0.0.2", "127.0.0.1"]]})
    proxy = make_proxy(resolver=resolver)
    with client(proxy) as c:
        r = c.get(f"http://mixed.test:{public.port}/")
        assert r.status_code == 403 and "mixed.test resolves to a loopback address (127.0.0.1)" in r.text
        r = c.get(f"http://nowhere.test:{public.port}/")
        assert r.status_code == 403 and "could not resolve nowhere.test" in r.text
    assert canary.connections == 0


def test_dns_rebinding_cannot_reach_a_forbidden_address(
    make_proxy: Callable[..., FilteringProxy], public: Upstream, canary: Upstream
) -> None:
    # First answer public, every later answer loopback: a proxy that checked one answer and then let
    # something resolve the name again would land on the canary.
    resolver = Resolver({"rebind.test": [["127.0.0.2"], ["127.0.0.1"]]})
    proxy = make_proxy(resolver=resolver)
    assert canary.port == public.port, "the canary shares the public port so only the address differs"
    before = public.connections
    with client(proxy) as c:
        r = c.get(f"http://rebind.test:{public.port}/first")
        assert r.status_code == 200 and "via=127.0.0.2" in r.text
        r = c.get(f"http://rebind.test:{public.port}/second")
        assert r.status_code == 403
    tunnel = raw(proxy, f"CONNECT rebind.test:{public.port} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    assert tunnel.startswith(b"HTTP/1.1 403 ")
    assert resolver.calls == ["rebind.test"] * 3  # one lookup per request, none at connect time
    assert public.connections == before + 1
    assert canary.connections == 0


def test_post_bodies_stream_both_ways(make_proxy: Callable[..., FilteringProxy], public: Upstream) -> None:
    proxy = make_proxy()
    payload = bytes(range(256)) * 8000  # 2 MB
    with client(proxy) as c:
        r = c.post(f"http://127.0.0.2:{public.port}/echo", content=payload)
        assert r.status_code == 200 and r.content == payload

        def chunks() -> Iterator[bytes]:
            for i in range(0, len(payload), 100_000):
                yield payload[i : i + 100_000]

        r = c.post(f"http://127.0.0.2:{public.port}/echo", content=chunks())  # sent chunked
        assert r.content == payload
        r = c.get(f"http://127.0.0.2:{public.port}/big")
        assert len(r.content) == 3_000_000
        r = c.get(f"http://127.0.0.2:{public.port}/chunked")
        assert r.text == "hello world"
        r = c.get(f"http://127.0.0.2:{public.port}/close")
        assert r.text == "until the end"
        r = c.head(f"http://127.0.0.2:{public.port}/hello")
        assert r.status_code == 200 and r.content == b""


def test_keep_alive_and_connection_close(make_proxy: Callable[..., FilteringProxy], public: Upstream) -> None:
    proxy = make_proxy()
    target = f"http://127.0.0.2:{public.port}"
    two = (
        f"GET {target}/one HTTP/1.1\r\nHost: x\r\n\r\n"
        f"GET {target}/two HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    ).encode()
    out = raw(proxy, two)
    assert out.count(b"HTTP/1.1 200 OK") == 2
    assert b"GET /one" in out and b"GET /two" in out
    assert b"Keep-Alive" not in out  # hop-by-hop headers are the proxy's, not the upstream's
    # A close-delimited response cannot be followed by another on the same connection (h11 re-frames
    # its body as chunked, so the client can still tell a complete body from a cut one).
    out = raw(proxy, f"GET {target}/close HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    assert b"Connection: close" in out and out.endswith(b"until the end\r\n0\r\n\r\n")
    # HTTP/1.0 clients get one response per connection.
    out = raw(proxy, f"GET {target}/one HTTP/1.0\r\n\r\n".encode())
    assert b"Connection: close" in out


def test_each_request_on_a_kept_alive_connection_is_checked(
    make_proxy: Callable[..., FilteringProxy], public: Upstream, canary: Upstream
) -> None:
    proxy = make_proxy()
    two = (
        f"GET http://127.0.0.2:{public.port}/one HTTP/1.1\r\nHost: x\r\n\r\n"
        f"GET http://127.0.0.1:{canary.port}/two HTTP/1.1\r\nHost: x\r\n\r\n"
    ).encode()
    out = raw(proxy, two)
    assert b"200 OK" in out and b"403 Forbidden" in out
    assert canary.connections == 0


def test_expect_100_continue(make_proxy: Callable[..., FilteringProxy], public: Upstream) -> None:
    proxy = make_proxy()
    with socket.create_connection(("127.0.0.1", proxy.port), timeout=5) as s:
        s.sendall(
            f"POST http://127.0.0.2:{public.port}/continue HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n"
            "Expect: 100-continue\r\nConnection: close\r\n\r\n".encode()
        )
        assert s.recv(65536).startswith(b"HTTP/1.1 100 Continue\r\n\r\n")
        s.sendall(b"hello")
        out = b""
        while chunk := s.recv(65536):
            out += chunk
    assert out.startswith(b"HTTP/1.1 200 OK") and out.endswith(b"body=5")


def test_websocket_upgrade_over_plain_http(
    make_proxy: Callable[..., FilteringProxy], public: Upstream
) -> None:
    proxy = make_proxy()
    with socket.create_connection(("127.0.0.1", proxy.port), timeout=5) as s:
        s.sendall(
            f"GET http://127.0.0.2:{public.port}/ws HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\n"
            "Upgrade: websocket\r\n\r\n".encode()
        )
        head = s.recv(65536)
        assert head.startswith(b"HTTP/1.1 101 ")
        s.sendall(b"ping")
        assert s.recv(65536) == b"echo:ping"


@pytest.mark.parametrize(
    ("request_bytes", "status"),
    [
        (b"GET /relative HTTP/1.1\r\nHost: x\r\n\r\n", b"400"),
        (b"GET https://127.0.0.2/ HTTP/1.1\r\n\r\n", b"400"),
        (b"GET http://127.0.0.2/ HTTP/2.0\r\n\r\n", b"400"),
        (b"GET http://127.0.0.2/ HTTP/1.1\r\nBad Header: x\r\n\r\n", b"400"),
        (b"GET http://127.0.0.2/ HTTP/1.1\r\nX: a\r\n folded\r\n\r\n", b"400"),
        (
            b"POST http://127.0.0.2/ HTTP/1.1\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n",
            b"400",
        ),
        (b"POST http://127.0.0.2/ HTTP/1.1\r\nContent-Length: 3, 4\r\n\r\n", b"400"),
        (b"CONNECT 127.0.0.2 HTTP/1.1\r\n\r\n", b"400"),
        (b"GET http://1.2.3.4.5/ HTTP/1.1\r\n\r\n", b"400"),
        (b"GET http://127.0.0.2:" + b"9" * 70000 + b"/ HTTP/1.1\r\n\r\n", b"431"),
    ],
    ids=[
        "origin-form",
        "https-absolute",
        "http2",
        "bad-header-name",
        "obs-fold",
        "te-and-cl",
        "conflicting-cl",
        "connect-without-port",
        "invalid-host",
        "huge-head",
    ],
)
def test_malformed_requests(
    make_proxy: Callable[..., FilteringProxy], request_bytes: bytes, status: bytes
) -> None:
    proxy = make_proxy()
    assert raw(proxy, request_bytes).startswith(b"HTTP/1.1 " + status)


def test_upstream_that_refuses_connections_gives_502(make_proxy: Callable[..., FilteringProxy]) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.2", 0))
        port = s.getsockname()[1]  # bound, never listening: connections are refused
        proxy = make_proxy()
        out = raw(proxy, f"GET http://127.0.0.2:{port}/ HTTP/1.1\r\n\r\n".encode())
    assert out.startswith(b"HTTP/1.1 502 ")


def test_the_proxy_refuses_to_proxy_to_itself(make_proxy: Callable[..., FilteringProxy]) -> None:
    proxy = make_proxy(allow_private=True)
    out = raw(proxy, f"GET http://127.0.0.1:{proxy.port}/ HTTP/1.1\r\n\r\n".encode())
    assert out.startswith(b"HTTP/1.1 403 ") and b"own proxy" in out


# ---------------------------------------------------------------------------------------------------
# CONNECT
# ---------------------------------------------------------------------------------------------------


def test_connect_to_a_refused_host_gets_403_and_no_upstream_connection(
    make_proxy: Callable[..., FilteringProxy], canary: Upstream
) -> None:
    proxy = make_proxy()
    for authority in (
        f"127.0.0.1:{canary.port}",
        f"localhost:{canary.port}",
        f"[::ffff:7f00:1]:{canary.port}",
    ):
        out = raw(proxy, f"CONNECT {authority} HTTP/1.1\r\nHost: {authority}\r\n\r\n".encode())
        assert out.startswith(b"HTTP/1.1 403 Forbidden\r\n")
        assert b"loopback address" in out
    assert [r.target for r in proxy.drain_refusals()] == [
        f"127.0.0.1:{canary.port}",
        f"localhost:{canary.port}",
        f"[::ffff:7f00:1]:{canary.port}",
    ]
    assert canary.connections == 0


def test_connect_tunnel_carries_bytes_both_ways(
    make_proxy: Callable[..., FilteringProxy], public: Upstream
) -> None:
    proxy = make_proxy(resolver=Resolver({"public.test": [["127.0.0.2"]]}))
    with socket.create_connection(("127.0.0.1", proxy.port), timeout=5) as s:
        # The request inside the tunnel is sent right behind CONNECT, as TLS clients do with ClientHello.
        s.sendall(
            f"CONNECT public.test:{public.port} HTTP/1.1\r\nHost: public.test\r\n\r\n"
            "GET /inside HTTP/1.1\r\nHost: public.test\r\nConnection: close\r\n\r\n".encode()
        )
        out = b""
        while chunk := s.recv(65536):
            out += chunk
    assert out.startswith(b"HTTP/1.1 200 Connection Established\r\n\r\nHTTP/1.1 200 OK")
    assert out.endswith(b"GET /inside host=public.test via=127.0.0.2 body=0")


def test_connect_tunnel_for_a_websocket(make_proxy: Callable[..., FilteringProxy], public: Upstream) -> None:
    proxy = make_proxy()
    with socket.create_connection(("127.0.0.1", proxy.port), timeout=5) as s:
        s.sendall(f"CONNECT 127.0.0.2:{public.port} HTTP/1.1\r\n\r\n".encode())
        assert s.recv(65536) == b"HTTP/1.1 200 Connection Established\r\n\r\n"
        s.sendall(b"GET /ws HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n")
        assert s.recv(65536).startswith(b"HTTP/1.1 101 ")
        for word in (b"one", b"two"):
            s.sendall(word)
            assert s.recv(65536) == b"echo:" + word


def test_httpx_https_through_a_refused_tunnel(
    make_proxy: Callable[..., FilteringProxy], canary: Upstream
) -> None:
    proxy = make_proxy()
    with client(proxy) as c, pytest.raises(httpx.ProxyError, match="403"):
        c.get(f"https://127.0.0.1:{canary.port}/")
    assert canary.connections == 0


# ---------------------------------------------------------------------------------------------------
# Timeouts, disconnects and shutdown
# ---------------------------------------------------------------------------------------------------


def test_silent_clients_are_dropped_after_the_header_timeout(
    make_proxy: Callable[..., FilteringProxy],
) -> None:
    proxy = make_proxy(header_timeout=0.2)
    with socket.create_connection(("127.0.0.1", proxy.port), timeout=5) as s:
        start = time.monotonic()
        assert s.recv(1) == b""
        assert time.monotonic() - start < 3


def test_idle_tunnels_are_closed(make_proxy: Callable[..., FilteringProxy], public: Upstream) -> None:
    proxy = make_proxy(idle_timeout=0.3)
    with socket.create_connection(("127.0.0.1", proxy.port), timeout=5) as s:
        s.sendall(f"CONNECT 127.0.0.2:{public.port} HTTP/1.1\r\n\r\n".encode())
        assert s.recv(65536).startswith(b"HTTP/1.1 200")
        start = time.monotonic()
        assert s.recv(1) == b""
        assert time.monotonic() - start < 4
    wait_for(lambda: not proxy.connections)


def test_client_disconnect_mid_body_leaks_nothing(
    make_proxy: Callable[..., FilteringProxy], public: Upstream
) -> None:
    proxy = make_proxy()
    for _ in range(5):
        with socket.create_connection(("127.0.0.1", proxy.port), timeout=5) as s:
            s.sendall(
                f"POST http://127.0.0.2:{public.port}/echo HTTP/1.1\r\n".encode()
                + b"Content-Length: 1000000\r\n\r\n"
                + b"x" * 1000
            )
    wait_for(lambda: not proxy.connections)
    with client(proxy) as c:
        assert c.get(f"http://127.0.0.2:{public.port}/still-fine").status_code == 200


def test_stop_closes_open_connections_and_the_thread(
    make_proxy: Callable[..., FilteringProxy], public: Upstream
) -> None:
    proxy = make_proxy()
    idle = socket.create_connection(("127.0.0.1", proxy.port), timeout=5)
    tunnel = socket.create_connection(("127.0.0.1", proxy.port), timeout=5)
    tunnel.sendall(f"CONNECT 127.0.0.2:{public.port} HTTP/1.1\r\n\r\n".encode())
    assert tunnel.recv(65536).startswith(b"HTTP/1.1 200")
    thread = proxy.thread
    start = time.monotonic()
    proxy.stop()
    assert time.monotonic() - start < 5
    assert thread is not None and not thread.is_alive()
    assert idle.recv(1) == b"" and tunnel.recv(1) == b""
    idle.close()
    tunnel.close()
    proxy.stop()  # twice is fine
    with pytest.raises(BrowserError, match="not running"):
        _ = proxy.url


def test_context_manager_and_concurrent_clients(public: Upstream) -> None:
    results: list[int] = []
    with FilteringProxy(forbidden_reason=pretend_public) as proxy:
        assert proxy.url == f"http://127.0.0.1:{proxy.port}"

        def worker() -> None:
            with client(proxy) as c:
                for i in range(5):
                    results.append(c.get(f"http://127.0.0.2:{public.port}/n{i}").status_code)

        threads = [threading.Thread(target=worker) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(10)
    assert results == [200] * 40


def test_start_reports_a_port_in_use() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        proxy = FilteringProxy(port=s.getsockname()[1])
        with pytest.raises(OSError):
            proxy.start()
