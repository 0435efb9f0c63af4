"""The one exception hierarchy of refwright.

Every message is written for the model that reads it: it says what went wrong and what to do next.
The base and the first seven live here; the others next to the code that raises them, named by module.

    RefwrightError                 any failure of a command or API call
    ├── RefwrightTimeoutError      a wait or an action ran out of time
    │   └── CoveredError           another element took the action's pointer events
    ├── PolicyDeniedError          the safety layer refused the action or the address
    ├── BrowserError               no browser could be found, started, or reached
    │   └── PageUnresponsiveError  the page stopped answering and was closed
    ├── DialogOpenError            dispatch: a dialog kept open stopped the command (run_command answers)
    ├── StateKeyError              a saved state file does not open with the key set (or is not one)
    ├── UnsupportedRequest         resolve: act's request is not a kind it understands
    ├── TargetNotFound             resolve: no visible control matches the target
    ├── AmbiguousTarget            resolve: more than one control matches
    ├── DisabledTarget             resolve: the control is there but disabled (a popup may have disabled the page)
    ├── ProposalError              resolve: a confirm token is unknown, used, expired, or the page changed
    ├── DecisionError              resolve: the decision provider failed or picked no listed control
    ├── OcrUnavailableError        visual: the local OCR engine or its language data is missing
    └── ProviderError              agent: the model provider refused or failed a request
        └── ContextLengthError     agent: the conversation no longer fits the model's context

Playwright's own errors are translated into these at one boundary (``_async/_translate.py``).
"""

from __future__ import annotations

__all__ = [
    "BrowserError",
    "CoveredError",
    "PageUnresponsiveError",
    "PolicyDeniedError",
    "RefwrightError",
    "RefwrightTimeoutError",
    "StateKeyError",
]


class RefwrightError(Exception):
    """A failure whose message can be handed to a model as it is."""

    @property
    def message(self) -> str:
        return str(self.args[0]) if self.args else ""


class RefwrightTimeoutError(RefwrightError):
    """A wait or an action did not finish within its time limit."""


class CoveredError(RefwrightTimeoutError):
    """An action could not reach its element: another element (an overlay, a fixed header) covers it."""


class PolicyDeniedError(RefwrightError):
    """The safety layer refused an action, a scheme or an address."""


class BrowserError(RefwrightError):
    """No browser could be found, started, or reached, or it closed underneath us."""


class PageUnresponsiveError(BrowserError):
    """The page's renderer stopped answering (a script that never yields); its tab was closed."""


class StateKeyError(RefwrightError):
    """A saved state file could not be decrypted: another key, an altered file, or not a state file."""
