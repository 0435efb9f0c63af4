"""A page whose scripts never yield (``while (true) {}``) cannot hang a command or the session.

The loop runs on click, on load and in a timer; every command answers PageUnresponsiveError within its
time limit plus a margin, the tab is replaced, and the next `open` works: in the async API, the sync
API and the shell.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator

import pytest
import pytest_asyncio

import refwright
from refwright import Config, PageUnresponsiveError, TimeoutConfig, sync_api
from refwright._driver._watchdog import MARGIN_SECONDS, command_seconds

from ..server import TestServer

ACTION_MS = 800
NAVIGATION_MS = 1_500
# A short sign-of-life probe (the default is 2.5 s) keeps these tests quick; a page that answers does so
# within milliseconds.
PROBE_MS = 1_000
FAST = Config(timeouts=TimeoutConfig(action=ACTION_MS, navigation=NAVIGATION_MS, probe=PROBE_MS),
              allow_private=True)
# What a command on a hung page may take in all: its limit, the margin, the probe, closing and a new tab.
SLACK = 4.0

SPIN_ON_CLICK = "<title>Spin</title><button onclick='while (true) {}'>Spin</button>"
SPIN_ON_LOAD = "<title>Hang</title><p>never</p><script>while (true) {}</script>"
SPIN_LATER = ("<title>Later</title><p>soon busy</p>"
              "<script>setTimeout(() => { document.title = 'Spinning'; while (true) {} }, 1000)</script>")


def limit(command: str) -> float:
    name, *args = command.split()
    return command_seconds(name, tuple(args), None, ACTION_MS, NAVIGATION_MS) + PROBE_MS / 1000 + SLACK


@pytest_asyncio.fixture(loop_scope="session")
async def fast(browser: refwright.Browser) -> AsyncIterator[refwright.Page]:
    p = await browser.new_page(config=FAST)
    yield p
    await p.close()


async def timed_failure(page: refwright.Page, command: str) -> tuple[str, float]:
    started = time.monotonic()
    with pytest.raises(PageUnresponsiveError) as info:
        # The outer bound only keeps a broken build from hanging the test run.
        await asyncio.wait_for(page.run_command(command), 60)
    return str(info.value), time.monotonic() - started


async def expect_recovered(page: refwright.Page, server: TestServer) -> None:
    opened = (await page.run_command(f"open {server.empty_page}")).output
    assert opened.splitlines()[0] == f"Opened {server.empty_page}"
    assert (await page.run_command("eval 6*7")).output.splitlines()[0] == "42"


def test_command_seconds_is_the_limit_plus_a_margin() -> None:
    assert command_seconds("click", ("@e1",), None, 2_000, 9_000) == 2 + MARGIN_SECONDS
    assert command_seconds("open", ("x",), None, 2_000, 9_000) == 9 + MARGIN_SECONDS
    assert command_seconds("wait", ("15000",), None, 2_000, 9_000) == 15 + MARGIN_SECONDS
    assert command_seconds("wait", ("#x",), "500", 2_000, 9_000) == 0.5 + MARGIN_SECONDS
    # A snapshot walks its frames, each bounded: it gets more than one action's time.
    assert command_seconds("snapshot", (), None, 2_000, 9_000) > 2 + MARGIN_SECONDS


@pytest.mark.parametrize("probe", [0, -1, float("nan")])
def test_the_probe_must_be_a_positive_time(probe: float) -> None:
    with pytest.raises(ValueError, match=r"TimeoutConfig\.probe must be a positive number of milliseconds"):
        TimeoutConfig(probe=probe)
    assert TimeoutConfig().probe == 2_500


async def test_busy_loop_on_click(fast: refwright.Page, server: TestServer) -> None:
    await fast.run_command(f"open {server.html('/spin.html', SPIN_ON_CLICK)}")
    assert (await fast.run_command("snapshot -i")).output == '@e1 [button] "Spin"'
    message, took = await timed_failure(fast, "click @e1")
    assert took < limit("click @e1"), took
    assert message.startswith("The page stopped responding: a script on it kept running and never yielded")
    assert "closed that tab and continues in a blank one" in message and "`open <url>`" in message
    # The old refs went with the tab.
    assert fast.ref("@e1") is None
    await expect_recovered(fast, server)


async def test_busy_loop_on_load(fast: refwright.Page, server: TestServer) -> None:
    message, took = await timed_failure(fast, f"open {server.html('/hang.html', SPIN_ON_LOAD)}")
    assert took < limit("open x"), took
    assert "stopped responding" in message
    await expect_recovered(fast, server)


@pytest.mark.parametrize("command",
                         ["get title", "snapshot -i", "eval 1", "screenshot", "wait --fn true --timeout 500"])
async def test_busy_loop_in_a_timer(fast: refwright.Page, server: TestServer, command: str) -> None:
    assert (await fast.run_command(f"open {server.html('/later.html', SPIN_LATER)}")).output.endswith("— Later")
    await asyncio.sleep(1.3)  # the timer has fired: the page spins from now on
    message, took = await timed_failure(fast, command)
    assert took < limit(command), (command, took)
    assert "stopped responding" in message
    await expect_recovered(fast, server)


async def test_a_slow_page_that_answers_is_not_closed(fast: refwright.Page, server: TestServer) -> None:
    # A wait that times out on a page that answers is a plain timeout; the page and its refs stay.
    await fast.run_command(f"open {server.html('/spin.html', SPIN_ON_CLICK)}")
    await fast.run_command("snapshot -i")
    with pytest.raises(refwright.RefwrightTimeoutError):
        await fast.run_command("wait #missing --timeout 300")
    assert fast.ref("@e1") is not None
    assert (await fast.run_command("get title")).output == "Spin"


@pytest.fixture(scope="module")
def sync_browser() -> Iterator[sync_api.Browser]:
    with sync_api.launch(config=FAST) as b:
        yield b


def test_sync_api_busy_loop_on_click(sync_browser: sync_api.Browser, server: TestServer) -> None:
    page = sync_browser.new_page()
    try:
        page.run_command(f"open {server.html('/spin.html', SPIN_ON_CLICK)}")
        page.run_command("snapshot -i")
        started = time.monotonic()
        with pytest.raises(sync_api.PageUnresponsiveError, match="stopped responding"):
            page.run_command("click @e1")
        assert time.monotonic() - started < limit("click @e1")
        assert page.run_command(f"open {server.empty_page}").output == f"Opened {server.empty_page}"
    finally:
        page.close()


def test_shell_survives_a_busy_page(server: TestServer) -> None:
    spin = server.html("/spin.html", SPIN_ON_CLICK)
    script = f"open {spin}\nsnapshot -i\nclick @e1\nopen {server.empty_page}\nget url\n".encode()
    result = subprocess.run(
        [sys.executable, "-m", "refwright", "shell", "--allow-private", "--action-timeout", str(ACTION_MS)],
        input=script, capture_output=True, timeout=60, check=False, env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    out, err = result.stdout.decode(), result.stderr.decode()
    assert "Error: The page stopped responding" in out + err
    assert out.rstrip().endswith(server.empty_page), out
