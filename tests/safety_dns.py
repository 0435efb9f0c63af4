"""A tiny scripted DNS server on loopback UDP, for testing the guard's resolver on the real wire protocol.

Each name answers the next entry of its script (the last one repeats): ``(ttl, [addresses])``. IPv4
addresses answer A queries, IPv6 ones AAAA queries; a name without a script gets NXDOMAIN. Answers can
be delayed (to show lookups run concurrently) or dropped (to show a silent server fails fast). Every
query is logged as ``(name, qtype)``.
"""

from __future__ import annotations

import asyncio
import struct
import threading
from collections.abc import Sequence
from ipaddress import IPv4Address, ip_address

A, AAAA = 1, 28


def _read_name(data: bytes, offset: int) -> tuple[str, int]:
    labels = []
    while (length := data[offset]) != 0:
        labels.append(data[offset + 1 : offset + 1 + length].decode("ascii"))
        offset += 1 + length
    return ".".join(labels), offset + 1


class DNSServer:
    def __init__(self) -> None:
        self.scripts: dict[str, Sequence[tuple[int, Sequence[str]]]] = {}
        self.queries: list[tuple[str, int]] = []
        self.delay = 0.0
        self.silent = False
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._transport: asyncio.DatagramTransport | None = None
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        self._ready.wait(5)
        assert self._transport is not None
        self.port: int = self._transport.get_extra_info("sockname")[1]

    @property
    def nameserver(self) -> str:
        return f"127.0.0.1:{self.port}"

    def lookups(self, name: str) -> int:
        """How many A queries ``name`` got (c-ares sends A and AAAA together)."""
        return sum(1 for n, t in self.queries if n == name and t == A)

    def stop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)

    def _run(self) -> None:
        server = self

        class Protocol(asyncio.DatagramProtocol):
            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                server._transport = transport  # type: ignore[assignment]

            def datagram_received(self, data: bytes, addr: tuple[str, int]) -> None:
                reply = server._answer(data)
                if reply is None or server._transport is None:
                    return
                server._loop.call_later(server.delay, server._transport.sendto, reply, addr)

        self._loop.run_until_complete(self._loop.create_datagram_endpoint(Protocol, local_addr=("127.0.0.1", 0)))
        self._ready.set()
        self._loop.run_forever()
        assert self._transport is not None
        self._transport.close()
        self._loop.close()

    def _answer(self, data: bytes) -> bytes | None:
        ident, _flags, _qd = struct.unpack("!HHH", data[:6])
        name, end = _read_name(data, 12)
        qtype = struct.unpack("!H", data[end : end + 2])[0]
        question = data[12 : end + 4]
        name = name.lower()
        self.queries.append((name, qtype))
        if self.silent:
            return None
        script = self.scripts.get(name)
        if script is None:
            return struct.pack("!HHHHHH", ident, 0x8183, 1, 0, 0, 0) + question  # NXDOMAIN
        n = sum(1 for q in self.queries if q == (name, qtype)) - 1
        ttl, addresses = script[min(n, len(script) - 1)]
        records = []
        for text in addresses:
            ip = ip_address(text)
            if (qtype == A) != isinstance(ip, IPv4Address):
                continue
            records.append(b"\xc0\x0c" + struct.pack("!HHIH", qtype, 1, ttl, len(ip.packed)) + ip.packed)
        header = struct.pack("!HHHHHH", ident, 0x8180, 1, len(records), 0, 0)
        return header + question + b"".join(records)
