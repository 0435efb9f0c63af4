"""refwright's sync API: the same names as ``refwright``, for code on Playwright's sync API.

The agent loop and its providers are asyncio code and stay in ``refwright.agent``.

    with refwright.sync_api.launch() as browser:
        page = browser.new_page()
        print(page.run_command("snapshot -i").output)

    # or drive a sync Playwright page you already have
    page = refwright.sync_api.wrap(playwright_page, playwright=playwright)
"""

from ._capabilities import Capabilities
from ._config import Config, TimeoutConfig
from ._errors import (
    BrowserError,
    PageUnresponsiveError,
    PolicyDeniedError,
    RefwrightError,
    RefwrightTimeoutError,
)
from ._requests import RequestRecord
from ._result import Annotation, CommandResult, ScreenshotResult
from ._sync import Browser, DialogInfo, Dialogs, Network, Page, State, StateSummary, Storage, Tabs, launch, wrap
from ._sync._emulation import Emulation
from ._sync._input import Clipboard, Keyboard, Mouse
from ._sync.visual._api import Visual
from ._sync_pool import PooledPage, SessionPool
from ._url import normalize_url
from .commands import HELP, tokenize
from .safety import BOUNDARY_PROMPT, ActionPolicy, ActionType, ContentBoundary, Decision, create_content_boundary
from .safety._secrets import Secret, Secrets
from .snapshot import RefEntry, Snapshot, SnapshotNode
from .snapshot._diff import SnapshotDiff
from .visual import OcrLine, OcrUnavailableError, OcrWord, VisualText

__all__ = [
    "BOUNDARY_PROMPT",
    "HELP",
    "ActionPolicy",
    "ActionType",
    "Annotation",
    "Browser",
    "BrowserError",
    "Capabilities",
    "Clipboard",
    "CommandResult",
    "Config",
    "ContentBoundary",
    "Decision",
    "DialogInfo",
    "Dialogs",
    "Emulation",
    "Keyboard",
    "Mouse",
    "Network",
    "OcrLine",
    "OcrUnavailableError",
    "OcrWord",
    "Page",
    "PageUnresponsiveError",
    "PolicyDeniedError",
    "PooledPage",
    "RefEntry",
    "RefwrightError",
    "RefwrightTimeoutError",
    "RequestRecord",
    "ScreenshotResult",
    "Secret",
    "Secrets",
    "SessionPool",
    "Snapshot",
    "SnapshotDiff",
    "SnapshotNode",
    "State",
    "StateSummary",
    "Storage",
    "Tabs",
    "TimeoutConfig",
    "Visual",
    "VisualText",
    "create_content_boundary",
    "launch",
    "normalize_url",
    "tokenize",
    "wrap",
]
