"""Finding a Chromium to launch, and deciding how to launch it on this machine."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

__all__ = ["BrowserCandidate", "chromium_args", "find_browser", "is_headless_shell", "needs_no_sandbox"]

_PATH_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")
# Chromium's headless shell (Debian's chromium-headless-shell package; Playwright installs one beside its
# Chromium): the same engine without the browser's window and toolbar, which full Chromium builds for every
# new page even when headless. An isolated page that opens and snapshots a page costs it 0.56x the CPU, a
# launch with its first page 0.77x the time (benchmarks/new_page.py). Playwright itself launches it for
# headless runs; refwright does the same.
_SHELL_PATH_NAMES = ("chromium-headless-shell", "chrome-headless-shell")


@dataclass(frozen=True)
class BrowserCandidate:
    path: str
    source: str  # "REFWRIGHT_EXECUTABLE_PATH", "playwright", "PATH", "argument"


def _newest(root: str, pattern: str) -> str | None:
    found = sorted(glob.glob(os.path.join(root, pattern)), reverse=True)
    return found[0] if found else None


def _playwright_chromium(headless: bool) -> str | None:
    """Playwright's own download, when `playwright install chromium` was run: its headless shell for
    headless runs, its Chromium otherwise (and when no shell is there)."""
    root = os.environ.get("PLAYWRIGHT_BROWSERS_PATH") or str(Path.home() / ".cache" / "ms-playwright")
    shells = ("chromium_headless_shell-*/chrome-*/chrome-headless-shell",
              "chromium_headless_shell-*/chrome-*/headless_shell") if headless else ()
    browsers = (
        "chromium-*/chrome-linux*/chrome",
        "chromium-*/chrome-mac*/Chromium.app/Contents/MacOS/Chromium",
        "chromium-*/chrome-mac*/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing",
        "chromium-*/chrome-win*/chrome.exe",
    )
    for pattern in (*shells, *browsers):
        found = _newest(root, pattern)
        if found:
            return found
    return None


def find_browser(executable_path: str | None = None, *, headless: bool = True) -> BrowserCandidate | None:
    """The browser refwright would launch: the argument, then REFWRIGHT_EXECUTABLE_PATH, then Playwright's
    own download, then what is on PATH. A headless run prefers a headless shell wherever one is found
    beside a full Chromium; a headed run never takes one (it has no window to show)."""
    if executable_path:
        return BrowserCandidate(executable_path, "argument")
    env = os.environ.get("REFWRIGHT_EXECUTABLE_PATH")
    if env:
        return BrowserCandidate(env, "REFWRIGHT_EXECUTABLE_PATH")
    own = _playwright_chromium(headless)
    if own:
        return BrowserCandidate(own, "playwright")
    for name in (*(_SHELL_PATH_NAMES if headless else ()), *_PATH_NAMES):
        path = shutil.which(name)
        if path:
            return BrowserCandidate(path, "PATH")
    return None


def is_headless_shell(path: str) -> bool:
    """Whether ``path`` names a headless shell (which cannot show a window)."""
    name = Path(path).name.lower()
    return "headless-shell" in name or "headless_shell" in name


def needs_no_sandbox() -> bool:
    """Chromium's sandbox cannot start as root or inside most containers; elsewhere it stays on."""
    if sys.platform != "linux":
        return False
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        return True
    return os.path.exists("/.dockerenv") or os.environ.get("container") is not None  # noqa: SIM112 - systemd/podman spell it lower-case


# Playwright passes a --disable-features list of its own, and Chromium keeps only the last occurrence of a
# switch: a second list replaces the first. So the list refwright passes repeats Playwright's (as of 1.65;
# tests/test_browser.py checks it still covers the one the installed Playwright passes) and adds to it.
_PLAYWRIGHT_DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding",
    "ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect", "TcpPortRandomizationWin",
    "OptimizationHints", "NetworkTimeServiceQuerying", "AimEnabled", "PreconnectToSearch",
    "msForceBrowserSignIn", "msEdgeUpdateLaunchServicesPreferredVersion",
)
_PLAYWRIGHT_ENABLED_FEATURES = ("CDPScreenshotNewSurface", "SkipListAccountsWithoutGaiaCookies")
# Every new window (each context's first page) preloads the address bar's popup as a WebUI page in a
# renderer of its own: about 0.6 s of CPU per page on a headless browser that never shows it.
# RenderDocument gives every new document a new frame host (in the renderer: a new frame, widget and
# compositor) where a same-site navigation used to reuse the old one: `open` and the first snapshot after
# it take about 10% longer with it (A/B on benchmarks/pages: 203 ms against 227 for both). Playwright and
# Puppeteer each shipped with it off for months in 2025-2026; the process model and site isolation are
# the same either way.
_DISABLED_FEATURES = ("WebUIOmniboxPopup", "WebUIOmniboxFullPopup", "WebUIOmniboxAimPopup", "RenderDocument")


def chromium_args(extra: Sequence[str] = ()) -> list[str]:
    """The switches refwright launches Chromium with, followed by ``extra``; feature lists in ``extra`` are
    merged into one ``--disable-features`` (and ``--enable-features``) rather than replacing earlier ones."""
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
    disabled = [*_PLAYWRIGHT_DISABLED_FEATURES, *_DISABLED_FEATURES]
    enabled: list[str] = []
    for arg in extra:
        name, eq, value = arg.partition("=")
        if eq and name in ("--disable-features", "--enable-features"):
            (disabled if name == "--disable-features" else enabled).extend(f for f in value.split(",") if f)
        else:
            args.append(arg)
    args.append("--disable-features=" + ",".join(dict.fromkeys(disabled)))
    if enabled:
        args.append("--enable-features=" + ",".join(dict.fromkeys([*_PLAYWRIGHT_ENABLED_FEATURES, *enabled])))
    return args


def browser_version(path: str) -> str | None:
    try:
        out = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=20, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    text = (out.stdout or out.stderr).strip()
    return text or None
