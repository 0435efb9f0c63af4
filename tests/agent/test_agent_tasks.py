"""``refwright agent --tasks`` over a session pool: one JSON line per task, resumable, remote or local."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from refwright.cli._tasks import done_ids, read_tasks

from ..fleet import process_group_alive, run_server
from ..inprocess import environment, refwright
from ..server import TestServer


def _agent(*args: str) -> subprocess.CompletedProcess[str]:
    """``refwright agent <args>`` in this process, with no model provider's key in its environment."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "ANTHROPIC_"))}
    with environment(env):
        done = refwright("agent", *args)
    return subprocess.CompletedProcess(done.args, done.returncode, done.stdout.decode(), done.stderr.decode())


def test_tasks_run_over_a_remote_pool_and_resume(server: TestServer, tmp_path: Path) -> None:
    pages = [server.html(f"/task-{n}", f'<button onclick="document.body.insertAdjacentHTML(\'beforeend\', '
                                       f'\'<p>Thanks {n}</p>\')">Next</button>') for n in range(4)]
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text("".join(json.dumps({"task": 'Click "Next"', "url": u}) + "\n" for u in pages[:3]))
    output = tmp_path / "out.jsonl"
    fleet = run_server()
    try:
        done = _agent("--tasks", str(tasks), "--concurrency", "3", "--model", "local", "--output", str(output),
                      "--allow-private", "--connect", fleet.endpoint)
        assert done.returncode == 0, done.stderr
        assert "3 tasks to run (0 already done), concurrency 3" in done.stderr
        assert "refwright: network guard: interception; not guarded: preconnects" in done.stderr
        # The endpoint's query (tokens ride there) is never printed.
        assert "launch-options" not in done.stderr
        lines = [json.loads(line) for line in output.read_text().splitlines()]
        assert sorted(r["id"] for r in lines) == ["1", "2", "3"]
        for r in lines:
            n = int(r["id"]) - 1
            assert r["error"] is None and r["answer"].startswith('Done: Clicked @e1 button "Next"')
            assert f'text "Thanks {n}"' in r["answer"]  # each task saw its own page
        # A line more, then the same command: only the new task runs.
        with tasks.open("a") as f:
            f.write(json.dumps({"task": 'Click "Next"', "url": pages[3]}) + "\n")
        again = _agent("--tasks", str(tasks), "--model", "local", "--output", str(output), "--allow-private",
                       "--connect", fleet.endpoint)
        assert again.returncode == 0, again.stderr
        assert "1 tasks to run (3 already done)" in again.stderr
        ids = [json.loads(line)["id"] for line in output.read_text().splitlines()]
        assert sorted(ids) == ["1", "2", "3", "4"]
    finally:
        fleet.kill()
    assert not process_group_alive(fleet)


def test_a_task_on_a_refused_target_is_an_error_line(server: TestServer, tmp_path: Path) -> None:
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text(json.dumps({"task": "Read it", "url": server.url("/x"), "id": "private"}) + "\n")
    done = _agent("--tasks", str(tasks), "--model", "local")
    assert done.returncode == 1
    result = json.loads(done.stdout)
    assert result["id"] == "private" and result["answer"] is None
    assert result["error"].startswith(f"Refused {server.url('/x')}: 127.0.0.1 is a loopback address.")
    assert "network guard" not in done.stderr  # the full guard goes without saying (issue 44 §12)


def test_task_files_are_checked_line_by_line() -> None:
    assert [t.task for t in read_tasks(['{"task": "a"}', "", '{"task": "b", "url": "https://x.test/"}'])] == ["a", "b"]
    for bad, words in (('{"url": "x"}', 'needs a "task" string'), ("nope", "is not JSON"),
                       ('{"task": "a", "model": 3}', '"model" must be a string')):
        try:
            read_tasks([bad])
        except Exception as exc:
            assert words in str(exc) and "line 1" in str(exc)
        else:
            raise AssertionError(bad)
    # A line cut by an interrupted run does not count as done.
    assert done_ids(['{"id": "1", "answer": "x"}', '{"id": "2", "ans']) == {"1"}
