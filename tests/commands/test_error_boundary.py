"""The boundary's two helpers (pure, no browser): ``mapped`` lets no Playwright error out, and
``best_effort`` swallows Playwright's errors (and only the ones it is told of)."""

from __future__ import annotations

import pytest
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import TimeoutError as PlaywrightTimeoutError

from refwright import BrowserError, RefwrightError, RefwrightTimeoutError
from refwright._async.pipeline._translate import best_effort, is_timeout, mapped

CLOSED = "Page.title: Target page, context or browser has been closed"


def test_mapped_translates_and_keeps_the_cause() -> None:
    with pytest.raises(BrowserError) as caught, mapped():
        raise PlaywrightError(CLOSED)
    assert "Target page" not in str(caught.value)
    assert isinstance(caught.value.__cause__, PlaywrightError)


def test_mapped_says_the_callers_sentence_when_given_one() -> None:
    with pytest.raises(RefwrightTimeoutError, match=r"^Timeout 5ms exceeded waiting for #x$"), mapped(
            lambda exc: RefwrightTimeoutError("Timeout 5ms exceeded waiting for #x") if is_timeout(exc)
            else RefwrightError("other")):
        raise PlaywrightTimeoutError("Locator.wait_for: Timeout 5ms exceeded.")


def test_mapped_lets_other_errors_through_as_they_are() -> None:
    with pytest.raises(KeyError), mapped():
        raise KeyError("x")


def test_best_effort_swallows_playwrights_errors_and_says_so() -> None:
    with best_effort() as attempt:
        raise PlaywrightError(CLOSED)
    assert attempt.failed and str(attempt.error) == CLOSED
    with best_effort() as attempt:
        pass
    assert not attempt.failed


def test_best_effort_never_swallows_a_bug() -> None:
    with pytest.raises(TypeError), best_effort():
        raise TypeError("a bug")
    with pytest.raises(RefwrightError), best_effort():
        raise RefwrightError("refwright's own answer")


def test_best_effort_swallows_what_it_is_told_and_only_what_when_expects() -> None:
    with best_effort(KeyError) as attempt:
        raise KeyError("gone")
    assert attempt.failed
    with pytest.raises(PlaywrightError, match="already registered"), best_effort(
            when=lambda exc: "document" in str(exc)):
        raise PlaywrightError("selectors.register: already registered")
