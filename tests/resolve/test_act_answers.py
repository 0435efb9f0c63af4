"""Answers computed or read from the page's text (issue #33, kind C), on pages written for the tests: the
answer to a math problem or a one-unknown equation the page shows, the Nth word of a paragraph or of a text
area, the one text the page shows, and a paragraph's text selected. Each answer says what it was computed
from; a page that shows none, or several, is refused with what it shows."""

from __future__ import annotations

from urllib.parse import quote

import pytest

from refwright import Page, RefwrightError

from ..conftest import run
from ..server import TestServer
from .test_act_kinds import log, until_done


def quiz(server: TestServer, *problems: str) -> str:
    return server.url("/act/quiz.html?" + "&".join("p=" + quote(p) for p in problems))


@pytest.mark.parametrize(("problem", "request_text", "answer", "how"), [
    ("12 × 3 =", "Solve the math problem and type your answer into the Answer field", "36", "12 × 3 = 36"),
    ("What is 7 - 10?", "Calculate the expression and enter the result into the Answer field", "-3", "7 - 10 = -3"),
    ("3x − 4 = 11", "Solve for x and type your answer into the answer field", "5", "so x = 5"),
    ("20 = 4 + 2y", "Solve the equation and type your answer into the Answer field", "8", "so y = 8"),
])
async def test_an_answer_is_computed_from_the_problem_the_page_shows(
        page: Page, server: TestServer, problem: str, request_text: str, answer: str, how: str) -> None:
    await run(page, f"open {quiz(server, 'Practice round', problem)}")
    answers = await until_done(page, f"{request_text}, then press Check")
    assert answers[0].startswith(f"Typed '{answer}' into @"), answers
    assert how in answers[0] and "computed from the problem the page shows" in answers[0], answers
    assert await log(page) == f"answered {answer}"


async def test_two_problems_or_none_are_refused_naming_what_the_page_shows(page: Page, server: TestServer) -> None:
    await run(page, f"open {quiz(server, '2 + 2 =', '9 - 4 =')}")
    with pytest.raises(RefwrightError, match=r"Ambiguous: the page shows 2 math problems: '2 \+ 2 =', '9 - 4 ='"):
        await run(page, "act Solve the math problem and type your answer into the Answer field")
    await run(page, f"open {quiz(server, 'Practice round')}")
    with pytest.raises(RefwrightError, match=r"The page shows no arithmetic problem or equation to solve.*Practice"):
        await run(page, "act Solve the math problem and type your answer into the Answer field")
    assert await run(page, "get value #answer") == ""


