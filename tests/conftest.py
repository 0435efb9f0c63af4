"""Session-wide fixtures: one local test server per origin, one headless Chromium, a fresh page per test."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest
import pytest_asyncio

import refwright
from refwright import Config, TimeoutConfig

from .server import TestServer

# Tests act on loopback pages, so private targets are allowed; a short action timeout keeps failures fast.
TEST_CONFIG = Config(timeouts=TimeoutConfig(action=2_000, navigation=10_000), allow_private=True)


@pytest.fixture(scope="session")
def server() -> Iterator[TestServer]:
    s = TestServer("127.0.0.1")
    yield s
    s.stop()


@pytest.fixture(scope="session")
def cross_server() -> Iterator[TestServer]:
    """A second origin (and site): frames from it are cross-origin, out-of-process iframes."""
    s = TestServer("localhost")
    yield s
    s.stop()


@pytest.fixture(autouse=True)
def _reset_servers(server: TestServer, cross_server: TestServer) -> Iterator[None]:
    yield
    server.reset()
    cross_server.reset()


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def browser() -> AsyncIterator[refwright.Browser]:
    async with refwright.launch(config=TEST_CONFIG) as b:
        yield b


@pytest_asyncio.fixture(loop_scope="session")
async def page(browser: refwright.Browser) -> AsyncIterator[refwright.Page]:
    p = await browser.new_page()
    yield p
    await p.close()


async def run(page: refwright.Page, command: str) -> str:
    return (await page.run_command(command)).output
