"""Property-based fuzz of the command language: whatever a model sends, tokenize and parse either work or
raise RefwrightError (which the tool hands back as `Error: ...`), and they never hang."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

import refwright.resolve  # noqa: F401 - registers the resolver's commands, so their names parse too
from refwright import RefwrightError
from refwright.commands import all_specs, parse, tokenize

NAMES = sorted({n for spec in all_specs() for n in (spec.name, *spec.aliases)})

# Text a model might produce, biased toward the characters the tokenizer treats specially.
SPECIAL = st.sampled_from([*"'\"\\ \t\n\r\u00a0\u2028\u3000-@=#$`*", "--", "-d", "--fn", "@e1"])
TEXT = st.lists(st.one_of(st.text(max_size=8), SPECIAL), max_size=30).map("".join)
LINES = st.one_of(TEXT, st.builds(lambda n, rest: f"{n} {rest}", st.sampled_from(NAMES), TEXT))

# Fuzzing is slow only if something is quadratic; the deadline makes a hang or a blow-up a failure.
FUZZ = settings(deadline=500)


@FUZZ
@given(TEXT)
@example("'")
@example('"unterminated')
@example("\\")
@example('""')
@example("a\\")
@example("'\\'")
def test_tokenize_never_raises_anything_else(text: str) -> None:
    try:
        tokens = tokenize(text)
    except RefwrightError as exc:
        assert str(exc).startswith("Unterminated ")
        return
    assert isinstance(tokens, list) and all(isinstance(t, str) for t in tokens)
    # Unquoted whitespace never survives inside a token.
    if not any(c in text for c in "'\"\\"):
        assert all(not any(c.isspace() for c in t) for t in tokens)
        assert tokens == text.split()


@FUZZ
@given(LINES)
@example("")
@example("   ")
@example("wait")
@example("wait --timeout")
@example("snapshot -d")
@example("get attr")
@example("open")
@example("eval")
@example("fill @e1 --fn")
@example("scroll -300")
def test_parse_never_raises_anything_else(line: str) -> None:
    try:
        parsed = parse(line)
    except RefwrightError as exc:
        assert str(exc)  # a message the model can read
        return
    assert parsed.spec.name in NAMES
    assert len(parsed.args) >= parsed.spec.min_args or (parsed.spec.name == "wait" and parsed.flags)
    for key, value in parsed.flags.items():
        assert any(f.key == key for f in parsed.spec.flags)
        assert isinstance(value, (str, bool))


def double_quoted(arg: str) -> str:
    return '"' + arg.replace("\\", "\\\\").replace('"', '\\"') + '"'


def single_quoted(arg: str) -> str:
    # Unlike a POSIX shell, a backslash escapes inside single quotes too.
    return "'" + arg.replace("\\", "\\\\").replace("'", "\\'") + "'"


def escaped(arg: str) -> str:
    return "".join("\\" + c if c.isspace() or c in "'\"\\" else c for c in arg) if arg else '""'


ARGS = st.lists(st.text(max_size=20), max_size=8)


@FUZZ
@given(ARGS, st.sampled_from([double_quoted, single_quoted, escaped]), st.sampled_from([" ", "  ", "\t", " \n "]))
def test_quoting_round_trips(args: list[str], quote: object, sep: str) -> None:
    assert callable(quote)
    line = sep.join(quote(a) for a in args)
    assert tokenize(line) == args


@FUZZ
@given(st.lists(st.text(st.characters(blacklist_characters="'\"\\", blacklist_categories=("Zs", "Cc", "Zl", "Zp")),
                        min_size=1, max_size=12), max_size=8))
def test_plain_words_round_trip(words: list[str]) -> None:
    words = [w for w in words if not any(c.isspace() for c in w)]
    assert tokenize(" ".join(words)) == words


@FUZZ
@given(st.sampled_from(["fill @e1", "type @e1", "select @e1"]), ARGS.filter(bool))
def test_free_text_commands_keep_every_quoted_argument(head: str, args: list[str]) -> None:
    parsed = parse(head + " " + " ".join(double_quoted(a) for a in args))
    # Free text keeps every token as written, even ones that look like flags.
    assert list(parsed.raw_args[len(head.split()) - 1:]) == args
    assert list(parsed.args[len(head.split()) - 1:]) == args


@FUZZ
@given(st.text(max_size=40).filter(lambda s: s.strip() != ""))
def test_eval_takes_the_rest_of_the_line_as_written(js: str) -> None:
    """eval's JavaScript keeps its quotes and backslashes (no tokenizing), whatever they are; only one
    argument wholly in double quotes is unquoted."""
    assert parse("eval " + js).args == (js.strip(),) or js.strip()[:1] in ("'", '"')
    assert parse("eval " + double_quoted(js)).args == (js,)
