"""Tiny loopback HTTP servers for the proxy tests, counting every TCP connection they accept.

The handler is written by hand (not http.server) so a test controls framing exactly: Content-Length,
chunked, close-delimited, 100-continue and a WebSocket-style upgrade that echoes raw bytes.
"""

from __future__ import annotations

import socket
import socketserver
import threading


class Upstream:
    """An HTTP server on ``host`` (any loopback address) that records connections and requests."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0) -> None:
        self.host = host
        self.connections = 0
        self.requests: list[tuple[str, str, dict[str, str], bytes]] = []
        self.pages: dict[str, bytes] = {}  # path -> HTML served with Content-Length
        self.redirects: dict[str, str] = {}  # path -> Location of a 302
        self._lock = threading.Lock()
        owner = self

        class Handler(socketserver.StreamRequestHandler):
            # Replies go out in several writes: without this each waits for the client's delayed ACK (~40 ms).
            disable_nagle_algorithm = True

            def handle(self) -> None:
                with owner._lock:
                    owner.connections += 1
                try:
                    owner._handle(self.rfile, self.wfile, self.connection)
                except (OSError, ValueError):
                    pass

        class Server(socketserver.ThreadingTCPServer):
            daemon_threads = True
            allow_reuse_address = True

        self._server = Server((host, port), Handler)
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.05,), daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def _handle(self, rfile, wfile, conn: socket.socket) -> None:  # type: ignore[no-untyped-def]
        while True:
            line = rfile.readline(65536)
            if not line:
                return
            method, target, _ = line.decode("latin-1").split(" ", 2)
            headers: dict[str, str] = {}
            while (h := rfile.readline(65536)) not in (b"\r\n", b""):
                k, _, v = h.decode("latin-1").partition(":")
                headers[k.strip().lower()] = v.strip()
            path = target
            if path == "/continue" and headers.get("expect", "").lower() == "100-continue":
                wfile.write(b"HTTP/1.1 100 Continue\r\n\r\n")
                wfile.flush()
            body = b""
            if headers.get("transfer-encoding", "").lower() == "chunked":
                while True:
                    size = int(rfile.readline().split(b";")[0], 16)
                    if size == 0:
                        while rfile.readline() not in (b"\r\n", b""):
                            pass
                        break
                    body += rfile.read(size)
                    rfile.readline()
            elif "content-length" in headers:
                body = rfile.read(int(headers["content-length"]))
            with self._lock:
                self.requests.append((method, target, headers, body))
            close = headers.get("connection", "").lower() == "close"
            if path == "/ws" and headers.get("upgrade", "").lower() == "websocket":
                wfile.write(
                    b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n"
                )
                wfile.flush()
                while data := conn.recv(65536):
                    conn.sendall(b"echo:" + data)
                return
            if path == "/chunked":
                wfile.write(
                    b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Type: text/plain\r\n"
                    + (b"Connection: close\r\n" if close else b"")
                    + b"\r\n5\r\nhello\r\n6\r\n world\r\n0\r\nX-Trailer: yes\r\n\r\n"
                )
            elif path == "/close":
                wfile.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil the end")
                wfile.flush()
                return
            elif path in self.redirects:
                wfile.write(
                    b"HTTP/1.1 302 Found\r\nLocation: %s\r\nContent-Length: 0\r\n\r\n"
                    % self.redirects[path].encode()
                )
            elif path in self.pages:
                page = self.pages[path]
                wfile.write(
                    b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n"
                    b"Cache-Control: no-store\r\nContent-Length: %d\r\n\r\n" % len(page) + page
                )
            elif path == "/big":
                payload = b"x" * 3_000_000
                wfile.write(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n" % len(payload) + payload)
            else:
                reply = (
                    f"{method} {target} host={headers.get('host')} via={self.host} body={len(body)}".encode()
                    if path != "/echo"
                    else body
                )
                extra = b"Connection: close\r\n" if close else b""
                wfile.write(
                    b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nKeep-Alive: timeout=5\r\n"
                    + extra
                    + b"Content-Length: %d\r\n\r\n" % len(reply)
                    + (reply if method != "HEAD" else b"")
                )
            wfile.flush()
            if close:
                return
