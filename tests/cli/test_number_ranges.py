"""Numbers out of their range are errors naming the range (issue 44 §6): one rule on the command spec,
checked by the parser for every command, and what a shell user sees for `wait 99999999999`."""

from __future__ import annotations

import pytest

from refwright import RefwrightError
from refwright.commands import all_specs
from refwright.commands._parse import parse
from refwright.commands._spec import CommandSpec, NumberSpec

from ..inprocess import refwright
from ..server import TestServer


def _line(spec: CommandSpec, number: NumberSpec, value: str) -> str:
    """A command line that puts ``value`` where ``number`` is read, with filler for the other arguments."""
    if isinstance(number.at, str):
        flag = next(f for f in spec.flags if f.key == number.at)
        head = {"wait": "wait --text x", "cookies": "cookies set a b", "diff": "diff screenshot",
                "snapshot": "snapshot"}[spec.name]
        return f"{head} {flag.names[0]} {value}"
    args = [number.sub or "down"] + ["1"] * 4 if spec.name != "wait" else []
    if spec.name == "find":
        args += ["a"]
    args[number.at:number.at + 1] = [value]
    return " ".join([spec.name, *args])


def _shown(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


CASES = [(spec, number) for spec in all_specs() for number in spec.numbers]


def test_the_registry_declares_the_numbers_that_need_a_range() -> None:
    named = {(spec.name, number.sub, number.at) for spec, number in CASES}
    for expected in [("wait", None, 0), ("wait", None, "timeout"), ("scroll", None, 1), ("mouse", "move", 1),
                     ("cookies", None, "expires"), ("snapshot", None, "depth")]:
        assert expected in named


@pytest.mark.parametrize(("spec", "number"), CASES, ids=[f"{s.name}-{n.sub}-{n.at}" for s, n in CASES])
def test_every_declared_number_is_refused_past_its_limit_and_taken_within(spec: CommandSpec,
                                                                          number: NumberSpec) -> None:
    for token in (_shown(number.high * 10 + 1), _shown(number.low - 1), "nan", "inf"):
        with pytest.raises(RefwrightError) as caught:
            parse(_line(spec, number, token))
        message = str(caught.value)
        assert f"a number from {_shown(number.low)} to {_shown(number.high)}{number.unit}, not `{token}`" in message
    parse(_line(spec, number, _shown(number.high)))
    parse(_line(spec, number, _shown(number.low)))


def test_a_word_where_a_number_may_stand_is_not_checked() -> None:
    assert parse("wait @e3").args == ("@e3",)
    assert parse("snapshot -d x").flag("depth") == "x"  # the reference: a non-numeric depth is ignored
    assert parse('visual click "Subscribe"').args == ("click", "Subscribe")


def test_wait_past_the_longest_timer_is_an_error_in_the_shell(server: TestServer) -> None:
    result = refwright("shell", "--allow-private", server.empty_page,
                       stdin=b"wait 99999999999\nwait --text never --timeout 1e12\nwait 5\n")
    out, err = result.stdout.decode(), result.stderr.decode()
    assert ("Error: The time to wait must be a number from 0 to 2147483647 ms (about 24.8 days), not "
            "`99999999999`.") in out
    assert "Error: --timeout must be a number from 1 to 2147483647 ms" in out
    assert "Waited 5ms" in out
    assert "Waited 99999999999ms" not in out
    assert "Error" not in err
