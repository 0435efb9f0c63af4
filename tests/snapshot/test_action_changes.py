"""An action's answer says what it changed in the interactive view (on by default): through the Python API,
the agent's browser tool, a batch, the shell and MCP; bounded; inside the content boundary; off by a setting."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import AsyncIterator
from dataclasses import replace

import pytest_asyncio

import mcp
import refwright
from refwright import Config, Page
from refwright.agent import browser_tool
from refwright.mcp import ClientBrowser, create_server

from ..conftest import TEST_CONFIG, run
from ..mcp.wire import text
from ..server import TestServer

ON = replace(TEST_CONFIG, action_changes=True)

_RELABEL = """<!doctype html><title>Relabel</title>
<button id="go" onclick="for (const b of document.querySelectorAll('.r')) b.textContent = 'Now ' + b.id;
  document.getElementById('extra').hidden = false; document.getElementById('old').remove()">Go</button>
<button class="r" id="a">One</button><button class="r" id="b">Two</button><button class="r" id="c">Three</button>
<button id="old">Old</button><button id="extra" hidden>Extra</button>
<input aria-label="Name" id="name"><button id="idle">Idle</button>
<input aria-label="Code" id="code" oninput="this.value = this.value.toUpperCase()">
<button id="many" onclick="for (let i = 0; i < 30; i++) { const b = document.createElement('button');
  b.textContent = 'More ' + i; document.body.append(b); }">Many</button>
