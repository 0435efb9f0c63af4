"""Runs you can keep: a run recorded on the bundled demo app, saved as a script, replayed with no model,
healed on a changed page (and rewritten with --update), failing by line on a page changed past healing, with
secrets kept out of the script and a plain-Playwright form that runs without refwright."""

from __future__ import annotations

import dataclasses
import functools
import os
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path

import pytest

import refwright
from refwright.replay import Check, Step, parse_script, quoted_texts, write_script
from refwright.replay._run import Replayer, ReplayError

from ..conftest import TEST_CONFIG
from ..inprocess import environment
from ..inprocess import refwright as cli

PASSWORD = "correct-horse-42"
DEMO = Path(str(resources.files("refwright.demo").joinpath("assets")))


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@functools.cache
def _app(variant: str) -> str:
    """The demo app (``same``), or a changed copy of it, served on loopback; its signup page's URL."""
    folder = Path(f"/tmp/refwright-replay-{os.getpid()}-{variant}")
    if folder.exists():
        shutil.rmtree(folder)
    shutil.copytree(DEMO, folder)
    index = folder / "index.html"
    html = index.read_text(encoding="utf-8")
    email = ('    <label for="email">Email</label>\n    <input type="email" id="email" name="email" '
             'placeholder="you@example.com" required>\n')
    password = ('    <label for="password">Password</label>\n    <input type="password" id="password" '
                'name="password" placeholder="At least 8 characters" required>\n')
    assert email in html and password in html
    if variant == "changed":
        # The button renamed, the fields reordered, and the email's label moved into a placeholder.
        html = html.replace(email + password, password + '    <input type="email" id="email" name="email" '
                            'placeholder="E-mail address" required>\n')
        html = html.replace(">Create account</button>", ">Create my account</button>")
        # The greeting the closing check quotes loses its comma and exclamation mark.
        welcome = folder / "welcome.html"
        greeting = welcome.read_text(encoding="utf-8").replace("'Welcome, ' + email + '!'", "'Welcome ' + email")
        welcome.write_text(greeting, encoding="utf-8")
    elif variant == "broken":
        html = html.replace(">Create account</button>", ">Continue</button> <button type=\"button\">Go back</button>")
    index.write_text(html, encoding="utf-8")
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(folder)))
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{httpd.server_address[1]}/"


async def _record(page: refwright.Page) -> str:
    """Sign up on the demo app with ref commands, as a model would, and return the saved script."""
    page.recording("Sign up as demo@example.com with the password " + PASSWORD)
    await page.run_command(f"open {_app('same')}")
    snap = (await page.run_command("snapshot -i")).snapshot
    assert snap is not None
    ref = {e.name: "@" + e.ref for e in snap.refs.values()}
    for line in (f"fill {ref['Email']} demo@example.com", f"fill {ref['Password']} {PASSWORD}",
                 f"select {ref['Plan']} Team", f"get text {ref['Plan']}", f"check {ref['I agree to the terms']}",
                 f"click {ref['Create account']}", "wait --text Welcome", "snapshot -i"):
        await page.run_command(line)
    path = await page.save_recording(Path("/tmp") / f"refwright-replay-{os.getpid()}.py",
                                     answer='The page now says "Welcome, demo@example.com!"')
    return path.read_text(encoding="utf-8")


@pytest.fixture
def secret_env() -> Iterator[None]:
    os.environ["REFWRIGHT_SECRET_PASSWORD"] = PASSWORD
    yield
    os.environ.pop("REFWRIGHT_SECRET_PASSWORD", None)


