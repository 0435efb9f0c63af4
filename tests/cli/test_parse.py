"""The reference's syntax rules and error table, and HELP verbatim."""

from __future__ import annotations

import pytest

from refwright import HELP, RefwrightError
from refwright.commands import COMMANDS, parse
from refwright.commands._registry import HELP_DETAILS_LINE, HELP_LAYOUT, MORE_LAYOUT, all_specs, lookup
from refwright.commands._registry import REFERENCE_HELP as RENDERED_REFERENCE

REFERENCE_HELP = """\
Navigation   open <url> · back · forward · reload
Observe      snapshot [-i interactive] [-u urls] [-c compact] [-d depth] [-s selector]
             screenshot [--full] [--annotate]
Act          click|dblclick|tap|hover|focus|check|uncheck|highlight <target>
             fill <target> <text> · type <target> <text> · press <key> [target]
             select <target> <value> · drag <source> <target>
             scroll <up|down|left|right|top|bottom> [px] · scrollintoview <target>
Query        get <text|html|value|count|box|title|url> [target] · get attr <target> <name>
             is <visible|enabled|checked|focused|editable> <target>
Wait         wait <ms|target> · wait --text <text> · wait --load <load|domcontentloaded|networkidle>
             wait --fn <js>  (all accept --timeout <ms>)
Page         eval <js> · console · errors · cookies [clear] · storage <local|session> [clear]

Targets are snapshot refs such as @e3, or any selector: css, text=Save, role=button, label=Email."""


def test_help_starts_with_the_reference_text_verbatim() -> None:
    assert RENDERED_REFERENCE == REFERENCE_HELP
    assert HELP.startswith(REFERENCE_HELP + "\n\n")


def test_help_then_lists_the_commands_beyond_the_reference_and_points_to_help_command() -> None:
    more = HELP[len(REFERENCE_HELP):].strip("\n").split("\n\n")
    assert more[-1] == HELP_DETAILS_LINE == "Run `help <command>` for a command's details, flags and output."
    if MORE_LAYOUT:
        assert len(more) == 2
        groups = [line.split()[0] for line in more[0].splitlines() if not line.startswith(" ")]
        assert groups == [group for group, _ in MORE_LAYOUT]


def test_help_stays_small() -> None:
    # HELP is in every system prompt: the commands beyond the reference get one short section, and
    # `help <command>` has the rest.
    assert len(HELP) < 4_000


def test_every_core_command_is_in_help() -> None:
    covered = {name for _, rows in HELP_LAYOUT for row in rows for _, names in row for name in names}
    core = {spec.name for spec in COMMANDS if spec.name != "help"}
    assert core <= covered
    assert covered <= {spec.name for spec in all_specs()}


def error(line: str) -> str:
    with pytest.raises(RefwrightError) as info:
        parse(line)
    return str(info.value)


def test_error_table() -> None:
    assert error("") == "Empty command. Run `help` to list commands."
    assert error("   ") == "Empty command. Run `help` to list commands."
    assert error("teleport") == "Unknown command `teleport`. Run `help` to list commands."
    assert error("click") == "Usage: click <target>"
    assert error("fill") == "Usage: fill <target> [text]"
    assert error("type @e1") == "Usage: type <target> <text>"
    assert error("drag @e1") == "Usage: drag <source> <target>"
    assert error('fill #q "oops') == 'Unterminated " quote in command'


def test_unknown_command_suggests_the_closest() -> None:
    assert error("clik @e3") == "Unknown command `clik`. Run `help` to list commands. Did you mean `click`?"
    assert error("snapshto") .endswith("Did you mean `snapshot`?")


def test_names_and_subarguments_are_case_insensitive() -> None:
    assert parse("CLICK @e3").name == "click"
    assert parse("Goto example.com").name == "open"
    assert parse("navigate example.com").name == "open"
    assert parse("key Enter").name == "press"
    assert parse("scrollinto @e1").name == "scrollintoview"


