# Generated from src/refwright/_async by scripts/unasync.py: edit the async code, not this file.
"""eval, console, errors, cookies and storage."""

from __future__ import annotations

import json

from playwright.sync_api import Error as PlaywrightError

from ..._errors import RefwrightError
from ...commands import ParsedCommand
from .._session import Session
from .frames import current_frame
from .wait import eval_disabled


def _json(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def eval_(session: Session, cmd: ParsedCommand) -> str:
    eval_disabled(session)
    script = cmd.text_from(0)
    try:
        # After `frame <target>`, in that frame.
        value = (current_frame(session)).evaluate(script)
    except PlaywrightError as exc:
        message = str(exc).splitlines()[0].removeprefix("Page.evaluate: ").removeprefix("Frame.evaluate: ")
        raise RefwrightError(f"eval failed: {message}") from exc
    return _json(value)


def console(session: Session, cmd: ParsedCommand) -> str:
    messages = list(session.events.console)
    return "\n".join(messages) if messages else "No console messages"


def errors(session: Session, cmd: ParsedCommand) -> str:
    errs = list(session.events.errors)
    return "\n".join(errs) if errs else "No page errors"


def cookies(session: Session, cmd: ParsedCommand) -> str:
    sub = cmd.args[0].lower() if cmd.args else "list"
    context = session.pw.context
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


def storage(session: Session, cmd: ParsedCommand) -> str:
    kind = cmd.args[0].lower()
    if kind not in ("local", "session"):
        raise RefwrightError("Usage: storage <local|session> [clear]")
    label = f"{kind} storage"
    if len(cmd.args) > 1 and cmd.args[1].lower() == "clear":
        session.channel.run("storage", kind=kind, clear=True)
        return f"Cleared {label}"
    if not session.config.allow_dom_extraction:
        raise RefwrightError("Reading storage is disabled by Config.allow_dom_extraction.")
    result = session.channel.run("storage", kind=kind, clear=False)
    entries = result.get("entries") or []
    if not entries:
        return f"No {label}"
    return "\n".join(f"{k}={v}" for k, v in entries)


HANDLERS = {"eval": eval_, "console": console, "errors": errors, "cookies": cookies, "storage": storage}
