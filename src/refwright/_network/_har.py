"""HAR 1.2 (the HTTP Archive format browsers and Playwright read) built from what a page exchanged: pure
functions over plain values, so the format is tested without a browser."""

from __future__ import annotations

import base64
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from urllib.parse import parse_qsl, urlsplit

__all__ = ["BODY_LIMIT", "HarExchange", "embed_as_text", "har_document", "har_entry"]

# Response bodies larger than this are left out of the HAR (the entry keeps its size), so a recording of
# a page with videos stays a file a person or a tool can open.
BODY_LIMIT = 1_000_000

_TEXT_TYPES = ("json", "javascript", "xml", "html", "css", "csv", "svg", "x-www-form-urlencoded")


def embed_as_text(mime_type: str) -> bool:
    """Whether a body of this type is kept as text in the HAR (others are base64)."""
    mime = mime_type.split(";")[0].strip().lower()
    return mime.startswith("text/") or any(t in mime for t in _TEXT_TYPES)


@dataclass
class HarExchange:
    """One request and what came back (``status`` 0 when no response did)."""

    method: str
    url: str
    started: float  # seconds since the epoch
    request_headers: Sequence[tuple[str, str]] = ()
    post_data: bytes | None = None
    status: int = 0
    status_text: str = ""
    http_version: str = "HTTP/1.1"
    response_headers: Sequence[tuple[str, str]] = ()
    body: bytes | None = None
    body_size: int = -1
    resource_type: str = ""
    failure: str | None = None
    server_ip: str | None = None
    # Playwright's Request.timing (milliseconds; -1 when a phase did not happen).
    timing: Mapping[str, float] = field(default_factory=dict)


def _header(headers: Sequence[tuple[str, str]], name: str) -> str:
    for key, value in headers:
        if key.lower() == name:
            return value
    return ""


def _phase(timing: Mapping[str, float], start: str, end: str) -> float:
    a, b = timing.get(start, -1), timing.get(end, -1)
    return round(b - a, 3) if a >= 0 and b >= a else -1


def _timings(timing: Mapping[str, float]) -> dict[str, float]:
    ssl = _phase(timing, "secureConnectionStart", "connectEnd")
    connect = _phase(timing, "connectStart", "connectEnd")
    return {
        "blocked": -1,
        "dns": _phase(timing, "domainLookupStart", "domainLookupEnd"),
        "connect": connect,
        "ssl": ssl,
        "send": 0,
        "wait": max(_phase(timing, "requestStart", "responseStart"), 0),
        "receive": max(_phase(timing, "responseStart", "responseEnd"), 0),
    }


def har_entry(x: HarExchange) -> dict[str, Any]:
    mime = _header(x.response_headers, "content-type") or "x-unknown"
    content: dict[str, Any] = {"size": x.body_size if x.body is None else len(x.body), "mimeType": mime}
    if x.body is not None:
        if embed_as_text(mime):
            content["text"] = x.body.decode("utf-8", errors="replace")
        else:
            content["text"] = base64.b64encode(x.body).decode("ascii")
            content["encoding"] = "base64"
    request: dict[str, Any] = {
        "method": x.method,
        "url": x.url,
        "httpVersion": x.http_version,
        "cookies": [],
        "headers": [{"name": k, "value": v} for k, v in x.request_headers],
        "queryString": [{"name": k, "value": v} for k, v in parse_qsl(urlsplit(x.url).query,
                                                                        keep_blank_values=True)],
        "headersSize": -1,
        "bodySize": len(x.post_data) if x.post_data is not None else 0,
    }
    if x.post_data is not None:
        request["postData"] = {"mimeType": _header(x.request_headers, "content-type"),
                               "text": x.post_data.decode("utf-8", errors="replace")}
    timings = _timings(x.timing)
    entry: dict[str, Any] = {
        "startedDateTime": datetime.fromtimestamp(x.started, UTC).isoformat(timespec="milliseconds")
        .replace("+00:00", "Z"),
        "time": round(sum(v for k, v in timings.items() if v > 0 and k != "ssl"), 3),
        "request": request,
        "response": {
            "status": x.status,
            "statusText": x.status_text,
            "httpVersion": x.http_version,
            "cookies": [],
            "headers": [{"name": k, "value": v} for k, v in x.response_headers],
            "content": content,
            "redirectURL": _header(x.response_headers, "location"),
            "headersSize": -1,
            "bodySize": content["size"],
        },
        "cache": {},
        "timings": timings,
    }
    if x.server_ip:
        entry["serverIPAddress"] = x.server_ip
    if x.resource_type:
        entry["_resourceType"] = x.resource_type
    if x.failure:
        entry["response"]["_failureText"] = x.failure
    return entry


def har_document(entries: Sequence[dict[str, Any]], *, creator_version: str,
                 browser: tuple[str, str] | None = None) -> dict[str, Any]:
    log: dict[str, Any] = {"version": "1.2", "creator": {"name": "refwright", "version": creator_version},
                           "pages": [], "entries": list(entries)}
    if browser is not None:
        log["browser"] = {"name": browser[0], "version": browser[1]}
    return {"log": log}
