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
