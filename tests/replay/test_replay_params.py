"""Runs you can keep, with other values: a recorded run's typed and chosen values are parameters of the
script, replayed with `--set`, once per row of `--data`, and by `python run.py --set`; the script closes with
checks on what the run achieved, which fail when the outcome differs; and a recorded wizard replays on its
own unchanged page (#44)."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import urllib.parse
from pathlib import Path

import refwright
from refwright.replay import parse_script
from refwright.replay._run import Replayer

from ..inprocess import environment
from ..inprocess import refwright as cli
from ..server import TestServer

SRC = str(Path(__file__).resolve().parents[2] / "src")


def _created(server: TestServer, template: str = "Account created for {email} on the {plan} plan.") -> None:
    """The account form's target: it answers with what it received, in a status line (and keeps it)."""

    def route(handler: object) -> None:
        # The server logged the request, body and all, before handing it here.
        fields = dict(urllib.parse.parse_qsl(server.requests_to("/replay/created")[-1].body.decode()))
        server.received.append(fields)  # type: ignore[attr-defined]
        body = (f"<title>Welcome</title><h1>Welcome</h1><p role='status'>{template.format(**fields)}</p>"
                "<a href='/replay/account.html'>Create another</a>")
        handler.send_body(body.encode(), "text/html; charset=utf-8")  # type: ignore[attr-defined]

    server.received = []  # type: ignore[attr-defined]
    server.set_route("/replay/created", route)


async def _record(page: refwright.Page, server: TestServer, path: Path) -> str:
    """Create an account with ref commands, as a model would, and save the run."""
    _created(server)
    page.recording("Create an account for demo@example.com (Ada Lovelace) on the Team plan")
    await page.run_command(f"open {server.url('/replay/account.html')}")
    snap = (await page.run_command("snapshot -i")).snapshot
    assert snap is not None
    ref = {e.name: "@" + e.ref for e in snap.refs.values()}
    for line in (f"fill {ref['Email address']} demo@example.com", f"fill {ref['Full name']} Ada Lovelace",
                 f"select {ref['Plan']} Team", f"click {ref['Create account']}", "wait --text created"):
        await page.run_command(line)
    saved = await page.save_recording(path, answer='Done. The page says "Account created for demo@example.com on '
                                                   'the Team plan." under "Welcome".')
    return saved.read_text(encoding="utf-8")


async def test_typed_and_chosen_values_are_parameters_and_the_closing_check_is_the_outcome(
        page: refwright.Page, browser: refwright.Browser, server: TestServer, tmp_path: Path) -> None:
    script = await _record(page, server, tmp_path / "account.py")
    assert ('    email_address: str = "demo@example.com",\n    full_name: str = "Ada Lovelace",\n'
            '    plan: str = "Team",\n') in script, script
    assert 'page.get_by_role("textbox", name="Email address").fill(email_address)' in script
    assert 'page.get_by_role("combobox", name="Plan").select_option(plan)' in script
    # What the run achieved, with its parameters; not the labels that were there before ("Welcome" was not a
    # label, but the page said it before the status line: a heading the answer only pointed at is kept too).
    assert 'f"Account created for {email_address} on the {plan} plan."' in script
    assert 'get_by_text("Email address")' not in script and 'get_by_text("Create account")' not in script
    # It replays on the unchanged page.
    fresh = await browser.new_page(isolated=True)
    try:
        outcomes = await Replayer(fresh).run(parse_script(script))
    finally:
        await fresh.close()
    assert {o.status for o in outcomes} == {"replayed"}
    assert server.received[-1] == {"email": "demo@example.com", "name": "Ada Lovelace", "plan": "Team"}  # type: ignore[attr-defined]


def _replay_now(*args: str) -> subprocess.CompletedProcess[bytes]:
    with environment(dict(os.environ)):
        return cli("replay", *args, "--allow-private", "127.0.0.1")


