"""A session-wide local test server: static files from tests/assets plus a few dynamic routes.

Two instances give two origins (``127.0.0.1`` and ``localhost`` are different sites, so a frame from one
inside the other is a cross-origin, out-of-process iframe). Every request is logged, so a canary server
can prove that a page never reached it.
"""

from __future__ import annotations

import mimetypes
import threading
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ASSETS = Path(__file__).parent / "assets"


@dataclass
class Request:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes


Route = Callable[["_Handler"], None]


class TestServer:
    __test__ = False

    def __init__(self, host: str = "127.0.0.1") -> None:
        self.host = host
        self.requests: list[Request] = []
        self.routes: dict[str, Route] = {}
        self._lock = threading.Lock()
        server = self

        class Handler(_Handler):
            owner = server

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self.port = self._httpd.server_address[1]
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)
        self._thread.start()

    @property
    def prefix(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def empty_page(self) -> str:
        return f"{self.prefix}/empty.html"

    def url(self, path: str) -> str:
        return self.prefix + (path if path.startswith("/") else "/" + path)

    def set_route(self, path: str, route: Route) -> None:
        self.routes[path] = route

    def html(self, path: str, body: str, status: int = 200) -> str:
        """Serve ``body`` as an HTML page at ``path`` and return its URL."""

        def route(h: _Handler) -> None:
            h.send_body(body.encode(), "text/html; charset=utf-8", status)

        self.set_route(path, route)
        return self.url(path)

    def requests_to(self, path: str) -> list[Request]:
        with self._lock:
            return [r for r in self.requests if r.path.split("?")[0] == path]

    def reset(self) -> None:
        with self._lock:
            self.requests.clear()
        self.routes.clear()

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()


class _Handler(BaseHTTPRequestHandler):
    owner: TestServer
    protocol_version = "HTTP/1.1"
    # Headers and body go out in two writes: with Nagle's algorithm on, the body waits for the client's
    # delayed ACK of the headers (about 40 ms on loopback) on every response.
    disable_nagle_algorithm = True

    def log_message(self, format: str, *args: object) -> None:
        pass

    def send_body(self, body: bytes, content_type: str, status: int = 200,
                  headers: dict[str, str] | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _handle(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        with self.owner._lock:
            self.owner.requests.append(Request(self.command, self.path, dict(self.headers), body))
        parsed = urllib.parse.urlsplit(self.path)
        query = dict(urllib.parse.parse_qsl(parsed.query))
        route = self.owner.routes.get(parsed.path)
        if route is not None:
            route(self)
            return
        if parsed.path == "/redirect":
            self.send_response(302)
            self.send_header("Location", query.get("to", "/empty.html"))
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if parsed.path == "/slow":
            time.sleep(float(query.get("ms", "1000")) / 1000)
            self.send_body(b"<title>Slow</title><p>slow</p>", "text/html")
            return
        if parsed.path == "/echo":
            self.send_body(query.get("body", "").encode(), query.get("type", "text/html"))
            return
        file = (ASSETS / parsed.path.lstrip("/")).resolve()
        if ASSETS.resolve() not in file.parents or not file.is_file():
            self.send_body(b"not found", "text/plain", 404)
            return
        ctype = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
        if ctype.startswith("text/") or ctype in ("application/javascript",):
            ctype += "; charset=utf-8"
        self.send_body(file.read_bytes(), ctype)

    do_GET = _handle
    do_POST = _handle
    do_HEAD = _handle
    do_PUT = _handle
