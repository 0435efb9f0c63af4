"""Answers computed or read from a page's text, as pure functions (issue #33, kind C): the math a page shows,
words of a text, which paragraph a request means, and how such requests parse."""

from __future__ import annotations

from fractions import Fraction

import pytest

from refwright import RefwrightError
from refwright.resolve import UnsupportedRequestError, parse_request
from refwright.resolve._model import Control
from refwright.resolve.grammar._numbers import class_of, feedback_of, fits, guess_bounds, parse_number, wanted_text
from refwright.resolve.grammar._plan import Kind, Target
from refwright.resolve.matching._match import AmbiguousTargetError, TargetNotFoundError
from refwright.resolve.matching._page_text import (
    Block,
    math_answer,
    pick_block,
    shown_text,
    solve_math,
    word_at,
    words_of,
)
from refwright.resolve.matching._results import page_and_place, pager_controls, result_controls


@pytest.mark.parametrize(("text", "answer"), [
    ("2 x 4 =", "8"), ("9 − 12 =", "-3"), ("What is 12 / 5?", "2.4"), ("(2 + 3) * 4 = ?", "20"),
    ("7 ÷ 3", "2.3333"), ("4 x 5", "20"), ("8-3=", "5"),
    ("x + 2 = 43", "41"), ("9 - x = 3", "6"), ("3x + 2 = 11", "3"), ("2(y + 1) = 10", "4"),
    ("10 = 4 + 2n", "3"), ("x - 3 = -5", "-2"), ("Solve: 2x = 7", "3.5"),
])
def test_math_problems_are_solved_exactly(text: str, answer: str) -> None:
    solved = solve_math(text)
    assert solved is not None and solved[0] == answer


@pytest.mark.parametrize("text", ["x =", "Submit", "7", "x = 3", "3 = y", "x * x = 4", "2 / 0 =", "x + y = 3",
                                  "Call 555-1234", "555-1234", "12/05/2021", "Lorem ipsum 3 dolor", "2x = 2x"])
def test_text_that_is_not_a_problem_to_solve_is_none(text: str) -> None:
    assert solve_math(text) is None


def test_the_answer_says_what_it_was_computed_from() -> None:
    assert solve_math("x + 2 = 43") == ("41", "x + 2 = 43, so x = 41")
    assert math_answer([Block(1, "div", "Round 2"), Block(2, "span", "6 x 7 =")]) == ("42", "6 x 7 = 42")
    # The same problem shown twice (a heading and a field's label) is one problem.
    assert math_answer([Block(1, "div", "1 + 1 ="), Block(2, "p", "1 + 1 =")])[0] == "2"
    with pytest.raises(AmbiguousTargetError, match="2 math problems"):
        math_answer([Block(1, "div", "1 + 1 ="), Block(2, "div", "2 + 2 =")])
    with pytest.raises(TargetNotFoundError, match=r"no equation in x to solve.*'y = 3'"):
        math_answer([Block(1, "div", "y = 3")], "x")


def test_words_and_paragraphs() -> None:
    assert words_of("Lacus id, odio velit. — Sapien,.") == ["Lacus", "id", "odio", "velit", "Sapien"]
    assert word_at("Lacus id odio velit.", -1, "the text")[0] == "velit"
    assert word_at("Lacus id odio velit.", 2, "the text") == ("id", "the 2nd word of the text")
    with pytest.raises(TargetNotFoundError, match="has 4 word\\(s\\), so it has no 5th word"):
        word_at("Lacus id odio velit.", 5, "the text")
    blocks = [Block(1, "h1", "News of the week"), Block(2, "p", "First one here."), Block(3, "p", "Second one.")]
    assert pick_block(blocks, 2, "paragraph").id == 3
    assert pick_block(blocks, -1, "paragraph").id == 3
    with pytest.raises(AmbiguousTargetError, match=r"2 paragraphs: 1st 'First one here\.', 2nd 'Second one\.'"):
        pick_block(blocks, None, "paragraph")
    # Without <p>, a block of three words or more is a paragraph; a short label is not.
    assert pick_block([Block(1, "div", "Title"), Block(2, "div", "a longer text here")], None, "paragraph").id == 2
    assert shown_text([Block(1, "div", "7Qp4")]).text == "7Qp4"
    with pytest.raises(AmbiguousTargetError, match="2 texts"):
        shown_text([Block(1, "div", "7Qp4"), Block(2, "div", "Hint")])


def test_a_source_and_the_sink_after_it_are_one_answer_part() -> None:
    plan = parse_request('Find the 4th word in the paragraph, type that into the textbox and press "Submit".')
    assert [p.kind for p in plan.parts] == [Kind.ANSWER, Kind.CLICK]
    assert plan.parts[0].labels == ("word", "4", "") and plan.parts[0].field == Target(role="textbox")
    plan = parse_request("Find the last word in the text area, enter it into the text field and hit Submit.")
    assert plan.parts[0].labels == ("word", "-1") and plan.parts[0].targets[0].role == "textarea"
    plan = parse_request("Solve for x and type your answer into the textbox. Press Submit when done.")
    assert plan.parts[0].labels == ("math", "x") and plan.parts[1].targets[0].label == "Submit"
    assert parse_request("Solve the math problem").parts[0].field == Target(role="textbox")
    plan = parse_request("Highlight the text in the 2nd paragraph and click submit")
    assert plan.parts[0].kind == Kind.HIGHLIGHT and plan.parts[0].labels == ("paragraph", "2")
    assert parse_request("Type the 2nd word of the paragraph into the Answer field").parts[0].field == \
        Target(label="Answer", role="textbox")


