"""Asking the person at the terminal to take the page (``handoff <reason>`` in ``shell`` and ``agent``):
the question goes to ``/dev/tty``, never stdout or stdin (which may carry commands), and Enter hands the
page back."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable, Callable

from .._async.tab._handover import HANDOFF_ASKER
from .._errors import RefwrightError
from ..safety import clean_line
from ._options import terminal_available

__all__ = ["ask_at_terminal"]


def _wait(reason: str, url: str, hint: str) -> bool:
    fd = os.open("/dev/tty", os.O_RDWR | os.O_NOCTTY)
    try:
        os.write(fd, (f"\nrefwright: Waiting for you: {clean_line(reason)[:300]} (the page: {clean_line(url)[:300]})."
                      f"{hint}\nPress Enter here when you are done, or type no and Enter if you will not do it: "
                      ).encode())
        answer = b""
        while not answer.endswith(b"\n") and len(answer) < 100:
            chunk = os.read(fd, 100)
            if not chunk:
                break
            answer += chunk
    finally:
        os.close(fd)
    return answer.decode(errors="replace").strip().lower() not in ("n", "no")


def ask_at_terminal(*, visible: bool) -> None:
    """From now on (in this task and those it starts), ``handoff`` asks the person at the terminal, when there
    is one. ``visible``: the person can see the browser (a window, or their own attached browser)."""
    if not terminal_available():
        return
    hint = "" if visible else (" The browser has no window here: what you can do is outside it (a phone, "
                               "another device), or restart with --headed or --auto-connect to act in it.")

    async def ask(reason: str, url: str) -> None:
        if not await asyncio.to_thread(_wait, reason, url, hint):
            raise RefwrightError("The person declined to take the page, so nothing was done for you. Go on without "
                                 "it, or stop and say what you need.")

    asker: Callable[[str, str], Awaitable[None]] = ask
    HANDOFF_ASKER.set(asker)