async def test_a_recorded_signup_is_a_readable_script_and_replays_with_no_model(
        page: refwright.Page, browser: refwright.Browser, secret_env: None) -> None:
    script = await _record(page)
    assert 'def run(page: Page, *, email: str = "demo@example.com", plan: str = "Team") -> None:\n' in script
    run = "\n".join(script.split(" -> None:\n")[1].split("\n\n\n")[0].splitlines())
    statements = [line.strip() for line in run.splitlines() if not line.strip().startswith("#")]
    assert statements == [
        f'page.goto("{_app("same")}")',
        'page.get_by_role("textbox", name="Email").fill(email)',
        'page.get_by_role("textbox", name="Password").fill(', 'os.environ["REFWRIGHT_SECRET_PASSWORD"],', ")",
        'page.get_by_role("combobox", name="Plan").select_option(plan)',
        'page.get_by_role("checkbox", name="I agree to the terms").check()',
        'page.get_by_role("button", name="Create account").click()',
        'expect(page.get_by_text(f"Welcome, {email}!")).to_be_visible()',
    ]
    assert "Task: Sign up as demo@example.com with the password [secret]" in script
    assert PASSWORD not in script
    assert not re.search(r"@e\d|ref=e\d", script)
    # The request is written once, at the top: each step's intent is short.
    assert script.count("Sign up as") == 1
    assert '# intent: {"action": "click", "role": "button", "name": "Create account", "risk": "approval-required"}' \
        in script

    fresh = await browser.new_page(isolated=True)
    try:
        lines: list[str] = []
        outcomes = await Replayer(fresh, log=lines.append).run(parse_script(script))
    finally:
        await fresh.close()
    assert [o.status for o in outcomes] == ["replayed"] * 7
    assert lines[1] == 'line 19: replayed page.get_by_role("textbox", name="Email").fill()'
    assert fresh.url.startswith(_app("same") + "welcome.html?email=demo%40example.com&password=")


def test_the_script_is_ruff_format_clean(tmp_path: Path) -> None:
    steps = [Step("goto", value="http://127.0.0.1:8000/"),
             Step("fill", "textbox", "A field whose name is long enough to need a second line of its own here",
                  value='he said "hi"\n'),
             Step("click", "button", "Create account", exact=True, nth=1), Step("press", value="Enter"),
             Step("click", by="title", name="Previous month", repeat=3),
             Step("focus", role="slider", by="none", meant="Volume"),
             Step("drag", "option", "A card with a long name", to=Step("", "listbox", "The column it goes to")),
             Step("fill", "textbox", "Card number", value="4242",
                  frames=(Step("", by="title", name="Payment"), Step("", by="iframe", nth=1)))]
    checks = [Check(text="Welcome, a long quoted answer text that goes on and on past the line length"),
              Check(url="/welcome.html")]
    for plain in (False, True):
        path = tmp_path / f"s{plain}.py"
        path.write_text(write_script(steps, checks, task='a "task" \\ with """quotes"""', start_url="about:blank",
                                     date="2026-12-04", plain=plain), encoding="utf-8")
        ruff = shutil.which("ruff") or pytest.skip("ruff is not installed")
        done = subprocess.run([ruff, "format", "--isolated", "--check", str(path)], capture_output=True)
        assert done.returncode == 0, done.stdout + done.stderr
        assert parse_script(path.read_text(encoding="utf-8"))[1].value == 'he said "hi"\n'


def test_quoted_texts_are_what_an_answer_quotes() -> None:
    assert quoted_texts('It says "Welcome, a@b.c!" and `Done` and “Ready”; "x"') == ["Welcome, a@b.c!", "Done",
                                                                                   "Ready"]


def _replay(script: str, *args: str) -> subprocess.CompletedProcess[bytes]:
    with environment({**os.environ, "REFWRIGHT_SECRET_PASSWORD": PASSWORD}):
        return cli("replay", script, "--allow-private", "127.0.0.1", *args)


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    path = tmp_path / "signup.py"
    path.write_text(_SAVED, encoding="utf-8")
    return path


# Written by the recording test's steps; the tests below point it at a changed copy of the app.
_SAVED = write_script([
    Step("goto", value="{url}"),
    Step("fill", "textbox", "Email", value="demo@example.com", request="fill the Email field"),
    Step("fill", "textbox", "Password", secret="REFWRIGHT_SECRET_PASSWORD"),
    Step("select", "combobox", "Plan", value="Team"),
    Step("check", "checkbox", "I agree to the terms"),
    Step("click", "button", "Create account", risk="approval-required", request="click Create account"),
], [Check(text="Welcome, demo@example.com!")], task="Sign up", start_url="{url}", date="2026-12-04")
LINE = {s.name: s.line for s in parse_script(_SAVED) if isinstance(s, Step)}


