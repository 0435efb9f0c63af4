"""Session-wide fixtures: one local test server per origin, one headless Chromium, and a fresh page in a
browser context of its own per test (so no cookie or storage outlives its test).

Hypothesis runs few examples while developing and more in CI (``CI=true``); ``HYPOTHESIS_PROFILE`` picks
a profile by name."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator

import pytest
import pytest_asyncio
from hypothesis import settings

import refwright
from refwright import Config, TimeoutConfig

from .server import TestServer

settings.register_profile("dev", max_examples=30)
settings.register_profile("ci", max_examples=300)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") == "true" else "dev"))

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
    p = await browser.new_page(isolated=True)
    yield p
    await p.close()


async def run(page: refwright.Page, command: str) -> str:
    return (await page.run_command(command)).output
