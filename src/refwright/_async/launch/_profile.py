"""A lasting profile (``Config.user_data_dir``): Chromium launched on a persistent context, behind refwright's
proxy like any browser it launches, so logins, cookies and storage survive a restart.

Chromium lets one process at a time use a profile; a second launch fails in about half a second with a
ProcessSingleton error, which is said here in words that name the folder. refwright never falls back to a
temporary profile: the person asked for this one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.async_api import BrowserContext, BrowserType

from ..._bridge import off_loop
from ..._config import Config
from ..._errors import BrowserError
from ..pipeline._translate import first_line, mapped

__all__ = ["launch_profile"]


def _launch_error(folder: Path, executable: str, message: str) -> BrowserError:
    if "ProcessSingleton" in message or "already in use" in message or "profile appears to be in use" in message:
        return BrowserError(
            f"The profile {folder} is in use by another browser (Chromium: \"{first_line(message)}\"). One process "
            "at a time may use a profile: close the other refwright or browser on it, or pass another "
            "--user-data-dir.")
    return BrowserError(f"Chromium at {executable} did not start on the profile {folder}: {first_line(message)}. "
                        "Run `refwright doctor` for details.")


def _folder(text: str) -> Path:
    folder = Path(text).expanduser().resolve()
    if folder.exists() and not folder.is_dir():
        raise BrowserError(f"--user-data-dir {folder} is a file, not a folder. Give a folder for the profile "
                           "(it is made when missing).")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BrowserError(f"Could not make the profile folder {folder}: {exc.strerror or exc}.") from exc
    return folder


async def launch_profile(chromium: BrowserType, config: Config, *, path: str, headless: bool, args: list[str],
                         proxy: Any) -> BrowserContext:
    """A persistent context on ``config.user_data_dir`` (made when missing), or a clear error."""
    assert config.user_data_dir is not None
    folder = await off_loop(lambda: _folder(str(config.user_data_dir)))
    with mapped(lambda exc: _launch_error(folder, path, str(exc))):
        return await chromium.launch_persistent_context(
            str(folder), executable_path=path, headless=headless, args=args, proxy=proxy,
            accept_downloads=config.downloads == "save")
