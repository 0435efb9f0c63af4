"""Recording a person headless, through the console (`refwright record URL --save-run run.py --headless`): the
command runs as a subprocess, prints the console's URL, and Playwright acts as the person in a second browser:
it opens the console, presses Take over, clicks and types on the live view's picture, and presses Done. The
script written replays with other values (`refwright replay run.py --set ...`) on a site that records what it
receives. Also: the guard holds on the recorded page, and a console that cannot listen is a sentence."""

from __future__ import annotations

import asyncio
import os
import socket
import sys
from pathlib import Path

import pytest
import pytest_asyncio
from playwright.async_api import Page as PlaywrightPage
from playwright.async_api import expect

import refwright

from ..server import TestServer
from .test_replay_params import _created

pytestmark = pytest.mark.asyncio(loop_scope="session")

SRC = str(Path(__file__).resolve().parents[2] / "src")
ENV = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}

# Controls at known fractions of the viewport, whatever its size: the person aims at them on the live view.
FORM = """<!doctype html><title>Create an account</title>
<style>body { margin: 0 } .at { position: absolute; left: 30vw; width: 40vw; height: 8vh; font-size: 20px }
label { position: absolute; left: 5vw; font-size: 20px }</style>
<form method=post action=/replay/created>
<label for=email style="top: 10vh">Email address</label>
<input class=at type=email id=email name=email style="top: 10vh">
<label for=name style="top: 30vh">Full name</label>
<input class=at id=name name=name style="top: 30vh">
<label for=plan style="top: 50vh">Plan</label>
<select class=at id=plan name=plan style="top: 50vh"><option>Free<option>Team<option>Business</select>
<button class=at style="top: 70vh">Create account</button>
</form>"""
# The middle of each control, as fractions of the viewport.
EMAIL, NAME, BUTTON = (0.5, 0.14), (0.5, 0.34), (0.5, 0.74)


async def _refwright(*args: str) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "refwright", *args, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE, env=ENV)


@pytest_asyncio.fixture(loop_scope="session")
async def person(page: refwright.Page) -> PlaywrightPage:
    """The person's own browser tab, where they open the console."""
    pw = page.playwright_page
    await pw.set_viewport_size({"width": 1280, "height": 1000})
    return pw


async def _console_url(proc: asyncio.subprocess.Process) -> str:
    assert proc.stdout is not None and proc.stderr is not None
    line = await asyncio.wait_for(proc.stdout.readline(), 60)
    if not line:
        said = await proc.stderr.read()
        raise AssertionError(f"refwright record printed no console URL: {said.decode()}")
    return line.decode().strip()


async def _take_over(person: PlaywrightPage, url: str, task: str) -> tuple[float, float, float, float]:
    """Open the console, the recorded run, and Take over; the live view's box on the person's screen."""
    await person.goto(url)
    row = person.get_by_role("row").filter(has_text=task)
    await row.get_by_role("button", name="Open").click()
    await person.get_by_role("button", name="Take over").click()
    await expect(person.get_by_role("button", name="Done: save the script")).to_be_visible()
    live = person.locator("#frame")
    await expect(live).to_be_visible()
    box = await live.bounding_box()
    assert box is not None
    return box["x"], box["y"], box["width"], box["height"]


async def _click(person: PlaywrightPage, box: tuple[float, float, float, float], at: tuple[float, float],
                 hold: float = 0.2) -> None:
    x, y, width, height = box
    await person.mouse.move(x + width * at[0], y + height * at[1])
    await person.mouse.down()
    # A person holds the button a moment; the recorder locates what was pressed meanwhile (before a submit leaves).
    await asyncio.sleep(hold)
    await person.mouse.up()


async def _received(server: TestServer, count: int) -> list[dict[str, str]]:
    for _ in range(300):
        received: list[dict[str, str]] = server.received  # type: ignore[attr-defined]
        if len(received) >= count:
            return received
        await asyncio.sleep(0.1)
    raise AssertionError(f"the site received {server.received} (expected {count} form(s))")  # type: ignore[attr-defined]


async def _finished(proc: asyncio.subprocess.Process) -> tuple[int, str]:
    assert proc.stderr is not None
    said = await asyncio.wait_for(proc.stderr.read(), 60)
    return await asyncio.wait_for(proc.wait(), 60), said.decode()


