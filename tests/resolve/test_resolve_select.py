"""The resolver's selection and status logic on hand-made inspections (pure, no browser)."""

from __future__ import annotations

import time

import pytest

from refwright.resolve._model import Control, Inspection, value_hash
from refwright.resolve.grammar._clauses import parse_request
from refwright.resolve.grammar._plan import ACTION_KINDS, KINDS, STATE_KINDS, Kind, Part, Target
from refwright.resolve.matching._match import AmbiguousTargetError
from refwright.resolve.matching._select import (
    click_match,
    field_match,
    is_secret,
    number_text,
    option_hits,
    option_set,
    popup_dismiss,
    resolve_name,
    submit_candidates,
)
from refwright.resolve.state._memory import Memo, ResolverState
from refwright.resolve.state._status import done_text, is_done, pending_parts
from refwright.safety._actions import ActionType

TOKEN = "tok"


def control(id: int, kind: str, label: str, **kw: object) -> Control:
    return Control(id=id, kind=kind, label=label, ref=f"e{id}", **kw)  # type: ignore[arg-type]


def page(*controls: Control) -> Inspection:
    return Inspection(TOKEN, "http://x/", "X", controls, by_id={c.id: c for c in controls})


def test_every_kind_is_a_state_or_an_action_and_prints_as_its_word() -> None:
    assert set(Kind) == STATE_KINDS | ACTION_KINDS and not STATE_KINDS & ACTION_KINDS
    # Each kind's facts are in one table, and what it does is named in the action policy's own words.
    assert set(KINDS) == set(Kind)
    assert all(facts.actions and all(ActionType(name) for name in facts.actions) for facts in KINDS.values())
    assert str(Kind.FILL) == "fill" and f"{Kind.CLICK}" == "click" and Kind("names") is Kind.NAMES
    assert [p.kind for p in parse_request('Enter "Keli" into the text field and press Submit').parts] == [
        Kind.FILL, Kind.CLICK]


def test_every_kind_describes_itself() -> None:
    t = (Target(label="Go"),)
    said = {kind: Part(kind, "x", targets=t, labels=("A", "B"), value="3").describe() for kind in Kind}
    assert said[Kind.CLICK] == 'click "Go"' and said[Kind.FIND] == 'find and click "Go"'
    assert said[Kind.MENU] == 'choose "A" > "B" in the menu'
    assert said[Kind.OPTION] == 'choose the options "A", "B"'
    assert said[Kind.SLIDER] == "set the slider to 3"
    assert said[Kind.NAMES] == 'select "A", "B"'
    assert Part(Kind.NAMES, "x", value="off", labels=("A",)).describe() == 'clear "A"'
    assert Part(Kind.CLICK, "x").describe() == "click"


def test_number_text_and_secret_fields() -> None:
    assert (number_text(40.0), number_text(2.5), number_text(-3)) == ("40", "2.5", "-3")
    assert is_secret(Target(label="Confirm Password")) and is_secret(Target(label="PIN code"))
    assert not is_secret(Target(label="Name")) and not is_secret(None) and not is_secret(Target(role="textbox"))


def test_field_match_falls_back_to_any_labelled_text_and_excludes() -> None:
    inspection = page(control(1, "text", "Email"), control(2, "text", "Name"), control(3, "date", "Birthday"))
    assert field_match(Target(label="Name", role="textbox"), inspection).control.id == 2
    assert field_match(Target(role="date"), inspection).control.id == 3
    only = page(control(1, "text", "Email"))
    assert field_match(Target(role="textbox"), only).control.id == 1


def test_click_match_prefers_clickables_then_fields() -> None:
    inspection = page(control(1, "text", "Search"), control(2, "button", "Search"))
    assert click_match(Part(Kind.CLICK, "x", targets=(Target(label="Search"),)), inspection).control.id == 2
    fields = page(control(1, "text", "Search"))
    assert click_match(Part(Kind.CLICK, "x", targets=(Target(label="Search"),)), fields).control.id == 1


