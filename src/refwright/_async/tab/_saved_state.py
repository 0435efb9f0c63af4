"""Saved browser state: the context's cookies and local storage, written encrypted under the output folder
and loaded back into the current context (``state save`` / ``state load``, ``page.state``)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast
from urllib.parse import urlsplit

from ..._errors import RefwrightError
from ..._files._state_crypto import open_state, seal_state, state_password
from ..pipeline._translate import first_line, mapped
from ..pipeline._typed import Invocation, run_typed
from ._output_files import output_path, write_file
from ._tab import Tab

__all__ = ["State", "StateSummary", "load_state", "save_state"]


@dataclass(frozen=True)
class StateSummary:
    path: Path
    cookies: int
    origins: int

    def describe(self) -> str:
        c = "cookie" if self.cookies == 1 else "cookies"
        o = "origin" if self.origins == 1 else "origins"
        return f"Loaded {self.cookies} {c} and the local storage of {self.origins} {o}."


def _read(source: Path) -> bytes:
    try:
        return source.read_bytes()
    except FileNotFoundError:
        raise RefwrightError(
            f"There is no state file {source}. Save one first with `state save <path>`.") from None
    except OSError as exc:
        raise RefwrightError(f"Could not read {source}: {exc.strerror or exc}.") from exc


async def save_state(session: Tab, path: str, *, password: str | None = None) -> Path:
    key = password if password is not None else state_password()
    target = output_path(session, path)
    with mapped():
        state = await session.pw.context.storage_state()
    # A page may have put a secret's value in a cookie or its storage: saved as {{secret:NAME}}.
    plain = session.config.secrets.scrub_bytes(json.dumps(state, ensure_ascii=False).encode("utf-8"))
    blob = seal_state(plain, key)
    write_file(target, blob, private=True)
    return target


async def load_state(session: Tab, path: str, *, password: str | None = None) -> StateSummary:
    key = password if password is not None else state_password()
    source = output_path(session, path)
    blob = _read(source)
    try:
        state = json.loads(open_state(blob, key, name=str(source)))
        cookies = list(state.get("cookies") or [])
        origins = list(state.get("origins") or [])
    except (ValueError, AttributeError, TypeError) as exc:
        raise RefwrightError(f"{source} decrypted but holds no browser state; nothing was loaded.") from exc
    context = session.pw.context
    # BrowserContext.set_storage_state is recent (Playwright 1.59+); older ones restore cookies and the
    # current page's own local storage.
    setter = getattr(context, "set_storage_state", None)
    with mapped(lambda exc: RefwrightError(f"Could not load {source}: {first_line(str(exc))}. The file may come "
                                           "from another browser version; save it again.")):
        if setter is not None:
            # Clears the context's cookies and storage, then sets the saved ones (each origin's local
            # storage is written by Playwright on a page it serves itself, so no request leaves the browser).
            await setter(cast(Any, {"cookies": cookies, "origins": origins}))
        else:
            await context.clear_cookies()
            await context.add_cookies(cast(Any, cookies))
            origins = await _restore_own_origin(session, origins)
    return StateSummary(source, len(cookies), len(origins))


async def _restore_own_origin(session: Tab, origins: list[Any]) -> list[Any]:
    here = urlsplit(session.url)
    own = f"{here.scheme}://{here.netloc}"
    restored = []
    for origin in origins:
        if isinstance(origin, dict) and origin.get("origin") == own:
            for item in origin.get("localStorage") or []:
                await session.channel.run("storage", kind="local", clear=False, key=str(item["name"]),
                                          value=str(item["value"]))
            restored.append(origin)
    return restored


class State:
    """Save and load the page's browser state (cookies, local storage), encrypted at rest.

    The key is a password from ``REFWRIGHT_STATE_KEY`` unless ``password`` is given. Paths lie inside
    ``Config.output_dir``. Loading replaces the context's cookies and storage with the saved ones.
    """

    def __init__(self, session: Tab) -> None:
        self._session = session

    async def save(self, path: str, *, password: str | None = None) -> Path:
        return await run_typed(self._session, Invocation.of("state", "save", path),
                               lambda tab: save_state(tab, path, password=password))

    async def load(self, path: str, *, password: str | None = None) -> StateSummary:
        return await run_typed(self._session, Invocation.of("state", "load", path),
                               lambda tab: load_state(tab, path, password=password))
