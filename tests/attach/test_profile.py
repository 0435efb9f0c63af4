"""A lasting profile (``--profile``/``--user-data-dir``, ``Config.user_data_dir``) across processes: a login,
a cookie and local storage survive a restart, and a second process on a profile in use gets an error that
names the folder instead of a silent temporary profile."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from ..server import TestServer
from .lent import login_site


def _shell(*args: str) -> list[str]:
    return [sys.executable, "-m", "refwright", "shell", *args]


def _run(args: list[str], commands: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(args, input=commands.encode(), capture_output=True, timeout=90, env=dict(os.environ))


def test_a_login_and_storage_survive_a_restart_and_a_second_process_is_refused(
        tmp_path: Path, server: TestServer) -> None:
    login_site(server)
    profile = tmp_path / "profile"
    allow = ["--allow-private", f"127.0.0.1:{server.port}"]
    first = _run(_shell("--user-data-dir", str(profile), *allow, server.url("/login")),
                 "eval localStorage.setItem('note', 'kept')\nget title\n")
    assert first.returncode == 0, first.stderr.decode()
    assert "Welcome" in first.stdout.decode()
    second = _run(_shell("--profile", str(profile), *allow, server.url("/account")),
                  "get text h1\neval localStorage.getItem('note')\n")
    out = second.stdout.decode()
    assert "Logged in as alice" in out, second.stderr.decode()
    assert "kept" in out

    # One process at a time: the second is told which profile is in use, and does not run on another one.
    holder = subprocess.Popen(_shell("--profile", str(profile), *allow, server.url("/account")),
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              env=dict(os.environ))
    try:
        assert holder.stdout is not None
        line = holder.stdout.readline()  # the start URL's answer: the profile is in use from here on
        assert b"Account" in line, line
        started = time.monotonic()
        refused = _run(_shell("--profile", str(profile), *allow, server.url("/account")), "get text h1\n")
        text = refused.stdout.decode() + refused.stderr.decode()
        assert f"The profile {profile.resolve()} is in use by another browser" in text
        assert "ProcessSingleton" in text
        assert "Logged in as" not in text
        assert time.monotonic() - started < 60
    finally:
        holder.communicate(b"", timeout=60)
    assert holder.returncode == 0
