"""Playwright's call log never reaches the model: what an action waited for is said in refwright's words."""

from __future__ import annotations

import pytest
from playwright.async_api import TimeoutError as PlaywrightTimeoutError

from refwright import CoveredError
from refwright._async.pipeline._translate import translate

LOG = """Locator.click: Timeout 2000ms exceeded.
Call log:
  - waiting for locator('#b')
    - locator resolved to <button id="b">Go</button>
  - attempting click action
    2 x waiting for element to be visible, enabled and stable
      - {line}
    - retrying click action"""


@pytest.mark.parametrize(("line", "said"), [
    ("element is not enabled", "it is disabled"),
    ("element is not visible", "it is not visible"),
    ("element is not stable", "it kept moving"),
    ("element is not editable", "it is read-only"),
    ("element is outside of the viewport", "it is outside the page's visible area"),
])
def test_a_wait_that_ran_out_says_why_in_plain_words(line: str, said: str) -> None:
    error = translate(PlaywrightTimeoutError(LOG.format(line=line)), target="#b", command="click", timeout=2000,
                      found=True)
    assert str(error).startswith(f"Element #b was found but could not click it within 2000ms: {said}. ")
    assert line not in str(error) and "Locator" not in str(error) and "<button" not in str(error)


def test_a_cover_in_the_call_log_is_a_covered_error_without_the_markup() -> None:
    line = '<div id="cover">modal</div> intercepts pointer events'
    error = translate(PlaywrightTimeoutError(LOG.format(line=line)), target="#b", command="click", timeout=2000,
                      found=True)
    assert isinstance(error, CoveredError)
    assert str(error).startswith("Element #b was found but could not click it within 2000ms: another element covers "
                                 "it. Close that cover first")
    assert "<div" not in str(error) and "intercepts" not in str(error)
