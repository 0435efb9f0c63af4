"""The CLI on a remote browser: the guard mode is printed at start (shell, agent, mcp), and the endpoint's
token (in its URL or in REFWRIGHT_CONNECT_HEADERS) never appears in output or errors."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from collections.abc import Iterator

import pytest

from ..fleet import Proc, run_server
from ..inprocess import environment, refwright
from ..server import TestServer

URL_TOKEN = "tok-url-5f1e9c"
HEADER_TOKEN = "tok-header-8a2d41"


@pytest.fixture(scope="module")
def fleet() -> Iterator[Proc]:
    proc = run_server()
    yield proc
    proc.kill()


def _env() -> dict[str, str]:
    return dict(os.environ, REFWRIGHT_CONNECT_HEADERS=json.dumps({"Authorization": f"Bearer {HEADER_TOKEN}"}))


def _cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``refwright <args>`` in this process, with the header token in its environment."""
    with environment(_env()):
        done = refwright(*args, stdin=stdin.encode())
    return subprocess.CompletedProcess(done.args, done.returncode, done.stdout.decode(), done.stderr.decode())


def _cli_process(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """The same as a real subprocess (the MCP server reads its client on the process's own stdin)."""
    return subprocess.run([sys.executable, "-m", "refwright", *args], input=stdin, env=_env(), capture_output=True,
                          text=True, timeout=60, check=False)


def _no_token(done: subprocess.CompletedProcess[str]) -> None:
    for token in (URL_TOKEN, HEADER_TOKEN):
        assert token not in done.stdout and token not in done.stderr


def test_shell_prints_the_proxy_guard_and_never_the_token(fleet: Proc, server: TestServer) -> None:
    url = server.html("/cli-remote", "<title>remote shell</title>")
    done = _cli("shell", "--connect", f"{fleet.endpoint}&token={URL_TOKEN}", "--guard-listen", "127.0.0.1:0",
                "--allow-private", f"127.0.0.1:{server.port}", stdin=f"open {url}\nget title\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "remote shell"
    assert "refwright: network guard: proxy listening on 127.0.0.1:" in done.stderr
    assert "127.0.0.1:0;" not in done.stderr  # the port it bound, not the one asked for
    _no_token(done)


def test_shell_prints_interception_and_what_it_leaves_open(fleet: Proc) -> None:
    done = _cli("shell", "--connect", fleet.endpoint, stdin="")
    assert done.returncode == 0, done.stderr
    line = next(x for x in done.stderr.splitlines() if x.startswith("refwright: network guard:"))
    assert line.startswith("refwright: network guard: interception; not guarded: preconnects")
    assert "--guard-listen" in line


def test_a_failed_connection_names_the_endpoint_without_its_token() -> None:
    done = _cli("shell", "--connect", f"ws://user:{URL_TOKEN}@127.0.0.1:9/?token={URL_TOKEN}", stdin="get title\n")
    assert "Could not connect to the Playwright server at ws://127.0.0.1:9/" in done.stderr
    _no_token(done)
    bad = _cli("shell", "--guard-listen", "nowhere", stdin="")
    assert bad.returncode == 1 and "is not HOST:PORT" in bad.stderr


@pytest.mark.skipif(importlib.util.find_spec("mcp") is None, reason="the mcp extra is not installed")
def test_mcp_prints_the_guard_mode_at_start(fleet: Proc) -> None:
    # stdin closed at once: the server starts, prints, and ends when its client goes away.
    done = _cli_process("mcp", "--connect", f"{fleet.endpoint}&token={URL_TOKEN}", stdin="")
    assert "refwright: network guard: interception; not guarded: preconnects" in done.stderr
    _no_token(done)
