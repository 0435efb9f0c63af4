"""The resolver's pure half: request kinds, label matching, ordinals, risk, proposals and change summaries."""

from __future__ import annotations

import pytest

from refwright import RefwrightError
from refwright.resolve import (
    Control,
    Inspection,
    ProposalBook,
    ProposalError,
    UnsupportedRequestError,
    match_labels,
    ordinal_of,
    parse_request,
    risk_of,
    summarize_changes,
    value_hash,
)
from refwright.resolve.grammar._clauses import Target
from refwright.resolve.grammar._plan import Kind
from refwright.resolve.matching._match import AmbiguousTargetError, TargetNotFoundError, find_target
from refwright.resolve.matching._values import field_value


def kinds(request: str) -> list[str]:
    return [p.kind for p in parse_request(request).parts]


@pytest.mark.parametrize(
    ("request_text", "expected"),
    [
        ('Click on the "ok" button.', ["click"]),
        ("Click button ONE, then click button TWO.", ["click", "click"]),
        ("Select Alice>Bob>Carol", ["menu"]),
        ("File > Save", ["menu"]),
        ("Focus into the 3rd input textbox.", ["focus"]),
        ('Check the 2nd radio button and enter the number "5" into the 3rd textbox.', ["check", "fill"]),
        ("Select ab1, Xy and click Submit.", ["names", "click"]),
        ("Select Audrye from the list and click Submit.", ["option", "click"]),
        ("Select -31 with the slider and hit Submit.", ["slider", "click"]),
        ('Expand the sections below, to find and click on the link "consequat".', ["find"]),
        ('Enter the username "ann" and the password "x1" into the text fields and press login.',
         ["fill", "fill", "click"]),
        ("Submit the form", ["submit"]),
        ("Enter 10/20/2017 as the date and hit submit.", ["fill", "click"]),
        ("Select 10/11/2016 as the date and hit submit.", ["fill", "click"]),
        ("Enter 7:55 PM as the time and press submit.", ["fill", "click"]),
        ("Select 5 with the spinner and hit Submit.", ["fill", "click"]),
        ("Copy the text in the textarea below, paste it into the textbox and press Submit.", ["copy", "click"]),
        ("Select Brazil, Peru from the scroll list and click Submit.", ["option", "click"]),
        ("Expand the section below and click submit.", ["expand", "find"]),
        ('Use the textbox to enter "Truman" and press "Search".', ["fill", "click"]),
        # A button label that starts with a verb-like word is still a label: a short clause without a verb
        # is read by the label it names (spot), first whole, as what to click.
        ("Copy link", ["spot"]),
    ],
)
def test_request_kinds(request_text: str, expected: list[str]) -> None:
    assert kinds(request_text) == expected


def test_parts_keep_labels_values_and_ordinals() -> None:
    plan = parse_request('Check the 2nd radio button and enter the number "5" into the 3rd textbox.')
    check, fill = plan.parts
    assert check.targets[0] == Target(role="radio", ordinal=2)
    assert fill.value == "5" and fill.field is not None and (fill.field.role, fill.field.ordinal) == ("textbox", 3)
    # A plan holds what the request asked for and no more: no submit it did not ask for.
    assert [p.kind for p in plan.parts] == ["check", "fill"]
    assert not plan.repeatable and parse_request('Enter "Keli" into the text field and press Submit').repeatable

    menu = parse_request("Select Alice>Bob>Carol").parts[0]
    assert menu.labels == ("Alice", "Bob", "Carol")
    names = parse_request("Select ab1, Xy and click Submit.").parts[0]
    assert names.labels == ("ab1", "Xy") and names.value == "on"
    assert parse_request("Select nothing and click Submit").parts[0].labels == ()
    assert parse_request("Select -31 with the slider").parts[0].value == "-31"
    login = parse_request('Enter the username "ann" and the password "x1" into the text fields and press login.')
    assert [(p.field.label if p.field else None, p.value) for p in login.parts[:2]] == [("username", "ann"),
                                                                                        ("password", "x1")]


def test_quotes_keep_punctuation_and_role_prefixes() -> None:
    part = parse_request('the "Next, please." link').parts[0]
    assert part.targets[0] == Target(label="Next, please.", role="link", quoted=True)
    # "Tab #2" is first the label, then the role tab with the label "#2".
    readings = parse_request("Click on Tab #2.").parts[0].targets
    assert readings[0].label == "Tab #2" and readings[1] == Target(label="#2", role="tab")
    # "Click the button." names a role, not a label.
    assert parse_request("Click the button.").parts[0].targets[0] == Target(role="button")
    assert parse_request("Close the dialog box by clicking the \"x\".").parts[0].targets[0].label == "x"


