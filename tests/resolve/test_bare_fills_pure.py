"""Resolver VIII (issue #39), pure: a field and its value without a usual verb, in every common order; fields
named by their kind; ordinals and assignments; a value's case said in words; a suggestion by its start and
end in more words; chat and conditional popups beside the request; and what none of these may read."""

from __future__ import annotations

import pytest

from refwright import RefwrightError
from refwright.resolve import parse_request
from refwright.resolve.grammar._plan import Kind

Said = tuple[str, str | None, str | None, int | None, str | None, bool]


def parts(request: str, keep: frozenset[str] = frozenset()) -> list[Said]:
    """Each part as (kind, its field's or target's label, role, ordinal, value, every)."""
    out: list[Said] = []
    for part in parse_request(request, keep).parts:
        t = part.field or (part.targets[0] if part.targets else None)
        value = part.value if part.kind != Kind.SUGGEST else "/".join(part.labels)
        out.append((part.kind.value, t.label if t else None, t.role if t else None, t.ordinal if t else None, value,
                    bool(t and t.every)))
    return out


@pytest.mark.parametrize(("request_text", "expected"), [
    ("field: Bo", [("fill", None, "textbox", None, "Bo", False)]),
    ("date 03/04/2021, then submit", [("fill", None, "date", None, "03/04/2021", False), ("submit", None, None, None,
                                                                                         None, False)]),
    ("time 9:05 AM", [("fill", None, "time", None, "9:05 AM", False)]),
    ("the 3rd text box = 12", [("fill", None, "textbox", 3, "12", False)]),
    ("04/05/2019 into the date field", [("fill", None, "date", None, "04/05/2019", False)]),
    ("12:30 PM in the time box", [("fill", None, "time", None, "12:30 PM", False)]),
    ("ann@x.io goes into Email address", [("fill", "Email address", "textbox", None, "ann@x.io", False)]),
    ("77 in Code, 5 in Count", [("fill", "Code", "textbox", None, "77", False),
                                ("fill", "Count", "textbox", None, "5", False)]),
    ("Lima should go in the City field", [("fill", "City", "textbox", None, "Lima", False)]),
    ("choose 01/02/2020 in the datepicker", [("fill", None, "date", None, "01/02/2020", False)]),
    ("set the date picker to 01/02/2020", [("fill", None, "date", None, "01/02/2020", False)]),
    ("07/08/2009 on the calendar", [("fill", None, "date", None, "07/08/2009", False)]),
    ("fill the time input with 8:00 PM", [("fill", None, "time", None, "8:00 PM", False)]),
    ("fill the Name box with Bo and the Town box with Lima", [("fill", "Name", "textbox", None, "Bo", False),
                                                              ("fill", "Town", "textbox", None, "Lima", False)]),
])
def test_a_field_and_its_value_in_any_order(request_text: str, expected: list[Said]) -> None:
    assert parts(request_text) == expected


@pytest.mark.parametrize(("request_text", "value"), [
    ("bo in capitals", "BO"),
    ("Lima written all in lower case", "lima"),
    ("lima typed entirely in upper case", "LIMA"),
    ("submit the text box with kiwi in block letters", "KIWI"),
])
def test_a_value_written_as_asked(request_text: str, value: str) -> None:
    fill = parts(request_text)[0]
    assert (fill[0], fill[2], fill[4]) == ("fill", "textbox", value)


_LOGIN: list[Said] = [("spot", "username bo", None, None, "", False),
                      ("fill", "password", "textbox", None, "k9", False), ("spot", "login", None, None, "", False)]


@pytest.mark.parametrize(("request_text", "expected"), [
    ("passcode q1w2 twice", [("fill", "password", "textbox", None, "q1w2", True)]),
    ("set the password to k9k9. Enter it into both fields.", [("fill", "password", "textbox", None, "k9k9", False),
                                                               ("fill", "password", "textbox", None, "k9k9", True)]),
    ("type k9 into the Password field and again into the Confirm field",
     [("fill", "Password", "textbox", None, "k9", False), ("fill", "Confirm", "textbox", None, "k9", False)]),
    ("login bo / k9", _LOGIN),
    ("bo / k9, sign in", _LOGIN),
])
def test_passwords_and_logins(request_text: str, expected: list[Said]) -> None:
    assert parts(request_text) == expected


