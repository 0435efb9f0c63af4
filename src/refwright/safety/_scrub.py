"""The one boundary where answers leave refwright: command results and errors with every secret's value
(in any of its encodings) replaced by ``{{secret:NAME}}`` (see ``safety/_secrets.py``)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

from .._result import CommandResult
from ..resolve._outcome import StepResult
from ..snapshot._types import RefEntry, Snapshot
from ._secrets import Secrets

__all__ = ["scrub_logs", "scrub_result", "scrub_step", "scrubbed_errors"]


def scrub_result(secrets: Secrets, result: CommandResult) -> CommandResult:
    if not secrets:
        return result
    snapshot = result.snapshot
    if snapshot is not None and _leaks(secrets, snapshot):
        refs = {k: RefEntry(e.ref, e.role, secrets.scrub(e.name)) for k, e in snapshot.refs.items()}
        snapshot = Snapshot(secrets.scrub(snapshot.tree), refs, url=secrets.scrub(snapshot.url),
                            title=secrets.scrub(snapshot.title), truncated=snapshot.truncated)
    shot = result.screenshot
    if shot is not None and shot.annotations:
        # The image is blanked already (_async/tab/_secret_fields.py); the labels' names are page text.
        shot = replace(shot, annotations=tuple(replace(a, name=secrets.scrub(a.name)) for a in shot.annotations))
    return replace(result, command=secrets.scrub(result.command), output=secrets.scrub(result.output),
                   snapshot=snapshot, screenshot=shot, events=tuple(secrets.scrub(e) for e in result.events))


def scrub_step(secrets: Secrets, step: StepResult) -> StepResult:
    return replace(step, output=secrets.scrub(step.output)) if secrets else step


def _leaks(secrets: Secrets, snapshot: Snapshot) -> bool:
    names = "\n".join(e.name for e in snapshot.refs.values())
    return secrets.leaked("\n".join((snapshot.tree, snapshot.url, snapshot.title, names)))


@contextmanager
def scrubbed_errors(secrets: Secrets) -> Iterator[None]:
    """Every error leaving the block has its message scrubbed (a page's words quoted in it)."""
    try:
        yield
    except Exception as exc:
        if secrets and exc.args and isinstance(exc.args[0], str):
            exc.args = (secrets.scrub(str(exc.args[0])), *exc.args[1:])
        raise


class _LogScrubber(logging.Filter):
    """Scrubs refwright's own log records (a proxy error quoting a URL) of every session's secrets."""

    def __init__(self) -> None:
        super().__init__()
        self.secrets: list[Secrets] = []

    def filter(self, record: logging.LogRecord) -> bool:
        if self.secrets:
            message = record.getMessage()
            if record.exc_info and not record.exc_text:
                record.exc_text = logging.Formatter().formatException(record.exc_info)
            for secrets in self.secrets:
                message = secrets.scrub(message)
                record.exc_text = secrets.scrub(record.exc_text) if record.exc_text else record.exc_text
            record.msg, record.args = message, None
        return True


_LOG_SCRUBBER = _LogScrubber()


def scrub_logs(secrets: Secrets) -> None:
    """From now on, refwright's loggers drop these secrets' values from what they log."""
    if not secrets or secrets in _LOG_SCRUBBER.secrets:
        return
    _LOG_SCRUBBER.secrets.append(secrets)
    names = ["refwright", *(n for n in logging.root.manager.loggerDict if n.startswith("refwright."))]
    for name in names:
        logger = logging.getLogger(name)
        if _LOG_SCRUBBER not in logger.filters:
            logger.addFilter(_LOG_SCRUBBER)
