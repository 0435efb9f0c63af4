"""``refwright agent --tasks FILE``: many agent tasks over a session pool, one JSON line of result each.

Resumable: tasks whose id is already in the output file are skipped, so a run stopped half way is
started again with the same command.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from dataclasses import dataclass
from typing import IO, Any

from .._errors import RefwrightError
from ..snapshot._format import json_line

__all__ = ["Task", "read_tasks", "run_tasks"]


@dataclass(frozen=True)
class Task:
    id: str
    task: str
    url: str | None
    model: str | None


def read_tasks(lines: list[str]) -> list[Task]:
    """Tasks from JSON lines ``{"task": ..., "url": ..., "model": ..., "id": ...}``; the id defaults to the
    line number, so a file that only grows keeps its ids."""
    tasks: list[Task] = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except ValueError as exc:
            raise RefwrightError(f"tasks line {number} is not JSON ({exc}). Write one object per line, "
                                 'such as {"task": "Find the price", "url": "https://example.com"}.') from exc
        if not isinstance(item, dict) or not isinstance(item.get("task"), str) or not item["task"].strip():
            raise RefwrightError(f'tasks line {number} needs a "task" string, such as {{"task": "Find the price"}}.')
        for key in ("url", "model"):
            if item.get(key) is not None and not isinstance(item[key], str):
                raise RefwrightError(f'tasks line {number}: "{key}" must be a string.')
        tasks.append(Task(str(item.get("id", number)), item["task"], item.get("url"), item.get("model")))
    ids = [t.id for t in tasks]
    if len(set(ids)) != len(ids):
        raise RefwrightError("Two tasks share an id; give each line a distinct \"id\".")
    return tasks


def done_ids(lines: list[str]) -> set[str]:
    ids: set[str] = set()
    for line in lines:
        try:
            ids.add(str(json.loads(line)["id"]))
        except (ValueError, KeyError, TypeError):
            continue  # a line cut by an interrupted run: that task runs again
    return ids


async def _one(pool: Any, task: Task, default_model: str | None, max_steps: int,
               content_boundaries: bool, console: str | None = None) -> dict[str, Any]:
    from ..agent import llm_from_spec, run_agent

    result: dict[str, Any] = {"id": task.id, "task": task.task, "answer": None, "steps": 0,
                              "tokens": {"input": 0, "output": 0}, "error": None}
    try:
        llm = llm_from_spec(task.model or default_model)
        try:
            async with pool.session() as page:
                if task.url:
                    await page.run_command(f"open {task.url}")
                if console:
                    from ..console import run_reported

                    run = await run_reported(console, page, llm, task.task, max_steps, start_url=task.url or "",
                                             model=task.model or default_model or "", source="tasks",
                                             content_boundaries=content_boundaries)
                else:
                    run = await run_agent(page, llm, task.task, max_steps, content_boundaries=content_boundaries)
        finally:
            close = getattr(llm, "aclose", None)
            if close is not None:
                await close()
        result.update(answer=run.answer, steps=run.steps,
                      tokens={"input": run.usage.input_tokens, "output": run.usage.output_tokens})
        if run.stopped or getattr(llm, "gave_up", None):
            result["error"] = run.answer
    except RefwrightError as exc:
        result["error"] = exc.message
    except Exception as exc:  # one task's failure, whatever it is, is its row: the batch goes on
        result["error"] = f"{type(exc).__name__}: {exc}"
    return result


def prepare(args: argparse.Namespace) -> tuple[list[Task], int, IO[str]]:
    """The tasks still to run, how many the file holds, and where results go (files read before the loop)."""
    try:
        with open(args.tasks, encoding="utf-8") as f:
            tasks = read_tasks(f.read().splitlines())
    except OSError as exc:
        raise RefwrightError(f"cannot read the tasks file: {exc}") from exc
    finished: set[str] = set()
    if args.output:
        try:
            with open(args.output, encoding="utf-8") as f:
                finished = done_ids(f.read().splitlines())
        except FileNotFoundError:
            pass
    todo = [t for t in tasks if t.id not in finished]
    out: IO[str] = open(args.output, "a", encoding="utf-8") if args.output else sys.stdout  # noqa: SIM115
    return todo, len(tasks), out


async def run_tasks(args: argparse.Namespace, options: Any, endpoints: list[str], todo: list[Task], total: int,
                    out: IO[str]) -> int:
    from .._pool._sessions import SessionPool
    from ._options import guard_line

    terminal = sys.stderr.isatty()
    print(f"refwright: {len(todo)} tasks to run ({total - len(todo)} already done), concurrency "
          f"{args.concurrency}", file=sys.stderr, flush=True)
    failed = 0
    count = 0
    semaphore = asyncio.Semaphore(args.concurrency)
    try:
        async with SessionPool(endpoints, sessions_per_browser=args.concurrency, config=options.config,
                               executable_path=options.executable_path, headless=options.headless,
                               guard_listen=options.guard_listen, guard_host=options.guard_host) as pool:
            for line in dict.fromkeys(guard_line(c) for c in pool.capabilities()):
                if line:
                    print(line, file=sys.stderr, flush=True)

            async def guarded(task: Task) -> None:
                nonlocal failed, count
                async with semaphore:
                    result = await _one(pool, task, args.model, args.max_steps, options.config.content_boundaries,
                                        getattr(args, "console", None))
                result["task"] = options.config.secrets.scrub(result["task"])  # as the agent's own turns
                # One write per line, from the event loop's one thread: lines never interleave.
                out.write(json_line(result) + "\n")
                out.flush()
                count += 1
                failed += result["error"] is not None
                if terminal:
                    print(f"\r[{count}/{len(todo)}] {failed} failed", end="", file=sys.stderr, flush=True)

            await asyncio.gather(*(guarded(t) for t in todo))
    finally:
        if terminal:
            print(file=sys.stderr)
        if out is not sys.stdout:
            out.close()
    return 1 if failed else 0
