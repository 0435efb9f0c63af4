"""The switches refwright launches Chromium with: one feature list that adds to Playwright's instead of
replacing it, and no per-window WebUI renderers that a headless browser never shows."""

from __future__ import annotations

import os
import sys

import pytest

import refwright
from refwright._driver._discovery import chromium_args

from ..server import TestServer


def _features(args: list[str], switch: str) -> list[list[str]]:
    return [a.partition("=")[2].split(",") for a in args if a.startswith(switch + "=")]


def test_user_feature_lists_are_merged_into_one() -> None:
    args = chromium_args(["--disable-features=Translate,PaintHolding", "--lang=fr",
                          "--enable-features=WebMCPTesting"])
    disabled = _features(args, "--disable-features")
    assert len(disabled) == 1  # Chromium keeps only the last occurrence of a switch
    assert {"Translate", "PaintHolding", "WebUIOmniboxPopup", "HttpsUpgrades"} <= set(disabled[0])
    assert len(disabled[0]) == len(set(disabled[0]))
    enabled = _features(args, "--enable-features")
    # A user's list would replace Playwright's, so Playwright's own names are carried into it.
    assert enabled == [["CDPScreenshotNewSurface", "SkipListAccountsWithoutGaiaCookies", "WebMCPTesting"]]
    assert "--lang=fr" in args


def test_without_a_user_list_playwrights_enabled_features_are_left_alone() -> None:
    assert _features(chromium_args(), "--enable-features") == []


def _browser_command_lines() -> list[list[str]]:
    """The command lines of the Chromium browser processes this test process launched (through Playwright's
    driver, so they are its descendants)."""
    parents: dict[int, int] = {}
    lines: dict[int, list[str]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                parents[int(entry)] = int(f.read().rsplit(")", 1)[1].split()[1])
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                lines[int(entry)] = [a.decode() for a in f.read().split(b"\0") if a]
        except (OSError, ValueError, IndexError):
            continue

    def ours(pid: int) -> bool:
        while pid > 1:
            if pid == os.getpid():
                return True
            pid = parents.get(pid, 1)
        return False

    return [args for pid, args in lines.items()
            if ours(pid) and "--remote-debugging-pipe" in args and not any(a.startswith("--type=") for a in args)]


@pytest.mark.skipif(sys.platform != "linux", reason="reads the browser's command line from /proc")
async def test_the_launched_browser_keeps_playwrights_disabled_features_and_adds_ours(
        browser: refwright.Browser) -> None:
    await (await browser.new_page()).close()
    found = _browser_command_lines()
    assert found, "no Chromium launched by this test process was found"
    for args in found:
        lists = _features(args, "--disable-features")
        assert len(lists) == 2, args  # Playwright's, then refwright's (the one Chromium uses)
        playwright_list, effective = lists
        missing = set(playwright_list) - set(effective)
        assert not missing, f"Playwright now disables {missing}: add them to _PLAYWRIGHT_DISABLED_FEATURES"
        assert "WebUIOmniboxPopup" in effective
        assert "RenderDocument" in effective  # a same-site navigation reuses its frame host


async def test_a_new_page_starts_no_omnibox_popup_renderer(browser: refwright.Browser, server: TestServer) -> None:
    page = await browser.new_page(isolated=True)
    try:
        await page.run_command(f"open {server.empty_page}")
        chromium = browser._impl.browser  # the Playwright browser behind the facade
        assert chromium is not None
        session = await chromium.new_browser_cdp_session()
        targets = (await session.send("Target.getTargets", {"filter": [{}]}))["targetInfos"]
        await session.detach()
        urls = [t["url"] for t in targets]
        assert server.empty_page in urls  # the listing does include the page's own target
        assert not [u for u in urls if u.startswith("chrome://")], urls
    finally:
        await page.close()