def test_unsupported_requests_say_what_works() -> None:
    with pytest.raises(UnsupportedRequestError, match="does not understand"):
        parse_request("Figure out which of these numbers is the largest and then tell me why it matters")
    with pytest.raises(UnsupportedRequestError, match="Empty request"):
        parse_request("   ")


def test_label_tiers_nfkc_case_punctuation_and_close() -> None:
    assert match_labels("OK", ["ok", "OK"]) == ("exact label", [1])
    assert match_labels("ok", ["Ok", "Cancel"]) == ("label ignoring case", [0])
    # NFKC: full-width letters and the ﬁ ligature compare equal to their plain forms.
    assert match_labels("Ｓｕｂｍｉｔ", ["Submit"]) == ("exact label", [0])
    assert match_labels("ﬁle", ["file"])[1] == [0]
    assert match_labels("Next", ["Next »", "Previous"]) == ("label ignoring surrounding punctuation", [0])
    assert match_labels("username", ["User name:"]) == ("label ignoring spaces and punctuation", [0])
    assert match_labels("x", ["Close", "Open"]) == ("synonym (x means Close)", [0])
    assert match_labels("nothing", ["something"]) == ("", [])
    assert match_labels("...", ["!"]) == ("", [])


def test_ordinals() -> None:
    assert [ordinal_of(w) for w in ("1st", "2nd", "3rd", "11th", "third", "last", "0th", "many")] == [
        1, 2, 3, 11, 3, -1, None, None]


def control(id: int, kind: str, label: str, **kw: object) -> Control:
    return Control(id=id, kind=kind, label=label, ref=f"e{id}", **kw)  # type: ignore[arg-type]


def test_find_target_unique_ambiguous_and_missing() -> None:
    controls = [control(1, "button", "OK"), control(2, "button", "ok"), control(3, "button", "Cancel"),
                control(4, "text", "Name"), control(5, "text", "Email"), control(6, "link", "OK")]
    assert find_target([Target(label="ok")], controls).control.id == 2
    with pytest.raises(AmbiguousTargetError) as info:
        find_target([Target(label="Ok")], controls)
    assert "@e1" in info.value.message and "@e2" in info.value.message and "@e6" in info.value.message
    assert find_target([Target(label="OK", role="link")], controls).control.id == 6
    assert find_target([Target(role="textbox", ordinal=2)], controls, {"text"}).control.id == 5
    with pytest.raises(AmbiguousTargetError):
        find_target([Target(role="textbox")], controls, {"text"})
    with pytest.raises(TargetNotFoundError, match=r'Visible candidates: .*"Cancel"'):
        find_target([Target(label="Delete")], controls)
    # Of two matches only one enabled: that one, and the output says so.
    twins = [control(7, "button", "Go", states=("disabled",)), control(8, "button", "Go")]
    match = find_target([Target(label="Go")], twins)
    assert match.control.id == 8 and "only enabled" in match.how


@pytest.mark.parametrize(
    ("kind", "label", "facts", "risk"),
    [
        ("button", "Pay now", {}, "approval-required"),
        ("button", "Delete account", {}, "approval-required"),
        ("button", "SUBMIT", {}, "approval-required"),
        ("button", "Send", {}, "approval-required"),
        ("button", "Save draft", {"submits": True}, "approval-required"),
        ("button", "Clear", {"resets": True}, "approval-required"),
        ("pointer", "More", {}, "approval-required"),
        ("draggable", "Card", {}, "approval-required"),
        ("button", "Next", {}, "safe"),
        ("link", "Buyers guide", {}, "safe"),
        ("checkbox", "Remember me", {}, "safe"),
    ],
)
def test_risk(kind: str, label: str, facts: dict[str, bool], risk: str) -> None:
    assert risk_of(kind, label, **facts)[0] == risk


def test_proposals_are_one_use_bound_and_expire() -> None:
    book = ProposalBook(ttl=300)
    p = book.create("click", "click @e1", url="http://a/", fingerprint="f1", now=100.0)
    assert p.token.startswith("p-") and len(p.token) > 12
    other = book.create("click", "click @e2", url="http://a/", fingerprint="f1", now=100.0)
    assert other.token != p.token
    assert book.take(p.token, 150.0) is p
    with pytest.raises(ProposalError, match="already used"):
        book.take(p.token, 151.0)
    with pytest.raises(ProposalError, match="expired"):
        book.take(other.token, 100.0 + 301)
    q = book.create("click", "click @e3", url="http://a/", fingerprint="f1", now=0.0)
    taken = book.take(q.token, 1.0)
    with pytest.raises(ProposalError, match="page changed"):
        book.check_page(taken, url="http://a/", fingerprint="f2")
    with pytest.raises(ProposalError, match="moved"):
        book.check_page(taken, url="http://b/", fingerprint="f1")
    book.check_page(taken, url="http://a/", fingerprint="f1")


