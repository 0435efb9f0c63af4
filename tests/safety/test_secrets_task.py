"""A task that quotes a declared secret's value (issue 44 §2): `refwright agent --transcript --save-run`
writes the value nowhere, in none of its spellings: not in the transcript's first line, the saved run's
docstring, the answer, the progress on stderr, a `--tasks` result row, nor the console's copy of the task.
The model (here the local resolver) gets `{{secret:PW}}` in its place, and the login still works."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import refwright
from refwright import Config, Secret, Secrets
from refwright.agent import LocalResolverLlm
from refwright.console import Console, ConsoleServer, run_reported

from ..conftest import TEST_CONFIG
from ..inprocess import environment
from ..inprocess import refwright as refwright_cli
from ..server import TestServer
from .test_secrets_page import PW, leaks

LOGIN = """<title>Sign in</title><form onsubmit="event.preventDefault();
  document.getElementById('done').textContent = password.value.length ? 'Signed in' : 'Empty'">
<label>Password <input type=password id=password></label><button>Sign in</button></form><p id=done></p>"""

TASK = f'enter "{PW}" into the Password field'


def test_the_agent_writes_the_value_nowhere(server: TestServer, tmp_path: Path) -> None:
    url = server.html("/task-secret.html", LOGIN)
    transcript, saved = tmp_path / "t.jsonl", tmp_path / "run.py"
    env = {**os.environ, "REFWRIGHT_SECRET_PW": PW}
    with environment(env):
        result = refwright_cli("agent", TASK, "--url", url, "--allow-private", "--model", "local:auto-approve",
                               "--secret", f"PW@{server.prefix}", "--transcript", str(transcript),
                               "--save-run", str(saved))
    out, err = result.stdout.decode(), result.stderr.decode()
    first = json.loads(transcript.read_text().splitlines()[0])
    assert first["text"] == 'enter "{{secret:PW}}" into the Password field'
    written = {"stdout": out, "stderr": err, "transcript": transcript.read_text()}
    if saved.exists():
        written["saved run"] = saved.read_text()
        assert "Task: enter \"{{secret:PW}}\" into the Password field" in written["saved run"]
    assert {where: leaks(text) for where, text in written.items() if leaks(text)} == {}


def test_a_tasks_row_does_not_hold_the_value(server: TestServer, tmp_path: Path) -> None:
    url = server.html("/task-secret-rows.html", LOGIN)
    tasks, rows = tmp_path / "tasks.jsonl", tmp_path / "out.jsonl"
    tasks.write_text(json.dumps({"task": TASK, "url": url}) + "\n")
    with environment({**os.environ, "REFWRIGHT_SECRET_PW": PW}):
        refwright_cli("agent", "--tasks", str(tasks), "--output", str(rows), "--allow-private", "--model", "local",
                      "--secret", f"PW@{server.prefix}")
    row = json.loads(rows.read_text())
    assert row["task"] == 'enter "{{secret:PW}}" into the Password field'
    assert leaks(rows.read_text()) == []


async def test_the_console_shows_the_task_without_the_value(server: TestServer) -> None:
    config = Config(timeouts=TEST_CONFIG.timeouts, allow_private=True,
                    secrets=Secrets([Secret("PW", PW, (server.prefix,))]))
    async with refwright.launch(config=config) as browser:
        page = await browser.new_page()
        await page.run_command(f"open {server.html('/task-secret-console.html', LOGIN)}")
        console = Console(browser)
        async with ConsoleServer(console) as served:
            # A run another process reports (`agent --console`), and one started on the console's page.
            await run_reported(served.url, page, LocalResolverLlm(confirm_proposals=True), TASK)
            console.start(TASK, llm=LocalResolverLlm(confirm_proposals=True))
            tasks = [r.task for r in console.book.runs.values()]
    assert tasks == ['enter "{{secret:PW}}" into the Password field'] * 2


@pytest.fixture(autouse=True)
def _no_stray_secret_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("REFWRIGHT_SECRET_PW", raising=False)
