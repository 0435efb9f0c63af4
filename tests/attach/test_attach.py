"""Attaching to a browser the person runs (``auto_connect``): a Chromium the test starts itself with remote
debugging and its own user data dir, a person's tab left open and logged in, refwright in a tab of its own,
the guard on refwright's tabs and their popups only, and everything of the person's left open at exit."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from dataclasses import replace
from pathlib import Path

import pytest
import pytest_asyncio
from playwright.async_api import Browser as PlaywrightBrowser
from playwright.async_api import async_playwright

import refwright
from refwright import ActionPolicy, ActionType, BrowserError, Config, PolicyDeniedError, Secret, Secrets, TimeoutConfig
from refwright._driver._devtools_port import default_user_data_dirs, find_endpoint
from refwright.cli._options import bare_auto_connect

from ..server import TestServer
from .lent import LentChromium, login_site

on_loop = pytest.mark.asyncio(loop_scope="session")


@pytest.fixture
def lent(tmp_path: Path) -> Iterator[LentChromium]:
    chromium = LentChromium(tmp_path / "person-profile")
    yield chromium
    chromium.stop()


@pytest.fixture
def canary() -> Iterator[TestServer]:
    s = TestServer("127.0.0.1")
    yield s
    s.stop()


@pytest_asyncio.fixture(loop_scope="session")
async def person(lent: LentChromium) -> AsyncIterator[PlaywrightBrowser]:
    """The person's own view of their browser: a second CDP client, as DevTools would be."""
    async with async_playwright() as p:
        browser = await p.chromium.connect_over_cdp(lent.ws_url)
        yield browser
        await browser.close()  # over CDP this only disconnects


def _config(server: TestServer) -> Config:
    # Only the login site is allowed among private addresses: the canary plays the refused target.
    return Config(timeouts=TimeoutConfig(action=2_000, navigation=10_000), allow_private=(f"127.0.0.1:{server.port}",))


async def _log_in(person: PlaywrightBrowser, server: TestServer) -> None:
    tab = person.contexts[0].pages[0]
    await tab.goto(server.url("/login"))
    await tab.goto(server.url("/account?who=person"))


async def _eventually(check: object, seconds: float = 5.0) -> None:
    deadline = asyncio.get_running_loop().time() + seconds
    while not check():  # type: ignore[operator]
        if asyncio.get_running_loop().time() > deadline:
            return
        await asyncio.sleep(0.1)


@on_loop
async def test_refwright_works_in_its_own_tab_with_the_login_and_leaves_the_persons_browser(
        lent: LentChromium, person: PlaywrightBrowser, server: TestServer, canary: TestServer) -> None:
    login_site(server)
    await _log_in(person, server)
    persons_tab = person.contexts[0].pages[0]
    async with refwright.launch(config=replace(_config(server), auto_connect=str(lent.user_data_dir))) as browser:
        page = await browser.new_page()
        assert "the person's own tabs" in page.capabilities().describe()
        await page.run_command(f"open {server.url('/account?who=refwright')}")
        assert (await page.run_command("get text h1")).output == "Logged in as alice"
        assert len(person.contexts[0].pages) == 2, "refwright works in a tab of its own"
        # Refused: another loopback port, and a name that resolves to loopback.
        with pytest.raises(PolicyDeniedError, match=r"loopback|private"):
            await page.run_command(f"open {canary.url('/direct')}")
        with pytest.raises(PolicyDeniedError, match=r"loopback|private"):
            await page.run_command(f"open http://localhost:{canary.port}/by-name")
        # A request the page makes itself, and a popup it opens, are refused as well.
        answer = await page.run_command(f"eval fetch('{canary.url('/fetch')}').then(() => 'ok', () => 'refused')")
        assert "refused" in answer.output
        opened = await page.run_command(f"eval window.open('{canary.url('/popup')}') ? 'opened' : 'none'")
        assert "opened" in opened.output
        await page.run_command(f"eval document.body.insertAdjacentHTML('beforeend', "
                               f"'<a id=out target=_blank rel=noopener href={canary.url('/link')}>out</a>')")
        await page.run_command("click #out")
        await asyncio.sleep(1.0)
        await page.run_command("get title")
        # The person's own tab is theirs: refwright neither checks nor blocks it.
        assert await persons_tab.evaluate(
            f"fetch('{canary.url('/persons')}', {{mode: 'no-cors'}}).then(() => 'sent', () => 'blocked')") == "sent"
        # A tab the person opens meanwhile is theirs as well.
        persons_new = await person.contexts[0].new_page()
        await persons_new.goto(canary.url("/persons-new"))
    await _eventually(lambda: len(person.contexts[0].pages) == 2)
    assert lent.running, "the person's browser is still running"
    urls = [p.url for p in person.contexts[0].pages]
    assert urls == [server.url("/account?who=person"), canary.url("/persons-new")], \
        "only the person's tabs are left: refwright's tabs and the tabs they opened are closed"
    seen = {r.path.split("?")[0] for r in canary.requests} - {"/favicon.ico"}
    assert seen == {"/persons", "/persons-new"}, f"the canary saw requests from refwright's pages: {seen}"


