"""A Chromium the test starts itself, as a person would lend theirs: remote debugging on port 0 and its own
user data dir; the endpoint is read from the DevToolsActivePort it writes."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

from refwright._driver._devtools_port import read_active_port

from ..server import TestServer

CHROMIUM = "/usr/bin/chromium"


class LentChromium:
    def __init__(self, user_data_dir: Path) -> None:
        self.user_data_dir = user_data_dir
        self.proc = subprocess.Popen(
            [CHROMIUM, "--headless=new", "--no-sandbox", "--remote-debugging-port=0",
             f"--user-data-dir={user_data_dir}", "--no-first-run", "--no-default-browser-check",
             "--disable-gpu", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + 30
        while True:
            found = read_active_port(str(user_data_dir))
            if found is not None:
                self.ws_url = found.ws_url
                return
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("the test's Chromium did not write DevToolsActivePort")
            time.sleep(0.1)

    @property
    def running(self) -> bool:
        return self.proc.poll() is None

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)


def login_site(server: TestServer) -> None:
    """A site with a login: /login sets a lasting session cookie, /account says who is logged in."""

    def login(h) -> None:  # type: ignore[no-untyped-def]
        h.send_body(b"<title>Welcome</title><p>logged in</p>", "text/html", 200,
                    {"Set-Cookie": "session=alice; Max-Age=3600; Path=/"})

    def account(h) -> None:  # type: ignore[no-untyped-def]
        cookie = h.headers.get("Cookie") or ""
        who = "alice" if "session=alice" in cookie else "nobody"
        h.send_body(f"<title>Account</title><h1>Logged in as {who}</h1>".encode(), "text/html")

    server.set_route("/login", login)
    server.set_route("/account", account)
