"""Configuration that every page of a session shares."""

from __future__ import annotations

from dataclasses import dataclass, field
from os import PathLike

__all__ = ["Config", "TimeoutConfig"]


@dataclass(frozen=True)
class TimeoutConfig:
    """Time limits in milliseconds.

    ``action`` bounds every interaction (click, fill, ...): Playwright retries actionability until then.
    ``navigation`` bounds ``open``, ``back``, ``forward`` and ``reload``.
    """

    action: float = 30_000
    navigation: float = 30_000


@dataclass(frozen=True)
class Config:
    """What a page may do and how long it may take.

    ``allow_eval=False`` turns off ``eval`` and ``wait --fn``; snapshots, actions and queries keep working
    because they run in refwright's own isolated page runtime. ``allow_dom_extraction=False`` also turns off
    snapshots and content reads. ``content_boundaries`` wraps page-derived output in nonce markers, and
    ``max_output`` truncates any output longer than that many characters with a loud note, and
    ``max_snapshot_chars`` does the same for snapshots alone.
    """

    timeouts: TimeoutConfig = field(default_factory=TimeoutConfig)
    allow_eval: bool = True
    allow_dom_extraction: bool = True
    content_boundaries: bool = False
    max_output: int | None = None
    # A snapshot longer than this is cut at a line with a note telling the model to narrow it (-s, -d).
    max_snapshot_chars: int | None = 100_000
    # Network containment (the safety layer): private/loopback targets are refused unless the *user*
    # allows them (True for all, or a tuple of "HOST[:PORT]"); allowed_domains, when non-empty, is the
    # only set of hosts the page may contact ("*.example.com" covers the apex and its subdomains).
    allow_private: bool | tuple[str, ...] = False
    allowed_domains: tuple[str, ...] = ()
    # The only folder `upload` may take files from (links and `..` resolved before the check); None, the
    # default, refuses every upload. Set by the user (CLI --upload-dir), never by the model.
    upload_dir: str | PathLike[str] | None = None