def test_a_changed_page_heals_and_update_rewrites_the_healed_lines(saved: Path, tmp_path: Path) -> None:
    saved.write_text(_SAVED.replace("{url}", _app("changed")), encoding="utf-8")
    plain = _replay(str(saved))
    assert plain.returncode == 1
    assert f'line {LINE["Email"]}: get_by_role("textbox", name="Email") finds no element' in plain.stderr.decode()
    assert "--heal local" in plain.stderr.decode() and "Traceback" not in plain.stderr.decode()

    report = tmp_path / "report.json"
    done = _replay(str(saved), "--heal", "local", "--update", "--report", str(report))
    err = done.stderr.decode()
    assert done.returncode == 0, err
    assert (f'signup.py:line {LINE["Email"]}: healed get_by_role("textbox", name="Email") → '
            'get_by_role("textbox", name="E-mail address")') in err
    assert (f'signup.py:line {LINE["Create account"]}: healed get_by_role("button", name="Create account") → '
            'get_by_role("button", name="Create my account")') in err
    assert f"signup.py:line {LINE['Plan']}: replayed" in err  # the reordered Plan select needs no healing
    import json

    data = json.loads(report.read_text(encoding="utf-8"))
    assert [s["status"] for s in data["steps"]] == ["replayed", "healed", "replayed", "replayed", "replayed",
                                                    "healed", "healed"]
    assert data["steps"][-1]["new"] == 'expect(page.get_by_text("Welcome demo@example.com")).to_be_visible()'
    assert all(s["ms"] >= 0 for s in data["steps"])
    text = saved.read_text(encoding="utf-8")
    assert 'page.get_by_role("button", name="Create my account").click()' in text
    assert re.search(r'# healed \d{4}-\d\d-\d\d: was get_by_role\("button", name="Create account"\)', text)
    assert "the check was for 'Welcome, demo@example.com!'" in text
    # The rewritten script replays with no healing at all.
    again = _replay(str(saved))
    assert again.returncode == 0, again.stderr.decode()
    assert "healed" not in again.stderr.decode()


def test_a_page_changed_past_healing_fails_naming_the_line(saved: Path) -> None:
    saved.write_text(_SAVED.replace("{url}", _app("broken")), encoding="utf-8")
    done = _replay(str(saved), "--heal", "local")
    err = done.stderr.decode()
    assert done.returncode == 1
    assert f"signup.py:line {LINE['Create account']}: failed" in err
    assert (f'error: signup.py line {LINE["Create account"]}: get_by_role("button", name="Create account") '
            "finds no element, and healing found no control that fits the step") in err
    assert '[button] "Continue"' in err and "Traceback" not in err


def test_a_healed_step_riskier_than_the_recorded_one_needs_approval(saved: Path) -> None:
    # Recorded as a plain button; on the changed page the closest control submits the form.
    risky = _SAVED.replace("{url}", _app("changed")).replace(', "risk": "approval-required"', "")
    saved.write_text(risky, encoding="utf-8")
    done = _replay(str(saved), "--heal", "local")
    assert done.returncode == 1
    assert "it submits a form (what was entered is sent), and the recorded step did not" in done.stderr.decode()
    assert _replay(str(saved), "--heal", "local", "--approve", "auto").returncode == 0


