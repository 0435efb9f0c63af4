"""Failures of a model provider, as ``RefwrightError`` subclasses so one ``except`` covers a whole run."""

from __future__ import annotations

from .._errors import RefwrightError

__all__ = ["ContextLengthError", "ProviderError"]


class ProviderError(RefwrightError):
    """The model provider refused or failed a request. ``status`` is the HTTP status, when there was one."""

    def __init__(self, message: str, *, provider: str = "", status: int | None = None) -> None:
        super().__init__(message)
        self.provider = provider
        self.status = status


class ContextLengthError(ProviderError):
    """The conversation no longer fits the model's context window."""