async def test_a_word_of_a_paragraph_or_a_text_area_is_typed(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/article.html')}")
    answers = await until_done(page, "Find the 2nd word in the 2nd paragraph, type that into the Word field and "
                                     "press Check")
    assert answers[0].startswith("Typed 'settings' into @"), answers
    assert "the 2nd word of the paragraph 'The settings page" in answers[0], answers
    assert (await log(page)).startswith("word settings")
    answers = await until_done(page, "Find the last word in the text area, enter it into the Word field and press "
                                     "Check")
    assert answers[0].startswith("Typed 'queue' into @"), answers
    assert (await log(page)).startswith("word queue")


async def test_which_paragraph_is_asked_when_the_page_shows_several(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/article.html')}")
    with pytest.raises(RefwrightError, match=r"Ambiguous: the page shows 3 paragraphs: 1st 'Version two.*say which"):
        await run(page, "act Find the 1st word in the paragraph and type it into the Word field")
    with pytest.raises(RefwrightError, match="has 8 word\\(s\\), so it has no 20th word"):
        await run(page, "act Type the 20th word of the 3rd paragraph into the Word field")


async def test_the_one_text_the_page_shows_is_typed_and_several_are_refused(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/verify.html')}")
    answers = await until_done(page, "Type the text shown below into the Code field and press Verify")
    assert answers[0].startswith("Typed '7Qp4' into @"), answers
    assert await log(page) == "code 7Qp4"
    await run(page, f"open {server.url('/act/verify.html?hint=1')}")
    with pytest.raises(RefwrightError, match="Ambiguous: the page shows 2 texts: '7Qp4', 'Codes are case-sensitive'"):
        await run(page, "act Type the text below into the Code field")


async def test_a_paragraph_is_highlighted_before_the_click_that_follows(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/article.html')}")
    answers = await until_done(page, "Highlight the text in the 3rd paragraph and press Check")
    assert answers[0].startswith("Selected the text of paragraph 3 'Thanks to everyone"), answers
    assert not answers[0].startswith(("Done", "Nothing", "No more"))
    assert await log(page) == "word selection Thanks to everyone who reported bugs this spring!"


SIGN_IN = 'Enter the username "ada" and the password "pw1" into the text fields and press login'


@pytest.mark.parametrize("query", ["", "?popup=1"])
async def test_a_named_submit_on_a_button_labelled_otherwise_is_proposed(
        page: Page, server: TestServer, query: str) -> None:
    # Kind I: "press login" where the form's only submit button says "Enter"; a popup that disables the form
    # mid-request is closed with its harmless button first, never answered with "Log out".
    await run(page, f"open {server.url('/act/signin.html' + query)}")
    answers = await until_done(page, SIGN_IN)
    proposal = next(a for a in answers if a.startswith("Needs approval:"))
    assert "no control is labelled 'login'" in proposal and 'button "Enter"' in proposal, answers
    assert ('Dismissed the popup with' in " ".join(answers)) == bool(query), answers
    assert await log(page) == "signed in ada with a password"


@pytest.mark.parametrize("query", ["?second=1", "?subscribe=1"])
async def test_a_named_submit_among_several_or_on_a_button_that_says_otherwise_is_refused(
        page: Page, server: TestServer, query: str) -> None:
    await run(page, f"open {server.url('/act/signin.html' + query)}")
    await run(page, 'act Enter the username "ada" and the password "pw1" into the text fields')
    with pytest.raises(RefwrightError, match='No visible control matches "login"'):
        await run(page, "act press login")
    assert await log(page) == ""


async def test_each_number_is_marked_by_the_choice_in_its_own_row(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/numbers.html')}")
    answers = await until_done(page, "Mark the numbers below as odd or even")
    assert answers[0].startswith('Done: Marked 14 as @'), answers
    assert await log(page) == "14=Even −7=Odd 0=Even"
    with pytest.raises(RefwrightError, match="no number next to controls labelled 'positive' and 'negative'"):
        await run(page, "act Mark each number as positive or negative")


async def test_a_button_is_pressed_until_the_number_it_shows_fits(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/numbers.html')}")
    answers = await until_done(page, "Roll an even number")
    assert answers[0].startswith("Done: Pressed @"), answers
    assert "3 time(s) until the page showed 4 (an even number" in answers[0]
    assert await run(page, "get text #face") == "4"
    with pytest.raises(RefwrightError, match="12 times and the page never showed a number greater than 6"):
        await run(page, "act Roll a number greater than 6")


@pytest.mark.parametrize(("secret", "tries"), [(13, "10 15 12 13"), (1, "10 5 2 1"), (10, "10")])
async def test_a_guessing_game_is_played_from_the_page_s_feedback(
        page: Page, server: TestServer, secret: int, tries: str) -> None:
    await run(page, f"open {server.url(f'/act/guess.html?n={secret}')}")
    answers = await until_done(page, "Guess the number between 1 and 20 and press Check. Use the feedback to find "
                                     "the right number.", limit=10)
    assert answers[0].startswith("Typed 10 into @") and "leaves 1 to 20" in answers[0], answers
    assert answers[-1].startswith(f"Done: The page says the last guess, {secret}, was right"), answers
    assert await log(page) == tries


async def test_the_nth_result_is_reached_through_the_pages_of_the_list(page: Page, server: TestServer) -> None:
    # Kind H: four results a page; the 6th is the 2nd of page 2.
    await run(page, f"open {server.url('/act/catalog.html')}")
    answers = await until_done(page, 'Type "River" into the Title field and press Find, then click the 6th result')
    opened = next(a for a in answers if a.startswith("Opened page 2 of the results"))
    assert "the 6th result is the 2nd on page 2, at 4 results a page" in opened, answers
    assert answers[-1].startswith('Done: Clicked @') and "River volume 6" in answers[-1], answers
    assert await log(page) == "opened River volume 6"
    # On the last page (two results), the count a page holds is taken from page 1 first.
    await run(page, "act click 3")
    answers = await until_done(page, "click the 5th result")
    assert answers[0].startswith("Opened page 1 of the results"), answers
    assert await log(page) == "opened River volume 5"
    with pytest.raises(RefwrightError, match="Page 3 shows 2 results, so there is no 12th result"):
        await until_done(page, "click the 12th result")


async def test_a_question_s_number_and_a_field_s_own_label_are_read(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/parity.html')}")
    answers = await until_done(page, "Select whether the number is odd or even, then solve the math problem and "
                                     "type the answer into the text field, and press Send")
    assert answers[0].startswith('Marked 21 as @') and 'radio "Odd"' in answers[0], answers
    assert "6 + 7 = 13, computed from the problem the page shows" in answers[1], answers
    assert await log(page) == "odd 13"


async def test_an_answer_alone_ends_with_the_page_s_submit_offered_not_pressed(page: Page, server: TestServer) -> None:
    await run(page, f"open {quiz(server, '4 x 5 =')}&submit=1")
    out = await run(page, "act Solve the math problem and type your answer into the Answer field")
    assert out.startswith("Done: Typed '20' into @"), out
    assert 'Offered, not asked for: click @' in out and 'button "Submit"' in out, out
    assert await log(page) == ""
    await run(page, f"open {server.url('/act/article.html')}")
    out = await run(page, "act Copy the 1st word of the 3rd paragraph into the Word field")
    assert out.startswith("Done: Typed 'Thanks' into @"), out
