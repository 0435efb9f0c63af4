"""One browser session per test module for the MCP tests that share it (a module that needs a fresh one per
test defines its own ``session``)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from refwright import Config
from refwright.mcp._client_browser import ClientBrowser


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def session() -> AsyncIterator[ClientBrowser]:
    shared = ClientBrowser(config=Config(allow_private=True))
    yield shared
    await shared.close()
