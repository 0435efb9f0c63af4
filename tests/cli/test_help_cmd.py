"""`help <command>`: each command's long form from the registry; `help` alone is HELP."""

from __future__ import annotations

import pytest

from refwright import HELP, Page, RefwrightError
from refwright.commands import all_specs
from refwright.commands._help import command_help

from ..conftest import run


def test_every_command_has_a_long_form_with_its_usage_and_output() -> None:
    for spec in all_specs():
        text = command_help(spec.name)
        lines = text.splitlines()
        assert lines[0] == f"Usage: {spec.usage}"
        assert f"Output: {spec.output}" in lines
        if spec.details:
            assert text.endswith("\n\n" + spec.details)
        for flag in spec.flags:
            assert any(line.startswith("  " + ", ".join(flag.names)) for line in lines), flag.names


def test_long_form_of_one_command() -> None:
    text = command_help("pdf")
    assert text.startswith("Usage: pdf <path>\nSave the page as a PDF under the output folder.\n"
                           "Output: PDF saved to <path>\n\n")
    assert "--output-dir" in text
    snapshot = command_help("snapshot").splitlines()
    assert "Flags:" in snapshot
    assert "  -i, --interactive         only elements with refs, as a flat list" in snapshot
    assert "  -d, --depth <value>       limit tree depth" in snapshot


def test_aliases_name_the_same_command() -> None:
    assert command_help("goto") == command_help("open")
    assert "Aliases: goto, navigate" in command_help("OPEN")


def test_unknown_command_suggests_the_closest() -> None:
    with pytest.raises(RefwrightError) as info:
        command_help("pdff")
    assert str(info.value) == "Unknown command `pdff`. Run `help` to list commands. Did you mean `help pdf`?"
    with pytest.raises(RefwrightError) as info:
        command_help("teleport")
    assert str(info.value) == "Unknown command `teleport`. Run `help` to list commands."


async def test_help_command_on_a_page(page: Page) -> None:
    assert await run(page, "help") == HELP
    assert await run(page, "help diff") == command_help("diff")
    assert (await run(page, "help a11y")).startswith("Usage: a11y [-s <css>]\n")
    with pytest.raises(RefwrightError, match="Did you mean `help vitals`"):
        await run(page, "help vital")
