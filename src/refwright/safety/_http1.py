"""HTTP/1 framing for the proxy, by h11; refwright adds only a stricter screen of request heads.

h11 (python-hyper) parses request and response heads, bodies in every framing, and writes messages
back out with one framing of its own choosing, so ``Content-Length``/``Transfer-Encoding`` conflicts,
odd chunk sizes and pipelined bytes are handled by code written and fuzzed for exactly that. On top,
each request head is screened before h11 sees it: anything a browser never sends and smugglers do
(folded header lines, bare CR or LF, two ``Content-Length`` headers, both framings at once) is refused
rather than repaired. Everything here is pure, so it can be fuzzed without sockets.
"""

from __future__ import annotations

from collections.abc import Iterable

import h11

from .._errors import HttpStatusError

__all__ = [
    "LIMIT",
    "HttpStatusError",
    "client_connection",
    "parse_request_head",
    "screen_head",
    "server_connection",
    "text_response",
]

LIMIT = 64 * 1024  # longest message head h11 may buffer (request or response)

_REASONS = {
    400: "Bad Request",
    403: "Forbidden",
    407: "Proxy Authentication Required",
    431: "Request Header Fields Too Large",
    501: "Not Implemented",
    502: "Bad Gateway",
    504: "Gateway Timeout",
}


def server_connection() -> h11.Connection:
    """h11's side facing the browser (one per request: see :func:`parse_request_head`)."""
    return h11.Connection(h11.SERVER, max_incomplete_event_size=LIMIT)


def client_connection() -> h11.Connection:
    """h11's side facing the upstream server."""
    return h11.Connection(h11.CLIENT, max_incomplete_event_size=LIMIT)


def screen_head(head: bytes) -> tuple[str, int] | None:
    """Why a raw request head (ending in a blank line) must be refused, with a status; ``None`` if fine.

    Refused, where h11 would repair or accept: obsolete line folding, a bare CR or LF, ``Content-Length``
    given twice or as a list, and ``Content-Length`` with ``Transfer-Encoding``.
    """
    if len(head) > LIMIT:
        return "message head too large", 431
    body = head.removesuffix(b"\r\n\r\n")
    if b"\n" in body.replace(b"\r\n", b"") or b"\r" in body.replace(b"\r\n", b""):
        return "bare CR or LF in the message head", 400
    lines = body.lstrip(b"\r\n").split(b"\r\n")
    if not lines[0].endswith((b" HTTP/1.1", b" HTTP/1.0")):
        return "malformed request line (this proxy speaks HTTP/1.0 and HTTP/1.1)", 400
    names = []
    for line in lines[1:]:
        if line[:1] in (b" ", b"\t"):
            return "folded (obs-fold) header line", 400
        names.append(line.partition(b":")[0].strip().lower())
    lengths = [line for line in lines[1:] if line.partition(b":")[0].strip().lower() == b"content-length"]
    if len(lengths) > 1 or any(b"," in line for line in lengths):
        return "more than one Content-Length", 400
    if lengths and b"transfer-encoding" in names:
        return "both Transfer-Encoding and Content-Length", 400
    return None


def _ensure_host(head: bytes) -> bytes:
    # h11 insists on a Host header in HTTP/1.1; a proxy request names its host in the target instead,
    # and the Host sent upstream is rebuilt from that target, so a placeholder is harmless.
    lines = head.split(b"\r\n")
    if any(line.partition(b":")[0].strip().lower() == b"host" for line in lines[1:]):
        return head
    return b"\r\n".join([lines[0], b"Host: proxy.invalid", *lines[1:]])


def parse_request_head(conn: h11.Connection, head: bytes) -> h11.Request:
    """Screen ``head`` and let ``conn`` (fresh from :func:`server_connection`) parse it."""
    problem = screen_head(head)
    if problem is not None:
        raise HttpStatusError(problem[1], problem[0])
    conn.receive_data(_ensure_host(head.lstrip(b"\r\n")))
    try:
        event = conn.next_event()
    except h11.RemoteProtocolError as e:
        status = e.error_status_hint if e.error_status_hint in _REASONS else 400
        raise HttpStatusError(status, f"malformed request ({e})") from None
    if not isinstance(event, h11.Request):
        raise HttpStatusError(400, "malformed request")
    return event


def text_response(status: int, message: str, extra: Iterable[tuple[str, str]] = ()) -> bytes:
    """refwright's own short plain-text answer (a refusal or a proxy error), closing the connection."""
    body = (message + "\n").encode("utf-8")
    headers = [
        ("Content-Type", "text/plain; charset=utf-8"),
        ("Content-Length", str(len(body))),
        ("Cache-Control", "no-store"),
        ("Connection", "close"),
        *extra,
    ]
    lines = [f"HTTP/1.1 {status} {_REASONS.get(status, 'Error')}", *(f"{k}: {v}" for k, v in headers), "", ""]
    return "\r\n".join(lines).encode("latin-1") + body