def test_an_answer_with_nothing_to_compute_is_refused() -> None:
    with pytest.raises(UnsupportedRequestError, match="says to type an answer, but not what to compute or read"):
        parse_request("Type your answer into the textbox")


def test_numbers_and_what_a_request_asks_of_them() -> None:
    assert parse_number("−7") == -7 and parse_number("2,5") == Fraction(5, 2) and parse_number("7 apples") is None
    assert class_of(Fraction(-7), ("odd", "even")) == "odd" and class_of(Fraction(0), ("odd", "even")) == "even"
    assert class_of(Fraction(-2), ("positive", "negative")) == "negative"
    with pytest.raises(RefwrightError, match="0 is neither negative nor positive"):
        class_of(Fraction(0), ("positive", "negative"))
    with pytest.raises(RefwrightError, match=r"2\.5 is neither even nor odd"):
        class_of(Fraction(5, 2), ("odd", "even"))
    assert fits(Fraction(4), "even") and not fits(Fraction(5, 2), "odd") and fits(Fraction(-1), "negative")
    assert fits(Fraction(5), "greater", "4") and not fits(Fraction(4), "greater", "4")
    assert fits(Fraction(3), "less", "4")
    assert wanted_text("even") == "an even number" and wanted_text("less", "7") == "a number less than 7"
    plan = parse_request("Mark the numbers below as odd or even and press submit when done.")
    assert plan.parts[0].kind == Kind.CLASSIFY and plan.parts[0].labels == ("odd", "even")
    assert plan.parts[1].targets[0].label == "submit"
    plan = parse_request("Generate a number greater than 3, then press submit.")
    assert plan.parts[0].kind == Kind.UNTIL and plan.parts[0].labels == ("Generate", "greater", "3")
    # Classes with no rule to compute them are not this kind.
    assert parse_request("Mark the numbers as big or small").parts[0].kind != Kind.CLASSIFY


def test_a_guessing_game_s_feedback_narrows_the_range() -> None:
    assert feedback_of("The number is higher than 4.") == ">4" and feedback_of("It is less than −2") == "<-2"
    assert feedback_of("Correct!") == "=" and feedback_of("Waiting for your guess...") is None
    assert guess_bounds(0, 9, [">4", "?4", "<8", "?7"]) == (5, 7)
    plan = parse_request("Guess the number between 0-9 and press Submit. Use the feedback below to find the right "
                         "number.")
    assert [p.kind for p in plan.parts] == [Kind.GUESS] and plan.parts[0].labels == ("0", "9")
    assert plan.parts[0].targets[0].label == "Submit"


def test_results_and_page_links_are_told_apart() -> None:
    controls = [Control(1, "link", "Home"), Control(2, "text", ""), Control(3, "button", "Search"),
                Control(4, "link", "Ada"), Control(5, "link", "Bo"), Control(6, "link", "1"), Control(7, "link", "2"),
                Control(8, "link", "Next »")]
    pager = pager_controls(controls)
    assert [c.id for c in pager] == [6, 7, 8]
    assert [c.id for c in result_controls(controls, pager)] == [4, 5]
    # Without a search box, results cannot be told from a menu's links.
    assert result_controls([c for c in controls if c.kind != "text"], pager) == []
    # One numbered link alone is not a pager.
    assert pager_controls([Control(1, "link", "Ada"), Control(2, "link", "3")]) == []
    assert page_and_place(5, 3) == (2, 2) and page_and_place(3, 3) == (1, 3) and page_and_place(1, 4) == (1, 1)
    plan = parse_request('Use the textbox to enter "Truman" and press "Search", then find and click the 5th search '
                         "result.")
    assert [p.kind for p in plan.parts] == [Kind.FILL, Kind.CLICK, Kind.RESULT] and plan.parts[2].labels == ("5",)


def test_a_problem_inside_a_sentence_and_a_question_about_one_number() -> None:
    assert solve_math("Prove you are human: what is 6 + 7?") == ("13", "6 + 7 = 13")
    assert solve_math("Solve for x: 3x = 9") == ("3", "3x = 9, so x = 3")
    plan = parse_request("Is the number shown odd or even?")
    assert plan.parts[0].kind == Kind.CLASSIFY and plan.parts[0].labels == ("odd", "even")
    plan = parse_request("Choose if the number is positive or negative and click Next")
    assert [p.kind for p in plan.parts] == [Kind.CLASSIFY, Kind.CLICK]
