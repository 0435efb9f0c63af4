"""``refwright record URL --save-run run.py``: a person does the task in a browser window (or, with --headless, in
the console's live view), and what they do is written as a script ``refwright replay`` runs (the same kind an
agent's run makes: role and name locators, parameters, intents, closing checks on what the page shows at the end)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
from pathlib import Path

from .._errors import RefwrightError
from ._options import add_browser_options, browser_options, guard_line

__all__ = ["add_parser", "run"]


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "record", help="record what a person does in a browser window as a script `refwright replay` runs",
        description="Open URL in a browser window and record what you do there (clicks, typing, choices, Enter) as "
        "a Python script. Close the window, or press Enter here, to save it. With --headless there is no window: "
        "open the console URL printed on stdout, press Take over and do the task on the live view, then press Done "
        "there (or Enter here) to save. Only real input counts, whatever sends it. Ctrl-C saves nothing. Not the "
        "shell's `record start` (a video of the page).")
    parser.add_argument("url", metavar="URL", help="the page to start on")
    parser.add_argument("--save-run", metavar="FILE", required=True, help="where to write the script")
    parser.add_argument("--task", metavar="TEXT", default="", help="what you are doing, for the script's docstring; "
                        "a link, option, tab or checkbox it names becomes a parameter")
    parser.add_argument("--plain", action="store_true", help="write a script that needs Playwright alone")
    parser.add_argument("--headless", action="store_true", help="no window: do the task in the console's live view "
                        "(its URL, with a token, is printed on stdout; press Take over there, then Done)")
    parser.add_argument("--port", type=int, default=0, metavar="P",
                        help="with --headless: the console's port on 127.0.0.1 (default: a free one)")
    add_browser_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        return asyncio.run(_record(args))
    except KeyboardInterrupt:
        print("Interrupted; nothing was saved.", file=sys.stderr)
        return 130


async def _record(args: argparse.Namespace) -> int:
    import refwright

    from ..console import RecordingConsole

    options = browser_options(args)
    launch = {**options.launch_kwargs(), "headless": args.headless}
    async with refwright.launch(**launch) as browser, contextlib.AsyncExitStack() as stack:
        print(guard_line(browser.capabilities()), file=sys.stderr, flush=True)
        desk = None
        try:
            if args.headless:
                desk = await stack.enter_async_context(RecordingConsole(browser, port=args.port))
            page = await browser.new_page()
            await page.goto(args.url)
        except RefwrightError as exc:
            print(f"error: {exc.message}", file=sys.stderr)
            return 1
        recorder = await page.record_person(args.task)
        closed = asyncio.Event() if desk is None else desk.done
        gone = asyncio.Event()

        def window_closed(_: object) -> None:
            gone.set()
            closed.set()

        page.playwright_page.on("close", window_closed)
        if desk is None:
            print(f"Recording what you do in the browser at {page.url}. Close its window, or press Enter here, to "
                  f"save the script as {args.save_run}.", file=sys.stderr, flush=True)
        else:
            shown = await desk.follow(page, args.task)
            print(f"Recording what you do in the console's live view of {page.url}. Open the URL below, press Take "
                  f"over and do the task on the picture; press Done there, or Enter here, to save the script as "
                  f"{args.save_run}.", file=sys.stderr, flush=True)
            print(desk.url, flush=True)
        _on_enter(closed)
        await closed.wait()
        recording = await recorder.stop()
        if gone.is_set():
            recording.stop()
            saved = recording.save(args.save_run, plain=args.plain)
        else:
            saved = await page.save_recording(args.save_run, plain=args.plain)
        note = f"Saved {len(recording.steps)} step(s) as {saved}; replay it with `refwright replay {Path(saved)}`."
        if desk is not None:
            await desk.finish(shown, note, saved.read_text(encoding="utf-8"))
    print(note, file=sys.stderr)
    return 0


def _on_enter(done: asyncio.Event) -> None:
    """A line typed at the terminal (Enter) ends the recording too; at the end of input only the window does."""
    loop = asyncio.get_running_loop()
    try:
        fd = sys.stdin.fileno()
    except (OSError, ValueError):
        return  # no terminal or pipe to read (run in-process): the window's closing ends it

    def readable() -> None:
        line = sys.stdin.readline()
        loop.remove_reader(fd)
        if line:
            done.set()

    try:
        loop.add_reader(fd, readable)
    except (OSError, ValueError, NotImplementedError):
        return