async def _replay(*args: str) -> subprocess.CompletedProcess[bytes]:
    """``refwright replay`` in this process, on a thread of its own (it runs its own event loop)."""
    return await asyncio.to_thread(_replay_now, *args)


async def test_set_runs_the_script_with_other_values_and_an_unknown_name_lists_the_parameters(
        page: refwright.Page, server: TestServer, tmp_path: Path) -> None:
    path = tmp_path / "account.py"
    await _record(page, server, path)
    done = await _replay(str(path), "--set", "email_address=grace@example.com", "--set", "plan=Business")
    assert done.returncode == 0, done.stderr.decode()
    assert server.received[-1] == {"email": "grace@example.com", "name": "Ada Lovelace",  # type: ignore[attr-defined]
                                   "plan": "Business"}
    assert 'replayed check: the text "Account created for grace@example.com on the Business plan." is shown' \
        in done.stderr.decode()

    wrong = await _replay(str(path), "--set", "emial=x@example.com")
    assert wrong.returncode == 2
    assert wrong.stderr.decode().strip() == ("error: --set: account.py has no parameter 'emial'; its parameters are "
                                             "email_address, full_name, plan.")


async def test_the_closing_check_fails_when_the_outcome_differs(
        page: refwright.Page, server: TestServer, tmp_path: Path) -> None:
    path = tmp_path / "account.py"
    await _record(page, server, path)
    _created(server, "Account created for {email} on the Free plan.")  # the site ignores the plan chosen
    done = await _replay(str(path), "--set", "plan=Business")
    err = done.stderr.decode()
    assert done.returncode == 1
    assert ("the closing check failed: the page (" + server.url("/replay/created") + ") does not show the text "
            '"Account created for demo@example.com on the Business plan."') in err, err


async def test_data_runs_each_row_and_a_failing_row_does_not_stop_the_others(
        page: refwright.Page, server: TestServer, tmp_path: Path) -> None:
    path = tmp_path / "account.py"
    await _record(page, server, path)
    plan_line = next(s.line for s in parse_script(path.read_text(encoding="utf-8")) if getattr(s, "name", "") == "Plan")
    rows = tmp_path / "rows.csv"
    rows.write_text("email_address,plan\nann@example.com,Free\nbob@example.com,Platinum\ncy@example.com,Business\n",
                    encoding="utf-8")
    report = tmp_path / "rows.jsonl"
    server.received.clear()  # type: ignore[attr-defined]
    done = await _replay(str(path), "--data", str(rows), "--report", str(report))
    out = done.stdout.decode().splitlines()
    assert done.returncode == 1, done.stderr.decode()
    assert out[0].startswith("row 1: passed (") and out[2].startswith("row 3: passed ("), out
    assert out[1] == (f'row 2: failed at line {plan_line}: the list "Plan" offers no option "Platinum" (a value the '
                      "step was given or recorded; healing does not change data).")
    # Each row in a fresh context; the column left out (full_name) keeps the recorded value.
    assert server.received == [  # type: ignore[attr-defined]
        {"email": "ann@example.com", "name": "Ada Lovelace", "plan": "Free"},
        {"email": "cy@example.com", "name": "Ada Lovelace", "plan": "Business"}]
    lines = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
    assert [(r["row"], r["ok"], r.get("line")) for r in lines] == [(1, True, None), (2, False, plan_line),
                                                                   (3, True, None)]
    assert lines[1]["values"]["plan"] == "Platinum" and lines[0]["steps"][0]["status"] == "replayed"

    jsonl = tmp_path / "rows2.jsonl"
    jsonl.write_text('{"full_name": "Dee"}\n{"email_address": "eve@example.com", "plan": "Team"}\n', encoding="utf-8")
    server.received.clear()  # type: ignore[attr-defined]
    both = await _replay(str(path), "--data", str(jsonl), "--parallel", "2")
    assert both.returncode == 0, both.stdout.decode() + both.stderr.decode()
    assert sorted(r["email"] + "/" + r["name"] for r in server.received) == [  # type: ignore[attr-defined]
        "demo@example.com/Dee", "eve@example.com/Ada Lovelace"]

    bad = tmp_path / "bad.csv"
    bad.write_text("email,plan\na@b.c,Team\n", encoding="utf-8")
    refused = await _replay(str(path), "--data", str(bad))
    assert refused.returncode == 2
    assert "its column 'email' is not a parameter of account.py; its parameters are email_address, full_name, " \
           "plan." in refused.stderr.decode()