async def test_a_person_records_in_the_consoles_live_view_and_the_script_replays_with_other_values(
        person: PlaywrightPage, server: TestServer, tmp_path: Path) -> None:
    _created(server)
    start = server.html("/replay/headless-account.html", FORM)
    saved = tmp_path / "run.py"
    proc = await _refwright("record", start, "--save-run", str(saved), "--headless", "--task", "Create an account",
                            "--allow-private", f"127.0.0.1:{server.port}")
    try:
        box = await _take_over(person, await _console_url(proc), "Create an account")
        await _click(person, box, EMAIL)
        await person.keyboard.type("grace@example.com", delay=5)
        await _click(person, box, NAME)
        await person.keyboard.type("Grace Hopper", delay=5)
        await person.keyboard.press("Tab")  # to the list, whose next option an arrow key picks: Free -> Team
        await person.keyboard.press("ArrowDown")
        await _click(person, box, BUTTON, hold=1.5)
        assert (await _received(server, 1))[-1] == {"email": "grace@example.com", "name": "Grace Hopper",
                                                      "plan": "Team"}
        await person.get_by_role("button", name="Done: save the script").click()
        status, said = await _finished(proc)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    assert status == 0, said
    assert f"Saved 4 step(s) as {saved}" in said, said + saved.read_text(encoding="utf-8")
    script = saved.read_text(encoding="utf-8")
    for line in ('page.get_by_role("textbox", name="Email address").fill(email_address)',
                 'page.get_by_role("textbox", name="Full name").fill(full_name)',
                 'page.get_by_role("combobox", name="Plan").select_option(plan)',
                 'page.get_by_role("button", name="Create account").click()',
                 'page.get_by_text(f"Account created for {email_address} on the {plan} plan."),',
                 '# intent: {"action": "click", "role": "button", "name": "Create account", '
                 '"risk": "approval-required"}'):
        assert line in script, script

    replay = await _refwright("replay", str(saved), "--set", "email_address=ada@example.com", "--set",
                              "plan=Business", "--allow-private", f"127.0.0.1:{server.port}")
    status, said = await _finished(replay)
    assert status == 0, said
    assert server.received[-1] == {"email": "ada@example.com", "name": "Grace Hopper",  # type: ignore[attr-defined]
                                   "plan": "Business"}


async def test_a_console_that_cannot_listen_is_a_sentence_and_nothing_is_saved(
        server: TestServer, tmp_path: Path) -> None:
    saved = tmp_path / "run.py"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        proc = await _refwright("record", server.url("/replay/account.html"), "--save-run", str(saved),
                                "--headless", "--port", str(port), "--allow-private", "127.0.0.1")
        status, said = await _finished(proc)
    assert status == 1, said
    assert f"error: The console cannot listen on 127.0.0.1:{port} (Address already in use). Pick another --port, " \
        "or free that one." in said, said
    assert not saved.exists()


# A page that, when the person presses its button, tries a private address it was not allowed (another port of
# this machine, by another name), then tells the allowed site what happened and goes there itself.
HOSTILE = """<!doctype html><title>Win a prize</title>
<style>body { margin: 0 } button { position: absolute; left: 30vw; top: 30vh; width: 40vw; height: 20vh }</style>
<button>Claim the prize</button>
<script>
document.querySelector("button").onclick = async () => {
  try { await fetch("CANARY", {mode: "no-cors"}); } catch (e) { /* refused or answered: the canary knows */ }
  await fetch("/replay/told?tried=1");
  location.href = "CANARY";
};
</script>"""


async def test_the_guard_holds_on_the_page_a_person_records_headless(
        person: PlaywrightPage, server: TestServer, cross_server: TestServer, tmp_path: Path) -> None:
    canary = cross_server.url("/canary")
    start = server.html("/replay/prize.html", HOSTILE.replace("CANARY", canary))
    server.html("/replay/told", "ok")
    saved = tmp_path / "run.py"
    proc = await _refwright("record", start, "--save-run", str(saved), "--headless", "--task", "Claim the prize",
                            "--allow-private", f"127.0.0.1:{server.port}")
    try:
        box = await _take_over(person, await _console_url(proc), "Claim the prize")
        await _click(person, box, (0.5, 0.4))
        for _ in range(300):
            if server.requests_to("/replay/told"):
                break
            await asyncio.sleep(0.1)
        await person.get_by_role("button", name="Done: save the script").click()
        status, said = await _finished(proc)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    assert [r.path for r in server.requests_to("/replay/told")] == ["/replay/told?tried=1"], \
        "the person's click ran the page's script"
    assert cross_server.requests_to("/canary") == [], "neither the request nor the navigation reached it"
    assert status == 0, said
    assert 'page.get_by_role("button", name="Claim the prize").click()' in saved.read_text(encoding="utf-8")