def test_options_of_native_lists() -> None:
    colours = control(1, "select", "Colour", options=(("Red", False), ("Green", False)))
    sizes = control(2, "select", "Size", multiple=True, options=(("S", False), ("M", False), ("L", False)))
    inspection = page(colours, sizes)
    assert option_hits("green", inspection) == [(colours, "Green")]
    assert option_hits("XL", inspection) == []
    assert option_set(("L", "S"), inspection) == (sizes, ["S", "L"])
    assert option_set(("L", "Red"), inspection) is None
    twice = page(sizes, control(3, "select", "Other", multiple=True, options=(("S", False), ("L", False))))
    with pytest.raises(AmbiguousTargetError, match="2 lists hold all of"):
        option_set(("S", "L"), twice)


def test_resolve_name_says_how_each_name_is_chosen() -> None:
    inspection = page(control(1, "checkbox", "Extra cheese"), control(2, "select", "Size", options=(("Large", False),)),
                      control(3, "button", "Olives"))
    assert resolve_name("Extra cheese", inspection)[:2] == ("checkbox", inspection.controls[0])
    assert resolve_name("large", inspection) == ("option", inspection.controls[1], "Large")
    assert resolve_name("Olives", inspection)[0] == "click"


def test_popup_dismiss_picks_the_most_harmless_close() -> None:
    popup = page(control(1, "button", "OK", in_dialog=True), control(2, "button", "Close", in_dialog=True))
    assert popup_dismiss(popup) == popup.controls[1]
    behind = page(control(1, "button", "Close", in_dialog=True), control(2, "link", "Home"))
    assert popup_dismiss(behind) is None
    assert popup_dismiss(behind, covering=True) == behind.controls[0]


def test_submit_candidates_prefer_native_submit_buttons() -> None:
    native = page(control(1, "button", "Send it", submits=True), control(2, "button", "Submit"))
    assert submit_candidates(native) == [native.controls[0]]
    named = page(control(1, "button", "Log in"), control(2, "button", "Help"),
                 control(3, "button", "Go", states=("disabled",)))
    assert submit_candidates(named) == [named.controls[0]]


def test_status_reads_the_page_for_state_parts_and_memory_for_actions() -> None:
    plan = parse_request('Enter "Ann" into the Name field, check "Terms" and click Next')
    empty = page(control(1, "text", "Name", value_hash=value_hash(TOKEN, "")), control(2, "checkbox", "Terms"),
                 control(3, "button", "Next"))
    memo = Memo(plan.request)
    assert pending_parts(plan, empty, memo) == [0, 1, 2]
    filled = page(control(1, "text", "Name", value_hash=value_hash(TOKEN, "Ann")),
                  control(2, "checkbox", "Terms", states=("checked",)), control(3, "button", "Next"))
    assert pending_parts(plan, filled, memo) == [2]
    memo.mark(2, "clicked Next")
    assert pending_parts(plan, filled, memo) == []
    assert done_text(memo) == "Done: nothing is left of the request (clicked Next)."
    # A field the page no longer shows counts as done only when act did it.
    gone = page(control(3, "button", "Next"))
    assert not is_done(plan, 0, gone, memo)
    memo.mark(0, "entered")
    assert is_done(plan, 0, gone, memo)


def test_slider_and_password_status() -> None:
    plan = parse_request('set the slider to 40 and enter the password "s3cret" into the Password field')
    slider = control(1, "range", "Volume", value_hash=value_hash(TOKEN, "40"))
    inspection = page(slider, control(2, "text", "Password"))
    memo = Memo(plan.request)
    # A slider at the value is done; a password is never read back, so only memory says it is in.
    assert pending_parts(plan, inspection, memo) == [1]
    memo.mark(1, "entered the password")
    assert pending_parts(plan, inspection, memo) == []


def test_state_keeps_memory_per_document_and_proposes() -> None:
    state = ResolverState()
    memo, moved = state.memo_for("r", False, "doc1")
    assert state.memo_for("r", False, "doc1") == (memo, "")
    state.follow("doc1", "doc2")
    assert state.memo_for("r", False, "doc2") == (memo, "")
    fresh, moved = state.memo_for("r", False, "doc3")
    assert moved and fresh is not memo
    button = control(7, "button", "Delete", risk="approval", risk_reason="it deletes data")
    result = state.propose(page(button), button, "click", "the request asks to click it")
    assert result.output.startswith('Needs approval: click @e7 button "Delete" — the request asks to click it;')
    assert "approval is required because it deletes data" in result.output and result.token is not None
    assert state.proposals.take(result.token, now=time.monotonic()).args["id"] == 7
