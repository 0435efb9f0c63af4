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
# Actions answer without their `Changes:` lines here, so tests of an action's own answer read it alone;
# tests/snapshot/test_action_changes.py tests the default (on).
TEST_CONFIG = Config(timeouts=TimeoutConfig(action=2_000, navigation=10_000), allow_private=True,
                     action_changes=False)


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
def _reset_servers(request: pytest.FixtureRequest) -> Iterator[None]:
    """Pages a test registered on a server are dropped after it. Only the servers the test asked for are
    touched, so a test that needs no server never starts one."""
    used = [request.getfixturevalue(name) for name in ("server", "cross_server") if name in request.fixturenames]
    yield
    for s in used:
        s.reset()


# The browser tier: every test that runs on the session's Chromium (`pytest -m "not browser"` runs the
# rest, which need no browser).
_BROWSER_FIXTURES = {"browser", "page"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if _BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)


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
