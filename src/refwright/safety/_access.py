"""The user's exceptions for private targets: ``--allow-private`` as all, none, or ``HOST[:PORT]`` entries."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from ._addresses import IPAddress, is_cloud_metadata_address
from ._url import parse_host, parse_port, split_authority

__all__ = ["ALLOW_PRIVATE_HINT", "PYTHON_ALLOW_PRIVATE_HINT", "PrivateAccess"]

# How the user allows private targets, in the words of where they set it (Config.surface).
ALLOW_PRIVATE_HINT = "the user can allow them with --allow-private (or REFWRIGHT_ALLOW_PRIVATE=1)"
PYTHON_ALLOW_PRIVATE_HINT = ("the user can allow them with Config(allow_private=True), or only some hosts with "
                             "Config(allow_private=(\"HOST:PORT\",))")


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
    # How the user allows more, as a refusal tells it.
    hint: str = field(default=ALLOW_PRIVATE_HINT, compare=False)

    @classmethod
    def from_setting(cls, value: bool | Iterable[str] | PrivateAccess, surface: str | None = None) -> PrivateAccess:
        """Parse the ``allow_private`` setting; raises ``ValueError`` naming a bad entry. ``surface``: where
        the user sets it (``Config.surface``), whose words a refusal uses (by default, the command line's)."""
        hint = PYTHON_ALLOW_PRIVATE_HINT if surface == "python" else ALLOW_PRIVATE_HINT
        if isinstance(value, PrivateAccess):
            return value if surface is None else replace(value, hint=hint)
        if isinstance(value, bool):
            return cls(allow_all=value, hint=hint)
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
        return cls(entries=tuple(entries), hint=hint)

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

