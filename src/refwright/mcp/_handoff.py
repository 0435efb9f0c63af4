"""Handing the page to the person through the MCP client: ``handoff <reason>`` (the ``browser`` tool) and the
``browser_handoff`` tool ask through elicitation, with the console's address when the server reports to one;
accepting hands the page back. The wait is the person's time, which the hang limit does not count."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from .._errors import RefwrightError
from ..safety import clean_line
from ._tools import CallContext, Reply, ToolDef

__all__ = ["handoff_asker", "handoff_tool", "set_console_url"]

_CONSOLE: list[str] = []


def set_console_url(url: str | None) -> None:
    """The console the server reports to (``refwright mcp --console URL``), named in hand-over questions
    without its token."""
    _CONSOLE.clear()
    if url:
        parts = urlsplit(url)
        _CONSOLE.append(urlunsplit((parts.scheme, parts.netloc, parts.path or "/", "", "")))


def handoff_asker(call: CallContext) -> Callable[[str, str], Awaitable[None]]:
    """``HANDOFF_ASKER`` for one tool call: the person is asked through the client, and answers when done."""

    async def ask(reason: str, url: str) -> None:
        where = f" Watch and take over the page in the console at {_CONSOLE[0]}." if _CONSOLE else ""
        question = (f"Waiting for you: {clean_line(reason)[:300]} (the page: {clean_line(url)[:300]}).{where} "
                    "Accept when you are done, to hand the page back to the agent; decline if you will not do it.")
        with call.asking_person():
            decision = await call.asker.ask(f"handoff:{clean_line(reason)[:200]}", question)
        if decision == "deny":
            raise RefwrightError("The person declined to take the page, so nothing was done for you. Go on without "
                                 "it, or stop and say what you need.")

    return ask


async def _handoff(args: dict[str, Any], call: CallContext) -> Reply:
    page = await call.page()
    result = await call.bounded(page.run_command(f"handoff {args['reason']}"))
    return Reply(result.output)


def handoff_tool() -> ToolDef:
    return ToolDef(
        "browser_handoff",
        "Hand the page to the person for something only they can do (a CAPTCHA, a 2FA prompt, a consent screen) "
        "and wait until they hand it back. Returns what the person did and what changed; take a new snapshot "
        "afterwards. Never use it to ask for a password that a {{secret:NAME}} covers.",
        {"type": "object", "properties": {"reason": {"type": "string", "description": "what the person should do"}},
         "required": ["reason"], "additionalProperties": False},
        _handoff, title="Hand the page to the person")
