# Generated from src/refwright/_async/tab/_permissions.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""The browser permissions refwright grants a context (geolocation for `set geo`, the clipboard for
`clipboard`), kept together. Chromium's grant to one origin replaces, at that origin, what was granted to
every origin: a clipboard grant to the page's origin would take geolocation back there, and the page's
``getCurrentPosition`` would never answer. So every grant carries the others."""

from __future__ import annotations

from collections.abc import Iterable
from weakref import WeakKeyDictionary

from playwright.sync_api import BrowserContext

__all__ = ["grant"]

# Per context: what every origin was granted, and what each origin was granted on top.
_EVERYWHERE: WeakKeyDictionary[BrowserContext, set[str]] = WeakKeyDictionary()
_ORIGINS: WeakKeyDictionary[BrowserContext, dict[str, set[str]]] = WeakKeyDictionary()


def grant(context: BrowserContext, permissions: Iterable[str], origin: str | None = None) -> None:
    """Grant ``permissions`` to ``origin`` (every origin when None), keeping every earlier grant."""
    everywhere = _EVERYWHERE.setdefault(context, set())
    origins = _ORIGINS.setdefault(context, {})
    if origin is None:
        everywhere.update(permissions)
        context.grant_permissions(sorted(everywhere))
        for known, own in origins.items():
            context.grant_permissions(sorted(own | everywhere), origin=known)
        return
    own = origins.setdefault(origin, set())
    own.update(permissions)
    context.grant_permissions(sorted(own | everywhere), origin=origin)
