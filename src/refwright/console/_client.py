"""Reporting a run to a console in another process, over HTTP with the console's token.

``refwright agent --console URL`` and ``--tasks`` use it; so can any program that runs ``run_agent``::

    async with ConsoleClient(url) as console:
        reporter = await console.report("Sign up", start_url, "local", page=page)
        run = await run_agent(page, llm, task, on_event=reporter.on_event, approve=reporter.approve)
        await reporter.finish(run.answer, stopped=run.stopped)
"""

from __future__ import annotations

import asyncio
import base64
import inspect
import sys
from collections.abc import Awaitable, Callable, Coroutine
from types import TracebackType
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlsplit

import httpx

from .._async.tab._handover import handover_of
from .._errors import RefwrightError
from ..agent import AgentEvent, ApprovalRequest, Decision
from ._hooks import page_hooks
from ._live_relay import FrameRelay

if TYPE_CHECKING:
    from .. import Page
    from ..agent import AgentRun

__all__ = ["ConsoleClient", "RunReporter", "run_reported"]


def _split(url: str) -> tuple[str, str]:
    parts = urlsplit(url)
    token = (parse_qs(parts.query).get("token") or [""])[0]
    if parts.scheme not in ("http", "https") or not parts.netloc or not token:
        raise RefwrightError(f"{url!r} is not a console URL. Give the whole URL `refwright console` printed, "
                             "with its ?token=.")
    return f"{parts.scheme}://{parts.netloc}", token


class ConsoleClient:
    """A connection to a running console (``async with``); ``report`` registers a run."""

    def __init__(self, url: str) -> None:
        self.base, token = _split(url)
        self._http = httpx.AsyncClient(base_url=self.base, headers={"Authorization": f"Bearer {token}"},
                                       timeout=10.0)

    async def __aenter__(self) -> ConsoleClient:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self._http.aclose()

    async def post(self, path: str, body: dict[str, Any], *, timeout: float | None = 10.0) -> dict[str, Any]:
        try:
            response = await self._http.post(path, json=body, timeout=timeout)
        except httpx.HTTPError as exc:
            raise RefwrightError(f"The console at {self.base} did not answer ({exc}). Is it still running?") from exc
        data: dict[str, Any] = response.json() if response.content else {}
        if response.status_code >= 400:
            raise RefwrightError(f"The console refused the report ({response.status_code}: "
                                 f"{data.get('error') or response.text[:200]}).")
        return data

    async def report(self, task: str, start_url: str = "", model: str = "", *, page: Page | None = None,
                     source: str = "agent", cancel_on_stop: bool = True) -> RunReporter:
        """A new run row on the console. With ``page``, its policy confirmations are asked there too, and
        each step sends a screenshot."""
        data = await self.post("/api/report", {"task": task, "start_url": start_url, "model": model,
                                               "source": source})
        return RunReporter(self, str(data["id"]), page, cancel_on_stop=cancel_on_stop)


