"""A step found only by its place in the order (its field has no name Playwright reads) is checked against the
name the recording read before it acts: on a reordered form it acts on the field it meant, never on whatever
now stands at that place, and a password goes into a password field or nowhere."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

import refwright
from refwright.replay import Step, parse_script
from refwright.replay._run import Replayer, ReplayError

from ..server import TestServer

SECRET = "hunter2-xyz"


@pytest.fixture
def secret_env() -> Iterator[None]:
    os.environ["REFWRIGHT_SECRET_PASSWORD"] = SECRET
    yield
    os.environ.pop("REFWRIGHT_SECRET_PASSWORD", None)


async def _recorded(page: refwright.Page, server: TestServer, tmp_path: Path) -> list[Step]:
    await page.goto(server.url("/replay/unlabelled.html"))
    page.recording("Sign in")
    for request in ('Enter "keli" into the Username field', 'Enter "kk" into the Nickname field',
                    f'Type the password "{SECRET}" into the Password field'):
        result = await page.act(request)
        assert result.output.startswith("Done"), result.output
    script = (await page.save_recording(tmp_path / "signin.py")).read_text(encoding="utf-8")
    assert SECRET not in script
    steps = [s for s in parse_script(script) if isinstance(s, Step) and s.action != "goto"]
    # The fields have no name Playwright reads: the script finds them by their place, and keeps the name it read.
    assert [(s.nth, s.meant or s.name) for s in steps] == [(0, "Username"), (1, "Nickname"), (2, "Password")]
    return steps


async def test_a_reordered_form_gets_each_value_in_the_field_it_was_meant_for(
        page: refwright.Page, server: TestServer, tmp_path: Path, secret_env: None) -> None:
    steps = await _recorded(page, server, tmp_path)
    await page.goto(server.url("/replay/unlabelled.html?order=reversed"))
    replayer = Replayer(page, heal="local")
    outcomes = await replayer.run(steps)
    assert [o.status for o in outcomes] == ["healed", "replayed", "healed"]
    pw = page.playwright_page
    assert await pw.locator("#user").input_value() == "keli"
    assert await pw.locator("#nick").input_value() == "kk"
    assert await pw.locator("#pass").input_value() == SECRET
    assert "no longer stands at its recorded place" in outcomes[0].how


async def test_an_unchanged_form_replays_as_written(
        page: refwright.Page, server: TestServer, tmp_path: Path, secret_env: None) -> None:
    steps = await _recorded(page, server, tmp_path)
    await page.goto(server.url("/replay/unlabelled.html"))
    outcomes = await Replayer(page).run(steps)
    assert [o.status for o in outcomes] == ["replayed"] * 3
    assert await page.playwright_page.locator("#pass").input_value() == SECRET


async def test_a_password_is_never_typed_into_a_field_that_is_not_one(
        page: refwright.Page, server: TestServer, tmp_path: Path, secret_env: None) -> None:
    steps = await _recorded(page, server, tmp_path)
    # The page's password field became a plain text field: the step fails rather than show the secret.
    await page.goto(server.url("/replay/unlabelled.html"))
    await page.playwright_page.evaluate("document.getElementById('pass').type = 'text'")
    with pytest.raises(ReplayError, match=r"line \d+: .*no longer finds the password field .* shows no password "
                                          r"field; the secret is typed into a password field only"):
        await Replayer(page, heal="local").run(steps[2:])
    assert await page.playwright_page.locator("#pass").input_value() == ""