<a href="/signup.html">Elsewhere</a>"""


@pytest_asyncio.fixture(loop_scope="session")
async def on_page(browser: refwright.Browser) -> AsyncIterator[Page]:
    p = await browser.new_page(config=ON, isolated=True)
    yield p
    await p.close()


RELABELLED = [
    "Clicked #go",
    "Changes:",
    '~ @e2 [button] "Now a"',
    '~ @e3 [button] "Now b"',
    '~ @e4 [button] "Now c"',
    '- @e5 [button] "Old"',
    '+ @e11 [button] "Extra"',
]


async def test_a_click_says_what_it_changed(on_page: Page, server: TestServer) -> None:
    await run(on_page, f"open {server.html('/relabel.html', _RELABEL)}")
    await run(on_page, "snapshot -i")
    assert (await run(on_page, "click #go")).splitlines() == RELABELLED
    # The new button's ref works at once, as any ref from a snapshot.
    assert await run(on_page, "get text @e11") == "Extra"
    # An action that changed nothing visible answers alone, and so does a fill that left what it typed; a
    # field that took something else says what it holds.
    assert await run(on_page, "click #idle") == "Clicked #idle"
    assert await run(on_page, "fill #name Ada") == "Filled #name"
    assert (await run(on_page, "fill #code ab12")).splitlines() == [
        "Filled #code", "Changes:", '~ @e8 [textbox] "Code" value="AB12" [focused]']


async def test_without_a_snapshot_first_and_through_the_browser_tool(on_page: Page, server: TestServer) -> None:
    await run(on_page, f"open {server.html('/relabel.html', _RELABEL)}")
    assert (await browser_tool(on_page, "click #go")).splitlines() == RELABELLED
    batch = (await run(on_page, 'batch "click #a" "click #idle"')).splitlines()
    assert batch == ["[1] click #a", "Clicked #a", "", "[2] click #idle", "Clicked #idle"]


async def test_a_large_change_is_said_in_a_line(on_page: Page, server: TestServer) -> None:
    await run(on_page, f"open {server.html('/relabel.html', _RELABEL)}")
    # A small view that changed much is shown whole (its refs work at once); a large one is left to snapshot -i.
    out = (await run(on_page, "click #many")).splitlines()
    assert out[:3] == ["Clicked #many", "Changes: most of the page (30 added); its controls now:", '@e1 [button] "Go"']
    assert out[-1] == '@e40 [button] "More 29"' and len(out) == 2 + 40
    assert await run(on_page, "get text @e40") == "More 29"
    out = await run(on_page, "click text=Elsewhere")
    assert out.splitlines()[:2] == ["Clicked text=Elsewhere", "Changes: a new document (run `snapshot -i` to see it)."]
    assert "Note: The page navigated to" in out
    big = ('<button id="all" onclick="document.querySelectorAll(\'.s\').forEach(b => b.textContent += \'!\')">'
           'All</button>' + "".join(f'<button class="s">Static {i}</button>' for i in range(120)))
    await run(on_page, f"open {server.html('/relabel-all.html', big)}")
    out = (await run(on_page, "click #all")).splitlines()
    assert out == ["Clicked #all", "Changes: most of the page (120 changed); run `snapshot -i` to see it."]


async def test_a_bounded_list(on_page: Page, server: TestServer) -> None:
    page = _RELABEL + "".join(f"<button>Static {i}</button>" for i in range(60))
    await run(on_page, f"open {server.html('/relabel-big.html', page)}")
    out = (await run(on_page, "click #many")).splitlines()
    assert out[:3] == ["Clicked #many", "Changes:", '+ @e71 [button] "More 0"']
    assert len(out) == 2 + 12 + 1 and out[-1] == "(+18 more; `snapshot -i --delta` lists them all)"


async def test_changes_are_inside_the_content_boundary(browser: refwright.Browser, server: TestServer) -> None:
    page = await browser.new_page(config=replace(ON, content_boundaries=True), isolated=True)
    try:
        await run(page, f"open {server.html('/relabel.html', _RELABEL)}")
        out = await run(page, "click #go")
        lines = out.splitlines()
        assert lines[0].startswith("--- AGENT_BROWSER_PAGE_CONTENT nonce=") and lines[-1].startswith("--- END_"), out
        assert lines[1:-1] == RELABELLED
        # An answer without the page's words stays outside.
        assert await run(page, "click #idle") == "Clicked #idle"
    finally:
        await page.close()


async def test_the_setting_turns_it_off(page: Page, server: TestServer) -> None:
    assert page.config.action_changes is False
    await run(page, f"open {server.html('/relabel.html', _RELABEL)}")
    assert await run(page, "click #go") == "Clicked #go"
    assert Config().action_changes is True


async def test_mcp_commands_profile(server: TestServer) -> None:
    session = ClientBrowser(config=Config(allow_private=True))
    try:
        async with mcp.Client(create_server("commands", session=session).server) as client:
            async def browser(command: str) -> str:
                result = await client.call_tool("browser", {"command": command})
                assert not result.is_error, text(result)
                return text(result)

            await browser(f"open {server.html('/relabel.html', _RELABEL)}")
            assert (await browser("click #go")).splitlines() == RELABELLED
    finally:
        await session.close()


def test_the_shell_and_its_flag(server: TestServer) -> None:
    url = server.html("/relabel.html", _RELABEL)
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    script = f"open {url}\nclick #go\n"
    shell = [sys.executable, "-m", "refwright", "shell", "--allow-private", "--action-timeout", "2000"]
    on = subprocess.run(shell, input=script, capture_output=True, text=True, env=env, timeout=120)
    assert '~ @e2 [button] "Now a"' in on.stdout, on.stdout + on.stderr
    off = subprocess.run([*shell, "--no-action-changes"], input=script, capture_output=True, text=True, env=env,
                         timeout=120)
    assert "Clicked #go" in off.stdout and "Changes:" not in off.stdout, off.stdout + off.stderr


async def test_select_and_press_say_what_they_changed(on_page: Page, server: TestServer) -> None:
    html = """<!doctype html><title>Select and press</title>
<select aria-label="Plan" onchange="document.getElementById('cost').textContent = 'Pay ' + this.value">
<option>Free<option>Pro</select><button id="cost">Pay Free</button>
<input aria-label="Search" onkeydown="if (event.key === 'Enter') document.getElementById('hit').hidden = false">
<button id="hit" hidden>First result</button>"""
    await run(on_page, f"open {server.html('/select-press.html', html)}")
    await run(on_page, "snapshot -i")
    out = (await run(on_page, "select @e1 Pro")).splitlines()
    assert out[0].startswith("Selected") and out[1] == "Changes:", out
    assert '~ @e4 [button] "Pay Pro"' in out, out
    await run(on_page, "focus @e5")
    out = (await run(on_page, "press Enter")).splitlines()
    assert out[1:] == ["Changes:", '+ @e6 [button] "First result"'], out
