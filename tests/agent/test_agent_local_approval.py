"""``refwright agent TASK --model local`` ending on a step that needs approval: asked y/N on a terminal
(a real pseudo-terminal here), and without one an exit status of 1 naming ``--model local:auto-approve``."""

from __future__ import annotations

import os
import pty
import subprocess
import sys

from ..inprocess import refwright
from ..server import TestServer

PAGE = """<p id=log></p><button onclick="document.getElementById('log').textContent='paid'">Pay</button>"""


def local_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "ANTHROPIC_"))}


def test_without_a_terminal_the_run_fails_and_names_auto_approve(server: TestServer) -> None:
    url = server.html("/local-pay.html", PAGE)
    done = refwright("agent", 'Click "Pay"', "--url", url, "--allow-private", "--model", "local")
    err = done.stderr.decode()
    assert done.returncode == 1, err
    assert "there is no terminal to ask on" in err and "--model local:auto-approve" in err
    assert "Needs approval: click @" in err
    assert done.stdout == b""


def test_auto_approve_confirms_and_succeeds(server: TestServer) -> None:
    url = server.html("/local-pay2.html", PAGE)
    done = refwright("agent", 'Click "Pay"', "--url", url, "--allow-private", "--model", "local:auto-approve")
    assert done.returncode == 0, done.stderr.decode()
    assert done.stdout.decode().startswith("Done: nothing is left of the request"), done.stdout


def test_help_lists_auto_approve() -> None:
    done = refwright("agent", "--help")
    assert "local:auto-approve" in done.stdout.decode().replace("\n", " ")


def _on_terminal(url: str, answer: bytes) -> tuple[int, str, str]:
    """The agent run as a person runs it: stdin is a pseudo-terminal where ``answer`` is typed."""
    leader, follower = pty.openpty()
    try:
        os.write(leader, answer)
        proc = subprocess.run(
            [sys.executable, "-m", "refwright", "agent", 'Click "Pay"', "--url", url, "--allow-private",
             "--model", "local"],
            stdin=follower, capture_output=True, text=True, timeout=120, env=local_env(), check=False)
    finally:
        os.close(follower)
        os.close(leader)
    return proc.returncode, proc.stdout, proc.stderr


def test_on_a_terminal_yes_confirms_the_step(server: TestServer) -> None:
    code, out, err = _on_terminal(server.html("/local-pay3.html", PAGE), b"y\n")
    assert "Approve this step? [y/N]" in err and "Needs approval: click @" in err
    assert code == 0, err
    assert out.startswith("Done: nothing is left of the request (clicked button \"Pay\")"), out


def test_on_a_terminal_anything_else_declines(server: TestServer) -> None:
    code, out, err = _on_terminal(server.html("/local-pay4.html", PAGE), b"\n")
    assert "Approve this step? [y/N]" in err
    assert code == 1 and "was not approved" in err
    assert out.startswith("Not approved, so it was not done: Needs approval: click @"), out
