"""The console's state and its own runs: each task an isolated page of one browser, watched and approved."""

from __future__ import annotations

import asyncio
import base64
import contextlib
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from playwright.async_api import Page as PlaywrightPage

from .._errors import RefwrightError
from ..agent import (
    AgentEvent,
    ApprovalRequest,
    CommandFinished,
    CommandStarted,
    Decision,
    ToolCall,
    ToolResult,
    browser_tool,
    llm_from_spec,
    run_agent,
)
from ._desk import DEFAULT_TIMEOUT, ApprovalDesk
from ._handing import Hands
from ._hooks import page_hooks
from ._runs import Run, RunBook
from ._screencast import DEFAULT_FPS, Screencast
from ._transcripts import load_runs, save_run

if TYPE_CHECKING:
    from .. import Browser, Page
    from ..safety import ActionPolicy

__all__ = ["Console"]

# Screenshots kept in memory for review, over all runs (oldest dropped first).
_MAX_SHOTS = 4000


class Console:
    """Runs, approvals, live views and review, for one console server.

    ``browser`` gives each task started from the page an isolated page (its own context); ``action_policy``
    replaces the browser's policy on those pages (its confirmations are asked on the console either way).
    ``runs_dir``, when set, keeps every finished run's transcript and screenshots, and lists them again on
    the next start.
    """

    def __init__(self, browser: Browser, *, model: str = "local", max_steps: int = 30,
                 approval_timeout: float = DEFAULT_TIMEOUT, fps: float = DEFAULT_FPS,
                 runs_dir: Path | None = None, action_policy: ActionPolicy | None = None) -> None:
        self.browser = browser
        self.action_policy = action_policy
        self.model = model
        self.max_steps = max_steps
        self.fps = fps
        self.book = RunBook()
        self.desk = ApprovalDesk(self.book, approval_timeout)
        self.casts: dict[str, Screencast] = {}
        self.shots: dict[tuple[str, int], bytes] = {}
        # The newest relayed frame of each run in another process.
        self.frames: dict[str, str] = {}
        self.tasks: dict[str, asyncio.Task[None]] = {}
        # The run as a script `refwright replay` runs with no model, for each run started here that answered.
        self.scripts: dict[str, str] = {}
        # A person's turn with a run's page: Take over, their input, Hand back (and what handoff asks).
        self.hands = Hands(self.book)
        self.runs_dir = runs_dir
        if runs_dir is not None:
            self._load(runs_dir)

    # -- runs started from the page -------------------------------------------------------------

    def start(self, task: str, url: str = "", model: str = "", *, llm: Any = None) -> Run:
        """Start ``task`` (after opening ``url``) with ``model`` (default: the console's), or with ``llm``
        (any ``refwright.agent.Llm``), in the background."""
        # A declared secret's value in the task is kept nowhere: the run holds it as {{secret:NAME}}.
        task = self.browser.config.secrets.scrub(task.strip())
        if not task:
            raise RefwrightError("Give the task in plain words, for example: Sign up as demo@example.com.")
        url = url.strip()
        if any(c.isspace() or c in "\"'\\" for c in url):
            raise RefwrightError(f"The start URL {url!r} has spaces or quotes; give one address, such as "
                                 "https://example.com/signup.")
        model = model.strip() or (type(llm).__name__ if llm is not None else self.model)
        if llm is None:
            llm = llm_from_spec(model)  # before the run exists: an unknown spec is the form's error
        run = self.book.add(task, url, model, "console")
        self.tasks[run.id] = asyncio.create_task(self._drive(run, llm))
        return run

    async def _drive(self, run: Run, llm: Any) -> None:
        page: Page | None = None
        try:
            page = await self.browser.new_page(isolated=True)
            if self.action_policy is not None:
                page.set_action_policy(self.action_policy)
            await self.show(run, page.playwright_page)
            await self.watch(run, page, llm)
        except asyncio.CancelledError:
            self.book.finish(run, "stopped", "Stopped by the person.")
        except Exception as exc:
            message = exc.message if isinstance(exc, RefwrightError) else f"{type(exc).__name__}: {exc}"
            self.book.finish(run, "failed", message)
        finally:
            self.tasks.pop(run.id, None)
            await self.hide(run)
            if page is not None:
                await page.close()
            close = getattr(llm, "aclose", None)
            if close is not None:
                await close()
            self.save(run)

    async def show(self, run: Run, page: PlaywrightPage) -> None:
        """Make ``page`` ``run``'s live view, which a person can take over (a run started here, or a page a
        person records: ``refwright record --headless``)."""
        self.casts[run.id] = Screencast(page, lambda data: self.book.publish(run, {"type": "frame", "data": data}),
                                        fps=self.fps)
        self.hands.follow(run, page)
        await self._sync_cast(run)

    async def hide(self, run: Run) -> None:
        """``run``'s page is done with: given back if a person held it, its live view stopped (its last frame kept)."""
        await self.hands.forget(run)
        cast = self.casts.get(run.id)
        if cast is not None:
            await cast.close()
            await self._sync_cast(run)

    async def watch(self, run: Run, page: Page, llm: Any) -> None:
        """Run the agent on ``page`` for ``run``: its steps, screenshots and approvals go to the console."""
        handler, approver = self.hooks(run, page)
        page.recording(run.task)
        if run.start_url:
            await handler_command(handler, "open", f"open {run.start_url}", page)
        # `local:auto-approve` was picked to approve proposals on the person's behalf: it is not asked again
        # (the policy's confirmations still are).
        approve = None if getattr(llm, "confirm_proposals", False) else approver
        outcome = await run_agent(page, llm, run.task, self.max_steps, on_event=handler, approve=approve,
                                  content_boundaries=page.config.content_boundaries)
        if not outcome.stopped:
            await self._keep_script(run, page, outcome.answer)
        self.book.finish(run, "stopped" if outcome.stopped else "answered", outcome.answer)

    async def _keep_script(self, run: Run, page: Page, answer: str) -> None:
        """Keep the run that answered as a script (closed by checks of what the answer quotes), in memory and,
        with ``runs_dir``, as ``<id>.py`` beside its transcript."""
        self.scripts[run.id] = (await page.finish_recording(answer=answer)).script()
        if self.runs_dir is not None:
            with contextlib.suppress(OSError):  # the script is still served from memory
                (self.runs_dir / f"{run.id}.py").write_text(self.scripts[run.id], encoding="utf-8")

    def hooks(self, run: Run, page: Page) -> tuple[Callable[[AgentEvent], Awaitable[None]],
                                                   Callable[[ApprovalRequest], Awaitable[Decision]]]:
        """``on_event`` and ``approve`` for ``run_agent`` on ``page``; also asks the policy's confirmations."""

        async def ask(request: ApprovalRequest, image: bytes | None) -> Decision:
            return await self.desk.ask(run, request, image)

        async def report(data: dict[str, Any]) -> None:
            self.take(run, data)

        return page_hooks(page, ask, report)

    def take(self, run: Run, data: dict[str, Any]) -> None:
        """One reported event of ``run`` (``event_json``'s form, a ``shot``, or ``finish``)."""
        if data.get("type") == "frame":
            self.frames[run.id] = str(data.get("data", ""))
            self.book.publish(run, {"type": "frame", "data": self.frames[run.id]})
        elif data.get("type") == "screencast":
            run.watching.screencast = bool(data.get("on"))
            self.book.publish(run, {"type": "run", "run": run.row()})
        elif data.get("type") == "shot":
            shot = data.get("data")
            if isinstance(shot, bytes):
                self.add_shot(run, shot)
        elif data.get("type") == "handoff":
            # A reporting process's page waits for a person (reason), or was handed back (note).
            reason = str(data.get("reason") or "")
            self.hands.heard(run, "waiting" if reason else "handed back", reason or str(data.get("note") or ""))
        elif data.get("type") == "finish":
            run.watching.screencast = False  # the reporting process stopped its relay before it finished
            self.book.finish(run, str(data.get("state") or "answered"), str(data.get("answer") or ""))
            self.save(run)
        else:
            self.book.apply(run, data)

    def add_shot(self, run: Run, data: bytes) -> None:
        """The screenshot after ``run``'s latest command, for review."""
        commands = [s for s in run.steps if s["kind"] == "command"]
        if commands:
            self.shots[(run.id, commands[-1]["n"])] = data
            while len(self.shots) > _MAX_SHOTS:
                del self.shots[next(iter(self.shots))]
            self.book.update_step(run, commands[-1]["n"], shot=True)
        if run.id not in self.casts and not run.watching.screencast:
            # Nobody streams this run: its latest screenshot is the live view.
            self.book.publish(run, {"type": "frame", "data": base64.b64encode(data).decode("ascii")})

    async def stop(self, run: Run) -> None:
        task = self.tasks.get(run.id)
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
        elif run.ended is None:
            # A reporting process learns it at once (its watch request answers) or on its next report, and
            # stops itself; a question it waits on is denied now.
            run.stop_requested = True
            if run.pending is not None:
                self.desk.answer(str(run.pending["id"]), Decision.DENY)
            self.book.publish(run, {"type": "stop"})
            self.book.publish(run, {"type": "run", "run": run.row()})

    # -- viewers --------------------------------------------------------------------------------

    async def viewer_joined(self, run: Run) -> str | None:
        """Start the live view if this is the first viewer; the last frame, to show at once."""
        run.watching.viewers += 1
        await self._sync_cast(run)
        self.book.publish(run, {"type": "viewers", "count": run.watching.viewers})
        cast = self.casts.get(run.id)
        return cast.last if cast is not None else None

    async def viewer_left(self, run: Run) -> None:
        run.watching.viewers = max(0, run.watching.viewers - 1)
        await self._sync_cast(run)
        self.book.publish(run, {"type": "viewers", "count": run.watching.viewers})

    async def _sync_cast(self, run: Run) -> None:
        cast = self.casts.get(run.id)
        if cast is not None:
            await cast.watchers(run.watching.viewers)
        streaming = cast is not None and cast.running
        if streaming != run.watching.screencast:
            run.watching.screencast = streaming
            self.book.publish(run, {"type": "run", "run": run.row()})

    def last_frame(self, run: Run) -> str | None:
        cast = self.casts.get(run.id)
        if cast is not None and cast.last:
            return cast.last
        if self.frames.get(run.id):
            return self.frames[run.id]
        shots = [n for (rid, n) in self.shots if rid == run.id]
        return base64.b64encode(self.shots[(run.id, max(shots))]).decode("ascii") if shots else None

    # -- transcripts ----------------------------------------------------------------------------

    def save(self, run: Run) -> None:
        """Write the finished run as ``<id>.json`` and its screenshots as ``<id>-<n>.jpg`` in ``runs_dir``."""
        if self.runs_dir is None:
            return
        try:
            save_run(self.runs_dir, run, {n: data for (rid, n), data in self.shots.items() if rid == run.id})
        except OSError:
            pass  # review in this session still works from memory

    def _load(self, folder: Path) -> None:
        for run, shots in load_runs(folder):
            self.book.runs[run.id] = run
            for number, data in shots.items():
                self.shots[(run.id, number)] = data


async def handler_command(handler: Callable[[AgentEvent], Awaitable[None]], call_id: str, command: str,
                          page: Page) -> None:
    """Run a command of the console's own (opening the start URL) as a step of the run."""
    call = ToolCall(call_id, command)
    await handler(CommandStarted(0, call))
    output = await browser_tool(page, command)
    await handler(CommandFinished(0, call, ToolResult(call_id, output)))
