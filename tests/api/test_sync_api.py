"""The sync API: generated from the async code, and working on Playwright's sync API."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Locator as SyncLocator
from playwright.sync_api import sync_playwright

import refwright
from refwright import sync_api

from ..conftest import TEST_CONFIG
from ..inprocess import script
from ..server import TestServer


def test_sync_code_is_generated_from_async(capsys: pytest.CaptureFixture[str]) -> None:
    assert script("unasync").main(["--check"]) == 0, capsys.readouterr().out


def test_same_public_names() -> None:
    agent_names = {"AgentRun", "Llm", "ProviderError", "browser_tool", "llm_from_spec", "run_agent", "tool_json_schema"}
    async_names = set(refwright.__all__) - agent_names
    assert async_names <= set(sync_api.__all__)
    for name in ("run_command", "snapshot", "locator", "screenshot", "close", "title"):
        assert callable(getattr(sync_api.Page, name))


# Two sync Playwright instances cannot run in one thread, so this test runs before the module's browser.
def test_wrap_a_user_sync_page(server: TestServer) -> None:
    from refwright._driver._discovery import find_browser

    candidate = find_browser()
    assert candidate is not None
    with sync_playwright() as p:
        pw_browser = p.chromium.launch(executable_path=candidate.path, args=["--no-sandbox"])
        user_page = pw_browser.new_page()
        user_page.goto(server.url("/signup.html"))
        page = sync_api.wrap(user_page, playwright=p)
        assert page.run_command("snapshot -i").output.splitlines()[-1] == '@e11 [link] "Learn more"'
        page.run_command("click @e4")
        # The user's own Playwright objects keep working side by side.
        assert user_page.locator("#terms").is_checked()
        pw_browser.close()


@pytest.fixture(scope="module")
def sync_browser() -> Iterator[sync_api.Browser]:
    with sync_api.launch(config=TEST_CONFIG) as b:
        yield b


def test_sync_launch_and_commands(sync_browser: sync_api.Browser, server: TestServer) -> None:
    page = sync_browser.new_page()
    try:
        assert page.run_command(f"open {server.url('/signup.html')}").output.endswith("— Sign up")
        result = page.run_command("snapshot -i")
        assert result.output.startswith('@e1 [heading] "Create your account" [level=1]')
        assert page.run_command("fill @e2 ada@example.com").output == "Filled @e2"
        assert page.run_command("get value @e2").output == "ada@example.com"
        locator = page.locator("@e10")
        assert isinstance(locator, SyncLocator)
        assert locator.text_content() == "Create account"
        with pytest.raises(sync_api.RefwrightError, match="Unknown command `teleport`"):
            page.run_command("teleport")
    finally:
        page.close()


def test_sync_output_commands(sync_browser: sync_api.Browser, server: TestServer) -> None:
    # The generated code keeps the screencast's acknowledgements and the vitals script working.
    page = sync_browser.new_page()
    try:
        page.run_command(f"open {server.url('/signup.html')}")
        assert page.run_command("vitals").output.splitlines()[1].startswith("ttfb: ")
        assert page.run_command("record start s.gif").output.endswith("s.gif")
        page.run_command("eval \"document.body.style.background='red'\"")
        assert page.run_command("record stop").output.startswith("Recording saved to ")
        assert (page.output_dir / "s.gif").stat().st_size > 0
        assert page.run_command("read").output.startswith("# Create your account")
    finally:
        page.close()


def test_sync_tabs_and_a_dialog_kept_open(sync_browser: sync_api.Browser, server: TestServer) -> None:
    from dataclasses import replace

    page = sync_browser.new_page(config=replace(TEST_CONFIG, dialogs="wait"))
    try:
        url = server.html("/sync-tabs.html", "<title>S</title><button onclick=\"window.r = confirm('Go?')\">c</button>"
                                             "<a id=go href='/empty.html' target=_blank>go</a>")
        page.run_command(f"open {url}")
        assert page.run_command("tab new").output == "Tab opened [t2] (2 total)"
        assert page.tabs.active is page.tabs["t2"]
        page.tabs.select(page)
        # A dialog opened by a command cannot be kept open under the sync API (there is no task to stop):
        # it is dismissed once it blocks the command, and the answer says so.
        out = page.run_command("click text=c").output
        assert 'Note: A JavaScript confirm dialog was dismissed: "Go?" (it blocked the command' in out
        assert page.playwright_page.evaluate("window.r") is False
        page.tabs.close("t2")
        assert page.tabs.ids() == ["t1"]
    finally:
        page.close()


def test_sync_network_and_state(sync_browser: sync_api.Browser, server: TestServer, tmp_path: Path,
                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The generated sync code of routes, the request log, HAR recording (its event handler reads
    responses) and saved state."""
    import dataclasses
    import json

    monkeypatch.setenv("REFWRIGHT_STATE_KEY", "k")
    page = sync_browser.new_page(config=dataclasses.replace(TEST_CONFIG, output_dir=str(tmp_path)), isolated=True)
    try:
        server.set_route("/data.json", lambda h: h.send_body(b'{"a": 1}', "application/json"))
        loads = server.html("/loads.html", "<title>Loads</title><script>fetch('/data.json').then(r => r.text())"
                                           "</script>")
        assert page.run_command("network har start").output == "HAR recording started"
        page.run_command(f"open {loads}")
        page.playwright_page.wait_for_load_state("networkidle")
        assert page.run_command("network requests --filter data").output.endswith("(Fetch) 200")
        page.network.route("**/data.json", body="mocked")
        assert page.playwright_page.evaluate("fetch('/data.json').then(r => r.text())") == "mocked"
        assert page.run_command("network har stop a.har").output.startswith(f"HAR saved to {tmp_path / 'a.har'}")
        entries = json.loads((tmp_path / "a.har").read_text())["log"]["entries"]
        assert {e["response"]["content"].get("text") for e in entries} >= {'{"a": 1}', "mocked"}
        page.storage.set("user", "ada")
        assert page.run_command("state save s.state").output == f"State saved to {tmp_path / 's.state'}"
        page.storage.clear()
        assert page.state.load("s.state").origins == 1
        assert page.storage.get("user") == "ada"
    finally:
        page.close()


def test_sync_input_devices_find_and_emulation(sync_browser: sync_api.Browser, server: TestServer) -> None:
    page = sync_browser.new_page()
    try:
        page.run_command(f"open {server.html('/sync-input.html', '<label>Name <input id=n></label>')}")
        page.find("label", "Name").first.click()
        page.keyboard.type("Ada")
        page.keyboard.insert_text(" L")
        assert page.run_command("get value #n").output == "Ada L"
        page.mouse.move(5, 5)
        page.emulation.viewport(420, 300)
        assert page.playwright_page.evaluate("innerWidth") == 420
        page.clipboard.write("sync")
        assert page.clipboard.read() == "sync"
        assert page.run_command("batch\nfind label Name fill x\nget value #n").output == (
            '[1] find label Name fill x\nFilled label "Name"\n\n[2] get value #n\nx')
    finally:
        page.close()
