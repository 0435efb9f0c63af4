"""upload: files only from the folder the user allowed, after resolving links and `..`."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import refwright
from refwright import PolicyDeniedError, RefwrightError
from refwright._files._uploads import allowed_upload_files

from ..conftest import TEST_CONFIG, run
from ..server import TestServer

_FORM = """<input id=f type=file multiple>
<p id=out></p>
<script>f.onchange = () => out.textContent = [...f.files].map(x => x.name + ':' + x.size).join(',')</script>"""


@pytest.fixture
def folders(tmp_path: Path) -> tuple[Path, Path]:
    allowed = tmp_path / "allowed"
    outside = tmp_path / "outside"
    allowed.mkdir()
    outside.mkdir()
    (allowed / "a.txt").write_text("hello")
    (allowed / "b.txt").write_text("hi")
    (allowed / "sub").mkdir()
    (outside / "secret.txt").write_text("top secret")
    os.symlink(outside / "secret.txt", allowed / "link.txt")
    return allowed, outside


@pytest.fixture
async def upload_page(browser: refwright.Browser, server: TestServer,
                      folders: tuple[Path, Path]) -> AsyncIterator[refwright.Page]:
    config = dataclasses.replace(TEST_CONFIG, upload_dir=str(folders[0]))
    page = await browser.new_page(config=config, isolated=True)
    await run(page, f"open {server.html('/upload.html', _FORM)}")
    yield page
    await page.close()


async def test_upload_inside_the_folder(upload_page: refwright.Page) -> None:
    assert await run(upload_page, "upload #f a.txt b.txt") == "Uploaded 2 file(s) to #f"
    assert await run(upload_page, "get text #out") == "a.txt:5,b.txt:2"


async def test_absolute_path_inside_is_accepted(upload_page: refwright.Page, folders: tuple[Path, Path]) -> None:
    assert await run(upload_page, f"upload #f {folders[0] / 'a.txt'}") == "Uploaded 1 file(s) to #f"


@pytest.mark.parametrize("name", ["../outside/secret.txt", "sub/../../outside/secret.txt", "link.txt", "/etc/hostname"])
async def test_escapes_are_refused(upload_page: refwright.Page, name: str) -> None:
    with pytest.raises(PolicyDeniedError, match="outside the upload folder"):
        await run(upload_page, f"upload #f {name}")
    assert await run(upload_page, "get text #out") == ""


async def test_missing_file_and_folder(upload_page: refwright.Page) -> None:
    with pytest.raises(RefwrightError, match=r"No such file to upload: nope\.txt"):
        await run(upload_page, "upload #f nope.txt")
    with pytest.raises(RefwrightError, match="not a file"):
        await run(upload_page, "upload #f sub")


async def test_refused_without_an_upload_folder(page: refwright.Page, server: TestServer) -> None:
    await run(page, f"open {server.html('/upload.html', _FORM)}")
    with pytest.raises(PolicyDeniedError, match="--upload-dir"):
        await run(page, "upload #f /etc/hostname")


async def test_typed_api(upload_page: refwright.Page, folders: tuple[Path, Path]) -> None:
    assert await upload_page.upload("#f", "a.txt") == 1
    assert await run(upload_page, "get text #out") == "a.txt:5"


def test_policy_is_pure(folders: tuple[Path, Path]) -> None:
    allowed, outside = folders
    assert allowed_upload_files(allowed, ["a.txt"]) == [(allowed / "a.txt").resolve()]
    # A link whose target is inside the folder is fine: only where it ends up counts.
    os.symlink(allowed / "a.txt", allowed / "inner-link.txt")
    assert allowed_upload_files(allowed, ["inner-link.txt"]) == [(allowed / "a.txt").resolve()]
    with pytest.raises(PolicyDeniedError):
        allowed_upload_files(allowed, [str(outside / "secret.txt")])
    with pytest.raises(RefwrightError, match="does not exist"):
        allowed_upload_files(allowed / "missing", ["a.txt"])


def test_action_is_fill() -> None:
    from refwright.commands import parse

    assert parse("upload #f a.txt").spec.action_for(("#f", "a.txt")) is refwright.ActionType.FILL


def test_cli_flag_sets_the_folder(tmp_path: Path) -> None:
    import argparse

    from refwright.cli._options import add_browser_options, browser_options

    parser = argparse.ArgumentParser()
    add_browser_options(parser)
    assert browser_options(parser.parse_args([])).config.upload_dir is None
    assert browser_options(parser.parse_args(["--upload-dir", str(tmp_path)])).config.upload_dir == str(tmp_path)
