"""Every form of wait, its precedence, and its timeouts (10 000 ms unless --timeout)."""

from __future__ import annotations

import time

import pytest

from refwright import Config, Page, RefwrightError, RefwrightTimeoutError
from refwright._async.handlers.wait import DEFAULT_TIMEOUT

from ..conftest import run
from ..server import TestServer

LATE = """<div id="box"></div><script>
setTimeout(() => { document.getElementById('box').innerHTML = '<p id="late">Welcome back, Ada</p>';
                   window.ready = true; }, 300);
</script>"""


@pytest.fixture
async def late(page: Page, server: TestServer) -> Page:
    await run(page, f"open {server.html('/late.html', LATE)}")
    return page


async def test_wait_ms(page: Page) -> None:
    start = time.monotonic()
    assert await run(page, "wait 150") == "Waited 150ms"
    assert time.monotonic() - start >= 0.14


async def test_wait_target(late: Page) -> None:
    assert await run(late, "wait #late") == "#late is visible"


async def test_wait_text(late: Page) -> None:
    assert await run(late, 'wait --text "Welcome back"') == 'Found text "Welcome back"'


async def test_wait_fn(late: Page) -> None:
    assert await run(late, 'wait --fn "window.ready === true"') == "Condition is true"


async def test_wait_load(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.empty_page}")
    assert await run(page, "wait --load load") == "Reached load"
    assert await run(page, "wait --load dom") == "Reached domcontentloaded"
    assert await run(page, "wait --load DOMContentLoaded") == "Reached domcontentloaded"
    assert await run(page, "wait --load idle") == "Reached networkidle"
    with pytest.raises(RefwrightError) as info:
        await page.run_command("wait --load foo")
    assert str(info.value) == "Unknown load state `foo`. Try load, domcontentloaded or networkidle."


async def test_precedence(late: Page) -> None:
    # --text beats --fn, --fn beats --load, --load beats a number, a number beats a target.
    assert await run(late, 'wait --fn "true" --text Welcome') == 'Found text "Welcome"'
    assert await run(late, 'wait --load load --fn "true"') == "Condition is true"
    assert await run(late, "wait 10 --load load") == "Reached load"
    assert await run(late, "wait 10") == "Waited 10ms"


async def test_timeouts(late: Page) -> None:
    with pytest.raises(RefwrightTimeoutError) as info:
        await late.run_command('wait --text "Goodbye" --timeout 200')
    assert str(info.value) == 'Timeout 200ms exceeded waiting for text "Goodbye"'
    with pytest.raises(RefwrightTimeoutError, match=r"^Timeout 200ms exceeded waiting for #never to be visible"):
        await late.run_command("wait #never --timeout 200")
    with pytest.raises(RefwrightTimeoutError, match=r"^Timeout 200ms exceeded waiting for function"):
        await late.run_command('wait --fn "false" --timeout 200')


async def test_default_timeout_is_ten_seconds() -> None:
    assert DEFAULT_TIMEOUT == 10_000


async def test_timeout_flag_first_is_taken_as_target(late: Page) -> None:
    # The reference: in `wait --timeout 5000 @e3`, `--timeout` is the target.
    with pytest.raises(RefwrightError):
        await late.run_command("wait --timeout 300 #late")


async def test_wait_fn_needs_eval(browser: object, server: TestServer) -> None:
    from ..conftest import TEST_CONFIG

    config = Config(timeouts=TEST_CONFIG.timeouts, allow_private=True, allow_eval=False)
    page = await browser.new_page(config=config)  # type: ignore[attr-defined]
    try:
        await run(page, f"open {server.html('/late.html', LATE)}")
        with pytest.raises(RefwrightError) as info:
            await page.run_command('wait --fn "true"')
        assert str(info.value) == "JavaScript evaluation is disabled by Config.allow_eval"
        # --text does not need eval.
        assert await run(page, "wait --text Welcome") == 'Found text "Welcome"'
    finally:
        await page.close()
