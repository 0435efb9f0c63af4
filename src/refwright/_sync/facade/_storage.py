# Generated from src/refwright/_async/facade/_storage.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""``page.storage``: the typed API of ``cookies set`` and ``storage local|session`` (read, set, clear)."""

from __future__ import annotations

from typing import Any, Literal, cast

from ..._open_url import normalize_url
from ..pipeline._typed import Invocation, run_typed
from ..tab._tab import Tab

__all__ = ["Storage"]

Kind = Literal["local", "session"]


class Storage:
    """The page's web storage (``kind`` "local" or "session", for the page's origin) and its cookies."""

    def __init__(self, session: Tab) -> None:
        self._session = session

    def get(self, key: str, *, kind: Kind = "local") -> str | None:
        result = self._session.channel.run("storage", kind=kind, clear=False, key=key)
        value = result.get("value")
        return None if value is None else str(value)

    def set(self, key: str, value: str, *, kind: Kind = "local") -> None:
        run_typed(self._session, Invocation.of("storage", kind, "set", key, value),
                        lambda tab: tab.channel.run("storage", kind=kind, clear=False, key=key, value=value))

    def items(self, *, kind: Kind = "local") -> list[tuple[str, str]]:
        result = self._session.channel.run("storage", kind=kind, clear=False)
        return [(str(k), str(v)) for k, v in result.get("entries") or []]

    def clear(self, *, kind: Kind = "local") -> None:
        run_typed(self._session, Invocation.of("storage", kind, "clear"),
                        lambda tab: tab.channel.run("storage", kind=kind, clear=True))

    def set_cookie(self, name: str, value: str, *, url: str | None = None, domain: str | None = None,
                         path: str = "/") -> None:
        """Set a cookie for ``url`` (default: the page's URL) or for ``domain`` and ``path``."""
        cookie: dict[str, str] = {"name": name, "value": value}
        if domain:
            cookie.update(domain=domain, path=path)
        else:
            cookie["url"] = normalize_url(url) if url else self._session.url
        run_typed(self._session, Invocation.of("cookies", "set", name, value),
                        lambda tab: tab.pw.context.add_cookies(cast(Any, [cookie])))
