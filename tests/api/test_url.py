"""The reference's URL normalization table."""

from __future__ import annotations

import pytest

from refwright import normalize_url


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("https://a.com", "https://a.com"),
        ("file:///x", "file:///x"),
        ("about:blank", "about:blank"),
        ("data:text/html,hi", "data:text/html,hi"),
        ("localhost:3000", "http://localhost:3000"),
        ("127.0.0.1:8080/x", "http://127.0.0.1:8080/x"),
        ("10.0.2.2:8080", "http://10.0.2.2:8080"),
        ("example.com", "https://example.com"),
        ("  example.com/path  ", "https://example.com/path"),
    ],
)
def test_normalize_url(given: str, expected: str) -> None:
    assert normalize_url(given) == expected
