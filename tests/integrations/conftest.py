"""The demo app served once, and a fresh page open on its signup form for each test."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest
import pytest_asyncio

import refwright
from refwright.demo import DemoServer


@pytest.fixture(scope="session")
def demo() -> Iterator[DemoServer]:
    with DemoServer() as server:
        yield server


@pytest_asyncio.fixture(loop_scope="session")
async def signup_page(page: refwright.Page, demo: DemoServer) -> AsyncIterator[refwright.Page]:
    await page.run_command(f"open {demo.url}")
    yield page
