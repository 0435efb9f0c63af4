"""refwright's sync API: the same names as ``refwright``, for code on Playwright's sync API.

    with refwright.sync_api.launch() as browser:
        page = browser.new_page()
        print(page.run_command("snapshot -i").output)

    # or drive a sync Playwright page you already have
    page = refwright.sync_api.wrap(playwright_page, playwright=playwright)
"""

from ._config import Config, TimeoutConfig
from ._errors import BrowserError, PolicyDeniedError, RefwrightError, RefwrightTimeoutError, UnsupportedError
from ._result import Annotation, CommandResult, ScreenshotResult
from ._sync import Browser, Page, launch, wrap
from ._url import normalize_url
from .commands import HELP, tokenize
from .snapshot import RefEntry, Snapshot, SnapshotNode

__all__ = [
    "HELP",
    "Annotation",
    "Browser",
    "BrowserError",
    "CommandResult",
    "Config",
    "Page",
    "PolicyDeniedError",
    "RefEntry",
    "RefwrightError",
    "RefwrightTimeoutError",
    "ScreenshotResult",
    "Snapshot",
    "SnapshotNode",
    "TimeoutConfig",
    "UnsupportedError",
    "launch",
    "normalize_url",
    "tokenize",
    "wrap",
]
