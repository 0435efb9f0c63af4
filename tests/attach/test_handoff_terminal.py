"""``handoff`` in ``refwright shell`` at a terminal (a pseudo-terminal the test owns): the question appears on
the terminal, Enter hands the page back, and the command's answer says a person had the page."""

from __future__ import annotations

import fcntl
import os
import select
import subprocess
import sys
import termios
import time

from ..server import TestServer


def _read_until(fd: int, needle: str, seconds: float = 60.0) -> str:
    seen = ""
    deadline = time.monotonic() + seconds
    while needle not in seen:
        left = deadline - time.monotonic()
        assert left > 0, f"{needle!r} never came; the terminal showed: {seen[-2000:]!r}"
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk.decode(errors="replace")
    assert needle in seen, seen[-2000:]
    return seen


def _controlling_terminal() -> None:
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def test_handoff_asks_at_the_terminal_and_enter_hands_the_page_back(server: TestServer) -> None:
    url = server.html("/terminal-handoff", "<title>Check</title><p>press the key on your phone")
    master, slave = os.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "refwright", "shell", "--allow-private", f"127.0.0.1:{server.port}", url],
        stdin=slave, stdout=slave, stderr=slave, start_new_session=True, preexec_fn=_controlling_terminal,
        env={**os.environ, "TERM": "dumb"})
    os.close(slave)
    try:
        _read_until(master, "refwright> ")
        os.write(master, b"handoff Approve the sign-in on your phone\n")
        asked = _read_until(master, "Press Enter here when you are done")
        assert "Waiting for you: Approve the sign-in on your phone" in asked
        assert "The browser has no window here" in asked
        os.write(master, b"\n")
        answered = _read_until(master, "before acting.")
        assert "A person had the page for" in answered
        assert '(you asked: "Approve the sign-in on your phone")' in answered
        assert f'The page is still {url} ("Check")' in answered
        # Ctrl-D only after the next prompt: typed while readline is between two prompts, the terminal is in
        # canonical mode and the end-of-file mark reaches readline as a NUL byte, not as the end of input.
        if "refwright> " not in answered.split("before acting.", 1)[1]:
            _read_until(master, "refwright> ")
        os.write(master, b"\x04")
        assert proc.wait(60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
        os.close(master)
