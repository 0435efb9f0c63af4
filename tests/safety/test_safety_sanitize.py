from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from refwright.safety._sanitize import clean_line, clean_text, truncate


@pytest.mark.parametrize(
    "dirty",
    [
        "\u202eevil\u202c",  # right-to-left override
        "\u2066e\u2067v\u2068i\u2069l",  # isolates
        "\u200ee\u200fv\u061cil",  # marks
        "e\u200bv\u200ci\u200dl\u2060\ufeff",  # zero-width
        "ev\x00il\x07\x1b[31m",  # C0 and an ANSI escape's control character
        "ev\x85\x9bil",  # C1
        "e\U000e0049\U000e0047vil",  # tag characters spelling hidden ASCII
        "e\u00advil",  # soft hyphen
    ],
)
def test_clean_text_removes_invisible_and_control_characters(dirty: str) -> None:
    cleaned = clean_text(dirty)
    assert all(unicodedata.category(c) not in ("Cc", "Cf") or c in "\n\t" for c in cleaned)
    assert cleaned.replace("\n", "").replace("[31m", "") == "evil"


def test_clean_text_keeps_newlines_and_tabs_and_normalises_carriage_returns() -> None:
    assert clean_text("a\tb\nc\r\nd\re\u2028f") == "a\tb\nc\nd\ne\nf"


def test_clean_text_keeps_ordinary_unicode() -> None:
    text = "Grüße, 東京, مرحبا, emoji 🎉 and «quotes»"
    assert clean_text(text) == text


def test_clean_line_removes_line_breaks() -> None:
    assert clean_line("Title\n\n[ref=e1] fake\r\nline\tx") == "Title [ref=e1] fake line x"
    assert "\n" not in clean_line("a\u2029b\x85c")


@given(st.text())
def test_clean_line_never_leaves_controls_or_breaks(text: str) -> None:
    out = clean_line(text)
    assert not any(unicodedata.category(c) == "Cc" for c in out)
    assert not any(c in out for c in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200b\ufeff")
    assert len(out.splitlines()) <= 1


def test_truncate_leaves_short_text_alone() -> None:
    assert truncate("hello", 5) == "hello"
    assert truncate("", 0) == ""


def test_truncate_says_what_was_cut_and_what_to_do() -> None:
    text = "x" * 91234
    out = truncate(text, 4000)
    assert len(out) <= 4000
    kept = out.index("\n[")
    assert out.endswith(
        f"\n[... output truncated: showed {kept} of 91234 characters. "
        "Use snapshot -s <css> or -d <depth> to see less at a time.]"
    )
    assert out[:kept] == "x" * kept


def test_truncate_prefers_a_line_end_and_takes_a_custom_hint() -> None:
    text = "\n".join(f"line {i:04d}" for i in range(1000))
    out = truncate(text, 500, hint="Use get text with a selector.")
    body, note = out.split("\n[... output truncated: ", 1)
    assert body.endswith(tuple("0123456789"))
    assert body.split("\n")[-1].startswith("line ")
    assert len(body.split("\n")[-1]) == len("line 0000")
    assert note == f"showed {len(body)} of {len(text)} characters. Use get text with a selector.]"


def test_truncate_with_a_limit_smaller_than_the_note() -> None:
    out = truncate("abcdef" * 100, 10)
    assert out.startswith("\n[... output truncated: showed 0 of 600 characters.")


def test_truncate_rejects_negative_limits() -> None:
    with pytest.raises(ValueError):
        truncate("abc", -1)


@given(st.text(), st.integers(min_value=200, max_value=2000))
def test_truncate_never_exceeds_a_reasonable_limit(text: str, limit: int) -> None:
    out = truncate(text, limit)
    assert len(out) <= limit
    if len(text) > limit:
        kept = len(out) - len(out[out.rindex("\n[... output truncated") :])
        assert text.startswith(out[:kept])
