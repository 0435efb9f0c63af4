"""Real browser fleets for tests and benchmarks: ``playwright run-server`` processes and a Chromium with a
CDP port, each started in its own process group so that teardown stops the whole tree (the server's node
child keeps the port when only the Python wrapper dies)."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse

CHROMIUM = "/usr/bin/chromium"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Proc:
    def __init__(self, popen: subprocess.Popen[bytes], endpoint: str) -> None:
        self.popen = popen
        self.endpoint = endpoint

    def kill(self) -> None:
        """Stop the process group (the wrapper and every child) and wait for the wrapper."""
        try:
            os.killpg(self.popen.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.popen.wait(timeout=10)


def run_server() -> Proc:
    """A stock ``playwright run-server``; ``--unsafe`` is what lets the client name /usr/bin/chromium,
    since this machine has no browsers folder for the server's own Chromium."""
    port = _free_port()
    popen = subprocess.Popen([sys.executable, "-m", "playwright", "run-server", "--port", str(port),
                              "--host", "127.0.0.1", "--unsafe"],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True)
    assert popen.stdout is not None
    line = popen.stdout.readline().decode()
    if "Listening on" not in line:
        Proc(popen, "").kill()
        raise RuntimeError(f"playwright run-server did not start: {line!r}")
    options = urllib.parse.quote(json.dumps({"executablePath": CHROMIUM, "headless": True}))
    return Proc(popen, f"ws://127.0.0.1:{port}/?launch-options={options}")


def cdp_chromium() -> Proc:
    profile = tempfile.mkdtemp(prefix="refwright-cdp-")
    popen = subprocess.Popen([CHROMIUM, "--headless=new", "--remote-debugging-port=0", "--no-first-run",
                              "--no-sandbox", f"--user-data-dir={profile}", "about:blank"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    assert popen.stderr is not None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = popen.stderr.readline().decode()
        found = re.search(r"DevTools listening on ws://([^/]+)/", line)
        if found:
            return Proc(popen, f"http://{found.group(1)}")
    Proc(popen, "").kill()
    raise RuntimeError("Chromium did not print its DevTools endpoint")


def process_group_alive(proc: Proc, grace: float = 5.0) -> bool:
    """Whether any process of ``proc``'s group still exists after ``grace`` seconds (children killed with
    the group are reaped by init a moment later)."""
    deadline = time.monotonic() + grace
    while True:
        try:
            os.killpg(proc.popen.pid, 0)
        except ProcessLookupError:
            return False
        if time.monotonic() > deadline:
            return True
        time.sleep(0.1)
