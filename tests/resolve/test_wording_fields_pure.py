"""Values said with the field they go into, without the words the older rules need (pure, issue #39):
"city Oslo", "email: a@b.co", "Oslo for the city", "my name is Ann", a login said first, "close that
popup", and the refusals that keep it from typing into a field the request did not name."""

from __future__ import annotations

import pytest

from refwright import RefwrightError
from refwright.resolve import Control, Inspection, parse_request
from refwright.resolve.grammar._plan import Kind, Part
from refwright.resolve.matching._select import speaks_of_popup
from refwright.resolve.matching._spotting import concrete_part


def _page(*controls: Control) -> Inspection:
    return Inspection(token="t", url="", title="", controls=controls, by_id={c.id: c for c in controls})


PAGE = _page(Control(id=1, kind="text", label="Last name", ref="e1"), Control(id=2, kind="text", label="Zip code",
                                                                          ref="e2"),
             Control(id=3, kind="select", label="Country", options=(("Norway", False), ("Peru", False)), ref="e3"),
             Control(id=4, kind="button", label="Sign in", ref="e4"), Control(id=5, kind="button", label="Go",
                                                                              ref="e5"))


def on_page(request: str) -> list[tuple[str, str | None, str | None]]:
    out = []
    for part in parse_request(request).parts:
        concrete: Part = concrete_part(part, PAGE) if part.kind == Kind.SPOT else part
        label = concrete.field.label if concrete.field else concrete.labels[0] if concrete.labels else \
            concrete.targets[0].label if concrete.targets else None
        out.append((concrete.kind.value, label, concrete.value))
    return out


@pytest.mark.parametrize(("request_text", "expected"), [
    ("last name Moreau, zip code 75011, go", [("fill", "Last name", "Moreau"), ("fill", "Zip code", "75011"),
                                              ("click", "Go", None)]),
    ("zip code: 75011", [("fill", "Zip code", "75011")]),
    ("country Peru and then go", [("option", "Peru", None), ("click", "Go", None)]),
    ("my last name is Moreau and the zip code is 75011", [("fill", "Last name", "Moreau"),
                                                         ("fill", "Zip code", "75011")]),
    ("Sign me in please. My last name is Moreau.", [("fill", "Last name", "Moreau"), ("click", "login", None)]),
    ("log in using the last name Moreau", [("fill", "Last name", "Moreau"), ("click", "login", None)]),
])
def test_a_value_said_after_its_field(request_text: str, expected: list[tuple[str, str | None, str | None]]) -> None:
    assert on_page(request_text) == expected


@pytest.mark.parametrize(("request_text", "field", "value"), [
    ("put Moreau for the last name", "last name", "Moreau"),
    ("fill the Zip code field with 75011", "Zip code", "75011"),
    ("75011 as the zip code", "zip code", "75011"),
    ("submit the form with 75011 as the zip code", "zip code", "75011"),
])
def test_for_and_as_name_the_field(request_text: str, field: str, value: str) -> None:
    fill = parse_request(request_text).parts[0]
    assert (fill.kind, fill.field.label if fill.field else None, fill.value) == (Kind.FILL, field, value)


@pytest.mark.parametrize("text", [
    "last name Moreau Dupont",   # more than one word: not a value said after its field
    "country Atlantis",          # not one of the list's options
    "zip code",                  # no value
])
def test_a_field_name_without_one_value_is_never_typed_into(text: str) -> None:
    try:
        part = concrete_part(Part(Kind.SPOT, text, targets=parse_request(text).parts[0].targets), PAGE)
    except RefwrightError as exc:
        # Refused (Resolver VII): a click into the field would drop the words it cannot read as one value.
        assert "Nothing was done" in str(exc)
        return
    assert part.kind not in (Kind.FILL, Kind.OPTION)


def test_the_popup_words() -> None:
    (close,) = parse_request("shut that pop-up window").parts
    assert close.kind == Kind.CLICK and close.targets[0].label == "Close"
    # "close any popup that shows up" is what act does anyway: no step of its own, and not a request about one.
    fill, go = parse_request("type Moreau in the last name field and press Go (close any dialog that pops up)").parts
    assert (fill.kind, go.kind) == (Kind.FILL, Kind.CLICK)
    assert not speaks_of_popup("type Moreau, press Go (close any dialog that pops up)")
    assert speaks_of_popup("In the dialog, press Go")


def kinds(request: str) -> list[tuple[str, str]]:
    return [(p.kind.value, p.describe()) for p in parse_request(request).parts]


@pytest.mark.parametrize(("request_text", "expected"), [
    # A possessive on a field with an ordinal, and a field named with its number.
    ("put the 2nd text area's contents in the box", [("copy", "copy the text of the 2nd text area into the text "
                                                               "field")]),
    ("copy textarea #2 to the field", [("copy", "copy the text of the 2nd text area into the text field")]),
    ("copy what is inside the first textarea and paste it into the box",
     [("copy", "copy the text of the 1st text area into the text field")]),
    ("write the paragraph's final word in the box", [("answer", "enter the last word of the paragraph into the text "
                                                                 "field")]),
    ("copy the 2nd word from the text area to the box", [("answer", "enter the 2nd word of the text area into the "
                                                                     "text field")]),
    # The value of an unknown, and the answer typed with no field named.
    ("figure out y", [("answer", "enter the value of y in the equation the page shows into the text field")]),
    ("solve the equation for z, then enter your answer", [
        ("answer", "enter the value of z in the equation the page shows into the text field")]),
    # Every field from the table, said in other words.
    ("complete the form from the table", [("lookup", "enter into each field the value the page shows for its label")]),
    ("type each value from the table in the right field", [
        ("lookup", "enter into each field the value the page shows for its label")]),
])
def test_fields_read_from_the_page(request_text: str, expected: list[tuple[str, str]]) -> None:
    assert kinds(request_text) == expected


@pytest.mark.parametrize("request_text", ["press Apply on the third tab", "press Apply, which is in tab #3",
                                          "press Apply behind tab no. 3"])
def test_a_tab_said_as_a_place_means_looking_through_the_tabs(request_text: str) -> None:
    (find,) = parse_request(request_text).parts
    assert find.kind == Kind.FIND and find.targets[0].label == "Apply"


@pytest.mark.parametrize(("request_text", "first", "then"), [
    ("the email from Rosa - delete this", "Rosa", "delete"),
    ("fwd Rosa's message to Ann", "Rosa", "forward"),
    ("I want the mail Rosa sent me forwarded to Ann", "Rosa", "forward"),
])
def test_an_item_then_what_to_do_with_it(request_text: str, first: str, then: str) -> None:
    found, act, *_ = parse_request(request_text).parts
    assert (found.kind, found.labels[0]) == (Kind.ITEM, first)
    assert act.kind == Kind.CLICK and then in (act.targets[0].label or "")


def test_a_parenthesis_that_says_the_kind_of_control() -> None:
    (click,) = parse_request("tap Apply (the link, not the button)").parts
    assert any(t.label == "Apply" and t.role == "link" for t in click.targets)


@pytest.mark.parametrize("request_text", ["Click on Tab #2.", "tap on the second tab", "go to tab number 2"])
def test_a_tab_after_its_verb_is_the_target(request_text: str) -> None:
    (click,) = parse_request(request_text).parts
    assert click.kind == Kind.CLICK and click.targets
