"""network: routes that abort or answer requests, the request log, HAR recording."""

from __future__ import annotations

from ..._errors import RefwrightError
from ..._network._request_log import RequestFilter, format_requests
from ...commands import ParsedCommand
from ...snapshot._format import counted
from ..tab._network_recorder import RouteRule
from ..tab._output_files import output_path, write_file
from ..tab._tab import Tab

_USAGE = "Usage: network <route|unroute|requests|har> [args...]"


def _text(cmd: ParsedCommand, key: str) -> str | None:
    value = cmd.flag(key)
    return value if isinstance(value, str) and value else None


def _route_status(cmd: ParsedCommand) -> int | None:
    raw = _text(cmd, "status")
    if raw is None:
        return None
    try:
        return int(raw)
    except ValueError:
        raise RefwrightError(f"Invalid --status `{raw}`: use an HTTP status such as 404.") from None


async def _route(session: Tab, cmd: ParsedCommand) -> str:
    if len(cmd.args) < 2:
        raise RefwrightError("Usage: network route <url> [--abort|--body <json>] [--status <code>]")
    body = cmd.flag("body")
    types = tuple(t.strip().lower() for t in (_text(cmd, "resource_type") or "").split(",") if t.strip())
    rule = RouteRule(cmd.args[1], abort=cmd.flag("abort") is True, body=body if isinstance(body, str) else None,
                     status=_route_status(cmd), content_type=_text(cmd, "content_type"), resource_types=types)
    await session.network.route(rule)
    return "Done"


async def _har(session: Tab, cmd: ParsedCommand) -> str:
    sub = cmd.args[1].lower() if len(cmd.args) > 1 else ""
    path = cmd.args[2] if len(cmd.args) > 2 else None
    recorder = session.network
    if sub == "start":
        if path is not None:
            output_path(session, path)  # refuse a bad path now, not after the recording
        recorder.start_har(path)
        return "HAR recording started"
    if sub == "stop":
        if not recorder.recording_har:
            raise RefwrightError("No HAR recording is running. Start one with `network har start`.")
        name = path or recorder.har_path
        # Without a name, a new one: a recording stopped in the same second as another keeps both.
        target = output_path(session, name) if name else session.output.fresh("network", "har")
        count, data = await recorder.stop_har()
        # The login request itself carries the value (in its body): the file has {{secret:NAME}} instead.
        write_file(target, session.config.secrets.scrub_bytes(data))
        return f"HAR saved to {target} ({counted(count, 'request')})"
    raise RefwrightError("Usage: network har <start|stop> [path]")


async def network(session: Tab, cmd: ParsedCommand) -> str:
    sub = cmd.args[0].lower()
    recorder = session.network
    if sub == "route":
        return await _route(session, cmd)
    if sub == "unroute":
        await recorder.unroute(cmd.args[1] if len(cmd.args) > 1 else None)
        return "Done"
    if sub == "requests":
        if cmd.flag("clear") is True:
            recorder.clear_requests()
            return "Request log cleared"
        flt = RequestFilter.of(_text(cmd, "filter"), _text(cmd, "type"), _text(cmd, "method"), _text(cmd, "status"))
        return format_requests(recorder.requests(), flt, dropped=recorder.dropped)
    if sub == "har":
        return await _har(session, cmd)
    raise RefwrightError(_USAGE)


HANDLERS = {"network": network}
