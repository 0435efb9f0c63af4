"""The one exception hierarchy of refwright: every exception class is defined here.

Every message is written for the model that reads it: it says what went wrong and what to do next.
Third-party errors are translated into these where they enter: Playwright's at one boundary
(``_async/pipeline/_translate.py``), the provider's HTTP failures in ``agent/providers/_http.py``.

    RefwrightError                 any failure of a command or API call
    ├── RefwrightTimeoutError      a wait or an action ran out of time
    │   └── CoveredError           another element covers the action's target
    ├── StaleRefError              a ref's element is gone, its page navigated, or it changed what it is
    ├── NotActionableError         the target is hidden, disabled, read-only, or of the wrong kind
    ├── PolicyDeniedError          the safety layer refused the action or the address
    ├── BrowserError               no browser could be found, started, or reached
    │   └── PageUnresponsiveError  the page stopped answering and was closed
    ├── DialogOpenError            a dialog kept open stopped the command (run_command answers)
    ├── StateKeyError              a saved state file does not open with the key set (or is not one)
    ├── UnsupportedRequestError    act's request is not a kind it understands
    ├── TargetNotFoundError        no visible control matches act's target
    ├── AmbiguousTargetError       more than one control matches act's target
    ├── DisabledTargetError        act's control is there but disabled (a popup may have disabled the page)
    ├── ProposalError              a confirm token is unknown, used, expired, or the page changed
    ├── DecisionError              the decision provider failed or picked no listed control
    ├── OcrUnavailableError        the local OCR engine or its language data is missing
    ├── ScriptError                a saved script is not one refwright can replay (the line is named)
    ├── ReplayError                a saved script's step failed and could not be healed
    └── ProviderError              the model provider refused or failed a request
        └── ContextLengthError     the conversation no longer fits the model's context

Internal signals, caught inside refwright and never raised to a caller:

    TextNotEnteredError            a field kept its value although text was typed (fill says so)
    FrameGoneError                 an iframe on the way to a frame left its document
    StreamFailedError              a provider's stream failed (retried, or turned into ProviderError)
    HttpStatusError                a request the network guard's proxy answers itself
    NameNotResolvedError           a host name did not resolve (an ``OSError``, as resolvers raise)
    HangError                      an MCP browser call took longer than the hang limit
    InputRequiredError             an MCP tool ends its round asking the client for input
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mcp import types

__all__ = [
    "AmbiguousTargetError",
    "BrowserError",
    "ContextLengthError",
    "CoveredError",
    "DecisionError",
    "DialogOpenError",
    "FrameGoneError",
    "HangError",
    "HttpStatusError",
    "InputRequiredError",
    "NameNotResolvedError",
    "NotActionableError",
    "OcrUnavailableError",
    "PageUnresponsiveError",
    "PolicyDeniedError",
    "ProposalError",
    "ProviderError",
    "RefwrightError",
    "RefwrightTimeoutError",
    "StaleRefError",
    "StateKeyError",
    "StreamFailedError",
    "TargetNotFoundError",
    "TextNotEnteredError",
    "UnsupportedRequestError",
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


class StaleRefError(RefwrightError):
    """A ref no longer names what the snapshot listed: its element is gone, its document was replaced (the
    page navigated), or the page changed the element's role or name. Raised at once, never after a wait."""


class NotActionableError(RefwrightError):
    """The action cannot happen on its target as the page is: hidden, disabled, read-only, or of the wrong
    kind (an option given to `select`, a heading to `fill`). Raised at once, never after a wait."""


class PolicyDeniedError(RefwrightError):
    """The safety layer refused an action, a scheme or an address."""


class BrowserError(RefwrightError):
    """No browser could be found, started, or reached, or it closed underneath us."""


class PageUnresponsiveError(BrowserError):
    """The page's renderer stopped answering (a script that never yields); its tab was closed."""


class StateKeyError(RefwrightError):
    """A saved state file could not be decrypted: another key, an altered file, or not a state file."""


class DialogOpenError(RefwrightError):
    """A dialog the page opened, and the policy keeps open, stopped the command (its words are the answer)."""


class UnsupportedRequestError(RefwrightError):
    """The request is not one of the kinds the local resolver understands."""


class TargetNotFoundError(RefwrightError):
    """No visible control matches the target."""


class AmbiguousTargetError(RefwrightError):
    """More than one control matches; the message lists them with refs."""


class DisabledTargetError(RefwrightError):
    """The control is there but disabled (a popup may have disabled the page)."""


class ProposalError(RefwrightError):
    """A token that cannot be confirmed: unknown, used, expired, or the page changed."""


class DecisionError(RefwrightError):
    """The provider failed or did not pick one of the listed controls."""


class OcrUnavailableError(RefwrightError):
    """Local OCR cannot run on this machine."""


class ProviderError(RefwrightError):
    """The model provider refused or failed a request. ``status`` is the HTTP status, when there was one."""

    def __init__(self, message: str, *, provider: str = "", status: int | None = None) -> None:
        super().__init__(message)
        self.provider = provider
        self.status = status


class ContextLengthError(ProviderError):
    """The conversation no longer fits the model's context window."""


class ScriptError(RefwrightError):
    """A saved script refwright cannot replay; the message names the line and what to change."""


class ReplayError(RefwrightError):
    """A step of a saved script could not be replayed (or healed); the message names its line."""


# Internal signals.


class TextNotEnteredError(Exception):
    """A field kept the value it had although other text was typed into it."""


class FrameGoneError(Exception):
    """The iframe on the way to a frame is no longer in its parent document (its runtime says so)."""


class StreamFailedError(Exception):
    """The provider reported an error inside a stream, or the stream ended before the reply did."""

    def __init__(self, message: str, *, retryable: bool) -> None:
        super().__init__(message)
        self.retryable = retryable


class HttpStatusError(Exception):
    """A request the proxy answers itself with ``status`` and a plain-text ``message``."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class NameNotResolvedError(OSError):
    """A name did not resolve; the message is the resolver's own reason."""


class HangError(Exception):
    """A browser operation took longer than the server's hang limit."""


class InputRequiredError(Exception):
    """Raised inside a tool to end this round with an ``input_required`` result."""

    def __init__(self, result: types.InputRequiredResult) -> None:
        super().__init__("input required")
        self.result = result
