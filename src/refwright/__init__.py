"""refwright: a real browser for LLM agents through one tool.

    async with refwright.launch() as browser:
        page = await browser.new_page()
        print((await page.run_command("open example.com")).output)
        print((await page.run_command("snapshot -i")).output)

The sync API with the same names lives in ``refwright.sync_api``.
"""

from ._async import Browser, DialogInfo, Dialogs, Network, Page, State, StateSummary, Storage, Tabs, launch, wrap
from ._async.facade._devices import Clipboard, Keyboard, Mouse
from ._async.tab._emulation import Emulation
from ._async.visual._api import Visual
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
from ._pool._sessions import SessionPool
from ._result import Annotation, CommandResult, ScreenshotResult
from .agent import AgentRun, Llm, browser_tool, llm_from_spec, run_agent, tool_json_schema
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
    "AgentRun",
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
    "Llm",
    "Mouse",
    "Network",
    "NotActionableError",
    "OcrLine",
    "OcrUnavailableError",
    "OcrWord",
    "Page",
    "PageUnresponsiveError",
    "PolicyDeniedError",
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
    "browser_tool",
    "create_content_boundary",
    "launch",
    "llm_from_spec",
    "normalize_url",
    "run_agent",
    "tokenize",
    "tool_json_schema",
    "wrap",
]
