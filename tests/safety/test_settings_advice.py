"""Advice about a setting names it where the person sets it (issue 44 §9, §12): the Python API's
refusal of a private address names `Config(allow_private=...)`, the shell's `--allow-private`; a refused
download's note says how to have downloads saved (`Config(downloads="save")` / `--downloads save`)."""

from __future__ import annotations

import pytest

import refwright
from refwright import Config, PolicyDeniedError

from ..conftest import run
from ..inprocess import refwright as refwright_cli
from ..server import TestServer


async def test_the_python_api_names_the_config_field(server: TestServer) -> None:
    async with refwright.launch() as browser:
        page = await browser.new_page()
        with pytest.raises(PolicyDeniedError) as info:
            await page.run_command(f"open {server.empty_page}")
    message = str(info.value)
    assert message.endswith("Private and loopback targets are blocked; the user can allow them with "
                            'Config(allow_private=True), or only some hosts with Config(allow_private=("HOST:PORT",)).')
    assert "--allow-private" not in message and "REFWRIGHT_ALLOW_PRIVATE" not in message


async def test_a_python_host_list_names_the_config_field_too(server: TestServer) -> None:
    async with refwright.launch(config=Config(allow_private=("127.0.0.1:1",))) as browser:
        page = await browser.new_page()
        with pytest.raises(PolicyDeniedError) as info:
            await page.run_command(f"open {server.empty_page}")
    assert "blocked except 127.0.0.1:1; the user can allow more with Config(allow_private=True)" in str(info.value)


def test_the_shell_names_its_flag(server: TestServer) -> None:
    result = refwright_cli("shell", stdin=f"open {server.empty_page}\n".encode())
    out = result.stdout.decode()
    assert out.rstrip().endswith("the user can allow them with --allow-private (or REFWRIGHT_ALLOW_PRIVATE=1).")
    assert "Config(" not in out


DOWNLOAD = '<title>Files</title><a id=go href="/echo?body=x&type=text/plain" download="notes.txt">get</a>'


async def test_a_refused_download_says_how_to_save_downloads_in_python(page: refwright.Page,
                                                                        server: TestServer) -> None:
    await run(page, f"open {server.html('/dl-advice.html', DOWNLOAD)}")
    assert await run(page, "click #go") == (
        'Clicked #go\nNote: A download of "notes.txt" was refused; nothing was saved. The user can have '
        'downloads saved with Config(downloads="save").')


def test_a_refused_download_says_how_to_save_downloads_in_the_shell(server: TestServer) -> None:
    url = server.html("/dl-advice.html", DOWNLOAD)
    result = refwright_cli("shell", "--allow-private", url, stdin=b"click #go\n")
    assert ('Note: A download of "notes.txt" was refused; nothing was saved. The user can have downloads saved '
            "with --downloads save.") in result.stdout.decode()