def test_change_summary_is_bounded_and_hides_values() -> None:
    a = Inspection("t", "http://x/", "X", (control(1, "checkbox", "A"), control(2, "text", "Name", value_hash="h1"),
                                           control(3, "button", "Open")), texts=("Hello",))
    b = Inspection("t", "http://x/", "X", (control(1, "checkbox", "A", states=("checked",)),
                                           control(2, "text", "Name", value_hash="h2"), control(4, "link", "More")),
                   texts=("Hello", "Saved"))
    out = summarize_changes(a, b)
    assert out.splitlines() == ["Changes:", '+ @e4 link "More"', '- button "Open"', '~ @e1 checkbox "A": checked',
                                '~ @e2 text field "Name": value changed', '+ text "Saved"']
    assert "h2" not in out
    many = Inspection("t", "http://x/", "X", tuple(control(i, "button", f"B{i}") for i in range(10, 30)))
    capped = summarize_changes(a, many, max_lines=5)
    assert len(capped.splitlines()) == 7 and capped.endswith("run `inspect` for the full list)")
    assert summarize_changes(a, a) == "Changes: none visible."
    moved = Inspection("u", "http://y/", "Y", ())
    assert summarize_changes(a, moved).splitlines()[1] == "Navigated to http://y/"


def test_value_hash_is_salted() -> None:
    assert value_hash("t1", "secret") != value_hash("t2", "secret")
    assert value_hash("t1", "secret") == value_hash("t1", "secret")
    assert len(value_hash("t1", "")) == 16


def test_new_kinds_keep_their_fields_and_values() -> None:
    date = parse_request("Enter 7:55 PM as the time").parts[0]
    assert (date.value, date.field) == ("7:55 PM", Target(role="time"))
    copy = parse_request("Copy the text from the 3rd text area below and paste it into the text input").parts[0]
    assert copy.targets == (Target(role="textarea", ordinal=3),) and copy.field == Target(role="textbox")
    several = parse_request("Select Brazil, Peru and Chile from the list").parts[0]
    assert several.labels == ("Brazil, Peru and Chile", "Brazil", "Peru", "Chile") and several.value == "several"
    use = parse_request('Use the search box to enter "Truman"').parts[0]
    assert (use.kind, use.value, use.field) == ("fill", "Truman", Target(role="textbox"))
    spinner = parse_request("Set the spinner to -4").parts[0]
    assert (spinner.kind, spinner.value, spinner.field) == ("fill", "-4", Target(role="spinner"))


def test_text_entry_refuses_words_it_does_not_understand() -> None:
    # Typing "Foo" when the request asks for it some other way would be a guess: refuse instead.
    with pytest.raises(UnsupportedRequestError):
        parse_request('Type "Foo" in a very funny way in the text box')
    # "the text below" is never typed as the word "below": it is the text the page shows, read there (and
    # refused there when the page shows several).
    below = parse_request("Type the text below into the text field").parts[0]
    assert below.kind == Kind.ANSWER and below.labels == ("shown",) and below.value is None
    fill = parse_request('Enter "x" into the First Name field').parts[0]
    assert fill.field == Target(label="First Name", role="textbox")
    assert parse_request('Enter "bob" as the username').parts[0].field == Target(label="username", role="textbox")
    assert parse_request("Enter the date 12/31/2016 into the text field").parts[0].value == "12/31/2016"
    both = parse_request('Enter the password "pw" into both text fields').parts[0]
    assert both.field is not None and both.field.every and both.field.label == "password"


@pytest.mark.parametrize(("kind", "written", "held"), [
    ("date", "10/20/2017", "2017-10-20"), ("date", "25/12/2017", "2017-12-25"), ("date", "2017-1-5", "2017-01-05"),
    ("date", "October 20, 2017", "2017-10-20"), ("date", "Oct 3rd 2017", "2017-10-03"),
    ("time", "7:55 PM", "19:55"), ("time", "12:05 am", "00:05"), ("time", "19:55:30", "19:55:30"),
    ("text", "10/20/2017", "10/20/2017"),
])
def test_field_values_as_the_field_holds_them(kind: str, written: str, held: str) -> None:
    assert field_value(kind, written) == held


@pytest.mark.parametrize(("kind", "written"), [("date", "13/13/2017"), ("date", "tomorrow"), ("time", "25:00"),
                                               ("time", "13:00 PM")])
def test_values_a_field_cannot_take_are_refused(kind: str, written: str) -> None:
    with pytest.raises(RefwrightError, match="Nothing was entered"):
        field_value(kind, written)