def test_the_plain_playwright_form_runs_without_refwright(tmp_path: Path) -> None:
    path = tmp_path / "plain.py"
    text = _SAVED.replace("{url}", _app("same"))
    path.write_text(write_script(parse_script(text)[:-1] and [s for s in parse_script(text) if isinstance(s, Step)],
                                 [Check(text="Welcome, demo@example.com!")], task="Sign up", start_url="",
                                 date="2026-12-04", plain=True), encoding="utf-8")
    runner = ("import runpy, sys; sys.modules['refwright'] = None; "
              "sys.path = [p for p in sys.path if 'refwright' not in p and 'wt' not in p]; "
              f"runpy.run_path({str(path)!r}, run_name='__main__'); print('ran')")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["REFWRIGHT_SECRET_PASSWORD"] = PASSWORD
    env.setdefault("REFWRIGHT_EXECUTABLE_PATH", shutil.which("chromium-headless-shell") or "/usr/bin/chromium")
    done = subprocess.run([sys.executable, "-c", runner], capture_output=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr.decode()
    assert done.stdout.decode().strip() == "ran"
    assert "refwright" not in path.read_text(encoding="utf-8").split('"""')[2]


async def test_a_missing_secret_fails_naming_its_variable(page: refwright.Page) -> None:
    script = _SAVED.replace("{url}", _app("same"))
    os.environ.pop("REFWRIGHT_SECRET_PASSWORD", None)
    with pytest.raises(ReplayError, match=f"line {LINE['Password']}: .*REFWRIGHT_SECRET_PASSWORD, which is not set"):
        await Replayer(page).run(parse_script(script))


async def test_the_local_resolvers_run_is_recorded_step_by_step_without_its_password(
        page: refwright.Page, browser: refwright.Browser, tmp_path: Path, secret_env: None) -> None:
    from refwright.agent import LocalResolverLlm, run_agent
    from refwright.cli._demo import DEMO_TASK

    await page.run_command(f"open {_app('same')}")
    saved = tmp_path / "signup.py"
    run = await run_agent(page, LocalResolverLlm(confirm_proposals=True), DEMO_TASK, save_run=saved)
    assert run.answer.startswith("Done:")
    script = saved.read_text(encoding="utf-8")
    assert PASSWORD not in script and not re.search(r"@e\d", script)
    steps = parse_script(script)
    assert [(s.action, s.name) for s in steps if isinstance(s, Step)] == [
        ("goto", ""), ("fill", "Email"), ("fill", "Password"), ("select", "Plan"), ("check", "I agree to the terms"),
        ("click", "Create account")]
    password = next(s for s in steps if isinstance(s, Step) and s.name == "Password")
    assert password.secret == "REFWRIGHT_SECRET_PASSWORD" and password.value is None
    # The task (every step's request here) is written once, in the docstring; each intent is short.
    assert password.request == "" and script.count('Enter "demo@example.com" into the Email field') == 1
    assert steps[-1] == Check(url="/welcome.html", line=steps[-1].line, end_line=steps[-1].end_line)
    fresh = await browser.new_page(isolated=True)
    try:
        outcomes = await Replayer(fresh).run(steps)
    finally:
        await fresh.close()
    assert {o.status for o in outcomes} == {"replayed"}


def test_agent_save_run_writes_a_script_that_python_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ..fake_llm_servers import SIGNUP_EMAIL, SIGNUP_PASSWORD, OpenAIServer, signup_brain

    fake = OpenAIServer()
    try:
        fake.script(*[lambda body: signup_brain(fake.tool_outputs(body))] * 4)
        saved = tmp_path / "signup.py"
        env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "ANTHROPIC_"))}
        env |= {"OPENAI_API_KEY": "test-key", "OPENAI_BASE_URL": fake.base_url}
        with environment(env):
            done = cli("agent", "Sign up", "--url", _app("same"), "--model", "openai:test-model", "--save-run",
                       str(saved), "--allow-private", "127.0.0.1")
    finally:
        fake.stop()
    assert done.returncode == 0, done.stderr.decode()
    assert f"Saved the run as {saved}" in done.stderr.decode()
    script = saved.read_text(encoding="utf-8")
    assert SIGNUP_PASSWORD not in script and SIGNUP_EMAIL in script
    assert "get text" not in script and "snapshot" not in script  # reads are not steps
    src = str(Path(refwright.__file__).resolve().parent.parent)
    env = {**os.environ, "PYTHONPATH": src, "REFWRIGHT_SECRET_PASSWORD": SIGNUP_PASSWORD,
           "REFWRIGHT_ALLOW_PRIVATE": "127.0.0.1"}
    ran = subprocess.run([sys.executable, str(saved)], capture_output=True, env=env, timeout=60)
    err = ran.stderr.decode()
    assert ran.returncode == 0, err
    assert err.count(": replayed ") == len(parse_script(script)) and "healed" not in err


