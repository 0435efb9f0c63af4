"""``page.network``: the typed API of the ``network`` command (routes, the request log, HAR files)."""

from __future__ import annotations

from pathlib import Path

from ..._network._request_log import RequestFilter, RequestRecord
from ..pipeline._translate import mapped
from ..pipeline._typed import Invocation, run_typed
from ..tab._network_recorder import RouteRule
from ..tab._output_files import output_path, write_file
from ..tab._tab import Tab

__all__ = ["Network", "RequestRecord", "RouteRule"]


class Network:
    """Routes, the request log and HAR recording of one page.

    A route never lets through a request that refwright's network guard refuses: the guard's verdict is
    asked first. A tab that replaces a crashed one gets the routes again.
    """

    def __init__(self, session: Tab) -> None:
        self._session = session

    async def route(self, pattern: str, *, abort: bool = False, body: str | None = None,
                    status: int | None = None, content_type: str | None = None,
                    resource_types: tuple[str, ...] = ()) -> None:
        """Abort requests whose URL matches the glob ``pattern`` (and, if given, whose resource type is
        one of ``resource_types``), or answer them with ``body``/``status``; with neither, they go on
        unchanged (and show in the request log)."""
        rule = RouteRule(pattern, abort, body, status, content_type, tuple(t.lower() for t in resource_types))
        await run_typed(self._session, Invocation.of("network", "route", pattern), lambda tab: tab.network.route(rule))

    async def unroute(self, pattern: str | None = None) -> int:
        """Remove the routes added for ``pattern`` (every route when None); how many were removed."""
        invocation = Invocation.of("network", "unroute", *([pattern] if pattern else []))
        removed: int = await run_typed(self._session, invocation, lambda tab: tab.network.unroute(pattern))
        return removed

    @property
    def routes(self) -> list[RouteRule]:
        return self._session.network.routes()

    def requests(self, *, filter: str | None = None, type: str | None = None, method: str | None = None,
                 status: str | None = None) -> list[RequestRecord]:
        """The requests the page made, oldest first (the log keeps the last 1000)."""
        return self._session.network.requests(RequestFilter.of(filter, type, method, status))

    def clear_requests(self) -> None:
        self._session.network.clear_requests()

    def start_har(self) -> None:
        """Record requests and responses until :meth:`stop_har`."""
        self._session.network.start_har()

    async def stop_har(self, path: str) -> Path:
        """Write the recording as a HAR 1.2 file at ``path`` inside ``Config.output_dir``; its full path."""
        target = output_path(self._session, path)
        with mapped():
            _, data = await self._session.network.stop_har()
        write_file(target, self._session.config.secrets.scrub_bytes(data))
        return target
