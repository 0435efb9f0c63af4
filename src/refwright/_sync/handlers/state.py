# Generated from src/refwright/_async/handlers/state.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""eval, console, errors, cookies and storage (list, read, set, clear)."""

from __future__ import annotations

import json
from typing import Any, cast
from urllib.parse import urlsplit

from ..._errors import RefwrightError
from ..._open_url import normalize_url
from ...commands import ParsedCommand
from ..pipeline._translate import first_line, mapped
from ..tab._tab import Tab
from .frames import current_frame
from .wait import eval_disabled


def _json(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def eval_(session: Tab, cmd: ParsedCommand) -> str:
    eval_disabled(session)
    script = cmd.text_from(0)
    with mapped(lambda exc: RefwrightError("eval failed: " + first_line(str(exc)).removeprefix("Page.evaluate: ")
                                           .removeprefix("Frame.evaluate: "))):
        # After `frame <target>`, in that frame.
        value = (current_frame(session)).evaluate(script)
    return _json(value)


def console(session: Tab, cmd: ParsedCommand) -> str:
    messages = list(session.events.console)
    return "\n".join(messages) if messages else "No console messages"


def errors(session: Tab, cmd: ParsedCommand) -> str:
    errs = list(session.events.errors)
    return "\n".join(errs) if errs else "No page errors"


def _cookie_for(session: Tab, cmd: ParsedCommand) -> dict[str, str]:
    if len(cmd.args) < 3:
        raise RefwrightError("Usage: cookies set <name> <value> [--url <url>] [--domain <domain>] [--path <path>]")
    name, value = cmd.args[1], cmd.args[2]
    url, domain, path = cmd.flag("url"), cmd.flag("domain"), cmd.flag("path")
    if isinstance(url, str) and url:
        return {"name": name, "value": value, "url": normalize_url(url)}
    if isinstance(domain, str) and domain:
        return {"name": name, "value": value, "domain": domain,
                "path": path if isinstance(path, str) and path else "/"}
    if not session.url.startswith(("http://", "https://")):
        raise RefwrightError(
            "cookies set needs a page on an http(s) URL to set the cookie for. Open one first, or name it: "
            f"`cookies set {name} <value> --url https://example.com`.")
    cookie: dict[str, str] = {"name": name, "value": value, "url": session.url}
    if isinstance(path, str) and path:
        parts = urlsplit(session.url)
        cookie = {"name": name, "value": value, "domain": parts.hostname or "", "path": path}
    return cookie


def _cookie_options(cmd: ParsedCommand) -> dict[str, object]:
    options: dict[str, object] = {}
    if cmd.flag("httponly") is True:
        options["httpOnly"] = True
    if cmd.flag("secure") is True:
        options["secure"] = True
    same_site = cmd.flag("samesite")
    if isinstance(same_site, str) and same_site:
        spelled = {"strict": "Strict", "lax": "Lax", "none": "None"}.get(same_site.lower())
        if spelled is None:
            raise RefwrightError(f"Invalid --sameSite `{same_site}`: use Strict, Lax or None.")
        options["sameSite"] = spelled
    expires = cmd.flag("expires")
    if isinstance(expires, str) and expires:
        try:
            options["expires"] = float(expires)
        except ValueError:
            raise RefwrightError(
                f"Invalid --expires `{expires}`: give a Unix time in seconds, such as 1893456000.") from None
    return options


def _set_cookie(session: Tab, cmd: ParsedCommand) -> str:
    cookie: dict[str, object] = {**_cookie_for(session, cmd), **_cookie_options(cmd)}
    with mapped(lambda exc: RefwrightError(f"Could not set cookie {cookie['name']}: "
                                           + first_line(str(exc)).removeprefix("BrowserContext.add_cookies: "))):
        session.pw.context.add_cookies(cast(Any, [cookie]))
    return "Done"


def cookies(session: Tab, cmd: ParsedCommand) -> str:
    sub = cmd.args[0].lower() if cmd.args else "list"
    context = session.pw.context
    if sub == "set":
        return _set_cookie(session, cmd)
    if sub == "clear":
        context.clear_cookies()
        return "Cleared cookies"
    if sub not in ("list", "get"):
        raise RefwrightError("Usage: cookies [list|clear]")
    if not session.config.allow_dom_extraction:
        raise RefwrightError("Reading cookies is disabled by Config.allow_dom_extraction.")
    jar = context.cookies([session.url]) if session.url.startswith("http") else context.cookies()
    if not jar:
        return "No cookies"
    return "\n".join(f"{c.get('name')}={c.get('value')}  ({c.get('domain')}{c.get('path')})" for c in jar)


def storage(session: Tab, cmd: ParsedCommand) -> str:
    kind = cmd.args[0].lower()
    if kind not in ("local", "session"):
        raise RefwrightError("Usage: storage <local|session> [clear]")
    label = f"{kind} storage"
    sub = cmd.args[1].lower() if len(cmd.args) > 1 else ""
    if sub == "clear":
        session.channel.run("storage", kind=kind, clear=True)
        return f"Cleared {label}"
    if sub == "set":
        if len(cmd.args) < 4:
            raise RefwrightError(f"Usage: storage {kind} set <key> <value>")
        session.channel.run("storage", kind=kind, clear=False, key=cmd.args[2], value=cmd.args[3])
        return "Done"
    if not session.config.allow_dom_extraction:
        raise RefwrightError("Reading storage is disabled by Config.allow_dom_extraction.")
    if sub:
        # `storage local <key>` and `storage local get <key>` read one value (`get` alone lists them all).
        key = cmd.args[2] if sub == "get" and len(cmd.args) > 2 else None if sub == "get" else cmd.args[1]
        if key is not None:
            found = session.channel.run("storage", kind=kind, clear=False, key=key)
            return f"{key}: {_json(found.get('value'))}"
    if not session.config.allow_dom_extraction:
        raise RefwrightError("Reading storage is disabled by Config.allow_dom_extraction.")
    result = session.channel.run("storage", kind=kind, clear=False)
    entries = result.get("entries") or []
    if not entries:
        return f"No {label}"
    return "\n".join(f"{k}={v}" for k, v in entries)


HANDLERS = {"eval": eval_, "console": console, "errors": errors, "cookies": cookies, "storage": storage}
