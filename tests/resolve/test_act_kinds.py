"""Kinds of requests and widgets ``act`` handles without a model (issue #33), each on a page written for the
test: a route before the target, text changed before it is typed, a target behind a look-alike header, a
tree without ARIA, a submenu that opens on hover, a read-only date field, a popup that disables the page,
and a form-filling request whose submit is offered, never planned."""

from __future__ import annotations

import re

import pytest

from refwright import Page, RefwrightError
from refwright.resolve import parse_request
from refwright.resolve.grammar._dates import Day, date_forms, month_of, months_between, parse_date

from ..conftest import run
from ..server import TestServer


async def log(page: Page) -> str:
    return await run(page, "get text #log")


def token(output: str) -> str:
    m = re.search(r"`confirm (p-[\w-]+)`", output)
    assert m, output
    return m.group(1)


async def until_done(page: Page, request: str, limit: int = 8) -> list[str]:
    """``act request`` as a harness sends it, confirming proposals, until ``Done:``."""
    answers = []
    for _ in range(limit):
        out = await run(page, f"act {request}")
        answers.append(out)
        if out.startswith("Needs approval:"):
            answers.append(await run(page, f"confirm {token(out)}"))
            continue
        if out.startswith("Done:"):
            return answers
        # A step still in progress never reads as the end of the request.
        assert not out.startswith(("Done", "Nothing", "No more")), out
    raise AssertionError(answers)


@pytest.mark.parametrize(("request_text", "value"), [
    ('Type "tora" in all upper case letters in the text input', "TORA"),
    ('Type "Hello World" in lower case into the text field', "hello world"),
    ('Enter "stressed" reversed into the text field', "desserts"),
    ('Type "a b  c" without spaces in the text input', "abc"),
    ('Type the first 3 letters of "abcdef" into the text field', "abc"),
    ('Type the last 2 letters of "abcdef" into the text field', "ef"),
    ('Enter "Keli" into the text field', "Keli"),
])
def test_text_is_changed_as_asked_before_it_is_typed(request_text: str, value: str) -> None:
    (fill,) = parse_request(request_text).parts
    assert fill.kind == "fill" and fill.value == value


def test_find_and_click_is_one_clause_after_a_route() -> None:
    plan = parse_request('Navigate through the file tree. Find and click on the folder or file named "Plan.doc".')
    assert [p.kind for p in plan.parts] == ["find"] and plan.parts[0].targets[0].label == "Plan.doc"
    plan = parse_request('Click the "Menu" button, and then find and click on the item labeled "Zoom In".')
    assert [p.kind for p in plan.parts] == ["click", "find"]


