"""Name resolution for the guard: c-ares on the event loop (no threads), with a cache of answers.

A page that names fifty outside hosts must not wait for fifty lookups in a row, nor repeat a lookup for
every request to one CDN. :class:`CachingResolver` asks c-ares (through aiodns) concurrently, keeps each
answer for the lifetime the answer gave (bounded both ways) and each failure briefly, and holds a bounded
number of names. Every answer it returns is still checked by the caller before anything connects, and
the caller connects only to an address it checked.

c-ares keeps a query cache of its own (answers for their TTL, at most an hour; zero-TTL answers and
failures without an SOA record not at all); this cache sits on top and decides the lifetimes refwright
relies on.

Keeping an answer for a floor of ``min_ttl`` seconds is also DNS pinning: a name that answers with a
zero lifetime and then "rebinds" to another address gets its first, checked answer for that long.
"""

from __future__ import annotations

import asyncio
import atexit
import logging
import socket
import time
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable, Sequence
from ipaddress import ip_address
from typing import TypeAlias

from .._errors import NameNotResolvedError
from ._addresses import IPAddress

_log = logging.getLogger(__name__)

__all__ = [
    "AsyncResolver",
    "CachingResolver",
    "NameNotResolvedError",
    "Resolver",
    "system_resolve",
    "system_resolve_async",
]

Resolver: TypeAlias = Callable[[str], Sequence[IPAddress]]
AsyncResolver: TypeAlias = Callable[[str], Awaitable[Sequence[IPAddress]]]


def unique(addresses: Iterable[IPAddress]) -> list[IPAddress]:
    return list(dict.fromkeys(addresses))


def _address(text: str | bytes) -> IPAddress:
    if isinstance(text, bytes):
        text = text.decode("ascii")
    return ip_address(text.partition("%")[0])


def system_resolve(name: str) -> list[IPAddress]:
    """Every address the system resolver gives for ``name`` (blocking)."""
    infos = socket.getaddrinfo(name, None, type=socket.SOCK_STREAM)
    return unique(_address(str(info[4][0])) for info in infos)


async def system_resolve_async(name: str) -> list[IPAddress]:
    """:func:`system_resolve` in a worker thread."""
    return await asyncio.to_thread(system_resolve, name)


class CachingResolver:
    """An async resolver on c-ares with a bounded cache of answers and failures.

    ``nameservers`` (``"IP"`` or ``"IP:PORT"``) default to the system's; ``/etc/hosts`` is read as the
    system resolver reads it. Answers live ``ttl`` seconds as given by DNS, clamped to
    ``[min_ttl, max_ttl]``; failures live ``failure_ttl``. At most ``max_entries`` names are kept (the
    least recently used go first). Concurrent lookups of one name share one query. Each query waits at
    most ``timeout`` seconds per try, ``tries`` tries. Not thread-safe: use it from one event loop.
    """

    def __init__(
        self,
        *,
        nameservers: Sequence[str] | None = None,
        max_entries: int = 2048,
        min_ttl: float = 30.0,
        max_ttl: float = 600.0,
        failure_ttl: float = 5.0,
        timeout: float = 2.0,
        tries: int = 2,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if max_entries < 1:
            raise ValueError("max_entries must be at least 1")
        self._nameservers = list(nameservers) if nameservers else None
        self._max_entries = max_entries
        self._min_ttl = min_ttl
        self._max_ttl = max(max_ttl, min_ttl)
        self._failure_ttl = failure_ttl
        self._options = {"timeout": timeout, "tries": tries}
        self._clock = clock
        # name -> (expiry, addresses or the failure's message)
        self._cache: OrderedDict[str, tuple[float, list[IPAddress] | str]] = OrderedDict()
        self._pending: dict[str, asyncio.Future[list[IPAddress]]] = {}
        self._channel: object | None = None
        self._channel_loop: asyncio.AbstractEventLoop | None = None
        self.lookups = 0  # lookups this cache could not answer, for tests and benchmarks

    @property
    def size(self) -> int:
        """How many names (answers and failures) are cached now."""
        return len(self._cache)

    def clear(self) -> None:
        self._cache.clear()

    async def __call__(self, name: str) -> list[IPAddress]:
        key = name.lower().rstrip(".")
        now = self._clock()
        hit = self._cache.get(key)
        if hit is not None:
            if hit[0] > now:
                self._cache.move_to_end(key)
                if isinstance(hit[1], str):
                    raise NameNotResolvedError(hit[1])
                return list(hit[1])
            del self._cache[key]
        pending = self._pending.get(key)
        if pending is None:
            pending = asyncio.ensure_future(self._lookup(key))
            self._pending[key] = pending
            pending.add_done_callback(lambda f: self._settled(key, f))
        # A caller that gives up (its own timeout) must not cancel the query the others share.
        return list(await asyncio.shield(pending))

    def _settled(self, key: str, future: asyncio.Future[list[IPAddress]]) -> None:
        self._pending.pop(key, None)
        if not future.cancelled():
            future.exception()  # retrieved: every caller may have stopped waiting

    def _resolver(self) -> object:
        import aiodns

        loop = asyncio.get_running_loop()
        if self._channel is None or self._channel_loop is not loop:
            self._channel = aiodns.DNSResolver(nameservers=self._nameservers, loop=loop, **self._options)
            self._channel_loop = loop
            _OPEN.add(self)
        return self._channel

    async def close(self) -> None:
        """Release the c-ares channel (the cache stays); the next lookup opens a new one."""
        import aiodns

        channel, self._channel = self._channel, None
        _OPEN.discard(self)
        if isinstance(channel, aiodns.DNSResolver):
            await channel.close()

    async def _lookup(self, key: str) -> list[IPAddress]:
        import aiodns
        import pycares

        try:
            resolver = self._resolver()
        except (aiodns.error.DNSError, pycares.AresError, OSError, RuntimeError, ValueError) as e:
            raise NameNotResolvedError(f"the resolver could not start: {e}") from None
        assert isinstance(resolver, aiodns.DNSResolver)
        self.lookups += 1
        try:
            result = await resolver.getaddrinfo(key, type=socket.SOCK_STREAM)
        except aiodns.error.DNSError as e:
            message = str(e.args[1]) if len(e.args) > 1 else str(e)
            self._store(key, self._failure_ttl, message)
            raise NameNotResolvedError(message) from None
        addresses = unique(_address(node.addr[0]) for node in result.nodes)
        if not addresses:
            self._store(key, self._failure_ttl, "no addresses")
            raise NameNotResolvedError("no addresses")
        ttl = min((node.ttl for node in result.nodes), default=0)
        self._store(key, min(max(float(ttl), self._min_ttl), self._max_ttl), addresses)
        return addresses

    def _store(self, key: str, lifetime: float, value: list[IPAddress] | str) -> None:
        self._cache[key] = (self._clock() + lifetime, value)
        self._cache.move_to_end(key)
        while len(self._cache) > self._max_entries:
            self._cache.popitem(last=False)


# Channels still open at exit are closed while the modules they need still exist; otherwise their
# finalisers run during interpreter teardown and print "Exception ignored" noise.
_OPEN: weakref.WeakSet[CachingResolver] = weakref.WeakSet()


@atexit.register
def _close_all() -> None:
    if not _OPEN:
        return
    loop = asyncio.new_event_loop()
    try:
        for resolver in list(_OPEN):
            try:
                loop.run_until_complete(resolver.close())
            except Exception:  # at exit nobody is left to tell, and one failure must not keep the rest open
                _log.debug("closing a resolver at exit failed", exc_info=True)
    finally:
        loop.close()
