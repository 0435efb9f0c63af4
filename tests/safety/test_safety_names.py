"""The guard's resolver: c-ares against a real (tiny, scripted) DNS server on loopback UDP.

Covers the cache (answers for their TTL, clamped; failures briefly; bounded size), concurrency without
threads, /etc/hosts, failing fast, and DNS rebinding through the proxy: a name whose second answer is a
forbidden address is pinned to its first, checked answer, or refused — never followed.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from ipaddress import IPv4Address, ip_address

import httpx
import pytest

from refwright.safety._addresses import IPAddress, forbidden_reason
from refwright.safety._names import CachingResolver, NameNotResolvedError
from refwright.safety._proxy import FilteringProxy

from ..safety_dns import DNSServer
from ..safety_upstream import Upstream


@pytest.fixture
def dns() -> Iterator[DNSServer]:
    server = DNSServer()
    yield server
    server.stop()


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def resolver(dns: DNSServer, **kwargs: object) -> CachingResolver:
    kwargs.setdefault("timeout", 0.5)
    kwargs.setdefault("tries", 1)
    return CachingResolver(nameservers=[dns.nameserver], **kwargs)  # type: ignore[arg-type]


async def test_answers_come_from_the_wire_and_are_cached_for_their_ttl(dns: DNSServer) -> None:
    dns.scripts["site.test"] = [(1, ["93.184.216.34", "2606:4700::1"]), (1, ["93.184.216.35"])]
    resolve = resolver(dns, min_ttl=0, max_ttl=600)
    assert set(await resolve("site.test")) == {ip_address("93.184.216.34"), ip_address("2606:4700::1")}
    assert await resolve("SITE.test.") == await resolve("site.test")  # one name, however spelled
    assert dns.lookups("site.test") == 1 and resolve.lookups == 1
    await asyncio.sleep(1.1)  # past the answer's own lifetime (c-ares's own cache honours it too)
    assert await resolve("site.test") == [ip_address("93.184.216.35")]
    assert dns.lookups("site.test") == 2


async def test_lifetimes_are_clamped(dns: DNSServer) -> None:
    dns.scripts["zero.test"] = [(0, ["93.184.216.34"])]
    dns.scripts["long.test"] = [(86400, ["93.184.216.34"])]
    clock = Clock()
    resolve = resolver(dns, min_ttl=30, max_ttl=300, clock=clock)
    await resolve("zero.test")
    await resolve("long.test")
    clock.now += 29
    await resolve("zero.test")  # a zero TTL still lives min_ttl
    await resolve("long.test")
    assert resolve.lookups == 2 and dns.lookups("zero.test") == 1
    clock.now += 272  # 301 s in: past max_ttl, so both are asked again
    await resolve("zero.test")
    await resolve("long.test")
    assert resolve.lookups == 4 and dns.lookups("zero.test") == 2


async def test_failures_are_cached_briefly(dns: DNSServer) -> None:
    clock = Clock()
    resolve = resolver(dns, failure_ttl=5, clock=clock)
    for _ in range(3):
        with pytest.raises(NameNotResolvedError, match="not found"):
            await resolve("nowhere.test")
    assert dns.lookups("nowhere.test") == 1
    dns.scripts["nowhere.test"] = [(60, ["93.184.216.34"])]
    clock.now += 6
    assert await resolve("nowhere.test") == [ip_address("93.184.216.34")]


async def test_the_cache_is_bounded(dns: DNSServer) -> None:
    for name in ("a.test", "b.test", "c.test"):
        dns.scripts[name] = [(600, ["93.184.216.34"])]
    resolve = resolver(dns, max_entries=2)
    for name in ("a.test", "b.test", "a.test", "c.test"):  # b.test is then the least recently used
        await resolve(name)
    assert resolve.size == 2
    assert resolve.lookups == 3
    await resolve("a.test")
    assert resolve.lookups == 3
    await resolve("b.test")
    assert resolve.lookups == 4


async def test_lookups_run_concurrently_without_threads(dns: DNSServer) -> None:
    names = [f"host{i}.test" for i in range(40)]
    for name in names:
        dns.scripts[name] = [(60, ["93.184.216.34"])]
    dns.delay = 0.3
    resolve = resolver(dns, timeout=2)
    threads = threading.active_count()
    start = time.perf_counter()
    results = await asyncio.gather(*(resolve(n) for n in names), *(resolve("host0.test") for _ in range(10)))
    elapsed = time.perf_counter() - start
    assert all(r == [ip_address("93.184.216.34")] for r in results)
    assert elapsed < 1.5, elapsed  # 40 lookups of 0.3 s each, one after another, would take 12 s
    assert threading.active_count() == threads
    assert dns.lookups("host0.test") == 1  # concurrent callers of one name share its query


async def test_etc_hosts_names_resolve_without_a_query(dns: DNSServer) -> None:
    resolve = resolver(dns)
    assert IPv4Address("127.0.0.1") in await resolve("localhost")
    assert not any(name == "localhost" for name, _ in dns.queries)


async def test_unknown_and_unanswered_names_fail_fast(dns: DNSServer) -> None:
    resolve = resolver(dns)
    start = time.perf_counter()
    with pytest.raises(NameNotResolvedError):
        await resolve("unknown.test")
    assert time.perf_counter() - start < 0.5
    dns.silent = True
    silent = resolver(dns, timeout=0.2, tries=1)
    start = time.perf_counter()
    with pytest.raises(NameNotResolvedError):
        await silent("quiet.test")
    assert time.perf_counter() - start < 1.5


# ---------------------------------------------------------------------------------------------------
# Rebinding through the proxy
# ---------------------------------------------------------------------------------------------------

PUBLIC_IP = IPv4Address("127.0.0.2")


def pretend_public(ip: IPAddress) -> str | None:
    return None if ip == PUBLIC_IP else forbidden_reason(ip)


@pytest.fixture
def servers() -> Iterator[tuple[Upstream, Upstream]]:
    public = Upstream("127.0.0.2")
    try:
        canary = Upstream("127.0.0.1", public.port)  # same port: only the address differs
    except OSError:
        canary = Upstream("127.0.0.1")
    yield public, canary
    public.stop()
    canary.stop()


@pytest.fixture
def make_proxy() -> Iterator[Callable[..., FilteringProxy]]:
    proxies: list[FilteringProxy] = []

    def make(**kwargs: object) -> FilteringProxy:
        proxy = FilteringProxy(forbidden_reason=pretend_public, **kwargs)  # type: ignore[arg-type]
        proxy.start()
        proxies.append(proxy)
        return proxy

    yield make
    for p in proxies:
        p.stop()


def test_a_rebinding_name_is_pinned_to_its_checked_answer(
    dns: DNSServer, servers: tuple[Upstream, Upstream], make_proxy: Callable[..., FilteringProxy]
) -> None:
    public, canary = servers
    dns.scripts["rebind.test"] = [(0, ["127.0.0.2"]), (0, ["127.0.0.1"])]
    proxy = make_proxy(resolver=resolver(dns, min_ttl=30))
    with httpx.Client(proxy=proxy.url, timeout=5, trust_env=False) as c:
        for _ in range(3):
            r = c.get(f"http://rebind.test:{public.port}/pinned")
            assert r.status_code == 200 and b"via=127.0.0.2" in r.content
    assert dns.lookups("rebind.test") == 1
    assert canary.connections == 0


def test_a_rebinding_name_without_pinning_is_refused(
    dns: DNSServer, servers: tuple[Upstream, Upstream], make_proxy: Callable[..., FilteringProxy]
) -> None:
    public, canary = servers
    dns.scripts["rebind.test"] = [(0, ["127.0.0.2"]), (0, ["127.0.0.1"])]
    proxy = make_proxy(resolver=resolver(dns, min_ttl=0))
    with httpx.Client(proxy=proxy.url, timeout=5, trust_env=False) as c:
        assert c.get(f"http://rebind.test:{public.port}/first").status_code == 200
        r = c.get(f"http://rebind.test:{public.port}/second")
        assert r.status_code == 403 and "rebind.test resolves to a loopback address (127.0.0.1)" in r.text
    assert dns.lookups("rebind.test") == 2
    assert canary.connections == 0


def test_the_proxy_fails_unknown_hosts_fast_and_caches_the_failure(
    dns: DNSServer, make_proxy: Callable[..., FilteringProxy]
) -> None:
    proxy = make_proxy(resolver=resolver(dns))
    with httpx.Client(proxy=proxy.url, timeout=5, trust_env=False) as c:
        start = time.perf_counter()
        for _ in range(5):
            r = c.get("http://ads.unknown.test/pixel.gif")
            assert r.status_code == 403 and "could not resolve ads.unknown.test" in r.text
        assert time.perf_counter() - start < 1.0
    assert dns.lookups("ads.unknown.test") == 1


async def test_a_resolver_that_cannot_start_refuses_with_a_reason() -> None:
    broken = CachingResolver(nameservers=["not-an-address"])
    with pytest.raises(NameNotResolvedError, match="the resolver could not start"):
        await broken("example.com")
