"""`open` answers for the top-level document: refused or hanging frames and resources never make it fail,
and notes about them come after the answer, summarised."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from dataclasses import replace

import pytest_asyncio

import refwright
from refwright import Config, TimeoutConfig

from ..server import TestServer

NAVIGATION_MS = 1_500
QUICK = Config(timeouts=TimeoutConfig(action=1_000, navigation=NAVIGATION_MS), allow_private=True)


def ad_heavy(count: int) -> str:
    # Outside hosts that cannot be reached here: the guard refuses every one (they do not resolve).
    ads = "".join(f'<iframe src="http://pagead{i}.example.invalid/ads?slot={i}"></iframe>'
                  f'<img src="https://cdn{i}.example.invalid/pixel.gif">' for i in range(count))
    return f"<title>News</title><h1>Story</h1>{ads}<a href='/more'>Read more</a>"


@pytest_asyncio.fixture(loop_scope="session")
async def quick(browser: refwright.Browser) -> AsyncIterator[refwright.Page]:
    p = await browser.new_page(config=QUICK)
    yield p
    await p.close()


async def test_refused_sub_frames_do_not_fail_open(browser: refwright.Browser, server: TestServer) -> None:
    # Its own page with a longer navigation limit: a loaded machine must not make "the load came" look like
    # "the limit was waited out" (took stays well under the limit).
    quick = await browser.new_page(config=replace(QUICK, timeouts=TimeoutConfig(action=1_000, navigation=8_000)))
    try:
        await _refused_sub_frames(quick, server)
    finally:
        await quick.close()


async def _refused_sub_frames(quick: refwright.Page, server: TestServer) -> None:
    url = server.html("/news.html", ad_heavy(10))
    started = time.monotonic()
    result = await quick.run_command(f"open {url}")
    took = time.monotonic() - started
    lines = result.output.splitlines()
    assert lines[0] == f"Opened {url} — News"
    # Twenty refused requests are a line or two (one per reason), never one line each.
    notes = [ln for ln in lines[1:] if ln.startswith("Note: Blocked")]
    assert 1 <= len(notes) <= 2, lines
    assert any("and 17 more hosts" in n or "more hosts" in n for n in notes), notes
    # Refused frames end at once: the load came, nothing was waited out.
    assert not any("had not finished loading" in ln for ln in lines), lines
    assert took < 5, took
    # The answer stays the answer: the title first, whatever else is noted.
    assert (await quick.run_command("get title")).output.splitlines()[0] == "News"
    snap = (await quick.run_command("snapshot -i")).output.splitlines()
    assert snap[0] == '@e1 [heading] "Story" [level=1]' and snap[-1].endswith('[link] "Read more"')


async def test_a_resource_that_never_arrives_opens_with_a_note(quick: refwright.Page, server: TestServer) -> None:
    url = server.html("/slowimg.html", "<title>Slow image</title><p>text</p><img src='/slow?ms=6000'>")
    started = time.monotonic()
    result = await quick.run_command(f"open {url}")
    took = time.monotonic() - started
    assert result.output.splitlines() == [
        f"Opened {url} — Slow image",
        f"Note: The page had not finished loading after {NAVIGATION_MS}ms (some of its frames or resources did "
        "not arrive); it is shown as it is. `wait --load load` waits longer."]
    assert result.events == (result.output.splitlines()[1].removeprefix("Note: "),)
    assert NAVIGATION_MS / 1000 <= took < NAVIGATION_MS / 1000 + 2, took
    assert (await quick.run_command("get text p")).output == "text"


async def test_a_refused_frame_is_never_blamed_for_a_slow_load(quick: refwright.Page, server: TestServer) -> None:
    # The load event waits for a resource that hangs while the ads are refused: `open` still succeeds
    # (it used to fail with "Navigation ... was blocked: Refused pagead...").
    url = server.html("/news-slow.html", ad_heavy(4) + "<img src='/slow?ms=6000'>")
    result = await quick.run_command(f"open {url}")
    lines = result.output.splitlines()
    assert lines[0] == f"Opened {url} — News"
    assert any(ln.startswith("Note: The page had not finished loading") for ln in lines), lines
