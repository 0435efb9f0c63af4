"""Selenium Grid 4 as Playwright supports it (SELENIUM_REMOTE_URL: a Grid session whose se:cdp endpoint
Playwright attaches to), against a real Grid started here: Selenium's standalone server with a node that
starts Debian's Chromium through chromedriver. A Grid session costs ~10 s here, so one test: the guard
through refwright's proxy (interception on a remote browser is the same code as for a Playwright server,
tested in test_remote_guard)."""

from __future__ import annotations

import asyncio
import json
import urllib.parse
import urllib.request
from collections.abc import Iterator

import pytest

import refwright
from refwright import Config, PolicyDeniedError, TimeoutConfig

from ..fleet import Proc, grid_missing, process_group_alive, selenium_grid
from ..server import TestServer

pytestmark = [pytest.mark.asyncio(loop_scope="session"),
              pytest.mark.skipif(grid_missing() is not None, reason=grid_missing() or "")]


def _grid_sessions(grid: Proc) -> int:
    status_url = grid.endpoint.removesuffix("/wd/hub") + "/status"
    with urllib.request.urlopen(status_url, timeout=5) as answer:
        nodes = json.load(answer)["value"]["nodes"]
    return sum(1 for node in nodes for slot in node["slots"] if slot.get("session"))


@pytest.fixture(scope="module")
def grid() -> Iterator[Proc]:
    proc = selenium_grid()
    yield proc
    proc.kill()
    assert not process_group_alive(proc)


async def test_a_grid_browser_behind_the_proxy(grid: Proc, server: TestServer,
                                                               cross_server: TestServer,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SELENIUM_REMOTE_URL", grid.endpoint)
    config = Config(timeouts=TimeoutConfig(action=2_000, navigation=10_000),
                    allow_private=(f"127.0.0.1:{server.port}",))
    secret = cross_server.html("/grid-secret", "<title>private</title>")
    hop = server.url("/redirect?to=" + urllib.parse.quote(secret, safe=""))
    async with refwright.launch(config=config, guard_listen="127.0.0.1:0") as browser:
        page = await browser.new_page()
        await page.run_command(f"open {server.html('/grid-ok', '<title>from the grid</title>')}")
        assert (await page.run_command("get title")).output == "from the grid"
        assert "HeadlessChrome" in await page.playwright_page.evaluate("navigator.userAgent")
        assert _grid_sessions(grid) == 1  # the browser is the Grid's, not one launched here
        caps = page.capabilities()
        assert caps.request_filtering == "proxy" and caps.proxy_listen is not None
        with pytest.raises(PolicyDeniedError, match="loopback"):
            await page.run_command(f"open {secret}")
        # Only the proxy sees the hop of a redirect the browser follows on its own.
        try:
            await page.run_command(f"open {hop}")
        except refwright.RefwrightError:
            pass
        assert cross_server.requests_to("/grid-secret") == []
    # The Grid's /status is the node's report to the hub, which follows the session's deletion by a moment.
    for _ in range(50):
        if not _grid_sessions(grid):
            break
        await asyncio.sleep(0.2)
    assert _grid_sessions(grid) == 0  # closing the browser ended the Grid session
