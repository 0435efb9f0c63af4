"""open, back, forward, reload."""

from __future__ import annotations

import socket

import pytest

from refwright import Page, RefwrightError

from ..conftest import run
from ..server import TestServer


async def test_open_reports_final_url_and_title(page: Page, server: TestServer) -> None:
    assert await run(page, f"open {server.url('/signup.html')}") == f"Opened {server.url('/signup.html')} — Sign up"


async def test_open_without_title_has_no_dash(page: Page, server: TestServer) -> None:
    assert await run(page, f"open {server.empty_page}") == f"Opened {server.empty_page}"


async def test_open_follows_redirects(page: Page, server: TestServer) -> None:
    out = await run(page, f"open {server.url('/redirect?to=/signup.html')}")
    assert out == f"Opened {server.url('/signup.html')} — Sign up"


async def test_open_aliases_and_normalization(page: Page, server: TestServer) -> None:
    # 127.0.0.1 without a scheme gets http://
    target = f"127.0.0.1:{server.port}/signup.html"
    assert await run(page, f"goto {target}") == f"Opened http://{target} — Sign up"
    assert (await run(page, f"navigate {server.empty_page}")).startswith("Opened")


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def test_failed_navigation_is_an_error(page: Page, server: TestServer) -> None:
    url = f"http://127.0.0.1:{closed_port()}/"
    # refwright's proxy makes the connection, so it is the one that says why it failed.
    with pytest.raises(RefwrightError, match=rf"^Navigation to {url} failed: Could not connect to {url}"):
        await page.run_command(f"open {url}")
    with pytest.raises(RefwrightError, match=r"^Navigation to .*/missing.html failed with HTTP 404$"):
        await page.run_command(f"open {server.url('/missing.html')}")
    # The page stays usable.
    assert (await run(page, f"open {server.empty_page}")).startswith("Opened")


async def test_back_forward_reload(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.empty_page}")
    await run(page, f"open {server.url('/signup.html')}")
    assert await run(page, "back") == f"Went back to {server.empty_page}"
    assert await run(page, "forward") == f"Went forward to {server.url('/signup.html')}"
    assert await run(page, "reload") == f"Reloaded {server.url('/signup.html')}"


async def test_back_without_history_reports_current_url(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.empty_page}")
    assert await run(page, "forward") == f"Went forward to {server.empty_page}"
    assert await run(page, "back") == "Went back to about:blank"
    assert await run(page, "back") == "Went back to about:blank"


async def test_help_prints_help(page: Page) -> None:
    from refwright import HELP

    assert await run(page, "help") == HELP
    assert await run(page, "HELP") == HELP
