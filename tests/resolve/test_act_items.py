"""An item found by its content, then a control in it (issue #33): icons without text named by what they
show, a control inside the item a request names, opening the item, its menu, the next page of a paginated
list, and replying or forwarding as a plan. Pages written for the tests: an inbox of cards with icons, a
paginated contact book, a feed whose icons show a pointer only on hover."""

from __future__ import annotations

import pytest

from refwright import Page, RefwrightError
from refwright.resolve import parse_request
from refwright.resolve._model import Control, Inspection
from refwright.resolve.grammar._plan import Kind, Part, Target
from refwright.resolve.matching._item_match import Item, control_in, icon_readings, pick_items

from ..conftest import run
from ..server import TestServer
from .test_act_kinds import log, until_done


def kinds(request: str) -> list[str]:
    return [p.kind for p in parse_request(request).parts]


@pytest.mark.parametrize(("request_text", "expected", "name"), [
    ("Find the email by Lela and click the star icon to mark it as important.", ["item", "click"], "Lela"),
    ('Find the email by Lela and reply to them with the text "See you".', ["item", "click", "fill", "click"], "Lela"),
    ("Find the email by Lela and forward that email to Omar.", ["item", "click", "fill", "click"], "Lela"),
    ("Locate the message from Lela. Forward it to Omar.", ["item", "click", "fill", "click"], "Lela"),
    ("Please find the message by Lela, then send it to Omar.", ["item", "click", "fill", "click"], "Lela"),
    ("Look for the email from Lela and delete it", ["item", "click"], "Lela"),
    ('For the user @ann, click on the "Mute" button.', ["item", "click"], "@ann"),
    ('Click the "Like" button on all posts by @ann and then click Submit.', ["item", "click", "click"], "@ann"),
    ("Find Ada Byron in the contact book and click on their phone number.", ["item", "click"], "Ada Byron"),
])
def test_requests_about_an_item_are_a_plan_that_finds_it_first(request_text: str, expected: list[str],
                                                               name: str) -> None:
    plan = parse_request(request_text)
    assert [p.kind for p in plan.parts] == expected
    assert plan.parts[0].labels == (name,)


@pytest.mark.parametrize(("request_text", "expected", "name", "value"), [
    ("Send to Omar the email you got from Lela.", ["item", "click", "fill", "click"], "Lela", "Omar"),
    ("The mail by Lela should be forwarded to Omar.", ["item", "click", "fill", "click"], "Lela", "Omar"),
    ("I'd like to email Omar the email I got from Lela.", ["item", "click", "fill", "click"], "Lela", "Omar"),
    ("Open the inbox, forward Lela's message to Omar.", ["item", "click", "fill", "click"], "Lela", "Omar"),
    ("Omar is waiting for the email by Lela.", ["item", "click", "fill", "click"], "Lela", "Omar"),
    ("Please find that email from Lela and forward it by email to Omar.", ["item", "click", "fill", "click"], "Lela",
     "Omar"),
    ('Will you respond to Lela\'s email and tell her that it "works for me"?', ["item", "click", "fill", "click"],
     "Lela", "works for me"),
    ("Delete the email Lela sent me.", ["item", "click"], "Lela", None),
    ("Find and remove the email from Lela.", ["item", "click"], "Lela", None),
    ("Trash that email from Lela.", ["item", "click"], "Lela", None),
])
def test_a_message_named_by_its_sender_in_any_word_order(request_text: str, expected: list[str], name: str,
                                                         value: str | None) -> None:
    parts = parse_request(request_text).parts
    assert [p.kind for p in parts] == expected and parts[0].labels == (name,)
    assert (parts[2].value if len(parts) > 2 else None) == value


def test_all_messages_by_a_sender_are_each_acted_on() -> None:
    item, star = parse_request("Please mark all emails by Lela as important.").parts
    assert item.value == "every" and star.targets[0] == Target(label="star", role="icon")


def test_a_sentence_with_two_senders_or_no_action_is_not_read_as_a_message_request() -> None:
    with pytest.raises(RefwrightError):
        parse_request("Compare the email from Lela with the email from Omar")


def test_reply_and_forward_type_what_the_request_says_then_send() -> None:
    reply = parse_request('Find the email by Lela and reply to them with the text "See you, Lela."').parts
    assert reply[2].value == "See you, Lela." and reply[3].targets[0].label == "send"
    forward = parse_request("Find the email by Lela and forward that email to Omar Díaz.").parts
    assert forward[2].value == "Omar Díaz" and forward[2].field == Target(label="to", role="textbox")
    every = parse_request('Click "Like" on 2 posts by @ann').parts[0]
    assert every.value == "2"


def test_an_icon_is_also_named_by_other_words_for_it() -> None:
    labels = {t.label for t in icon_readings([Target(label="delete")])}
    assert {"trash", "remove"} <= labels
    assert icon_readings([Target(label="Submit")]) == []


def _inspection(*controls: Control) -> Inspection:
    return Inspection(token="t", url="", title="", controls=controls, by_id={c.id: c for c in controls})


