"""What the safety layer enforces for a page (``Page.capabilities``): one class for both APIs."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Capabilities"]


@dataclass(frozen=True)
class Capabilities:
    """What this backend enforces. ``request_filtering`` is ``"proxy"``, ``"interception"`` or ``"none"``."""

    scheme_check: bool
    navigation_check: bool
    request_filtering: str
    blocks_preconnect: bool
    # Whether each redirect hop is checked before the browser follows it (interception cannot).
    redirects_checked: bool
    dns_rebinding_protection: bool
    domain_filtering: bool
    downloads_blocked: bool
    dialogs_dismissed: bool
    popups_closed: bool
    # What is NOT guarded in this mode, each in words a person can act on (empty: nothing known).
    not_guarded: tuple[str, ...] = ()
    # Where the filtering proxy listens for a remote browser (host:port), when it does.
    proxy_listen: str | None = None

    def describe(self) -> str:
        """One line for a CLI to print at start: the guard mode and what it leaves open."""
        mode = f"proxy listening on {self.proxy_listen}" if self.proxy_listen else self.request_filtering
        if not self.not_guarded:
            return f"network guard: {mode}"
        return f"network guard: {mode}; not guarded: " + "; ".join(self.not_guarded)
