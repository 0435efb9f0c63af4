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

from refwright._driver._discovery import chromium_args, find_browser

# The remote browsers run the Chromium a local headless run would launch (the headless shell where one is
# installed).
_FOUND = find_browser()
CHROMIUM = _FOUND.path if _FOUND else "/usr/bin/chromium"


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
    options = urllib.parse.quote(json.dumps({"executablePath": CHROMIUM, "headless": True, "args": chromium_args()}))
    return Proc(popen, f"ws://127.0.0.1:{port}/?launch-options={options}")


def cdp_chromium(url: str = "about:blank") -> Proc:
    """A Chromium with remote debugging on a free port, showing ``url``, in a process group of its own:
    Debian's /usr/bin/chromium* are shell scripts that run the browser as their child, so killing only the
    script would leave the browser running."""
    profile = tempfile.mkdtemp(prefix="refwright-cdp-")
    popen = subprocess.Popen([CHROMIUM, "--headless=new", "--remote-debugging-port=0", *chromium_args(),
                              f"--user-data-dir={profile}", url],
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


GRID_JAR_ENV = "REFWRIGHT_SELENIUM_JAR"
# Where `npm install --ignore-scripts @nightwatch/selenium-server@4.20.0` in /tmp/refwright-grid puts the jar
# (the npm package carries Selenium's own standalone server jar; Java and chromedriver come from Debian).
GRID_JAR = "/tmp/refwright-grid/node_modules/@nightwatch/selenium-server/lib/selenium-server-4.20.0.jar"


def grid_missing() -> str | None:
    """Why a real Selenium Grid cannot run here, or ``None`` when it can."""
    import shutil

    jar = os.environ.get(GRID_JAR_ENV, GRID_JAR)
    missing = [what for what, ok in (("java", shutil.which("java")), ("chromedriver", shutil.which("chromedriver")),
                                     (jar, os.path.isfile(jar))) if not ok]
    if missing:
        return ("no Selenium Grid here (missing " + ", ".join(missing) + "): apt-get install default-jre-headless "
                "chromium-driver; cd /tmp/refwright-grid && npm install --ignore-scripts "
                "@nightwatch/selenium-server@4.20.0")
    return None


def selenium_grid(timeout: float = 60.0) -> Proc:
    """A real Selenium Grid 4 (standalone: hub and one node) whose node starts Chromium through
    chromedriver; its endpoint is the hub URL for SELENIUM_REMOTE_URL."""
    import urllib.request

    port = _free_port()
    jar = os.environ.get(GRID_JAR_ENV, GRID_JAR)
    popen = subprocess.Popen(["java", "-jar", jar, "standalone", "--host", "127.0.0.1", "--port", str(port),
                              "--selenium-manager", "false", "--max-sessions", "4"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    proc = Proc(popen, f"http://127.0.0.1:{port}/wd/hub")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/status", timeout=2) as answer:
                if json.load(answer)["value"]["ready"]:
                    return proc
        except (OSError, ValueError, KeyError):
            pass
        if popen.poll() is not None:
            break
        time.sleep(0.5)
    proc.kill()
    raise RuntimeError("the Selenium Grid did not become ready")
