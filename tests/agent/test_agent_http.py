"""Shared HTTP pieces of the providers: the SSE decoder, retry-after and backoff."""

from __future__ import annotations

import email.utils
import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from refwright.agent.providers._http import (
    RetryPolicy,
    SseDecoder,
    SseEvent,
    error_details,
    parse_retry_after,
)

STREAM = (
    b": keep-alive comment\r\n"
    b"event: message_start\r\n"
    b'data: {"text": "caf\xc3\xa9 \xe2\x9c\x93"}\r\n'
    b"\r\n"
    b"data: first line\n"
    b"data: second line\n"
    b"\n"
    b"event: ping\rdata:no-space\r\r"
    b"id: 7\nretry: 100\ndata: [DONE]\n\n"
)
EXPECTED = [
    SseEvent("message_start", '{"text": "café ✓"}'),
    SseEvent("message", "first line\nsecond line"),
    SseEvent("ping", "no-space"),
    SseEvent("message", "[DONE]"),
]


def decode(pieces: list[bytes]) -> list[SseEvent]:
    decoder = SseDecoder()
    events: list[SseEvent] = []
    for piece in pieces:
        events += decoder.feed(piece)
    return events + decoder.close()


def test_whole_stream() -> None:
    assert decode([STREAM]) == EXPECTED


def test_one_byte_at_a_time() -> None:
    # Splits every line, every CRLF pair and every multi-byte character.
    assert decode([STREAM[i : i + 1] for i in range(len(STREAM))]) == EXPECTED


@given(st.lists(st.integers(min_value=0, max_value=len(STREAM)), max_size=12))
def test_any_split(cuts: list[int]) -> None:
    points = [0, *sorted(cuts), len(STREAM)]
    assert decode([STREAM[a:b] for a, b in itertools.pairwise(points)]) == EXPECTED


def test_an_event_cut_off_by_the_end_of_the_stream_is_dropped() -> None:
    assert decode([b"data: [DONE]"]) == []
    assert decode([b'data: {"a": 1}\n\ndata: {"b"']) == [SseEvent("message", '{"a": 1}')]
    assert decode([b"data: x\n"]) == []
    assert decode([b""]) == []


def test_retry_after_forms() -> None:
    assert parse_retry_after({"retry-after": "0"}) == 0.0
    assert parse_retry_after({"retry-after": "2.5"}) == 2.5
    assert parse_retry_after({"retry-after-ms": "1500", "retry-after": "9"}) == 1.5
    assert parse_retry_after({}) is None
    assert parse_retry_after({"retry-after": "soon"}) is None
    now = 1_800_000_000.0
    date = email.utils.formatdate(now + 30, usegmt=True)
    assert parse_retry_after({"retry-after": date}, now=now) == pytest.approx(30)
    past = email.utils.formatdate(now - 30, usegmt=True)
    assert parse_retry_after({"retry-after": past}, now=now) == 0.0


def test_backoff_grows_with_jitter_and_retry_after_is_capped() -> None:
    policy = RetryPolicy(base_delay=1.0, max_delay=8.0, max_retry_after=60.0)
    for attempt, ceiling in [(1, 1.0), (2, 2.0), (3, 4.0), (4, 8.0), (9, 8.0)]:
        delays = {policy.delay(attempt, None) for _ in range(50)}
        assert all(ceiling / 2 <= d <= ceiling for d in delays)
        assert len(delays) > 1
    assert policy.delay(1, 3.0) == 3.0
    assert policy.delay(1, 3600.0) == 60.0


@pytest.mark.parametrize(
    ("body", "message", "code"),
    [
        (b'{"error": {"message": "bad", "type": "invalid_request_error", "code": "x"}}', "bad", "x"),
        (
            b'{"type": "error", "error": {"type": "overloaded_error", "message": "busy"}}',
            "busy",
            "overloaded_error",
        ),
        (b'{"error": "model not loaded"}', "model not loaded", ""),
        (b"<html>Bad Gateway</html>", "<html>Bad Gateway</html>", ""),
    ],
)
def test_error_details(body: bytes, message: str, code: str) -> None:
    assert error_details(body) == (message, code)