def test_the_control_in_an_item_is_found_by_label_icon_synonym_or_the_key_before_it() -> None:
    trash, star = Control(id=1, kind="icon", label="trash"), Control(id=2, kind="icon", label="star")
    phone, mail = Control(id=3, kind="pointer", label="555-0101"), Control(id=4, kind="pointer", label="a@b.org")
    inspection = _inspection(trash, star, phone, mail)
    row = Item(id=10, text="Lela Lunch", exact=True, inside=((1, ""), (2, "")))
    match = control_in(row, [Target(label="delete", role="icon")], inspection)
    assert match is not None and match.control is trash
    card = Item(id=11, text="Ada", exact=True, inside=((3, "Phone"), (4, "Email")))
    match = control_in(card, [Target(label="their phone number")], inspection)
    assert match is not None and match.control is phone
    assert control_in(card, [Target(label="fax")], inspection) is None


def test_one_item_is_the_one_and_several_that_show_the_name_are_ambiguous_never_a_guess() -> None:
    part = Part(Kind.ITEM, "x", labels=("Lela",))
    alike = [Item(id=1, text="Lela A", exact=True), Item(id=2, text="Lela B", exact=True)]
    with pytest.raises(RefwrightError, match="Ambiguous: 2 items show 'Lela': 'Lela A'; 'Lela B'"):
        pick_items(alike, part)
    # One shows the name as a whole text, the other only within a longer one: the whole text is the one.
    assert pick_items([alike[0], Item(id=3, text="Omar and Lela", exact=False)], part) == alike[:1]
    assert pick_items(alike, Part(Kind.ITEM, "x", labels=("Lela",), value="every")) == alike
    loose = [Item(id=1, text="Lela and Omar", exact=False), Item(id=2, text="Omar and Lela", exact=False)]
    with pytest.raises(RefwrightError, match="Ambiguous: 2 items show 'Lela'"):
        pick_items(loose, part)
    with pytest.raises(RefwrightError, match="asks for 3 items"):
        pick_items(alike, Part(Kind.ITEM, "x", labels=("Lela",), value="3"))


async def test_inspect_names_icons_by_what_they_show(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/inbox.html')}")
    out = await run(page, "inspect")
    assert out.count('icon "trash"') == 3 and out.count('icon "star"') == 3, out
    # The card stays listed (it opens the message) next to the icons inside it.
    assert 'clickable "Lela Moss Lunch on friday?"' in out, out


async def test_the_icon_of_a_control_labelled_by_the_same_word_is_part_of_it(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/inbox.html')}")
    await run(page, "eval document.querySelector('.card').click()")
    out = await run(page, "inspect")
    assert 'clickable "Forward"' in out and 'icon "forward"' not in out, out


async def test_an_icon_in_the_item_the_request_names_is_clicked(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/inbox.html')}")
    answers = await until_done(page, "Find the email by Omar Díaz and click the star icon")
    assert await log(page) == "starred Omar Díaz", answers
    await run(page, f"open {server.url('/act/inbox.html')}")
    answers = await until_done(page, "Find the email by Ines Park and delete it")
    # Deleting asks for approval first: the icon's name says what it does.
    assert any(a.startswith("Needs approval") for a in answers), answers
    assert await log(page) == "deleted Ines Park"


async def test_reply_opens_the_item_replies_types_and_sends(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/inbox.html')}")
    await until_done(page, 'Find the email by Lela Moss and reply to them with the text "See you then"')
    assert await log(page) == "reply Lela Moss to= body=See you then"


async def test_forward_types_the_recipient_into_the_to_field(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/inbox.html')}")
    await until_done(page, "Find the email by Omar Díaz and forward that email to Ada")
    assert (await log(page)).startswith("forward Omar Díaz to=Ada")


async def test_an_item_not_on_this_page_is_looked_for_on_the_next(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/contacts.html')}")
    answers = await until_done(page, "Find Grace Hopper in the contact book and click on their email")
    assert sum(a.startswith("Turned to the next page") for a in answers) == 2, answers
    assert await log(page) == "clicked Grace Hopper grace@example.org"


async def test_an_item_shown_nowhere_is_refused_naming_it(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/contacts.html')}")
    with pytest.raises(RefwrightError, match="No visible item shows 'Zed' on any of the 3 pages of the list"):
        await until_done(page, "Find Zed in the contact book and click on their email")


async def test_a_pager_that_goes_round_is_looked_through_once(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/contacts.html?wrap')}")
    with pytest.raises(RefwrightError, match="No visible item shows 'Zed' on any of the 3 pages of the list"):
        await until_done(page, "Find Zed in the contact book and click on their email", limit=12)


async def test_every_item_by_a_name_gets_the_click(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/feed.html')}")
    await until_done(page, 'Click the "Like" button on all posts by @ann')
    assert await log(page) == "like @ann Good morning; like @ann Good night"


async def test_an_entry_behind_the_items_more_menu_is_reached(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/feed.html')}")
    answers = await until_done(page, 'For the user @bob, click on the "Mute" button.')
    assert any(a.startswith("Opened the menu") for a in answers), answers
    assert await log(page) == "menu Mute @bob"