async def test_python_runs_the_script_with_set_and_the_replay_options(
        page: refwright.Page, server: TestServer, tmp_path: Path) -> None:
    path = tmp_path / "account.py"
    await _record(page, server, path)
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    env.pop("REFWRIGHT_ALLOW_PRIVATE", None)
    done = await asyncio.to_thread(subprocess.run, [sys.executable, str(path), "--set", "full_name=Grace Hopper",
                                   "--allow-private", "127.0.0.1"], capture_output=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr.decode()
    assert server.received[-1]["name"] == "Grace Hopper"  # type: ignore[attr-defined]


WIZARD_TASK = ('Enter "Ada" into the Workspace name field, click "Next", select "Team" from the Plan list, check '
               '"I accept the terms" and click "Finish".')


def test_a_recorded_wizard_replays_on_its_own_unchanged_page(server: TestServer, tmp_path: Path) -> None:
    saved = tmp_path / "wizard.py"
    with environment(dict(os.environ)):
        done = cli("agent", WIZARD_TASK, "--url", server.url("/replay/wizard.html"), "--model", "local:auto-approve",
                   "--save-run", str(saved), "--allow-private", "127.0.0.1")
    assert done.returncode == 0, done.stderr.decode()
    script = saved.read_text(encoding="utf-8")
    # The closing check is what the page shows at the end, with the run's values as parameters; no label the
    # run clicked (the final answer's Changes list "Finish" as removed) and no hidden text.
    assert 'f"Workspace {workspace_name} is ready on the {plan} plan."' in script, script
    assert 'get_by_text("Finish")' not in script and 'get_by_text("Next")' not in script
    assert script.count(WIZARD_TASK[:30]) == 1
    replayed = _replay_now(str(saved))
    assert replayed.returncode == 0, replayed.stderr.decode()
    again = _replay_now(str(saved), "--set", "workspace_name=Babbage", "--set", "plan=Business")
    assert again.returncode == 0, again.stderr.decode()
    assert 'the text "Workspace Babbage is ready on the Business plan." is shown' in again.stderr.decode()



async def test_a_choice_the_list_already_showed_is_kept_as_a_parameter(
        page: refwright.Page, server: TestServer, tmp_path: Path) -> None:
    _created(server)
    request = ('Enter "ann@example.com" into the Email address field, select "Free" from the Plan list and click '
               '"Create account"')
    await page.goto(server.url("/replay/account.html"))
    page.recording(request)
    for _ in range(6):
        out = (await page.act(request)).output
        if out.startswith("Needs approval:"):
            out = (await page.confirm(out.split("`confirm ")[1].split("`")[0])).output
        if out.startswith("Done"):
            break
    assert out.startswith("Done"), out
    assert server.received[-1]["plan"] == "Free"  # type: ignore[attr-defined]
    script = (await page.save_recording(tmp_path / "free.py")).read_text(encoding="utf-8")
    # Free was shown before the run, so nothing was chosen; the script chooses it all the same, as a parameter.
    assert 'plan: str = "Free"' in script and 'name="Plan").select_option(plan)' in script, script
    done = await _replay(str(tmp_path / "free.py"), "--set", "plan=Team")
    assert done.returncode == 0, done.stderr.decode()
    assert server.received[-1] == {"email": "ann@example.com", "plan": "Team"}  # type: ignore[attr-defined]
