"""A text a run selected (``act``'s highlighting, kept as ``get_by_text(...).select_text()``) is not a control, so
healing it is finding the text: on the page's next version, the one visible text that holds the recorded words
(a word added) or is clearly the closest to them. Nothing close, or two equally close, fails as any step does."""

from __future__ import annotations

from pathlib import Path

import pytest

import refwright
from refwright.replay._run import ReplayError

from ..server import TestServer
from .test_replay_kinds import _record, _replayed

ARTICLE = Path(__file__).resolve().parents[1] / "assets" / "act" / "article.html"
RECORDED = "Thanks to everyone who reported bugs this spring!"
READ = "document.querySelector('#log').innerText"


def _next_version(server: TestServer, path: str, third: str, first: str = "") -> str:
    html = ARTICLE.read_text(encoding="utf-8").replace(RECORDED, third)
    if first:
        html = html.replace("Version two brings faster startup, smaller downloads.", first)
    server.html(path, html)
    return server.url(path)


async def test_a_selected_text_whose_words_changed_heals_to_the_text_that_holds_them(
        page: refwright.Page, browser: refwright.Browser, server: TestServer, tmp_path: Path) -> None:
    script = await _record(page, server.url("/act/article.html"),
                           "Highlight the text in the 3rd paragraph and press Check", tmp_path)
    assert f'page.get_by_text("{RECORDED}").select_text()' in script, script
    moved = _next_version(server, "/replay/article-2.html", "Thanks so much to everyone who reported bugs this spring!",
                          first="Thanks for the faster startup in version two.")
    with pytest.raises(ReplayError, match="Run `refwright replay --heal local`"):
        await _replayed(browser, moved, script, READ)
    assert await _replayed(browser, moved, script, READ, heal="local") == \
        "word selection Thanks so much to everyone who reported bugs this spring!"

    gone = _next_version(server, "/replay/article-3.html", "Our roadmap for the autumn is out.")
    with pytest.raises(ReplayError, match="healing found no control that fits"):
        await _replayed(browser, gone, script, READ, heal="local")

    twice = _next_version(server, "/replay/article-4.html", "Thanks to everyone who reported bugs this spring, again!",
                          first="Thanks to everyone who reported bugs this spring, twice!")
    with pytest.raises(ReplayError, match="healing found no control that fits"):
        await _replayed(browser, twice, script, READ, heal="local")
