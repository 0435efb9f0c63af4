"""refwright on full Chromium (Chrome's new headless mode): what a headless run uses where no headless shell
is installed, and what `--executable-path /usr/bin/chromium` asks for. The rest of the suite runs on the
headless shell that discovery prefers; here the same engine with its browser window runs a signup, a popup
that becomes a tab, a dialog, a screenshot and an isolated page."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

import refwright
from refwright._driver._discovery import find_browser, is_headless_shell

from ..commands.test_tabs import until
from ..conftest import TEST_CONFIG, run
from ..server import TestServer

FULL = find_browser(headless=False)
pytestmark = pytest.mark.skipif(FULL is None or is_headless_shell(FULL.path), reason="no full Chromium here")


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def full() -> AsyncIterator[refwright.Browser]:
    assert FULL is not None
    async with refwright.launch(config=TEST_CONFIG, executable_path=FULL.path) as browser:
        yield browser


async def test_signup_popup_dialog_and_screenshot(full: refwright.Browser, server: TestServer) -> None:
    page = await full.new_page(isolated=True)
    # Only full Chromium defines window.chrome: this is not the headless shell.
    assert await run(page, "eval typeof window.chrome") == "object"
    assert await run(page, f"open {server.url('/signup.html')}") == f"Opened {server.url('/signup.html')} — Sign up"
    tree = await run(page, "snapshot -i")
    assert tree.startswith('@e1 [heading] "Create your account"')
    email = next(line.split()[0] for line in tree.splitlines() if 'placeholder="Email"' in line)
    create = next(line.split()[0] for line in tree.splitlines() if '"Create account"' in line)
    assert await run(page, f"fill {email} ada@example.com") == f"Filled {email}"
    assert await run(page, f"click {create}") == f"Clicked {create}"
    assert await run(page, "get text #done") == "Welcome aboard!"

    target = server.html("/full-opened.html", "<title>Opened</title><p>inside")
    opener = server.html("/full-opener.html", f"<button id=go onclick=\"window.open('{target}')\">go</button>"
                                              "<button id=hi onclick=\"alert('hi')\">hi</button>")
    await run(page, f"open {opener}")
    text = await until(page, "A new tab", await run(page, "click #go"))
    assert f'Note: A new tab [t2] opened ("{target}"); run `tab t2` to switch to it.' in text
    assert await run(page, "click #hi") == 'Clicked #hi\nNote: A JavaScript alert dialog was dismissed: "hi"'
    shot = (await page.run_command("screenshot")).screenshot
    assert shot is not None and (shot.width, shot.height) == (1280, 720) and shot.bytes.startswith(b"\x89PNG")
    await page.close()


async def test_isolated_pages_keep_their_own_cookies(full: refwright.Browser, server: TestServer) -> None:
    one, two = await full.new_page(isolated=True), await full.new_page(isolated=True)
    await run(one, f"open {server.empty_page}")
    await run(two, f"open {server.empty_page}")
    await run(one, "cookies set flavour oat")
    assert "flavour" in await run(one, "cookies")
    assert "flavour" not in await run(two, "cookies")
    await one.close()
    await two.close()