@pytest.mark.parametrize(("request_text", "expected"), [
    ("the cursor into textbox 2", [("focus", None, "textbox", 2, None, False)]),
    ("radio 2", [("check", None, "radio", 2, None, False)]),
    ("choose the fourth radio option", [("check", None, "radio", 4, None, False)]),
    ('type a city that starts with "Li" and finishes with "ma"', [("suggest", None, "textbox", None, "Li/ma", False)]),
    ('fill the Town field with whichever entry begins with "Li"', [("suggest", "Town", "textbox", None, "Li/", False)]),
    ('Using the suggestions, choose the one beginning with "Li" and ending in "ma".',
     [("suggest", None, "textbox", None, "Li/ma", False)]),
])
def test_kind_words_ordinals_and_suggestions(request_text: str, expected: list[Said]) -> None:
    assert parts(request_text) == expected


@pytest.mark.parametrize("request_text", [
    "Hiya, press Next",
    "Morning! It may be further down. Press Next.",
    "My coffee went cold. Could you press Next?",
    "press Next. It could be a link or a button.",
])
def test_chat_beside_a_request_is_no_step(request_text: str) -> None:
    assert parts(request_text, frozenset({"next"})) == [("click", "Next", None, None, None, False)]


def test_chat_that_is_all_the_request_says_is_kept_to_be_refused_on_the_page() -> None:
    assert parts("Hiya") == [("spot", "Hiya", None, None, "", False)]


def test_a_remark_that_names_a_label_nothing_else_names_is_refused() -> None:
    with pytest.raises(RefwrightError):
        parse_request("I'd like the dark theme. Press Save.", frozenset({"dark", "save"}))


def test_a_remark_naming_a_label_another_clause_names_is_dropped() -> None:
    assert parts("I'd like the dark theme. Pick Dark, then press Save.", frozenset({"dark", "save"})) == [
        ("names", None, None, None, "on", False), ("click", "Save", None, None, None, False)]


@pytest.mark.parametrize(("request_text", "dismiss"), [
    ("Type bo in the Name field. If a popup asks something, just press Later.", ("Later",)),
    ("press Go; if the dialog shows up, cancel it and carry on", ("Cancel",)),
    ('press Go. If it pushes a newsletter on you, say "No thanks".', ("No thanks",)),
])
def test_a_popup_said_with_a_condition_names_its_way_out(request_text: str, dismiss: tuple[str, ...]) -> None:
    plan = parse_request(request_text)
    assert plan.dismiss == dismiss
    assert all(p.kind != Kind.CLICK or p.targets[0].label not in dismiss for p in plan.parts)


@pytest.mark.parametrize("request_text", [
    "Beach.jpg in Photos",        # a place, not a value
    "look in the box",            # a word that is no value, and no "goes"
    "ten in the list",            # a list is no field
])
def test_what_is_not_read_as_a_value_for_a_field(request_text: str) -> None:
    try:
        found = parts(request_text)
    except RefwrightError:
        return
    assert all(kind != "fill" for kind, *_ in found)


def test_a_value_set_off_by_commas_after_its_field() -> None:
    assert parts("Please enter my phone, 555-0101, and the zip code 75011, then press Go.") == [
        ("spot", "phone 555-0101", None, None, "", False), ("spot", "zip code 75011", None, None, "", False),
        ("click", "Go", None, None, None, False)]


@pytest.mark.parametrize(("request_text", "expected"), [
    ("tick Yes and press Send, without a note.", [("names", None, None, None, "on", False),
                                                  ("click", "Send", None, None, None, False)]),
    # Said of the value, "without spaces" changes what is typed: it is never dropped as a remark.
    ('type "a b" into the box without spaces, then submit', [("fill", None, "textbox", None, "ab", False),
                                                                   ("submit", None, None, None, None, False)]),
])
def test_what_a_submit_leaves_out_is_no_step(request_text: str, expected: list[Said]) -> None:
    assert parts(request_text) == expected
