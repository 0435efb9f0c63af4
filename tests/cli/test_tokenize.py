"""Every row of the reference's quoting table."""

from __future__ import annotations

import pytest

from refwright import RefwrightError, tokenize


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("click  @e3", ["click", "@e3"]),
        ('fill @e2 "hello  world"', ["fill", "@e2", "hello  world"]),
        ("fill #q 'say \"hi\"'", ["fill", "#q", 'say "hi"']),
        ("press a\\ b", ["press", "a b"]),
        ('fill #q ""', ["fill", "#q", ""]),
        ('fill #q a"b c"', ["fill", "#q", "ab c"]),
        # Backslash escapes inside single quotes too, unlike a POSIX shell.
        ("eval '/\\\\d+/.test(document.title)'", ["eval", "/\\d+/.test(document.title)"]),
        ("  snapshot   -i  ", ["snapshot", "-i"]),
        ("", []),
        ("fill #q ''", ["fill", "#q", ""]),
        ('fill #q "it\'s"', ["fill", "#q", "it's"]),
        ('fill #q "a\\"b"', ["fill", "#q", 'a"b']),
    ],
)
def test_quoting_table(line: str, expected: list[str]) -> None:
    assert tokenize(line) == expected


@pytest.mark.parametrize(("line", "quote"), [('fill #q "oops', '"'), ("fill #q 'oops", "'")])
def test_unterminated_quote(line: str, quote: str) -> None:
    with pytest.raises(RefwrightError) as info:
        tokenize(line)
    assert str(info.value) == f"Unterminated {quote} quote in command"
