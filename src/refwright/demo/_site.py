"""Serves the bundled demo app on loopback, on a free port, in a background thread."""

from __future__ import annotations

import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from types import TracebackType

__all__ = ["DemoServer"]


class _Quiet(SimpleHTTPRequestHandler):
    # Head and body go out in two writes: without this the body waits for the client's delayed ACK (~40 ms).
    disable_nagle_algorithm = True
    def log_message(self, format: str, *args: object) -> None:
        pass


class DemoServer:
    """``with DemoServer() as demo: demo.url`` is the signup page."""

    def __init__(self) -> None:
        root = str(resources.files("refwright.demo").joinpath("assets"))
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Quiet, directory=root))
        self._httpd.daemon_threads = True
        self.host = f"127.0.0.1:{self._httpd.server_address[1]}"
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://{self.host}/"

    def __enter__(self) -> DemoServer:
        self._thread.start()
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
