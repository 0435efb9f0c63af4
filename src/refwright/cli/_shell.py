"""``refwright shell``: one command per line on stdin, each output printed (and flushed) as it finishes.

Another program can drive it a command at a time; a person gets a prompt with line editing. Lines split
on newline only, a trailing carriage return is dropped, invalid UTF-8 is replaced, and blank and ``#``
lines are skipped. With ``--jsonl`` each command yields exactly one JSON object on stdout.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import IO, TYPE_CHECKING

from .._errors import RefwrightError
from ..snapshot._format import json_line
from ._options import add_browser_options, add_profile_option, browser_options, show_guard
from ._tty_handoff import ask_at_terminal

if TYPE_CHECKING:
    from .._async import Browser

__all__ = ["add_parser", "decode_line"]


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "shell",
        help="run browser commands read from stdin, one per line",
        description="Read agent-browser commands from stdin, one per line, run each on one page and print "
        "its output as soon as it finishes. Exit status is 0 at end of input, even when commands failed.",
    )
    parser.add_argument("url", nargs="?", help="open this page first")
    parser.add_argument("--jsonl", action="store_true",
                        help='print one JSON object per command: {"command", "ok", "output"}')
    parser.add_argument("--screenshot-dir", metavar="DIR",
                        help="where screenshot PNGs are saved (default: a new temporary folder)")
    parser.add_argument("--save-run", metavar="FILE", help="at end of input, save the commands that changed the "
                        "page as a script that `refwright replay FILE` (or `python FILE`) runs")
    parser.add_argument("--plain", action="store_true", help="with --save-run: a script that needs Playwright "
                        "alone, not refwright")
    add_browser_options(parser)
    add_profile_option(parser)
    parser.set_defaults(run=run)


def decode_line(raw: bytes) -> str | None:
    """A command from one raw line, or None for a line to skip."""
    text = raw.decode("utf-8", errors="replace")
    if text.endswith("\n"):
        text = text[:-1]
    if text.endswith("\r"):
        text = text[:-1]
    stripped = text.strip()
    if not stripped or stripped.startswith("#"):
        return None
    return text


class _Input:
    """Lines from stdin: a prompt with readline editing on a terminal, raw bytes otherwise."""

    def __init__(self, stream: IO[bytes], interactive: bool) -> None:
        self.stream = stream
        self.interactive = interactive
        if interactive:
            try:
                import readline  # noqa: F401 - importing it gives input() history and editing
            except ImportError:
                pass

    def read(self) -> bytes | None:
        if self.interactive:
            try:
                return (input("refwright> ") + "\n").encode("utf-8", errors="surrogateescape")
            except EOFError:
                return None
        line = self.stream.readline()
        return line or None


def run(args: argparse.Namespace) -> int:
    interactive = sys.stdin.isatty() and not args.jsonl
    source = _Input(sys.stdin.buffer, interactive)
    try:
        return asyncio.run(_main(args, source))
    except KeyboardInterrupt:
        return 130
    except RefwrightError as exc:  # a browser that cannot be set up at all (bad --guard-listen, ...)
        print(f"Error: {exc}", file=sys.stderr, flush=True)
        return 1


async def _main(args: argparse.Namespace, source: _Input) -> int:
    import refwright

    options = browser_options(args)
    ask_at_terminal(visible=bool(args.headed or options.config.auto_connect))
    shots = _ShotFolder(args.screenshot_dir)
    emit = _jsonl_emitter(sys.stdout) if args.jsonl else _plain_emitter(sys.stdout, sys.stderr)
    loop = asyncio.get_running_loop()
    try:
        async with refwright.launch(**options.launch_kwargs()) as browser:
            return await _session(args, browser, source, emit, shots, loop)
    finally:
        shots.cleanup()


async def _session(args: argparse.Namespace, browser: Browser, source: _Input, emit: Emitter, shots: _ShotFolder,
                   loop: asyncio.AbstractEventLoop) -> int:
    page = None
    failure: RefwrightError | None = None
    try:
        page = await browser.new_page()
    except RefwrightError as exc:
        failure = exc
        print(f"Error: {exc}", file=sys.stderr, flush=True)
    show_guard(browser.capabilities())
    if args.save_run and page is not None:
        page.recording("Commands run in `refwright shell`")
    if args.url:
        # The start URL answers as a command would: with --jsonl it is the first JSON line (even when no page
        # could be made), so a driver waiting for one line per command is not left waiting.
        start = f"open {args.url}"
        try:
            if page is None:
                raise failure or RefwrightError("No page could be opened.")
            opened = await page.run_command(start)
        except RefwrightError as exc:
            if args.jsonl:
                emit(start, False, f"Error: {exc}", None)
            elif exc is not failure:
                print(f"Error: {exc}", file=sys.stderr, flush=True)
        else:
            emit(start, True, opened.output, None)
    while True:
        raw = await loop.run_in_executor(None, source.read)
        if raw is None:
            break
        command = decode_line(raw)
        if command is None:
            continue
        if page is None:
            try:
                page = await browser.new_page()
            except RefwrightError as exc:
                emit(command, False, f"Error: {exc}", None)
                continue
            if args.save_run:
                page.recording("Commands run in `refwright shell`")
        try:
            result = await page.run_command(command)
        except RefwrightError as exc:
            emit(command, False, f"Error: {exc}", None)
            continue
        except Exception as exc:  # the shell keeps going whatever one command does
            emit(command, False, f"Error: {type(exc).__name__}: {exc}", None)
            continue
        path = shots.save(result.screenshot.bytes) if result.screenshot is not None else None
        emit(command, True, result.output, path)
    if args.save_run and page is not None:
        try:
            saved = await page.save_recording(args.save_run, plain=args.plain)
        except (RefwrightError, OSError) as exc:
            print(f"Error: the run was not saved: {exc}", file=sys.stderr, flush=True)
            return 1
        print(f"Saved the run as {saved}; replay it with `refwright replay {saved}`.", file=sys.stderr, flush=True)
    return 0


class _ShotFolder:
    """Where screenshot PNGs go: the user's --screenshot-dir, or a temporary folder made at the first
    screenshot and removed at exit when it holds nothing (a run without screenshots leaves no folder)."""

    def __init__(self, chosen: str | None) -> None:
        self._chosen = chosen
        self._path: Path | None = None
        self._count = 0

    def save(self, png: bytes) -> str:
        if self._path is None:
            if self._chosen is None:
                self._path = Path(tempfile.mkdtemp(prefix="refwright-shots-"))
            else:
                self._path = Path(self._chosen).expanduser()
                self._path.mkdir(parents=True, exist_ok=True)
                # An earlier run's pictures stay: numbering goes on after the highest number there.
                taken = (re.fullmatch(r"screenshot-(\d+)\.png", p.name) for p in self._path.iterdir())
                self._count = max((int(m[1]) for m in taken if m), default=0)
        while True:
            self._count += 1
            path = self._path / f"screenshot-{self._count}.png"
            try:
                with path.open("xb") as f:  # never over a file that is there, whoever wrote it
                    f.write(png)
            except FileExistsError:
                continue
            return str(path)

    def cleanup(self) -> None:
        if self._chosen is None and self._path is not None:
            try:
                self._path.rmdir()  # only when empty: saved screenshots are the user's
            except OSError:
                pass


Emitter = Callable[[str, bool, str, "str | None"], None]


def _jsonl_emitter(out: IO[str]) -> Emitter:
    def emit(command: str, ok: bool, output: str, screenshot: str | None) -> None:
        record: dict[str, object] = {"command": command, "ok": ok, "output": output}
        if screenshot is not None:
            record["screenshot"] = screenshot
        out.write(json_line(record) + "\n")
        out.flush()

    return emit


def _plain_emitter(out: IO[str], err: IO[str]) -> Emitter:
    def emit(command: str, ok: bool, output: str, screenshot: str | None) -> None:
        out.write(output + "\n")
        if screenshot is not None:
            out.write(f"(saved {screenshot})\n")
        out.flush()

    return emit
