"""refwright's sync API: the same names as ``refwright``, for code on Playwright's sync API.

The agent loop and its providers are asyncio code and stay in ``refwright.agent``.

    with refwright.sync_api.launch() as browser:
        page = browser.new_page()
        print(page.run_command("snapshot -i").output)

    # or drive a sync Playwright page you already have
    page = refwright.sync_api.wrap(playwright_page, playwright=playwright)
"""

from ._capabilities import Capabilities
from ._config import Config, LaunchOptions, TimeoutConfig
from ._errors import (
    AmbiguousTargetError,
    BrowserError,
    ContextLengthError,
    CoveredError,
    DecisionError,
    DialogOpenError,
    DisabledTargetError,
    NotActionableError,
    OcrUnavailableError,
    PageUnresponsiveError,
    PolicyDeniedError,
    ProposalError,
    ProviderError,
    RefwrightError,
    RefwrightTimeoutError,
    ReplayError,
    ScriptError,
    StaleRefError,
    StateKeyError,
    TargetNotFoundError,
    UnsupportedRequestError,
)
from ._network._request_log import RequestRecord
from ._open_url import normalize_url
from ._pool._sync import PooledPage, SessionPool
from ._result import Annotation, CommandResult, ScreenshotResult
from ._sync import Browser, DialogInfo, Dialogs, Network, Page, State, StateSummary, Storage, Tabs, launch, wrap
from ._sync.facade._devices import Clipboard, Keyboard, Mouse
from ._sync.tab._emulation import Emulation
from ._sync.visual._api import Visual
from .commands import HELP, tokenize
from .safety import BOUNDARY_PROMPT, ActionPolicy, ActionType, ContentBoundary, Decision, create_content_boundary
from .safety._secrets import Secret, Secrets
from .snapshot import RefEntry, Snapshot, SnapshotNode
from .snapshot._diff import SnapshotDiff
from .visual import OcrLine, OcrWord, VisualText

__all__ = [
    "BOUNDARY_PROMPT",
    "HELP",
    "ActionPolicy",
    "ActionType",
    "AmbiguousTargetError",
    "Annotation",
    "Browser",
    "BrowserError",
    "Capabilities",
    "Clipboard",
    "CommandResult",
    "Config",
    "ContentBoundary",
    "ContextLengthError",
    "CoveredError",
    "Decision",
    "DecisionError",
    "DialogInfo",
    "DialogOpenError",
    "Dialogs",
    "DisabledTargetError",
    "Emulation",
    "Keyboard",
    "LaunchOptions",
    "Mouse",
    "Network",
    "NotActionableError",
    "OcrLine",
    "OcrUnavailableError",
    "OcrWord",
    "Page",
    "PageUnresponsiveError",
    "PolicyDeniedError",
    "PooledPage",
    "ProposalError",
    "ProviderError",
    "RefEntry",
    "RefwrightError",
    "RefwrightTimeoutError",
    "ReplayError",
    "RequestRecord",
    "ScreenshotResult",
    "ScriptError",
    "Secret",
    "Secrets",
    "SessionPool",
    "Snapshot",
    "SnapshotDiff",
    "SnapshotNode",
    "StaleRefError",
    "State",
    "StateKeyError",
    "StateSummary",
    "Storage",
    "Tabs",
    "TargetNotFoundError",
    "TimeoutConfig",
    "UnsupportedRequestError",
    "Visual",
    "VisualText",
    "create_content_boundary",
    "launch",
    "normalize_url",
    "tokenize",
    "wrap",
]
