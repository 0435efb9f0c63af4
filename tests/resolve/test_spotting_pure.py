"""The pure parts of label spotting (issue #39): the verb of a clause in any form, the value left of a clause,
steps joined by arrows, and clauses that ask for nothing. Wordings of our own."""

from __future__ import annotations

import pytest

from refwright.resolve.grammar._clause_forms import asks_nothing, named_values, steps_of_arrows, without_topic
from refwright.resolve.grammar._lexicon import first_verb
from refwright.resolve.matching._remainder import remainder_value


@pytest.mark.parametrize(("text", "verb"), [
    ("would you mind pressing the OK button", "press"),
    ("maybe setting the volume", "set"),
    ("tapping", "tap"),
    ("dismiss the dialog", "click"),
    ("the page changes and shows it", None),  # nouns and what a page does are no verbs
    ("I want to go home", None),  # a weak verb is read only at the start
])
def test_the_verb_of_a_clause(text: str, verb: str | None) -> None:
    assert first_verb(text.split()) == verb


@pytest.mark.parametrize(("text", "label", "verb", "value"), [
    ("put bob@example.org in the Email address box only", "Email address", "put", "bob@example.org"),
    ("fill in the full name Ann", "Full name", "fill", "Ann"),
    ("key in Ann Lee as the full name", "Full name", "key", "Ann Lee"),
    ("type the name into Nickname", "Nickname", "type", None),
    ("fill Nickname with whatever you like", "Nickname", "fill", None),
    ("type the number in the x = box", "x =", "type", None),
    ("type kiki in Nickname and press Save", "Nickname", "type", None),  # a second verb: another step
    ("write something nice in Nickname", "Nickname", "write", None),  # prose is no value
    ("type Kiki into the Email box", "Nickname", "type", None),  # the label is not in the clause
])
def test_the_value_left_of_a_clause(text: str, label: str, verb: str, value: str | None) -> None:
    assert remainder_value(text, label, verb) == value


@pytest.mark.parametrize(("text", "expected"), [
    ("Ann as full name > Next > Oslo as city > Next", "Ann as full name, then Next, then Oslo as city, then Next"),
    ("Theme Light + Save", "Theme Light, then Save"),
    ("File > Save as", "File > Save as"),
    ("View > Zoom in", "View > Zoom in"),
    ("press Ctrl + S", "press Ctrl + S"),
    ("after typing Bo into Name press Next", "type Bo into Name, then press Next"),
    ("press Next and once the City field shows up type Lima", "press Next, then type Lima"),
    ("type x into Name, but don't save yet", "type x into Name; don't save yet"),
])
def test_steps_joined_by_arrows(text: str, expected: str) -> None:
    assert steps_of_arrows(text) == expected


@pytest.mark.parametrize(("clause", "nothing"), [
    ("No need to open it", True), ("don't save yet", True), ("leave everything else alone", True),
    ("much appreciated", True), ("nickname stays empty", True), ("open it", False), ("Not now", False),
])
def test_clauses_that_ask_for_nothing(clause: str, nothing: bool) -> None:
    assert asks_nothing(clause) is nothing


def test_a_topic_and_its_pronoun() -> None:
    assert without_topic("Section: expand it") == "expand the Section"
    assert without_topic("click Save") is None
    assert named_values("fill in email a@b.co and code 1234") == ["email a@b.co", "code 1234"]
    assert named_values("type Ann and then press Save") is None
