"""A real Chromium behind the filtering proxy cannot reach a refused loopback port by any route.

The page's own origin is a loopback server allowed for that one HOST:PORT; a canary server on another
loopback port (TCP) and a UDP socket must see nothing while the page tries every way it has to reach
them. Loopback is exactly what Chromium bypasses a proxy for by default, so a canary that stays silent
also proves the bypass was removed.
"""

from __future__ import annotations

import asyncio
import shutil
import socket
from collections.abc import Iterator

import pytest

from refwright.safety._proxy import FilteringProxy

from ..safety_upstream import Upstream

CHROMIUM = "/usr/bin/chromium"


@pytest.fixture
def udp_canary() -> Iterator[socket.socket]:
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("127.0.0.1", 0))
    s.setblocking(False)
    yield s
    s.close()


def udp_packets(s: socket.socket) -> int:
    n = 0
    while True:
        try:
            s.recv(65536)
        except BlockingIOError:
            return n
        n += 1


def attack_page(c: int, u: int) -> bytes:
    tcp = f"127.0.0.1:{c}"
    return f"""<!doctype html><html><head>
<link rel=preconnect href="http://{tcp}"><link rel=preconnect href="https://{tcp}">
<link rel=dns-prefetch href="http://{tcp}"><link rel=prefetch href="http://{tcp}/prefetch">
</head><body>
<img src="http://{tcp}/img"><iframe src="http://{tcp}/frame"></iframe><iframe src="/redirect"></iframe>
<script>
const quiet = p => p.catch(() => {{}});
quiet(fetch("http://{tcp}/fetch"));
quiet(fetch("https://{tcp}/fetch-tls"));
quiet(fetch("http://localhost:{c}/fetch-localhost"));
quiet(fetch("http://0x7f.1:{c}/fetch-hex"));
quiet(fetch("http://[::ffff:127.0.0.1]:{c}/fetch-mapped"));
const xhr = new XMLHttpRequest(); xhr.open("GET", "http://{tcp}/xhr"); xhr.send();
new WebSocket("ws://{tcp}/ws");
new WebSocket("wss://{tcp}/wss");
navigator.sendBeacon("http://{tcp}/beacon", "x");
new EventSource("http://{tcp}/sse");
try {{ quiet(new WebTransport("https://127.0.0.1:{u}/wt").ready); }} catch (e) {{}}
const pc = new RTCPeerConnection({{iceServers: [
  {{urls: "stun:127.0.0.1:{u}"}},
  {{urls: "turn:127.0.0.1:{u}?transport=udp", username: "u", credential: "p"}},
  {{urls: "turn:{tcp}?transport=tcp", username: "u", credential: "p"}},
]}});
pc.createDataChannel("x");
pc.createOffer().then(o => pc.setLocalDescription(o)).then(() => {{ window.gathering = true; }});
fetch("/allowed").then(r => r.text()).then(t => {{ window.allowedText = t; }});
</script></body></html>""".encode()


@pytest.mark.skipif(shutil.which(CHROMIUM) is None, reason="needs Debian's /usr/bin/chromium")
async def test_chromium_behind_the_proxy_cannot_reach_a_refused_loopback_port(
    udp_canary: socket.socket, monkeypatch: pytest.MonkeyPatch
) -> None:
    from playwright.async_api import Error as PlaywrightError
    from playwright.async_api import async_playwright

    # Playwright normally adds <-loopback> itself; with this set it would not, and the explicit
    # bypass rule from playwright_proxy() must still do the job.
    monkeypatch.setenv("PLAYWRIGHT_DISABLE_FORCED_CHROMIUM_PROXIED_LOOPBACK", "1")
    allowed, canary = Upstream("127.0.0.1"), Upstream("127.0.0.1")
    u = udp_canary.getsockname()[1]
    allowed.pages["/page"] = attack_page(canary.port, u)
    allowed.redirects["/redirect"] = f"http://127.0.0.1:{canary.port}/redirected"
    proxy = FilteringProxy(allow_private=(f"127.0.0.1:{allowed.port}",))
    proxy.start()
    try:
        async with async_playwright() as p:
            browser = await p.chromium.launch(
                executable_path=CHROMIUM,
                args=["--no-sandbox", *proxy.chromium_args()],
                proxy=proxy.playwright_proxy(),
            )
            try:
                page = await browser.new_page()
                await page.goto(f"http://127.0.0.1:{allowed.port}/page")
                await page.wait_for_function("window.allowedText && window.gathering", timeout=10_000)
                assert await page.evaluate("window.allowedText") == (
                    f"GET /allowed host=127.0.0.1:{allowed.port} via=127.0.0.1 body=0"
                )
                expected = {
                    f"http://127.0.0.1:{canary.port}/fetch",
                    f"http://127.0.0.1:{canary.port}/xhr",
                    f"http://127.0.0.1:{canary.port}/img",
                    f"http://127.0.0.1:{canary.port}/frame",
                    f"http://localhost:{canary.port}/fetch-localhost",
                    f"http://127.0.0.1:{canary.port}/fetch-hex",  # Chromium canonicalised 0x7f.1 itself
                    f"http://127.0.0.1:{canary.port}/beacon",
                    f"http://127.0.0.1:{canary.port}/redirected",  # a redirect hop is a new request
                    f"127.0.0.1:{canary.port}",  # tunnels: https fetch, ws, wss, TURN over TCP
                }
                refused: list[str] = []
                for _ in range(100):
                    refused += [r.target for r in proxy.drain_refusals()]
                    if expected <= set(refused):
                        break
                    await asyncio.sleep(0.05)
                # A top-level navigation that slipped past check_url: http shows the proxy's 403,
                # https fails the tunnel. Either way the canary is not reached.
                response = await page.goto(f"http://127.0.0.1:{canary.port}/navigate")
                assert response is not None and response.status == 403
                assert "loopback address" in await page.inner_text("body")
                with pytest.raises(PlaywrightError, match="ERR_TUNNEL_CONNECTION_FAILED"):
                    await page.goto(f"https://127.0.0.1:{canary.port}/navigate")
                await asyncio.sleep(0.5)  # stragglers (preconnects, STUN retries) would land by now
                assert canary.connections == 0, canary.requests
                assert udp_packets(udp_canary) == 0
                assert expected <= set(refused)
            finally:
                await browser.close()
        assert canary.connections == 0, canary.requests
        assert udp_packets(udp_canary) == 0
        # The page and its /allowed fetch came through the proxy: loopback was not bypassed.
        assert proxy.stats.allowed >= 2
        assert [r for r in allowed.requests if r[1] in ("/page", "/allowed")]
    finally:
        proxy.stop()
        allowed.stop()
        canary.stop()
