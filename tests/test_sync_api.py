"""The sync API: generated from the async code, and working on Playwright's sync API."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Locator as SyncLocator
from playwright.sync_api import sync_playwright

import refwright
from refwright import sync_api

from .conftest import TEST_CONFIG
from .server import TestServer

ROOT = Path(__file__).resolve().parent.parent


def test_sync_code_is_generated_from_async() -> None:
    result = subprocess.run([sys.executable, str(ROOT / "scripts" / "unasync.py"), "--check"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout


def test_same_public_names() -> None:
    agent_names = {"AgentRun", "Llm", "ProviderError", "browser_tool", "llm_from_spec", "run_agent", "tool_json_schema"}
    async_names = set(refwright.__all__) - agent_names
    assert async_names <= set(sync_api.__all__)
    for name in ("run_command", "snapshot", "locator", "screenshot", "close", "title"):
        assert callable(getattr(sync_api.Page, name))


# Two sync Playwright instances cannot run in one thread, so this test runs before the module's browser.
def test_wrap_a_user_sync_page(server: TestServer) -> None:
    from refwright._discovery import find_browser

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
