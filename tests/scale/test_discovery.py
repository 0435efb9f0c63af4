"""Which browser refwright launches: an explicit path, REFWRIGHT_EXECUTABLE_PATH, Playwright's download, then
PATH; headless runs prefer a headless shell, headed runs never take one."""

from __future__ import annotations

from pathlib import Path

import pytest

import refwright
from refwright import BrowserError
from refwright._driver._discovery import BrowserCandidate, find_browser, is_headless_shell


def _executable(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/bin/sh\nexit 0\n")
    path.chmod(0o755)
    return path


@pytest.fixture
def machine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty PATH and an empty Playwright download folder, filled by each test."""
    (tmp_path / "bin").mkdir()
    (tmp_path / "ms-playwright").mkdir()
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    monkeypatch.setenv("PLAYWRIGHT_BROWSERS_PATH", str(tmp_path / "ms-playwright"))
    monkeypatch.delenv("REFWRIGHT_EXECUTABLE_PATH", raising=False)
    return tmp_path


def test_headless_runs_take_the_headless_shell_on_path(machine: Path) -> None:
    full = _executable(machine / "bin" / "chromium")
    shell = _executable(machine / "bin" / "chromium-headless-shell")
    assert find_browser() == BrowserCandidate(str(shell), "PATH")
    assert find_browser(headless=False) == BrowserCandidate(str(full), "PATH")


def test_without_a_shell_headless_runs_take_full_chromium(machine: Path) -> None:
    full = _executable(machine / "bin" / "chromium")
    candidate = find_browser()
    assert candidate is not None and candidate.path == str(full)


def test_a_headed_run_never_takes_a_lone_shell(machine: Path) -> None:
    _executable(machine / "bin" / "chromium-headless-shell")
    assert find_browser(headless=False) is None


def test_playwrights_download_comes_first_and_its_shell_serves_headless_runs(machine: Path) -> None:
    _executable(machine / "bin" / "chromium-headless-shell")
    root = machine / "ms-playwright"
    full = _executable(root / "chromium-1300" / "chrome-linux64" / "chrome")
    _executable(root / "chromium_headless_shell-1200" / "chrome-headless-shell-linux64" / "chrome-headless-shell")
    newest = _executable(root / "chromium_headless_shell-1300" / "chrome-headless-shell-linux64" /
                         "chrome-headless-shell")
    assert find_browser() == BrowserCandidate(str(newest), "playwright")
    assert find_browser(headless=False) == BrowserCandidate(str(full), "playwright")


def test_an_explicit_choice_wins_either_way(machine: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _executable(machine / "bin" / "chromium-headless-shell")
    monkeypatch.setenv("REFWRIGHT_EXECUTABLE_PATH", "/opt/chrome/chrome")
    assert find_browser(headless=True) == BrowserCandidate("/opt/chrome/chrome",
                                                                                 "REFWRIGHT_EXECUTABLE_PATH")
    assert find_browser("/usr/bin/chromium", headless=True) == BrowserCandidate(
        "/usr/bin/chromium", "argument")


def test_shells_are_told_apart_by_name() -> None:
    assert is_headless_shell("/usr/bin/chromium-headless-shell")
    assert is_headless_shell("/x/chromium_headless_shell-1200/chrome-linux/headless_shell")
    assert not is_headless_shell("/usr/bin/chromium")
    assert not is_headless_shell("/x/chromium-1300/chrome-linux64/chrome")


async def test_a_headed_launch_of_a_shell_says_what_to_do(machine: Path) -> None:
    shell = _executable(machine / "bin" / "chromium-headless-shell")
    browser = refwright.launch(executable_path=str(shell), headless=False)
    with pytest.raises(BrowserError, match=r"headless shell, which has no window.*Drop --headed"):
        await browser.new_page()
    await browser.close()
