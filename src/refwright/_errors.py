"""The one exception hierarchy of refwright.

Every message is written for the model that reads it: it says what went wrong and what to do next.

    RefwrightError                 any failure of a command or API call
    ├── RefwrightTimeoutError      a wait or an action ran out of time
    │   └── CoveredError           another element took the action's pointer events
    ├── PolicyDeniedError          the safety layer refused the action or the address
    ├── BrowserError               no browser could be found, started, or reached
    │   └── PageUnresponsiveError  the page stopped answering and was closed
    └── UnsupportedError           the backend cannot do this

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
    "UnsupportedError",
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


class UnsupportedError(RefwrightError):
    """The feature is not available on this backend."""


class PageUnresponsiveError(BrowserError):
    """The page's renderer stopped answering (a script that never yields); its tab was closed."""
