"""A static page server on 127.0.0.1 only: generated pages from memory, the rest from benchmarks/pages."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import TracebackType

__all__ = ["PAGES_DIR", "PageServer"]

PAGES_DIR = Path(__file__).resolve().parent / "pages"
_TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css", ".js": "text/javascript",
          ".svg": "image/svg+xml", ".png": "image/png"}


class PageServer:
    """``with PageServer() as s: s.add("/big.html", html); s.url("/big.html")``

    Bound to the loopback address on a free port; requests are not logged.
    """

    def __init__(self, pages_dir: Path = PAGES_DIR) -> None:
        self.pages_dir = pages_dir
        self.memory: dict[str, bytes] = {}
        self.hits = 0
        owner = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            # Headers and body go out in two writes: with Nagle's algorithm on, the body would wait for the
            # client's delayed ACK of the headers (about 40 ms on loopback), a cost of this server that no
            # real site has and that every tool would pay on every page.
            disable_nagle_algorithm = True

            def log_message(self, format: str, *args: object) -> None:
                pass

            def do_GET(self) -> None:
                owner.hits += 1
                path = self.path.split("?", 1)[0].split("#", 1)[0]
                body, ctype = owner._lookup(path)
                if body is None:
                    # No favicon and no missing files: a 204 keeps consoles (MCP reports them) quiet.
                    self.send_response(204 if path == "/favicon.ico" else 404)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                self.send_response(200)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(body)

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self.port = int(self._httpd.server_address[1])
        self._thread = threading.Thread(target=self._httpd.serve_forever, name="bench-pages", daemon=True)
        self._thread.start()

    def _lookup(self, path: str) -> tuple[bytes | None, str]:
        if path in self.memory:
            return self.memory[path], _TYPES[".html"]
        rel = path.lstrip("/")
        if not rel or ".." in rel.split("/"):
            return None, ""
        file = (self.pages_dir / rel).resolve()
        if not file.is_file() or self.pages_dir.resolve() not in file.parents:
            return None, ""
        return file.read_bytes(), _TYPES.get(file.suffix, "application/octet-stream")

    def add(self, path: str, html: str) -> str:
        self.memory[path] = html.encode("utf-8")
        return self.url(path)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def close(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    def __enter__(self) -> PageServer:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()
