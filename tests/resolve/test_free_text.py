"""Free text keeps its apostrophes and quotes (issue #39): `act Forward Rita's email to Ann` used to fail with
"Unterminated ' quote in command". act takes the rest of its line as written, as eval does; every other
free-text command reads an apostrophe between letters as text."""

from __future__ import annotations

import pytest

import refwright.resolve  # noqa: F401 - registers the resolver's commands
from refwright import Page, RefwrightError
from refwright.commands import parse, tokenize
from refwright.commands._registry import all_specs

from ..conftest import run
from ..server import TestServer

# Each free-text command, the line before its text, and where the text starts among its arguments. A new
# free-text command fails test_every_free_text_command_is_listed until it is added here.
FREE_TEXT = {
    "fill": ("fill @e2", 1),
    "type": ("type @e2", 1),
    "select": ("select @e2", 1),
    "keyboard": ("keyboard type", 1),
    "clipboard": ("clipboard write", 1),
    "dialog": ("dialog accept", 1),
    "visual": ("visual click", 1),
    "setfield": ("setfield @e2", 1),
    "selectexact": ("selectexact @e2", 1),
    "act": ("act", 0),
    "batch": ("batch", 0),
    "eval": ("eval", 0),
    "handoff": ("handoff", 0),
}
TEXT = "Rita's  \"big\" day, isn't it"


def test_every_free_text_command_is_listed() -> None:
    assert {s.name for s in all_specs() if s.free_text} == set(FREE_TEXT)


@pytest.mark.parametrize("name", sorted(FREE_TEXT))
def test_apostrophes_and_quotes_inside_the_text(name: str) -> None:
    head, at = FREE_TEXT[name]
    cmd = parse(f"{head} {TEXT}")
    if cmd.spec.line_text or cmd.spec.code:
        # The rest of the line as written: quotes kept, spaces too.
        assert cmd.args[at] == TEXT
    else:
        # Tokens joined by one space (the reference's rule), the apostrophes kept and the quotes grouping.
        assert cmd.text_from(at) == "Rita's big day, isn't it"


def test_the_references_quoting_still_holds() -> None:
    # The public tokenizer is the reference's: an apostrophe opens a quote there.
    with pytest.raises(RefwrightError, match="Unterminated ' quote"):
        tokenize("fill #q it's")
    with pytest.raises(RefwrightError, match='Unterminated " quote'):
        parse('fill #q "oops')
    assert parse("fill #q a'b c'").args == ("#q", "ab c")
    assert parse("fill #q 'say \"hi\"'").args == ("#q", 'say "hi"')
    assert parse("fill @e2 it's Bob's").args == ("@e2", "it's", "Bob's")


@pytest.mark.parametrize(("line", "request_text", "new"), [
    ("act Forward Rita's email to Ann", "Forward Rita's email to Ann", False),
    ("act --new Click \"Save\"", 'Click "Save"', True),
    ("act 'Forward Rita's email'", "Forward Rita's email", False),
    ('act "Click on the \\"No\\" button."', 'Click on the "No" button.', False),
    ("act click Save --new", "click Save", True),
])
def test_act_takes_its_request_as_written(line: str, request_text: str, new: bool) -> None:
    cmd = parse(line)
    assert cmd.args == (request_text,) and bool(cmd.flag("new")) == new


async def test_fill_and_act_take_apostrophes_on_a_page(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.html('/apostrophes.html', '<label>Note <input id=n></label>')}")
    await run(page, "fill #n Rita's \"big\" day")
    assert await run(page, "get value #n") == 'Rita\'s big day'
    await run(page, "act type \"Ann's\" into the Note field")
    assert await run(page, "get value #n") == "Ann's"
