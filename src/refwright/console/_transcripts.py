"""Past runs on disk: the console's own records (``r-….json`` with ``r-…-N.jpg``) and the JSON-lines
transcripts of ``refwright agent --transcript`` (``*.jsonl``), read back as runs to review."""

from __future__ import annotations

import base64
import hashlib
import json
from pathlib import Path
from typing import Any

from ._runs import Run, snapshot_like

__all__ = ["load_runs", "save_run"]

Shots = dict[int, bytes]


def save_run(folder: Path, run: Run, shots: Shots) -> None:
    """Write ``run`` and its step screenshots into ``folder`` (created if needed)."""
    folder.mkdir(parents=True, exist_ok=True)
    record = {k: v for k, v in run.detail().items() if k != "pending"}
    (folder / f"{run.id}.json").write_text(json.dumps(record), encoding="utf-8")
    for number, data in shots.items():
        (folder / f"{run.id}-{number}.jpg").write_bytes(data)


def _record(path: Path) -> tuple[Run, Shots]:
    record = json.loads(path.read_text(encoding="utf-8"))
    run = Run(str(record["id"]), str(record["task"]), str(record.get("start_url", "")), str(record.get("model", "")),
              "transcript", started=float(record["started"]), ended=float(record.get("ended") or record["started"]),
              state=str(record.get("state", "answered")), answer=str(record.get("answer", "")),
              steps=list(record.get("all_steps", [])), messages=list(record.get("messages", [])))
    shots: Shots = {}
    for step in run.steps:
        shot = path.parent / f"{run.id}-{step.get('n')}.jpg"
        if step.get("shot") and shot.is_file():
            shots[int(step["n"])] = shot.read_bytes()
    return run, shots


def _jsonl(path: Path) -> tuple[Run, Shots]:
    """An agent transcript: the task, each tool call with its result (and its image), the model's texts."""
    turns: list[dict[str, Any]] = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
                                   if line.strip()]
    task = next((str(t["text"]) for t in turns if t.get("type") == "user"), "")
    if not task:
        raise ValueError("no task")
    digest = hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:8]
    started = path.stat().st_mtime
    run = Run(f"t-{digest}", task, "", "", "transcript", started=started, ended=started, state="answered")
    shots: Shots = {}
    steps: dict[str, dict[str, Any]] = {}
    for turn in turns:
        kind = turn.get("type")
        if kind == "assistant":
            run.messages.append(str(turn.get("text", "")))
            run.answer = str(turn.get("text", ""))
        elif kind == "tool_call":
            step: dict[str, Any] = {"n": len(run.steps) + 1, "kind": "command", "command": str(turn.get("command", "")),
                    "output": "", "status": "done", "error": False, "collapsed": False, "shot": False}
            run.steps.append(step)
            steps[str(turn.get("id"))] = step
        elif kind == "tool_result" and str(turn.get("id")) in steps:
            step = steps[str(turn.get("id"))]
            output = str(turn.get("output", ""))
            step.update(output=output, error=output.startswith("Error:"),
                        collapsed=snapshot_like(step["command"], output))
            if turn.get("image_png_base64"):
                shots[step["n"]] = base64.b64decode(turn["image_png_base64"])
                step["shot"] = True
    return run, shots


def load_runs(folder: Path) -> list[tuple[Run, Shots]]:
    """Every readable past run in ``folder``; damaged files are skipped."""
    found: list[tuple[Run, Shots]] = []
    for path in sorted(folder.glob("r-*.json")) + sorted(folder.glob("*.jsonl")):
        try:
            found.append(_record(path) if path.suffix == ".json" else _jsonl(path))
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            continue
    return found