def test_a_tie_or_nothing_close_goes_to_the_decision_provider_when_one_is_given(saved: Path) -> None:
    import json

    from ..fake_llm_servers import ModelReply, OpenAIServer

    def pick(body: dict[str, object]) -> ModelReply:
        found = re.search(r'@(e\d+) button \\"Continue', json.dumps(body["messages"]))
        assert found, body
        return ModelReply(text=f"@{found.group(1)} it goes on with the signup")

    fake = OpenAIServer()
    try:
        fake.script(pick)
        saved.write_text(_SAVED.replace("{url}", _app("broken")), encoding="utf-8")
        env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "ANTHROPIC_"))}
        env |= {"OPENAI_API_KEY": "test-key", "OPENAI_BASE_URL": fake.base_url, "REFWRIGHT_SECRET_PASSWORD": PASSWORD}
        with environment(env):
            done = cli("replay", str(saved), "--heal", "openai:test-model", "--allow-private", "127.0.0.1")
    finally:
        fake.stop()
    err = done.stderr.decode()
    assert done.returncode == 0, err
    assert (f'signup.py:line {LINE["Create account"]}: healed get_by_role("button", name="Create account") → '
            "(found by the decision provider)") in err


def test_shell_save_run_keeps_the_commands_that_changed_the_page(tmp_path: Path) -> None:
    saved = tmp_path / "shell.py"
    with environment({**os.environ}):
        done = cli("shell", _app("same"), "--save-run", str(saved), "--allow-private", "127.0.0.1",
                   stdin=b"snapshot -i\nfill @e5 shell@example.com\nget title\ncheck @e11\n")
    assert done.returncode == 0, done.stderr.decode()
    assert f"Saved the run as {saved}" in done.stderr.decode()
    steps = [s for s in parse_script(saved.read_text(encoding="utf-8")) if isinstance(s, Step)]
    assert [(s.action, s.name, s.value) for s in steps] == [
        ("goto", "", _app("same")), ("fill", "Email", "shell@example.com"), ("check", "I agree to the terms", None)]


async def test_a_hostile_name_stays_a_string_literal_in_the_script(page: refwright.Page) -> None:
    # A page that names its button like code, to break out of the literal or the intent comment.
    name = 'Go")\n__import__("os").system("touch /tmp/pwned")  # """ \\'
    await page.playwright_page.set_content("<button id=b></button><script>"
                                           f"document.getElementById('b').setAttribute('aria-label', {name!r})"
                                           "</script>")
    recording = page.recording("hostile")
    snap = (await page.run_command("snapshot -i")).snapshot
    assert snap is not None
    (ref,) = [e.ref for e in snap.refs.values() if e.role == "button"]
    await page.run_command(f"click @{ref}")
    script = recording.script()
    items = parse_script(script)
    assert [(i.action, i.name) for i in items if isinstance(i, Step)] == [("click", " ".join(name.split()))]
    import ast

    run = next(n for n in ast.parse(script).body if isinstance(n, ast.FunctionDef))
    assert len(run.body) == 1  # one statement: the name never became code


async def test_save_run_needs_a_refwright_page() -> None:
    from refwright.agent import ScriptedLlm, run_agent

    from ..fake_llm_servers import FakeSignupPage

    with pytest.raises(ValueError, match="save_run needs a refwright page"):
        await run_agent(FakeSignupPage(), ScriptedLlm([]), "Sign up", save_run="never.py")


async def test_a_value_the_model_wrote_as_a_secret_token_is_read_from_the_environment(
        browser: refwright.Browser) -> None:
    url = _app("same")
    origin = "/".join(url.split("/")[:3])
    config = dataclasses.replace(TEST_CONFIG, secrets=[refwright.Secret("work_email", "ada@example.com", (origin,))])
    page = await browser.new_page(isolated=True, config=config)
    await page.run_command(f"open {url}")
    recording = page.recording("Sign up with the API key")
    snap = (await page.run_command("snapshot -i")).snapshot
    assert snap is not None
    email = next(e.ref for e in snap.refs.values() if e.name == "Email")
    await page.run_command(f"fill @{email} {{{{secret:work_email}}}}")
    script = recording.script()
    assert 'os.environ["REFWRIGHT_SECRET_WORK_EMAIL"]' in script
    (step,) = [s for s in parse_script(script) if isinstance(s, Step) and s.action == "fill"]
    assert step.secret == "REFWRIGHT_SECRET_WORK_EMAIL" and step.value is None
    assert "ada@example.com" not in script
    await page.close()
