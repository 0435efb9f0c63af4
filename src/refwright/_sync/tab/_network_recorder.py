# Generated from src/refwright/_async/tab/_network_recorder.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""The page's network as the ``network`` command sees it: routes that abort or fulfil requests, the log
of requests it made, and HAR recording.

Routes never get past the network guard: each route asks the guard's verdict first and hands a refused
request on (``fallback``) untouched, so refwright's proxy (or, for a wrapped page, the guard's own route,
which Playwright runs after the routes added later) refuses it as it would without the route. A route
cannot fulfil a refused URL with made-up content either.
"""

from __future__ import annotations

import json
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Page as PlaywrightPage
from playwright.sync_api import Request, Response, Route

from ..._errors import RefwrightError
from ..._network._har import BODY_LIMIT, HarExchange, har_document, har_entry
from ..._network._request_log import RequestFilter, RequestRecord
from ..launch._guard_wiring import NetworkGuard
from ..pipeline._translate import best_effort

__all__ = ["NetworkRecorder", "RouteRule", "playwright_glob"]

# How many requests the log keeps (the oldest go first).
_KEPT = 1_000
# How many HAR entries one recording keeps, and how many body bytes in all.
_HAR_ENTRIES = 5_000
_HAR_BODY_BYTES = 50_000_000
# How long `har stop` waits for bodies still being read, in milliseconds.
_HAR_SETTLE_MS = 2_000

RouteHandler = Callable[[Route, Request], Any]


def playwright_glob(pattern: str) -> str:
    """agent-browser's `*` means every URL; Playwright's globs need `**` for that."""
    return "**" if pattern.strip() == "*" else pattern


@dataclass(frozen=True)
class RouteRule:
    pattern: str
    abort: bool = False
    body: str | None = None
    status: int | None = None
    content_type: str | None = None
    # Only requests of these resource types (Playwright's lowercase names: script, xhr, fetch...); all when empty.
    resource_types: tuple[str, ...] = ()

    def describe(self) -> str:
        if self.abort:
            return f"{self.pattern} (abort)"
        if self.body is not None or self.status is not None:
            return f"{self.pattern} (fulfil {self.status or 200})"
        return f"{self.pattern} (observe)"


def _content_type(body: str) -> str:
    try:
        json.loads(body)
    except ValueError:
        return "text/plain; charset=utf-8"
    return "application/json; charset=utf-8"


class NetworkRecorder:
    """One per refwright page: attached to each Playwright page the session runs on."""

    def __init__(self, guard: NetworkGuard) -> None:
        self._guard = guard
        self._pw: PlaywrightPage | None = None
        self._log: deque[RequestRecord] = deque(maxlen=_KEPT)
        self._by_request: dict[Request, RequestRecord] = {}
        self._next_id = 1
        self.dropped = 0
        self._routes: list[tuple[RouteRule, RouteHandler]] = []
        self._lost: list[RouteRule] = []
        self._har: list[dict[str, Any]] | None = None
        self._har_bytes = 0
        self._har_pending = 0
        self.har_path: str | None = None

    # -- the request log --------------------------------------------------------------------------

    def attach(self, pw: PlaywrightPage) -> None:
        self._pw = pw
        # Routes belong to the Playwright page: a page that replaces a crashed one gets them again
        # (restore_routes), added in the order they were first added.
        self._lost = [rule for rule, _ in self._routes]
        self._routes = []
        pw.on("request", self._on_request)
        pw.on("response", self._on_response)
        pw.on("requestfailed", self._on_failed)
        pw.on("requestfinished", self._on_done)
        if self._har is not None:
            pw.on("requestfinished", self._on_finished)

    def _on_request(self, request: Request) -> None:
        if len(self._log) == self._log.maxlen:
            self.dropped += 1
        record = RequestRecord(self._next_id, request.method, request.url, request.resource_type)
        self._next_id += 1
        self._log.append(record)
        self._by_request[request] = record
        while len(self._by_request) > _KEPT:
            del self._by_request[next(iter(self._by_request))]

    def _on_response(self, response: Response) -> None:
        record = self._by_request.get(response.request)
        if record is not None:
            record.status = response.status

    def _on_failed(self, request: Request) -> None:
        record = self._by_request.pop(request, None)
        if record is not None:
            record.failure = request.failure or "failed"
        if self._har is not None:
            self._har_add(request, None)

    def _on_done(self, request: Request) -> None:
        self._by_request.pop(request, None)

    def _on_finished(self, request: Request) -> None:
        if self._har is None:
            return
        self._har_pending += 1
        try:
            with best_effort() as recorded:  # the page or its request went away before the answer was read
                response = request.response()
                self._har_record(request, response)
            if recorded.failed:
                self._har_add(request, None)
        finally:
            self._har_pending -= 1

    def requests(self, flt: RequestFilter | None = None) -> list[RequestRecord]:
        flt = flt or RequestFilter()
        return [r for r in self._log if flt.matches(r)]

    def clear_requests(self) -> None:
        self._log.clear()
        self._by_request.clear()
        self.dropped = 0

    # -- routes ---------------------------------------------------------------------------------

    def _page(self) -> PlaywrightPage:
        if self._pw is None:
            raise RefwrightError("The page is not ready yet.")
        return self._pw

    def route(self, rule: RouteRule) -> None:
        if rule.abort and (rule.body is not None or rule.status is not None):
            raise RefwrightError("A route either aborts (--abort) or answers (--body/--status), not both.")
        if rule.status is not None and not 100 <= rule.status <= 599:
            raise RefwrightError(f"Invalid --status {rule.status}: use an HTTP status from 100 to 599.")
        guard = self._guard

        def handle(route: Route, request: Request) -> None:
            # The guard decides first: a refused request goes on to be refused, whatever this route says.
            refused = guard.verdict(request.url) is not None
            if refused or (rule.resource_types and request.resource_type not in rule.resource_types):
                route.fallback()
            elif rule.abort:
                route.abort()
            elif rule.body is not None or rule.status is not None:
                body = rule.body or ""
                route.fulfill(status=rule.status or 200, body=body,
                                    content_type=rule.content_type or _content_type(body))
            else:
                route.fallback()

        self._page().route(playwright_glob(rule.pattern), handle)
        self._routes.append((rule, handle))

    def restore_routes(self) -> None:
        """Add the routes of the page this one replaced."""
        lost, self._lost = self._lost, []
        for rule in lost:
            self.route(rule)

    def unroute(self, pattern: str | None = None) -> int:
        """Remove the routes for ``pattern`` (all of them when None); how many were removed."""
        kept: list[tuple[RouteRule, RouteHandler]] = []
        removed = 0
        for rule, handler in self._routes:
            if pattern is None or rule.pattern == pattern:
                with best_effort():  # the page is gone, and its routes with it
                    self._page().unroute(playwright_glob(rule.pattern), handler)
                removed += 1
            else:
                kept.append((rule, handler))
        self._routes = kept
        return removed

    def routes(self) -> list[RouteRule]:
        return [rule for rule, _ in self._routes]

    # -- HAR ------------------------------------------------------------------------------------

    @property
    def recording_har(self) -> bool:
        return self._har is not None

    def start_har(self, path: str | None = None) -> None:
        if self._har is not None:
            raise RefwrightError("HAR recording is already running. Stop it first with `network har stop [path]`.")
        self._har = []
        self._har_bytes = 0
        self.har_path = path
        # Only while recording: each finished request then costs a few round trips for its headers and body.
        if self._pw is not None:
            self._pw.on("requestfinished", self._on_finished)

    def _har_add(self, request: Request, response: Response | None, *, headers: Sequence[tuple[str, str]] = (),
                 response_headers: Sequence[tuple[str, str]] = (), body: bytes | None = None) -> None:
        if self._har is None or len(self._har) >= _HAR_ENTRIES:
            return
        timing = {k: float(v) for k, v in dict(request.timing).items() if isinstance(v, (int, float))}
        started = timing.get("startTime", time.time() * 1000) / 1000
        post = request.post_data_buffer
        self._har.append(har_entry(HarExchange(
            method=request.method, url=request.url, started=started,
            request_headers=headers or list(request.headers.items()), post_data=post,
            status=response.status if response else 0, status_text=response.status_text if response else "",
            response_headers=response_headers, body=body, resource_type=request.resource_type,
            failure=None if response else (request.failure or "failed"), timing=timing)))

    def _har_record(self, request: Request, response: Response | None) -> None:
        if response is None:
            self._har_add(request, None)
            return
        headers = [(h["name"], h["value"]) for h in request.headers_array()]
        response_headers = [(h["name"], h["value"]) for h in response.headers_array()]
        body: bytes | None = None
        with best_effort():  # redirects and evicted bodies have none to give
            data = response.body()
            if len(data) <= BODY_LIMIT and self._har_bytes + len(data) <= _HAR_BODY_BYTES:
                body = data
                self._har_bytes += len(data)
        self._har_add(request, response, headers=headers, response_headers=response_headers, body=body)

    def stop_har(self) -> tuple[int, bytes]:
        """End the recording: its entry count and the HAR file's bytes."""
        if self._har is None:
            raise RefwrightError("No HAR recording is running. Start one with `network har start`.")
        waited = 0
        while self._har_pending and waited < _HAR_SETTLE_MS and self._pw is not None and not self._pw.is_closed():
            with best_effort() as waiting:  # the page closed: what was recorded is kept
                self._pw.wait_for_timeout(50)
            if waiting.failed:
                break
            waited += 50
        entries, self._har = self._har, None
        if self._pw is not None:
            self._pw.remove_listener("requestfinished", self._on_finished)
        self.har_path = None
        browser = None
        if self._pw is not None and self._pw.context.browser is not None:
            browser = ("Chromium", self._pw.context.browser.version)
        document = har_document(sorted(entries, key=lambda e: str(e["startedDateTime"])),
                                creator_version=_version(), browser=browser)
        return len(entries), json.dumps(document, ensure_ascii=False, indent=1).encode("utf-8")


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("refwright")
    except PackageNotFoundError:
        return "0"
