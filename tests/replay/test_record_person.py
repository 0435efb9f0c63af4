"""Recording a person (`page.record_person()`, `refwright record`): Playwright acts as the person, with real
input events (a pointer pressed and released, keys typed), and what it does is written as the same kind of
script an agent's run makes, which replays, with other values too, on a site that records what it receives."""

from __future__ import annotations

import os
import urllib.parse
from pathlib import Path

import refwright
from refwright.replay import parse_script
from refwright.replay._params import bind
from refwright.replay._run import Replayer
from refwright.replay._script_reader import script_params

from ..server import TestServer
from .test_replay_params import _created

# A person holds the button down for a moment; the recorder locates what was pressed meanwhile.
HOLD_MS = 120


async def _act_as_a_person(pw: object, server: TestServer) -> None:
    page = pw  # a Playwright page
    await page.get_by_label("Email address").click(delay=HOLD_MS)  # type: ignore[attr-defined]
    await page.keyboard.type("grace@example.com", delay=5)  # type: ignore[attr-defined]
    await page.get_by_label("Full name").click(delay=HOLD_MS)  # type: ignore[attr-defined]
    await page.keyboard.type("Grace Hopper", delay=5)  # type: ignore[attr-defined]
    await page.get_by_label("Plan").focus()  # type: ignore[attr-defined]
    await page.keyboard.press("ArrowDown")  # type: ignore[attr-defined]  # Free -> Team, as a person's arrow key does
    await page.get_by_role("button", name="Create account").click(delay=HOLD_MS)  # type: ignore[attr-defined]
    await page.get_by_text("Account created for").wait_for()  # type: ignore[attr-defined]


async def test_a_persons_actions_are_written_as_a_script_that_replays_with_other_values(
        page: refwright.Page, browser: refwright.Browser, server: TestServer, tmp_path: Path) -> None:
    _created(server)
    await page.goto(server.url("/replay/account.html"))
    recorder = await page.record_person("Create an account")
    await _act_as_a_person(page.playwright_page, server)
    await recorder.stop()
    script = (await page.save_recording(tmp_path / "person.py")).read_text(encoding="utf-8")
    statements = [line.strip() for line in script.split(" -> None:\n")[1].split("\n\n\n")[0].splitlines()
                  if not line.strip().startswith("#")]
    assert statements == [
        f'page.goto("{server.url("/replay/account.html")}")',
        'page.get_by_role("textbox", name="Email address").fill(email_address)',
        'page.get_by_role("textbox", name="Full name").fill(full_name)',
        'page.get_by_role("combobox", name="Plan").select_option(plan)',
        'page.get_by_role("button", name="Create account").click()',
        "expect(", 'page.get_by_text(f"Account created for {email_address} on the {plan} plan."),',
        ").to_be_visible()",
    ], script
    assert script_params(script) == {"email_address": "grace@example.com", "full_name": "Grace Hopper",
                                     "plan": "Team"}
    assert '# intent: {"action": "click", "role": "button", "name": "Create account", "risk": "approval-required"}' \
        in script

    steps = parse_script(script)
    for values in ({}, {"email_address": "ada@example.com", "plan": "Business"}):
        fresh = await browser.new_page(isolated=True)
        try:
            outcomes = await Replayer(fresh).run(bind(steps, {**script_params(script), **values}))
        finally:
            await fresh.close()
        assert {o.status for o in outcomes} == {"replayed"}
        assert server.received[-1] == {"email": values.get("email_address", "grace@example.com"),  # type: ignore[attr-defined]
                                       "name": "Grace Hopper", "plan": values.get("plan", "Team")}


