# Generated from src/refwright/_async/handlers/output.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""pdf, trace, record, read, a11y and vitals: files written under the output folder, reading, audits."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..._errors import RefwrightError
from ..._open_url import normalize_url
from ...commands import ParsedCommand
from ...commands._registry import lookup
from ...safety import ActionType, clean_line
from ..pipeline._translate import first_line, mapped
from ..runtime._runtime_engine import AUDIT_ENGINE
from ..runtime._vitals import format_vitals, read_vitals
from ..tab._secret_fields import scrub_zip, secret_rects
from ..tab._tab import Tab
from ..tab._video import Recorder, check_format
from . import navigation

__all__ = ["HANDLERS", "format_a11y", "open_first", "run_audit", "save_pdf"]

# `read` is bounded even when Config.max_output is not set.
_READ_LIMIT = 20_000


def open_first(session: Tab, url: str, *, check_policy: bool = False) -> str:
    """Open ``url`` as `open` does (scheme check, network guard); ``check_policy`` also decides Navigate
    on it (the dispatcher has decided a command's first URL already)."""
    spec = lookup("open")
    assert spec is not None
    if check_policy:
        session.check_policy(ActionType.NAVIGATE, normalize_url(url))
    return navigation.open_(session, ParsedCommand(line=f"open {url}", spec=spec, raw_args=(url,), args=(url,)))


def save_pdf(session: Tab, name: str) -> Path:
    path = session.output.file(name)
    with mapped(lambda exc: RefwrightError(f"Saving the PDF failed: {first_line(str(exc))}. PDFs need headless "
                                           "Chromium.")):
        session.pw.pdf(path=str(path), print_background=True)
    return path


def pdf(session: Tab, cmd: ParsedCommand) -> str:
    return f"PDF saved to {save_pdf(session, cmd.args[0])}"


def trace(session: Tab, cmd: ParsedCommand) -> str:
    sub = cmd.args[0].lower()
    tracing = session.pw.context.tracing
    if sub == "start":
        if session.work.tracing:
            raise RefwrightError("Tracing already active. Run `trace stop [path]` to save it first.")
        with mapped(lambda exc: RefwrightError(f"Tracing could not start: {first_line(str(exc))}. Another page of "
                                               "this browser may be tracing: stop it there first.")):
            # Screencast frames cannot be searched for a secret's value: none while secrets are declared.
            tracing.start(screenshots=not session.config.secrets, snapshots=True)
        session.work.tracing = True
        # agent-browser's words for it.
        return "Recording started"
    if sub != "stop":
        raise RefwrightError("Usage: trace start | trace stop [path]")
    if not session.work.tracing:
        raise RefwrightError("No tracing in progress. Run `trace start` first.")
    path = session.output.file(cmd.args[1]) if len(cmd.args) > 1 else session.output.fresh("trace", "zip")
    session.work.tracing = False
    tracing.stop(path=str(path))
    scrub_zip(path, session.config.secrets)
    return f"Trace saved to {path}"


def record(session: Tab, cmd: ParsedCommand) -> str:
    sub = cmd.args[0].lower()
    current = session.work.recorder
    if sub == "start":
        if current is not None:
            raise RefwrightError("Recording already active. Run `record stop` to save it first.")
        if len(cmd.args) < 2:
            raise RefwrightError("Usage: record start <path>  (for example `record start demo.webp`)")
        path = session.output.file(cmd.args[1])
        check_format(path)
        recorder = Recorder(session.pw, path, (lambda: secret_rects(session)) if session.config.secrets else None)
        recorder.start()
        session.work.recorder = recorder
        return f"Recording started: {path}"
    if sub != "stop":
        raise RefwrightError("Usage: record start <path> | record stop")
    if current is None:
        raise RefwrightError("No recording in progress. Run `record start <path>` first.")
    session.work.recorder = None
    current.stop()
    return f"Recording saved to {current.path}"


def run_audit(session: Tab, op: str, **args: Any) -> dict[str, Any]:
    """Run ``read`` or ``a11y`` of the audit engine on the main document."""
    if not session.config.allow_dom_extraction:
        raise RefwrightError("Reading page content is disabled by Config.allow_dom_extraction.")
    # The audit engine builds on the page runtime: make sure it is loaded in the document.
    session.channel.run("ping")
    return session.channel.run(op, engine=AUDIT_ENGINE, **args)


def read(session: Tab, cmd: ParsedCommand) -> str:
    if cmd.args:
        open_first(session, cmd.args[0])
        session.check_policy(ActionType.READ_CONTENT, session.url)
    # Under max_output with room for the note, so that the dispatcher's own cut never lands on it.
    limit = max(1_000, session.config.max_output - 300) if session.config.max_output else _READ_LIMIT
    result = run_audit(session, "read", limit=limit)
    text = str(result.get("text") or "")
    if not text:
        return "(no readable text on this page)"
    if len(text) > limit or result.get("truncated"):
        cut = text[:limit].rsplit("\n\n", 1)[0] if len(text) > limit else text
        return (f"{cut}\n\n[read: the text was cut at {limit} characters. Read a part with "
                "`get text <selector>`, or narrow it with `snapshot -s <css>`.]")
    return text


def format_a11y(data: dict[str, Any]) -> str:
    violations = data.get("violations") or []
    incomplete = data.get("incomplete") or []
    lines = [f"url: {clean_line(str(data.get('url') or '-'))}",
             f"rules: {data.get('rules', 0)}  violations: {len(violations)}  incomplete: {len(incomplete)}  "
             f"passes: {data.get('passes', 0)}"]

    def render(results: list[dict[str, Any]]) -> None:
        for r in results:
            count = int(r.get("nodeCount") or 0)
            plural = "" if count == 1 else "s"
            lines.append(f"[{r.get('impact')}] {r.get('id')}: {r.get('help')} ({count} node{plural})")
            nodes = [clean_line(str(n)) for n in r.get("nodes") or []]
            lines.extend(f"  - {n}" for n in nodes)
            if count > len(nodes):
                more = count - len(nodes)
                lines.append(f"  … and {more} more node{'' if more == 1 else 's'}")

    if violations:
        lines.append("")
        render(violations)
    if incomplete:
        lines += ["", "incomplete (needs manual review):"]
        render(incomplete)
    if data.get("capped"):
        lines += ["", "(the page is large: only its first 5000 elements were checked; use `a11y -s <css>`)"]
    return "\n".join(lines)


def a11y(session: Tab, cmd: ParsedCommand) -> str:
    selector = cmd.flag("selector")
    args: dict[str, Any] = {"selector": selector} if isinstance(selector, str) and selector else {}
    return format_a11y(run_audit(session, "a11y", **args))


def vitals(session: Tab, cmd: ParsedCommand) -> str:
    if not session.config.allow_dom_extraction:
        raise RefwrightError("Reading page content is disabled by Config.allow_dom_extraction.")
    return format_vitals(read_vitals(session.pw))


HANDLERS = {"pdf": pdf, "trace": trace, "record": record, "read": read, "a11y": a11y, "vitals": vitals}