def test_flags_are_case_sensitive_and_anywhere() -> None:
    assert parse("snapshot -c").flags == {"compact": True}
    assert parse("snapshot -C").flags == {"cursor": True}
    cmd = parse('snapshot -s "#cart .items" -i -d 3')
    assert cmd.flags == {"selector": "#cart .items", "interactive": True, "depth": "3"}
    assert parse("snapshot --interactive --urls --compact --depth 2 --selector main --cursor").flags == {
        "interactive": True, "urls": True, "compact": True, "depth": "2", "selector": "main", "cursor": True}
    assert parse("screenshot -f -a").flags == {"full": True, "annotate": True}


def test_extra_arguments_are_ignored() -> None:
    assert parse("click @e3 extra").args[0] == "@e3"


@pytest.mark.parametrize(
    ("line", "suggestion"),
    [
        ("snapshot -x -i", None),
        ("snapshot -I", "-i"),
        ("snapshot --interactiv", "--interactive"),
        ("snapshot -ic", "-i -c"),
        ("screenshot --ful", "--full"),
        ("wait --timout 100 @e1", "--timeout"),
        ("diff snapshot --compat", "--compact"),
    ],
)
def test_an_unknown_flag_is_an_error_naming_the_known_ones(line: str, suggestion: str | None) -> None:
    name = line.split()[0]
    with pytest.raises(RefwrightError) as caught:
        parse(line)
    message = str(caught.value)
    spec = lookup(name)
    assert spec is not None
    known = {n for f in spec.flags for n in f.names}
    flag = next(t for t in line.split()[1:] if t.startswith("-") and t not in known)
    assert message.startswith(f"Unknown flag `{flag}` for `{name}`. Its flags: ")
    assert all("/".join(f.names) in message for f in spec.flags)
    assert message.endswith(f" Did you mean `{suggestion}`?" if suggestion else ".")


def test_a_flag_on_a_command_without_flags_says_it_takes_none() -> None:
    with pytest.raises(RefwrightError, match=r"^Unknown flag `--force`: `click` takes no flags\. Usage: click "
                                             r"<target>$"):
        parse("click @e3 --force")


def test_flag_like_words_of_free_text_and_negative_numbers_are_arguments() -> None:
    assert parse("fill @e1 -x --y").text_from(1) == "-x --y"
    assert parse("scroll down -300").args == ("down", "-300")


def test_free_text_joins_remaining_arguments() -> None:
    assert parse("fill @e2 hello world").text_from(1) == "hello world"
    assert parse('fill @e2 "hello  world"').text_from(1) == "hello  world"
    assert parse("fill @e2 --not-a-flag -5").text_from(1) == "--not-a-flag -5"
    assert parse("eval 1 + 2").text_from(0) == "1 + 2"


def test_eval_takes_the_rest_of_the_line_as_javascript() -> None:
    assert parse("eval document.querySelector('h1').textContent").args == (
        "document.querySelector('h1').textContent",)
    assert parse("eval  'a' + \"b\"   ").args == ("'a' + \"b\"",)
    assert parse("eval /\\d+/.test('a1')").args == ("/\\d+/.test('a1')",)
    # A quote the JavaScript leaves open is its business, not the tokenizer's.
    assert parse("eval x = \"it's").args == ("x = \"it's",)
    # One argument wholly in quotes loses them, as the reference's `eval "/\\d+/..."` example wants.
    assert parse('eval "/\\\\d+/.test(document.title)"').args == ("/\\d+/.test(document.title)",)
    assert parse("eval 'a'+'b'").args == ("'a'+'b'",)
    with pytest.raises(RefwrightError, match=r"^Usage: eval <js>$"):
        parse("eval   ")
    assert parse("select @e4 New York").text_from(1) == "New York"


def test_flag_values_are_single_arguments() -> None:
    assert parse("wait --text Welcome back").flags["text"] == "Welcome"
    assert parse('wait --text "Welcome back"').flags["text"] == "Welcome back"


def test_wait_first_argument_is_positional() -> None:
    # In `wait --timeout 5000 @e3` the first argument `--timeout` is taken as the target.
    assert parse("wait --timeout 5000 @e3").raw_args[0] == "--timeout"
    assert parse("wait @e3 --timeout 5000").raw_args[0] == "@e3"
