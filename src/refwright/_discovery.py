"""Finding a Chromium to launch, and deciding how to launch it on this machine."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

__all__ = ["BrowserCandidate", "chromium_args", "find_browser", "needs_no_sandbox"]

_PATH_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")


@dataclass(frozen=True)
class BrowserCandidate:
    path: str
    source: str  # "REFWRIGHT_EXECUTABLE_PATH", "playwright", "PATH", "argument"


def _playwright_chromium() -> str | None:
    """Playwright's own download, when `playwright install chromium` was run."""
    root = os.environ.get("PLAYWRIGHT_BROWSERS_PATH") or str(Path.home() / ".cache" / "ms-playwright")
    patterns = (
        "chromium-*/chrome-linux*/chrome",
        "chromium_headless_shell-*/chrome-*/headless_shell",
        "chromium-*/chrome-mac*/Chromium.app/Contents/MacOS/Chromium",
        "chromium-*/chrome-win*/chrome.exe",
    )
    for pattern in patterns:
        found = sorted(glob.glob(os.path.join(root, pattern)), reverse=True)
        if found:
            return found[0]
    return None


def find_browser(executable_path: str | None = None) -> BrowserCandidate | None:
    """The browser refwright would launch: the argument, then REFWRIGHT_EXECUTABLE_PATH, then
    Playwright's own Chromium, then `chromium`, `chromium-browser` or `google-chrome` on PATH."""
    if executable_path:
        return BrowserCandidate(executable_path, "argument")
    env = os.environ.get("REFWRIGHT_EXECUTABLE_PATH")
    if env:
        return BrowserCandidate(env, "REFWRIGHT_EXECUTABLE_PATH")
    own = _playwright_chromium()
    if own:
        return BrowserCandidate(own, "playwright")
    for name in _PATH_NAMES:
        path = shutil.which(name)
        if path:
            return BrowserCandidate(path, "PATH")
    return None


def needs_no_sandbox() -> bool:
    """Chromium's sandbox cannot start as root or inside most containers; elsewhere it stays on."""
    if sys.platform != "linux":
        return False
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        return True
    return os.path.exists("/.dockerenv") or os.environ.get("container") is not None  # noqa: SIM112 - systemd/podman spell it lower-case


def chromium_args() -> list[str]:
    args = [
        # No background traffic: no field trials, component updates, sync, or Google lookups.
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--no-first-run",
        "--disable-gpu",
    ]
    if needs_no_sandbox():
        args.append("--no-sandbox")
    return args


def browser_version(path: str) -> str | None:
    try:
        out = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=20, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    text = (out.stdout or out.stderr).strip()
    return text or None