async def test_a_route_first_request_opens_tree_branches_to_find_the_target(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/tree.html')}")
    answers = await until_done(page, 'Navigate through the file tree. Find and click on the file named "Plan.doc"')
    assert any(a.startswith("Expanded the section 'Projects'") for a in answers), answers
    assert await log(page) == "opened Plan.doc"


async def test_expand_first_then_click_what_appeared_not_its_look_alike(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/accordion.html')}")
    answers = await until_done(page, "Expand the section below and click Confirm")
    assert answers[0].startswith("Expanded the section 'Shipping details'"), answers
    assert await log(page) == "confirmed the order"


async def test_a_submenu_that_opens_on_hover_is_hovered(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/menu.html')}")
    answers = await until_done(page, 'Find and click on the item labeled "Zoom out"')
    assert answers[0].startswith("Opened 'View' by hovering"), answers
    assert await log(page) == "chose Zoom out"


async def test_a_read_only_date_field_is_picked_in_its_calendar(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/calendar.html')}")
    first = await run(page, "act Select 01/15/2021 as the arrival date")
    assert first.startswith("Done: Picked 15 January 2021 in the date picker of @"), first
    assert "opened its calendar, moved 2 month(s), then clicked day 15" in first
    assert await run(page, "get value #when") == "01/15/2021"
    later = await run(page, "act --new Select May 3, 2021 as the arrival date")
    assert later.startswith("Done: Picked 3 May 2021") and await run(page, "get value #when") == "05/03/2021"


async def test_a_date_the_calendar_does_not_show_is_refused(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/calendar.html')}")
    with pytest.raises(RefwrightError, match="Day 31 of April 2021 cannot be picked"):
        await run(page, "act Select 04/31/2021 as the arrival date")
    assert await run(page, "get value #when") == ""


async def test_a_popup_that_disables_the_page_is_closed_and_the_request_goes_on(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/popup.html')}")
    answers = await until_done(page, 'Enter "ada@example.com" into the Email field, enter "42" into the Code field '
                                     "and click Continue")
    assert any(a.startswith('Dismissed the popup with @') and '"Not now"' in a for a in answers), answers
    assert await log(page) == "continued with ada@example.com 42"


async def test_a_form_filling_request_is_done_and_its_submit_only_offered(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/survey.html')}")
    request = 'Check the 2nd radio button and enter "fine" into the Comment field'
    await run(page, f"act {request}")
    done = await run(page, f"act {request}")
    first, _, rest = done.partition("\n")
    assert first.startswith("Done: Entered the requested text"), done
    assert 'Offered, not asked for: click @' in rest and 'button "Submit"' in rest
    assert "approval is required because its label says 'submit'" in rest
    assert await log(page) == ""
    await run(page, f"confirm {token(done)}")
    assert await log(page) == "sent old fine"
    # Offered once: the request stays done.
    assert (await run(page, f"act {request}")).startswith("Done: nothing is left")


def test_dates_as_requests_write_them() -> None:
    assert parse_date("10/11/2016") == Day(2016, 10, 11)
    assert parse_date("2016-10-11") == Day(2016, 10, 11)
    assert parse_date("October 11, 2016") == parse_date("11 Oct 2016") == Day(2016, 10, 11)
    assert parse_date("13/40/2016") is None and parse_date("soon") is None
    assert month_of("March 2021") == (2021, 3) and month_of("Week 12") is None
    assert months_between((2021, 3), Day(2020, 12, 1)) == -3
    assert "10/11/2016" in date_forms(Day(2016, 10, 11)) and "11/10/2016" not in date_forms(Day(2016, 10, 11))


def test_scroll_sliders_and_a_kind_named_in_quotes_parse_as_kinds() -> None:
    scroll, click = parse_request("Scroll the textarea to the bottom of the text hit submit.").parts
    assert (scroll.kind, scroll.targets[0].role, scroll.value, click.kind) == ("scroll", "textarea", "bottom", "click")
    assert parse_request("Scroll to the top of the list").parts[0].value == "top"
    sliders, submit = parse_request("Set the sliders to the combination [10,18,15] and submit.").parts
    assert (sliders.kind, sliders.labels, submit.kind) == ("sliders", ("10", "18", "15"), "submit")
    widget = parse_request('Click on a "textarea" widget.').parts[0]
    assert widget.targets[0].role == "textarea" and widget.targets[0].ordinal == 1


async def test_a_disabled_box_is_scrolled_to_its_end_then_the_request_goes_on(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/agreement.html')}")
    answers = await until_done(page, "Scroll to the bottom of the Terms, then press Agree")
    assert answers[0].startswith('Scrolled @') and "to its end with the mouse wheel" in answers[0], answers
    assert await log(page) == "agreed"


async def test_several_sliders_take_one_value_each_in_page_order(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/agreement.html')}")
    out = await run(page, "act Set the sliders to [4, 17]")
    assert out.startswith('Done: Set @') and "the sliders in page order, one value each" in out, out
    ranges = "[...document.querySelectorAll('input[type=range]')].map(r => r.value)"
    values = await page.playwright_page.evaluate(ranges)
    assert values == ["4", "17"]
    with pytest.raises(RefwrightError, match="gives 3 values for the sliders, and the page shows 2"):
        await run(page, "act --new Set the sliders to [1, 2, 3]")


async def test_a_kind_named_in_quotes_with_a_means_any_one_of_it(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/agreement.html')}")
    out = await run(page, 'act Click on a "textarea" widget')
    assert out.startswith('Done: Clicked @') and 'text field "Note one"' in out and "number 1 of 3" in out, out


async def test_a_value_described_by_its_start_and_end_is_chosen_among_suggestions(page: Page,
                                                                                   server: TestServer) -> None:
    await run(page, f"open {server.url('/act/suggest.html')}")
    answers = await until_done(page, 'Enter an item that starts with "Sa" and ends with "ino"')
    assert answers[0].startswith("Typed 'Sa' into @") and "to show its suggestions" in answers[0], answers
    assert answers[-1].startswith('Done: Chose the suggestion @') and '"Sardino"' in answers[-1]
    assert await log(page) == "chose Sardino"


async def test_suggestions_that_all_fit_are_refused_as_ambiguous(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/suggest.html')}")
    await run(page, 'act Enter an item that starts with "Sard"')
    with pytest.raises(RefwrightError, match=r'Ambiguous: 2 suggestions fit: @e\d+ option "Sardine"'):
        await run(page, 'act Enter an item that starts with "Sard"')
    assert await log(page) == ""


def test_a_value_the_page_shows_parses_as_a_lookup() -> None:
    lookup, click = parse_request("Enter the value of Language into the text field and press Submit.").parts
    assert (lookup.kind, lookup.labels, click.kind) == ("lookup", ("Language",), "click")
    each, submit = parse_request("Enter the value that corresponds with each label into the form and submit when "
                                 "done.").parts
    assert (each.kind, each.labels, submit.kind) == ("lookup", (), "submit")


async def test_the_value_the_page_shows_for_a_key_is_entered(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/profile.html')}")
    out = await run(page, "act Enter the value of City into the Notes field")
    assert out.startswith("Done: Entered the value the page shows for 'City' (6 characters) into @"), out
    assert await run(page, "get value #free") == "Lisbon"
    missing = r"The page shows no value for 'Weight'\. Nothing was done\. Keys it shows: 'City', 'Language', 'Year of"
    with pytest.raises(RefwrightError, match=missing):
        await run(page, "act Enter the value of Weight into the Notes field")


async def test_each_field_gets_the_value_shown_for_its_label(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/profile.html')}")
    await run(page, "fill #free x")
    out = await run(page, "act Enter the value that corresponds with each label into the form")
    assert out.startswith('Done: Entered into @') and '"Language" (10 characters)' in out, out
    assert [await run(page, f"get value #{i}") for i in ("lang", "year")] == ["Portuguese", "1815"]
