# Generated from tests/api/_async/conftest.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""The page the API tests run on: a browser of this folder's own (generated for the sync API too, where the
suite's session browser, an async one, cannot serve)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from refwright import sync_api as refwright

from ...conftest import TEST_CONFIG


@pytest.fixture(scope="module")
def api_browser() -> Iterator[refwright.Browser]:
    with refwright.launch(config=TEST_CONFIG) as browser:
        yield browser


@pytest.fixture
def page(api_browser: refwright.Browser) -> Iterator[refwright.Page]:
    tab = api_browser.new_page(isolated=True)
    yield tab
    tab.close()
