"""The console's HTTP and WebSocket routes (Starlette), behind the token gate."""

from __future__ import annotations

import asyncio
import base64
import binascii
import json
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from .._errors import RefwrightError
from ..agent import ApprovalRequest, Decision
from ._auth import TokenGate, cookie_name
from ._console import Console
from ._live_relay import WATCH_WAIT
from ._runs import Run

__all__ = ["build_app"]

_ASSETS = {"console.js": "text/javascript", "console.css": "text/css"}
_NO_STORE = {"cache-control": "no-store"}


def _asset(name: str) -> bytes:
    return resources.files("refwright.console").joinpath("assets", name).read_bytes()


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _json(request: Request) -> dict[str, Any]:
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        # Cross-site forms cannot send JSON without a preflight, so this also keeps them out.
        raise RefwrightError("Send the request body as application/json.")
    try:
        data = await request.json()
    except ValueError as exc:
        raise RefwrightError(f"The request body is not JSON ({exc}).") from exc
    if not isinstance(data, dict):
        raise RefwrightError("The request body must be a JSON object.")
    return data


class _Routes:
    """One method per route: the page and its assets, the JSON API of runs and approvals, the reporting API
    of runs in other processes, and the live WebSocket; ``routes()`` lists them with their paths."""

    def __init__(self, console: Console, token: str, port: Callable[[], int]) -> None:
        self.console = console
        self.token = token
        self.port = port

    def _run_of(self, request: Request | WebSocket) -> Run | None:
        return self.console.book.get(str(request.path_params["run_id"]))

    async def index(self, request: Request) -> Response:
        response = Response(_asset("index.html"), media_type="text/html", headers=_NO_STORE)
        response.set_cookie(cookie_name(self.port()), self.token, httponly=True, samesite="strict", path="/")
        return response

    async def asset(self, request: Request) -> Response:
        name = str(request.path_params["name"])
        if name not in _ASSETS:
            return _error(404, f"There is no asset {name!r}.")
        return Response(_asset(name), media_type=_ASSETS[name])

    async def list_runs(self, request: Request) -> JSONResponse:
        rows = [r.row() for r in sorted(self.console.book.runs.values(), key=lambda r: r.started)]
        return JSONResponse({"runs": rows, "model": self.console.model})

    async def start_run(self, request: Request) -> JSONResponse:
        try:
            data = await _json(request)
            run = self.console.start(str(data.get("task") or ""), str(data.get("url") or ""),
                                     str(data.get("model") or ""))
        except RefwrightError as exc:
            return _error(400, exc.message)
        return JSONResponse({"id": run.id}, status_code=201)

    async def get_run(self, request: Request) -> JSONResponse:
        run = self._run_of(request)
        if run is None:
            return _error(404, "There is no such run; reload the list.")
        return JSONResponse(run.detail())

    async def stop_run(self, request: Request) -> JSONResponse:
        run = self._run_of(request)
        if run is None:
            return _error(404, "There is no such run; reload the list.")
        await self.console.stop(run)
        return JSONResponse(run.row())

    async def take_over(self, request: Request) -> JSONResponse:
        run = self._run_of(request)
        if run is None:
            return _error(404, "There is no such run; reload the list.")
        try:
            await self.console.hands.take(run)
        except RefwrightError as exc:
            return _error(409, exc.message)
        return JSONResponse(run.row())

    async def hand_back(self, request: Request) -> JSONResponse:
        run = self._run_of(request)
        if run is None:
            return _error(404, "There is no such run; reload the list.")
        try:
            note = await self.console.hands.give_back(run)
        except RefwrightError as exc:
            return _error(409, exc.message)
        return JSONResponse({**run.row(), "note": note})

    async def shot(self, request: Request) -> Response:
        data = self.console.shots.get((str(request.path_params["run_id"]), int(request.path_params["n"])))
        if data is None:
            return _error(404, "This step has no screenshot.")
        return Response(data, media_type="image/png" if data[:4] == b"\x89PNG" else "image/jpeg")

    async def script(self, request: Request) -> Response:
        run_id = str(request.path_params["run_id"])
        text = self.console.scripts.get(run_id)
        if text is None:
            return _error(404, "This run has no script: only a run started here that reached an answer is kept "
                          "as one.")
        return Response(text, media_type="text/x-python; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="refwright-{run_id}.py"'})

    async def answer(self, request: Request) -> JSONResponse:
        try:
            data = await _json(request)
            decision = Decision(str(data.get("decision")))
        except (RefwrightError, ValueError):
            return _error(400, 'Answer with {"decision": "allow" | "always" | "deny"}.')
        if decision is Decision.TIMEOUT:
            return _error(400, 'Answer with {"decision": "allow" | "always" | "deny"}.')
        if not self.console.desk.answer(str(request.path_params["approval_id"]), decision):
            return _error(409, "This approval is no longer waiting (answered, timed out, or the run ended).")
        return JSONResponse({"decision": decision.value})

    # -- other processes reporting their runs -----------------------------------------------------

    async def report_start(self, request: Request) -> JSONResponse:
        try:
            data = await _json(request)
        except RefwrightError as exc:
            return _error(400, exc.message)
        task = str(data.get("task") or "").strip()
        if not task:
            return _error(400, 'Report a run with {"task": ..., "start_url": ..., "model": ...}.')
        run = self.console.book.add(task, str(data.get("start_url") or ""), str(data.get("model") or ""),
                               str(data.get("source") or "agent"))
        return JSONResponse({"id": run.id}, status_code=201)

    async def report_events(self, request: Request) -> JSONResponse:
        run = self._run_of(request)
        if run is None:
            return _error(404, "There is no such run; report it again.")
        try:
            data = await _json(request)
        except RefwrightError as exc:
            return _error(400, exc.message)
        for event in data.get("events") or []:
            if not isinstance(event, dict):
                continue
            if event.get("type") == "shot":
                try:
                    event = {"type": "shot", "data": base64.b64decode(str(event.get("data", "")), validate=True)}
                except (binascii.Error, ValueError):
                    continue
            self.console.take(run, event)
        return JSONResponse({"stop": run.stop_requested})

    async def report_approval(self, request: Request) -> JSONResponse:
        run = self._run_of(request)
        if run is None:
            return _error(404, "There is no such run; report it again.")
        try:
            data = await _json(request)
            image = base64.b64decode(str(data["image"]), validate=True) if data.get("image") else None
        except (RefwrightError, binascii.Error, ValueError) as exc:
            return _error(400, f"Bad approval request ({exc}).")
        fields = {k: str(data.get(k) or "") for k in ("kind", "action", "url", "summary", "role", "name", "ref")}
        decision = await self.console.desk.ask(run, ApprovalRequest(**fields), image)
        return JSONResponse({"decision": decision.value})

    async def report_watch(self, request: Request) -> JSONResponse:
        """Answers when the run's viewer count differs from ``known``, or it is to stop (or after a while)."""
        run = self._run_of(request)
        if run is None:
            return _error(404, "There is no such run; report it again.")
        try:
            known = int((await _json(request)).get("known", -1))
        except (RefwrightError, ValueError, TypeError):
            known = -1
        if run.watching.viewers == known and run.ended is None and not run.stop_requested \
                and not run.watching.handback:
            changed = asyncio.Event()
            unlisten = self.console.book.listen(run.id, lambda m: changed.set() if m["type"] in ("viewers", "stop",
                                                                                               "handback") or
                                           run.ended is not None else None)
            try:
                await asyncio.wait_for(changed.wait(), WATCH_WAIT)
            except TimeoutError:
                pass
            finally:
                unlisten()
        handback, run.watching.handback = run.watching.handback, False
        return JSONResponse({"viewers": run.watching.viewers, "ended": run.ended is not None,
                             "stop": run.stop_requested, "handback": handback})

    # -- the live view --------------------------------------------------------------------------

    async def live(self, websocket: WebSocket) -> None:
        run = self._run_of(websocket)
        if run is None:
            await websocket.close(code=1008)
            return
        await websocket.accept()
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        unlisten = self.console.book.listen(run.id, queue.put_nowait)
        try:
            frame = await self.console.viewer_joined(run)
            await websocket.send_json({"type": "hello", "run": run.detail(),
                                       "frame": frame or self.console.last_frame(run)})
            sender = asyncio.ensure_future(_send(websocket, queue))
            receiver = asyncio.ensure_future(_drain(websocket, lambda event: self.console.hands.input(run, event)))
            _, pending = await asyncio.wait({sender, receiver}, return_when=asyncio.FIRST_COMPLETED)
            for task in pending:
                task.cancel()
            await asyncio.gather(*pending, return_exceptions=True)
        finally:
            unlisten()
            await self.console.viewer_left(run)

    def routes(self) -> list[Route | WebSocketRoute]:
        return [
            Route("/", self.index),
            Route("/assets/{name}", self.asset),
            Route("/api/runs", self.list_runs, methods=["GET"]),
            Route("/api/runs", self.start_run, methods=["POST"]),
            Route("/api/runs/{run_id}", self.get_run),
            Route("/api/runs/{run_id}/stop", self.stop_run, methods=["POST"]),
            Route("/api/runs/{run_id}/takeover", self.take_over, methods=["POST"]),
            Route("/api/runs/{run_id}/handback", self.hand_back, methods=["POST"]),
            Route("/api/runs/{run_id}/shots/{n:int}", self.shot),
            Route("/api/runs/{run_id}/script", self.script),
            Route("/api/approvals/{approval_id}", self.answer, methods=["POST"]),
            Route("/api/report", self.report_start, methods=["POST"]),
            Route("/api/report/{run_id}", self.report_events, methods=["POST"]),
            Route("/api/report/{run_id}/approval", self.report_approval, methods=["POST"]),
            Route("/api/report/{run_id}/watch", self.report_watch, methods=["POST"]),
            WebSocketRoute("/ws/runs/{run_id}", self.live),
        ]


def build_app(console: Console, token: str, port: Callable[[], int]) -> TokenGate:
    """The ASGI app: the page, its assets, the JSON API, the reporting API and the live WebSocket."""
    return TokenGate(Starlette(routes=_Routes(console, token, port).routes()), token, port)


async def _send(websocket: WebSocket, queue: asyncio.Queue[dict[str, Any]]) -> None:
    while True:
        message = await queue.get()
        if message["type"] == "frame":
            # A slow viewer gets the newest frame, not a backlog of old ones.
            while not queue.empty() and message["type"] == "frame":
                following = queue.get_nowait()
                if following["type"] != "frame":
                    await websocket.send_json(message)
                message = following
        await websocket.send_json(message)


async def _drain(websocket: WebSocket, on_input: Callable[[dict[str, Any]], Awaitable[None]]) -> None:
    """The viewer's messages: a person's mouse and keyboard while they have the page (Take over)."""
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            try:
                event = json.loads(message.get("text") or "null")
            except ValueError:
                continue
            if isinstance(event, dict) and event.get("type") == "input" and isinstance(event.get("event"), dict):
                await on_input(event["event"])
    except (WebSocketDisconnect, RuntimeError):
        return
