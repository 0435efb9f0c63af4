"""The request log behind ``network requests``: records, filters and the listing (pure, no browser)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .._errors import RefwrightError
from ..safety import clean_line

__all__ = ["RequestFilter", "RequestRecord", "cdp_type", "format_requests", "parse_status_filter"]

# Playwright's lowercase resource types, spelled as Chrome DevTools (and so agent-browser) prints them.
_CDP_TYPES = {
    "document": "Document", "stylesheet": "Stylesheet", "image": "Image", "media": "Media", "font": "Font",
    "script": "Script", "texttrack": "TextTrack", "xhr": "XHR", "fetch": "Fetch", "prefetch": "Prefetch",
    "eventsource": "EventSource", "websocket": "WebSocket", "manifest": "Manifest", "ping": "Ping",
    "cspviolationreport": "CSPViolationReport", "preflight": "Preflight", "other": "Other",
}
# How many lines one listing shows at most (the newest ones).
MAX_LISTED = 100
_URL_CHARS = 300


def cdp_type(playwright_type: str) -> str:
    return _CDP_TYPES.get(playwright_type.lower(), playwright_type.capitalize() or "Other")


@dataclass
class RequestRecord:
    """One request the page made: ``status`` is None until a response arrives (or when none did)."""

    id: int
    method: str
    url: str
    resource_type: str
    status: int | None = None
    failure: str | None = None

    def line(self) -> str:
        url = clean_line(self.url)
        if len(url) > _URL_CHARS:
            url = url[:_URL_CHARS] + "…"
        head = f"[{self.id}] {self.method} {url} ({cdp_type(self.resource_type)})"
        return head if self.status is None else f"{head} {self.status}"


def parse_status_filter(text: str) -> tuple[int, int]:
    """``200``, ``2xx`` or ``400-499`` as an inclusive range."""
    t = text.strip().lower()
    if re.fullmatch(r"[1-5]xx", t):
        base = int(t[0]) * 100
        return base, base + 99
    if re.fullmatch(r"\d{3}", t):
        return int(t), int(t)
    m = re.fullmatch(r"(\d{3})-(\d{3})", t)
    if m and int(m.group(1)) <= int(m.group(2)):
        return int(m.group(1)), int(m.group(2))
    raise RefwrightError(f"Invalid --status `{text}`. Use a code (200), a class (2xx) or a range (400-499).")


@dataclass(frozen=True)
class RequestFilter:
    text: str | None = None
    types: tuple[str, ...] = ()
    method: str | None = None
    status: tuple[int, int] | None = None

    def matches(self, r: RequestRecord) -> bool:
        if self.text and self.text.lower() not in r.url.lower():
            return False
        if self.types and r.resource_type.lower() not in self.types:
            return False
        if self.method and r.method.upper() != self.method.upper():
            return False
        if self.status is None:
            return True
        return r.status is not None and self.status[0] <= r.status <= self.status[1]

    @staticmethod
    def of(text: str | None, types: str | None, method: str | None, status: str | None) -> RequestFilter:
        return RequestFilter(
            text=text or None,
            types=tuple(t.strip().lower() for t in (types or "").split(",") if t.strip()),
            method=method or None,
            status=parse_status_filter(status) if status else None,
        )


def format_requests(records: Iterable[RequestRecord], flt: RequestFilter, *, dropped: int = 0,
                    limit: int = MAX_LISTED) -> str:
    """agent-browser's listing, newest last: ``[id] METHOD url (Type) status``, or ``No requests captured``.
    When more matched than ``limit``, a last line says how many were left out and how to narrow it."""
    matched: Sequence[RequestRecord] = [r for r in records if flt.matches(r)]
    if not matched:
        return "No requests captured"
    shown = matched[-limit:]
    lines = [r.line() for r in shown]
    notes = []
    if len(matched) > len(shown):
        notes.append(f"{len(matched) - len(shown)} earlier matching requests are not shown")
    if dropped:
        notes.append(f"the {dropped} oldest requests were no longer kept")
    if notes:
        lines.append(f"({'; '.join(notes)}. Narrow the list with --filter <text>, --type, --method or --status.)")
    return "\n".join(lines)