async def test_a_persons_password_stays_out_of_the_script_and_a_wizards_hidden_step_is_kept(
        page: refwright.Page, browser: refwright.Browser, server: TestServer, tmp_path: Path) -> None:
    server.html("/replay/login.html", "<form action='/replay/wizard.html'><label>User <input name=u></label>"
                "<label>Password <input type=password name=p></label><button>Sign in</button></form>")
    await page.goto(server.url("/replay/login.html"))
    recorder = await page.record_person()
    pw = page.playwright_page
    await pw.get_by_label("User").click(delay=HOLD_MS)
    await pw.keyboard.type("ada", delay=5)
    await pw.get_by_label("Password").click(delay=HOLD_MS)
    await pw.keyboard.type("s3cret-horse", delay=5)
    await pw.keyboard.press("Enter")  # submits the form: the page it leaves is read first
    await pw.wait_for_url("**/wizard.html*")
    await pw.get_by_label("Workspace name").click(delay=HOLD_MS)
    await pw.keyboard.type("Ada", delay=5)
    await pw.get_by_role("button", name="Next").click(delay=HOLD_MS)  # hides itself when clicked
    await pw.get_by_label("I accept the terms").click(delay=HOLD_MS)
    await pw.get_by_role("button", name="Finish").click(delay=HOLD_MS)
    await pw.get_by_text("is ready").wait_for()
    await recorder.stop()
    script = (await page.save_recording(tmp_path / "login.py")).read_text(encoding="utf-8")
    assert "s3cret-horse" not in script
    assert 'os.environ["REFWRIGHT_SECRET_PASSWORD"]' in script
    assert 'page.get_by_role("textbox", name="Password").press("Enter")' in script, script
    assert 'page.get_by_role("button", name="Next").click()' in script
    assert 'page.get_by_role("checkbox", name="I accept the terms").check()' in script
    assert 'f"Workspace {workspace_name} is ready on the Free plan."' in script
    os.environ["REFWRIGHT_SECRET_PASSWORD"] = "s3cret-horse"
    fresh = await browser.new_page(isolated=True)
    try:
        outcomes = await Replayer(fresh).run(parse_script(script))
    finally:
        await fresh.close()
        os.environ.pop("REFWRIGHT_SECRET_PASSWORD", None)
    assert {o.status for o in outcomes} == {"replayed"}
    query = urllib.parse.parse_qs(server.requests_to("/replay/wizard.html")[-1].path.split("?", 1)[1])
    assert query == {"u": ["ada"], "p": ["s3cret-horse"]}


async def test_a_click_quicker_than_the_recorder_is_kept_by_the_role_and_name_read_as_it_was_pressed(
        page: refwright.Page, browser: refwright.Browser, server: TestServer, tmp_path: Path) -> None:
    """A press and release with no pause: the button hides itself and the link leaves the page before Python
    can read either, so the step is located by the role and name the page read at the press."""
    server.html("/replay/quick.html", "<h1>Setup</h1><button type=button onclick='this.hidden = true; "
                "document.getElementById(\"s\").textContent = \"Step two\"'>Next</button> "
                "<a href='/replay/quick-done.html'>Finish up</a><p id=s></p>")
    server.html("/replay/quick-done.html", "<p>All done</p>")
    await page.goto(server.url("/replay/quick.html"))
    recorder = await page.record_person()
    pw = page.playwright_page
    for name in ("Next", "Finish up"):
        box = await pw.get_by_text(name).bounding_box()
        assert box is not None
        await pw.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        await pw.mouse.down()
        await pw.mouse.up()
    await pw.wait_for_url("**/quick-done.html")
    await recorder.stop()
    script = (await page.save_recording(tmp_path / "quick.py")).read_text(encoding="utf-8")
    assert 'page.get_by_role("button", name="Next").click()' in script, script
    assert 'page.get_by_role("link", name="Finish up").click()' in script, script
    assert "not kept" not in script, script
    served = len(server.requests_to("/replay/quick-done.html"))
    fresh = await browser.new_page(isolated=True)
    try:
        outcomes = await Replayer(fresh).run(parse_script(script))
    finally:
        await fresh.close()
    assert [o.status for o in outcomes if o.status != "replayed"] == []
    assert len(server.requests_to("/replay/quick-done.html")) == served + 1


def test_refwright_record_saves_the_script_when_enter_is_pressed(server: TestServer, tmp_path: Path) -> None:
    """The command's own plumbing, headless: it opens the page, listens, and Enter at the terminal saves."""
    import subprocess
    import sys

    saved = tmp_path / "run.py"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src") + os.pathsep
           + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.Popen([sys.executable, "-m", "refwright", "record", server.url("/replay/account.html"),
                             "--save-run", str(saved), "--headless", "--allow-private", "127.0.0.1"],
                            stdin=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert proc.stdin is not None and proc.stderr is not None
    said = b""
    while b"Recording what you do" not in said:
        line = proc.stderr.readline()
        assert line, said.decode()
        said += line
    proc.stdin.write(b"\n")
    proc.stdin.flush()
    rest = proc.stderr.read()
    assert proc.wait(timeout=60) == 0, (said + rest).decode()
    assert f"Saved 0 step(s) as {saved}" in rest.decode()
    assert f'page.goto("{server.url("/replay/account.html")}")' in saved.read_text(encoding="utf-8")
