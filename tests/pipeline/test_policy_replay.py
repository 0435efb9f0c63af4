"""``refwright replay run.py --action-policy FILE`` (issue 38): a kept run that fills and clicks is refused
at its first denied step, exits with an error that says so, and the page sees nothing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from refwright.replay import Step, write_script

from ..server import TestServer
from .reached import reached, serve


def test_replay_under_an_action_policy_refuses_the_steps(server: TestServer, tmp_path: Path) -> None:
    url = serve(server)
    script = tmp_path / "run.py"
    script.write_text(write_script([
        Step("goto", value=url),
        Step("fill", "textbox", "Name", value="Bob", request="fill the Name field"),
        Step("click", "button", "Save", request="click Save"),
    ], [], task="Save the name", start_url=url, date="2026-12-05"), encoding="utf-8")
    policy = tmp_path / "policy.json"
    policy.write_text(json.dumps({"deniedActions": ["Click", "Fill", "Select", "Drag"]}), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src")}
    done = subprocess.run([sys.executable, "-m", "refwright", "replay", str(script), "--allow-private", "127.0.0.1",
                           "--action-policy", str(policy)], capture_output=True, env=env, timeout=120)
    err = done.stderr.decode()
    assert done.returncode == 1, err
    assert "Action Fill on http://127.0.0.1:" in err and "was denied by the action policy" in err, err
    # The page was opened (Navigate is allowed), and nothing typed or clicked reached it.
    assert server.requests_to("/reach.html")
    time.sleep(0.3)
    assert reached(server) == []