class RunReporter:
    """One run's events and approvals, sent to the console. ``on_event`` and ``approve`` go to ``run_agent``.

    When the person presses Stop, the task that created this reporter is cancelled (at once with a page,
    whose watch request hears it; else at the next report). A console that stops answering is warned about
    once; the run goes on, and its approvals are denied.
    """

    def __init__(self, client: ConsoleClient, run_id: str, page: Page | None, *, cancel_on_stop: bool = True) -> None:
        self.client = client
        self.run_id = run_id
        self._task = asyncio.current_task() if cancel_on_stop else None
        self.stop_requested = False
        # What Stop does when there is no task to cancel (a pool session closes its page).
        self.on_stop: Callable[[], None] | None = None
        self._warned = False
        self.stopped = False
        self._on_event: Any = None
        self._approve: Any = None
        self._relay: FrameRelay | None = None
        self._sending: set[asyncio.Task[None]] = set()
        if page is not None:
            self._on_event, self._approve = page_hooks(page, self._ask, self.send)
            self._relay = FrameRelay(client, run_id, page.playwright_page, self.stop_now)
            # `handoff` on this page asks on the console ("Waiting for you"); its Hand back comes back by
            # the relay's watch request.
            handover_of(page.playwright_page).listeners.append(self._handover_heard)

    async def send(self, event: dict[str, Any]) -> None:
        """One event in the console's JSON form (``shot`` data may be bytes)."""
        if event.get("type") == "shot" and isinstance(event.get("data"), bytes):
            event = {"type": "shot", "data": base64.b64encode(event["data"]).decode("ascii")}
        try:
            answer = await self.client.post(f"/api/report/{self.run_id}", {"events": [event]})
        except RefwrightError as exc:
            if not self._warned:
                self._warned = True
                print(f"refwright: {exc.message}", file=sys.stderr, flush=True)
            return
        if answer.get("stop") and event.get("type") != "finish":
            self.stop_now()

    def _handover_heard(self, kind: str, text: str) -> None:
        if kind == "waiting":
            self._later(self.send({"type": "handoff", "reason": text}))
        elif kind == "handed back":
            self._later(self.send({"type": "handoff", "reason": "", "note": text}))

    def _later(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(work)
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    def stop_now(self) -> None:
        """The person pressed Stop: cancel the run's task (once), or call ``on_stop`` when there is none."""
        self.stop_requested = True
        if self.stopped:
            return
        self.stopped = True
        if self._task is not None:
            self._task.cancel()
        elif self.on_stop is not None:
            self.on_stop()

    async def _ask(self, request: ApprovalRequest, image: bytes | None) -> Decision:
        body = {"kind": request.kind, "action": request.action, "url": request.url, "summary": request.summary,
                "role": request.role, "name": request.name, "ref": request.ref,
                "image": base64.b64encode(image).decode("ascii") if image else None}
        try:
            answer = await self.client.post(f"/api/report/{self.run_id}/approval", body, timeout=None)
            return Decision(str(answer.get("decision")))
        except (RefwrightError, ValueError) as exc:
            print(f"refwright: the approval was denied: {exc}", file=sys.stderr, flush=True)
            return Decision.DENY

    async def on_event(self, event: AgentEvent) -> None:
        if self._on_event is not None:
            await self._on_event(event)
            return
        from ._event_json import event_json

        data = event_json(event)
        if data is not None:
            await self.send(data)

    async def approve(self, request: ApprovalRequest) -> Decision:
        if self._approve is not None:
            decision: Decision = await self._approve(request)
            return decision
        return await self._ask(request, None)

    async def finish(self, answer: str, *, stopped: bool = False, failed: bool = False) -> None:
        if self._relay is not None:
            await self._relay.close()
        state = "failed" if failed else "stopped" if stopped else "answered"
        await self.send({"type": "finish", "state": state, "answer": answer})


async def run_reported(console_url: str, page: Page, llm: Any, task: str, max_steps: int = 30, *,
                       start_url: str = "", model: str = "", source: str = "agent", content_boundaries: bool = False,
                       on_event: Callable[[AgentEvent], Awaitable[None] | None] | None = None) -> AgentRun:
    """``run_agent`` whose steps and approvals go to the console at ``console_url``. Stop on the console
    ends the run with ``stopped`` set and an answer that says so."""
    from ..agent import AgentRun, Usage, run_agent

    # The console shows the task as the model gets it: a declared secret's value as {{secret:NAME}}.
    task = page.config.secrets.scrub(task)
    async with ConsoleClient(console_url) as client:
        reporter = await client.report(task, start_url, model, page=page, source=source)

        async def both(event: AgentEvent) -> None:
            if on_event is not None:
                pending = on_event(event)
                if inspect.isawaitable(pending):
                    await pending
            await reporter.on_event(event)

        try:
            outcome = await run_agent(page, llm, task, max_steps, content_boundaries=content_boundaries,
                                      on_event=both, approve=reporter.approve)
        except asyncio.CancelledError:
            if not reporter.stopped:
                raise
            outcome = AgentRun("Stopped from the console.", (), Usage(), stopped=True, steps=0)
        except BaseException as exc:
            await reporter.finish(f"{type(exc).__name__}: {exc}", failed=True)
            raise
        if reporter.stopped:
            # Stop came as the run was ending on its own: the cancel it sent may not have landed yet.
            try:
                await asyncio.sleep(0)
            except asyncio.CancelledError:
                pass
            outcome = AgentRun("Stopped from the console.", outcome.turns, outcome.usage, stopped=True,
                               steps=outcome.steps)
        await reporter.finish(outcome.answer, stopped=outcome.stopped)
        return outcome
