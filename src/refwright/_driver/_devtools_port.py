"""Finding the debugging endpoint of a Chrome, Chromium or Edge the person started: the ``DevToolsActivePort``
file the browser writes into its user data dir (two lines, ``PORT`` and ``/devtools/browser/<uuid>``).

Pure apart from reading files and one TCP probe, so the search order is testable for every platform.
"""

from __future__ import annotations

import os
import socket
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path, PureWindowsPath

from .._errors import BrowserError

__all__ = ["DevToolsEndpoint", "default_user_data_dirs", "find_endpoint", "read_active_port"]

PORT_FILE = "DevToolsActivePort"

# Per platform: (browser name, user data dir below the base folder). Stable channels first.
_LINUX = (("Chrome", ".config/google-chrome"), ("Chrome Beta", ".config/google-chrome-beta"),
          ("Chrome Dev", ".config/google-chrome-unstable"), ("Chromium", ".config/chromium"),
          ("Chromium (snap)", "snap/chromium/common/chromium"), ("Edge", ".config/microsoft-edge"),
          ("Edge Beta", ".config/microsoft-edge-beta"), ("Edge Dev", ".config/microsoft-edge-dev"))
_MACOS = (("Chrome", "Library/Application Support/Google/Chrome"),
          ("Chrome Beta", "Library/Application Support/Google/Chrome Beta"),
          ("Chrome Canary", "Library/Application Support/Google/Chrome Canary"),
          ("Chromium", "Library/Application Support/Chromium"),
          ("Edge", "Library/Application Support/Microsoft Edge"))
_WINDOWS = (("Chrome", r"Google\Chrome\User Data"), ("Chrome Beta", r"Google\Chrome Beta\User Data"),
            ("Chrome Canary", r"Google\Chrome SxS\User Data"), ("Chromium", r"Chromium\User Data"),
            ("Edge", r"Microsoft\Edge\User Data"))


@dataclass(frozen=True)
class DevToolsEndpoint:
    """Where a running browser's DevTools listen, and the user data dir that said so."""

    user_data_dir: str
    port: int
    path: str

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}{self.path}"


def default_user_data_dirs(platform: str | None = None, home: str | None = None,
                           environ: Mapping[str, str] | None = None) -> list[tuple[str, str]]:
    """(browser name, user data dir) where Chrome, Chromium and Edge keep their default profiles on
    ``platform`` (``sys.platform``'s spelling), in the order they are tried (pure)."""
    platform = sys.platform if platform is None else platform
    environ = os.environ if environ is None else environ
    home = str(Path.home()) if home is None else home
    if platform.startswith("win"):
        base = environ.get("LOCALAPPDATA") or str(PureWindowsPath(home, "AppData", "Local"))
        return [(name, str(PureWindowsPath(base, sub))) for name, sub in _WINDOWS]
    table = _MACOS if platform == "darwin" else _LINUX
    if platform != "darwin" and environ.get("XDG_CONFIG_HOME"):
        config = environ["XDG_CONFIG_HOME"]
        return [(name, f"{config}/{sub.removeprefix('.config/')}" if sub.startswith(".config/") else f"{home}/{sub}")
                for name, sub in table]
    return [(name, f"{home}/{sub}") for name, sub in table]


def read_active_port(user_data_dir: str) -> DevToolsEndpoint | None:
    """The endpoint written in ``user_data_dir``'s DevToolsActivePort, or None when there is no such file.
    A file that is not two lines (port, browser path) is an error that names it."""
    path = Path(user_data_dir).expanduser() / PORT_FILE
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise BrowserError(f"Could not read {path}: {exc.strerror or exc}. Check its permissions.") from exc
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if len(lines) < 2 or not lines[0].isdigit() or not 0 < int(lines[0]) < 65536 \
            or not lines[1].startswith("/devtools/browser/"):
        raise BrowserError(f"{path} does not hold a debugging port and browser path (it holds {text[:80]!r}). "
                           "Restart the browser with --remote-debugging-port=0 so it writes the file again.")
    return DevToolsEndpoint(str(Path(user_data_dir).expanduser()), int(lines[0]), lines[1])


def _listening(port: int, timeout: float = 1.0) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout):
            return True
    except OSError:
        return False


def find_endpoint(user_data_dir: str | None) -> DevToolsEndpoint:
    """The endpoint of the browser running on ``user_data_dir``, or on the first default profile whose
    browser is running (Chrome, Chromium, Edge). An error says what was looked at and how to start one."""
    if user_data_dir:
        found = read_active_port(user_data_dir)
        if found is None:
            raise BrowserError(
                f"No DevToolsActivePort in {user_data_dir}: no browser runs there with remote debugging. Start it "
                f"with --remote-debugging-port=0 --user-data-dir={user_data_dir} (docs/attach.md), then try again.")
        if not _listening(found.port):
            raise BrowserError(
                f"{Path(user_data_dir) / PORT_FILE} names port {found.port}, but nothing listens there: the "
                "browser that wrote it has exited. Start it again with --remote-debugging-port=0.")
        return found
    looked: list[str] = []
    stale: list[str] = []
    for name, folder in default_user_data_dirs():
        looked.append(f"{name} ({folder})")
        try:
            found = read_active_port(folder)
        except BrowserError:
            continue
        if found is None:
            continue
        if _listening(found.port):
            return found
        stale.append(name)
    note = f" ({', '.join(stale)} left a DevToolsActivePort behind but no longer listens)" if stale else ""
    raise BrowserError(
        "No running Chrome, Chromium or Edge with remote debugging was found in the default profiles"
        f"{note}. Looked in: {'; '.join(looked)}. Chrome 136+ refuses --remote-debugging-port on its default "
        "profile: start it with --remote-debugging-port=0 --user-data-dir=DIR and pass --auto-connect DIR, or "
        "turn on chrome://inspect/#remote-debugging (Chrome 144+). See docs/attach.md.")
