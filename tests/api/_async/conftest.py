"""The page the API tests run on: a browser of this folder's own (generated for the sync API too, where the
suite's session browser, an async one, cannot serve)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

import refwright

from ...conftest import TEST_CONFIG


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def api_browser() -> AsyncIterator[refwright.Browser]:
    async with refwright.launch(config=TEST_CONFIG) as browser:
        yield browser


@pytest_asyncio.fixture(loop_scope="session")
async def page(api_browser: refwright.Browser) -> AsyncIterator[refwright.Page]:
    tab = await api_browser.new_page(isolated=True)
    yield tab
    await tab.close()