@on_loop
async def test_the_current_tab_is_driven_and_left_open_and_tabs_can_be_kept(
        lent: LentChromium, person: PlaywrightBrowser, server: TestServer, canary: TestServer) -> None:
    login_site(server)
    await _log_in(person, server)
    config = replace(_config(server), auto_connect=str(lent.user_data_dir), attach_tab="current")
    async with refwright.launch(config=config) as browser:
        page = await browser.new_page()
        assert (await page.run_command("get text h1")).output == "Logged in as alice", "the person's active tab"
        with pytest.raises(PolicyDeniedError):
            await page.run_command(f"open {canary.url('/current')}")
        await page.close()
    await _eventually(lambda: False, 0.5)
    assert [p.url for p in person.contexts[0].pages] == [server.url("/account?who=person")]
    profile = str(lent.user_data_dir)
    async with refwright.launch(config=replace(_config(server), auto_connect=profile, keep_tabs=True)) as browser:
        page = await browser.new_page()
        await page.run_command(f"open {server.url('/account?who=kept')}")
    await _eventually(lambda: False, 0.5)
    assert server.url("/account?who=kept") in [p.url for p in person.contexts[0].pages], "--keep-tabs leaves them"
    assert canary.requests == []


@on_loop
async def test_attaching_where_no_browser_runs_says_how_to_start_one(tmp_path: Path) -> None:
    async with refwright.launch(config=Config(auto_connect=str(tmp_path))) as browser:
        with pytest.raises(BrowserError, match=r"No DevToolsActivePort in .*--remote-debugging-port=0"):
            await browser.new_page()
    (tmp_path / "DevToolsActivePort").write_text("1\n/devtools/browser/x")
    with pytest.raises(BrowserError, match="nothing listens there: the browser that wrote it has exited"):
        find_endpoint(str(tmp_path))


def test_default_profile_locations_cover_chrome_chromium_and_edge_on_each_platform() -> None:
    linux = dict(default_user_data_dirs("linux", "/home/p", {}))
    assert linux["Chrome"] == "/home/p/.config/google-chrome" and linux["Chromium"] == "/home/p/.config/chromium"
    assert linux["Edge"] == "/home/p/.config/microsoft-edge"
    mac = dict(default_user_data_dirs("darwin", "/Users/p", {}))
    assert mac["Chrome"] == "/Users/p/Library/Application Support/Google/Chrome"
    assert mac["Edge"] == "/Users/p/Library/Application Support/Microsoft Edge"
    win = dict(default_user_data_dirs("win32", r"C:\Users\p", {"LOCALAPPDATA": r"C:\Users\p\AppData\Local"}))
    assert win["Chrome"] == r"C:\Users\p\AppData\Local\Google\Chrome\User Data"
    assert win["Edge"] == r"C:\Users\p\AppData\Local\Microsoft\Edge\User Data"


def test_auto_connect_takes_a_folder_but_never_the_start_url_or_task(tmp_path: Path) -> None:
    assert bare_auto_connect(["shell", "--auto-connect", "http://x/"]) == ["shell", "--auto-connect=", "http://x/"]
    assert bare_auto_connect(["agent", "--auto-connect", "find the price"])[1] == "--auto-connect="
    assert bare_auto_connect(["shell", "--auto-connect", "example.com"])[1] == "--auto-connect="
    assert bare_auto_connect(["shell", "--auto-connect", str(tmp_path), "http://x/"])[1:3] == ["--auto-connect",
                                                                                              str(tmp_path)]
    assert bare_auto_connect(["shell", "--auto-connect", "~/chrome-profile"])[2] == "~/chrome-profile"


def test_the_shell_attaches_opens_its_start_url_and_says_what_is_not_guarded(
        lent: LentChromium, server: TestServer) -> None:
    login_site(server)
    proc = subprocess.run(
        [sys.executable, "-m", "refwright", "shell", "--allow-private", f"127.0.0.1:{server.port}",
         "--auto-connect", str(lent.user_data_dir), server.url("/account?who=shell")],
        input=b"get title\n", capture_output=True, timeout=60, env=dict(os.environ))
    out, err = proc.stdout.decode(), proc.stderr.decode()
    assert proc.returncode == 0, err
    assert "Account" in out
    assert "not guarded" in err and "the person's own tabs" in err


@on_loop
async def test_the_action_policy_secrets_and_content_boundaries_hold_when_attached(
        lent: LentChromium, server: TestServer, cross_server: TestServer) -> None:
    form = server.html("/attached-form", "<title>Form</title><input id=pw aria-label=Password><button>Go</button>")
    other = cross_server.html("/attached-other", "<title>Other</title><input id=pw aria-label=Password>")
    config = Config(timeouts=TimeoutConfig(action=2_000, navigation=10_000), allow_private=True,
                    content_boundaries=True, secrets=Secrets([Secret("PW", "hunter2-attached", (server.prefix,))]))
    policy = ActionPolicy(denied_actions={ActionType.CLICK})
    config = replace(config, auto_connect=str(lent.user_data_dir))
    async with refwright.launch(config=config, action_policy=policy) as browser:
        page = await browser.new_page()
        await page.run_command(f"open {form}")
        with pytest.raises(PolicyDeniedError):
            await page.run_command("click button")
        await page.run_command("fill #pw {{secret:PW}}")
        shown = (await page.run_command("get value #pw")).output
        assert "hunter2" not in shown and "{{secret:PW}}" in shown
        title = (await page.run_command("get title")).output
        assert title.startswith("--- AGENT_BROWSER_PAGE_CONTENT nonce=") and "\nForm\n" in title
        await page.run_command(f"open {other}")
        with pytest.raises(PolicyDeniedError, match="bound to"):
            await page.run_command("fill #pw {{secret:PW}}")
