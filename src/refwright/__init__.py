"""refwright: a real browser for LLM agents through one tool.

    async with refwright.launch() as browser:
        page = await browser.new_page()
        print((await page.run_command("open example.com")).output)
        print((await page.run_command("snapshot -i")).output)

The sync API with the same names lives in ``refwright.sync_api``.
"""

from ._async import Browser, Page, launch, wrap
from ._config import Config, TimeoutConfig
from ._errors import BrowserError, PolicyDeniedError, RefwrightError, RefwrightTimeoutError, UnsupportedError
from ._result import Annotation, CommandResult, ScreenshotResult
from ._url import normalize_url
from .commands import HELP, tokenize
from .safety import ActionType
from .snapshot import RefEntry, Snapshot, SnapshotNode

__all__ = [
    "HELP",
    "ActionType",
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
