"""``refwright agent TASK``: a model does the task in a real browser while you watch on stderr."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Awaitable, Callable
from typing import IO, TYPE_CHECKING, Any

from .._errors import RefwrightError
from ..snapshot._format import counted, json_line
from ._options import add_browser_options, add_profile_option, browser_options, show_guard
from ._tty_handoff import ask_at_terminal

if TYPE_CHECKING:
    from ..agent import AgentEvent, AgentRun, Turn

__all__ = ["add_parser", "run"]

_MODEL_HELP = (
    "openai:MODEL (any OpenAI-compatible server: OPENAI_API_KEY, OPENAI_BASE_URL), anthropic:MODEL "
    "(ANTHROPIC_API_KEY), local (no model: refwright's own resolver, which asks y/N on a terminal before a "
    "step that needs approval, and without a terminal stops there with exit status 1), or "
    "local:auto-approve (the same, approving such steps in advance); default: openai if OPENAI_API_KEY is "
    "set, else anthropic if ANTHROPIC_API_KEY is set, else local"
)
_NO_TERMINAL = (
    "the run stopped at a step that needs approval, and there is no terminal to ask on (its token is useless "
    "once this process ends). Run it on a terminal to be asked, or with --model local:auto-approve to "
    "approve such steps in advance."
)


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "agent",
        help="let a model do a task in the browser",
        description="Let a model do TASK in a real browser through the `browser` tool. Progress goes to "
        "stderr, the answer to stdout; the exit status is 0 when the model answered, 1 otherwise.",
    )
    parser.add_argument("task", metavar="TASK", nargs="?", help="what the model should do, in plain words")
    parser.add_argument("--tasks", metavar="FILE", help="run every task of a JSON-lines file "
                        '({"task": ..., "url": ..., "model": ..., "id": ...}) over a session pool')
    parser.add_argument("--concurrency", type=_positive, default=4, metavar="N",
                        help="with --tasks: tasks at once (default 4)")
    parser.add_argument("--output", metavar="FILE", help="with --tasks: append result lines here (resumable: "
                        "tasks already in FILE are skipped); default stdout")
    parser.add_argument("--url", help="open this page before the model starts")
    parser.add_argument("--model", metavar="SPEC", help=_MODEL_HELP)
    parser.add_argument(
        "--max-steps", type=_positive, default=30, metavar="N", help="stop after N model replies (default 30)"
    )
    parser.add_argument("--transcript", metavar="FILE", help="write every turn to FILE as JSON lines")
    parser.add_argument("--stream", action="store_true", help="stream the model's replies")
    parser.add_argument("--save-run", metavar="FILE", help="when the model answers, save its steps as a script "
                        "that `refwright replay FILE` (or `python FILE`) runs with no model")
    parser.add_argument("--plain", action="store_true", help="with --save-run: a script that needs Playwright "
                        "alone, not refwright")
    parser.add_argument("--console", metavar="URL", help="report the run (or each of --tasks) to the console at "
                        "URL, as `refwright console` printed it; its approvals are asked there")
    add_browser_options(parser)
    add_profile_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..agent import LocalResolverLlm, llm_from_spec

    if getattr(args, "tasks", None):  # the demo builds its own arguments, without --tasks
        return _run_tasks(args)
    if not args.task:
        print("error: give a TASK, or --tasks FILE for many.", file=sys.stderr)
        return 2

    progress = _progress(sys.stderr)
    try:
        # Before the browser starts, so a missing key is reported at once.
        llm = llm_from_spec(args.model, stream=args.stream)
    except RefwrightError as exc:
        progress.error(exc.message)
        return 1
    if isinstance(llm, LocalResolverLlm) and not llm.confirm_proposals and sys.stdin.isatty():
        llm.approve = _terminal_approval(progress)
    try:
        transcript = open(args.transcript, "w", encoding="utf-8") if args.transcript else None  # noqa: SIM115
    except OSError as exc:
        progress.error(f"cannot write the transcript: {exc}")
        return 1
    try:
        return asyncio.run(_run(args, llm, progress, transcript))
    except KeyboardInterrupt:
        progress.stop()
        print("Interrupted.", file=sys.stderr)
        return 130
    finally:
        if transcript is not None:
            transcript.close()


def _run_tasks(args: argparse.Namespace) -> int:
    from ._tasks import prepare, run_tasks

    options = browser_options(args)
    endpoints = list(args.connect or []) + ([args.cdp] if args.cdp else [])
    try:
        todo, total, out = prepare(args)
    except RefwrightError as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return 1
    try:
        return asyncio.run(run_tasks(args, options, endpoints or ["local"], todo, total, out))
    except KeyboardInterrupt:
        print("Interrupted; run the same command again to resume.", file=sys.stderr)
        return 130


async def _run(args: argparse.Namespace, llm: Any, progress: _Progress, transcript: IO[str] | None) -> int:
    try:
        outcome = await _drive(args, llm, progress, transcript)
    except RefwrightError as exc:
        progress.error(exc.message)
        return 1
    except Exception as exc:  # the CLI's last resort: the person reads what went wrong, and the exit code
        progress.error(f"{type(exc).__name__}: {exc}")
        return 1
    finally:
        progress.stop()
        close = getattr(llm, "aclose", None)
        if close is not None:
            await close()
    if outcome.stopped:
        progress.error(outcome.answer)
        return 1
    unconfirmed = getattr(llm, "unconfirmed", None)
    if unconfirmed:
        progress.error(f"{_NO_TERMINAL}\n{unconfirmed}")
        return 1
    if getattr(llm, "declined", None):
        progress.error("the step was not approved, so the task is not done.")
        print(outcome.answer)
        return 1
    if getattr(llm, "gave_up", None):
        progress.error(f"the run did not finish the task after {counted(outcome.steps, 'step')}.")
        print(outcome.answer)
        return 1
    progress.done(outcome)
    if getattr(args, "save_run", None):
        progress.note(f"Saved the run as {args.save_run}; replay it with `refwright replay {args.save_run}`.")
    print(outcome.answer)
    return 0


async def _drive(args: argparse.Namespace, llm: Any, progress: _Progress, transcript: IO[str] | None) -> AgentRun:
    import refwright

    from ..agent import CommandFinished, CommandStarted, ModelReplied, StepStarted, User, run_agent

    def record(turn: Turn) -> None:
        from ..agent import turn_to_json

        if transcript is not None:
            # Written as the run goes, so a failed or interrupted run still leaves its transcript.
            transcript.write(json_line(turn_to_json(turn)) + "\n")
            transcript.flush()

    def on_event(event: AgentEvent) -> None:
        if isinstance(event, StepStarted):
            progress.thinking(event.step)
        elif isinstance(event, ModelReplied):
            progress.replied(event.step, event.turns)
            for turn in event.turns:
                record(turn)
        elif isinstance(event, CommandStarted):
            progress.running(event.step, event.call.command)
        elif isinstance(event, CommandFinished):
            progress.ran(
                event.step,
                event.call.command if event.call.error is None else "(bad call)",
                event.result.output,
            )
            record(event.result)

    options = browser_options(args)
    ask_at_terminal(visible=bool(args.headed or options.config.auto_connect))
    # A task that quotes a declared secret's value is written nowhere with it: not in the transcript, the
    # saved run, the console, nor sent to the model (which names it {{secret:NAME}}).
    task = options.config.secrets.scrub(args.task)
    async with refwright.launch(**options.launch_kwargs()) as browser:
        page = await browser.new_page()
        show_guard(browser.capabilities())
        save_run = getattr(args, "save_run", None)
        if save_run:
            page.recording(task)  # before `--url` opens, so the script starts there too
        if args.url:
            progress.running(0, f"open {args.url}")
            opened = await page.run_command(f"open {args.url}")
            progress.ran(0, f"open {args.url}", opened.output)
        record(User(task))
        if getattr(args, "console", None):
            from ..console import run_reported

            return await run_reported(args.console, page, llm, task, args.max_steps, start_url=args.url or "",
                                      model=args.model or "", content_boundaries=options.config.content_boundaries,
                                      on_event=on_event)
        return await run_agent(
            page,
            llm,
            task,
            args.max_steps,
            content_boundaries=options.config.content_boundaries,
            on_event=on_event,
            save_run=save_run or None,
            save_plain=bool(getattr(args, "plain", False)),
        )


def _terminal_approval(progress: _Progress) -> Callable[[str], Awaitable[bool]]:
    """Ask the person at the terminal about a proposal: y approves it, anything else declines."""

    def ask(proposal: str) -> bool:
        progress.stop()
        # On stderr, with the progress: stdout carries only the answer.
        print(f"{proposal}\nApprove this step? [y/N] ", end="", file=sys.stderr, flush=True)
        answer = sys.stdin.readline()
        return answer.strip().lower() in ("y", "yes")

    async def approve(proposal: str) -> bool:
        # In a thread, so the browser's connection keeps being served while the person reads.
        return await asyncio.to_thread(ask, proposal)

    return approve


def summarize(output: str, width: int = 100) -> str:
    """The first meaningful line of a command's output, cut to ``width``, with a count of the rest."""
    lines = [
        line.strip()
        for line in output.splitlines()
        if line.strip() and not line.startswith(("--- AGENT_BROWSER_PAGE_CONTENT", "--- END_AGENT_BROWSER_PAGE"))
    ]
    if not lines:
        return "(no output)"
    first = lines[0] if len(lines[0]) <= width else lines[0][: width - 1] + "…"
    return first + (f"  (+{len(lines) - 1} more lines)" if len(lines) > 1 else "")


def _summary(outcome: AgentRun) -> str:
    u = outcome.usage
    return (f"Answered after {counted(outcome.steps, 'step')} ({counted(u.input_tokens, 'token')} in, "
            f"{u.output_tokens} out).")


class _Progress:
    """Plain lines, for logs and pipes."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream

    def _print(self, text: str) -> None:
        print(text, file=self.stream, flush=True)

    def thinking(self, step: int) -> None:
        pass

    def replied(self, step: int, turns: tuple[Turn, ...]) -> None:
        from ..agent import Assistant, ToolCall

        if any(isinstance(t, ToolCall) for t in turns):
            for turn in turns:
                if isinstance(turn, Assistant) and turn.text.strip():
                    self._print(f"[{step}] model: {summarize(turn.text)}")

    def running(self, step: int, command: str) -> None:
        pass

    def ran(self, step: int, command: str, output: str) -> None:
        self._print(f"[{step}] {summarize(command, 70)} → {summarize(output)}")

    def done(self, outcome: AgentRun) -> None:
        self._print(_summary(outcome))

    def error(self, message: str) -> None:
        self._print(f"error: {message}")

    def note(self, message: str) -> None:
        self._print(message)

    def stop(self) -> None:
        pass


class _RichProgress(_Progress):
    """A spinner while the model thinks or a command runs, and coloured lines, for a terminal."""

    def __init__(self, stream: IO[str]) -> None:
        super().__init__(stream)
        from rich.console import Console

        self.console = Console(file=stream, highlight=False)
        self.status = self.console.status("")

    def _line(self, text: str) -> None:
        self.console.print(text)

    def thinking(self, step: int) -> None:
        self.status.update(f"Step {step}: the model is thinking…")
        self.status.start()

    def replied(self, step: int, turns: tuple[Turn, ...]) -> None:
        from rich.markup import escape

        from ..agent import Assistant, ToolCall

        self.status.stop()
        if any(isinstance(t, ToolCall) for t in turns):
            for turn in turns:
                if isinstance(turn, Assistant) and turn.text.strip():
                    self._line(f"[dim]\\[{step}] {escape(summarize(turn.text))}[/dim]")

    def running(self, step: int, command: str) -> None:
        from rich.markup import escape

        self.status.update(f"[{step}] {escape(command)}")
        self.status.start()

    def ran(self, step: int, command: str, output: str) -> None:
        from rich.markup import escape

        self.status.stop()
        colour = "red" if output.startswith("Error:") else "green"
        shown = escape(summarize(command, 70))
        self._line(f"[dim]\\[{step}][/dim] [bold]{shown}[/bold] → [{colour}]{escape(summarize(output))}[/]")

    def done(self, outcome: AgentRun) -> None:
        self._line(f"[dim]{_summary(outcome)}[/dim]")

    def error(self, message: str) -> None:
        from rich.markup import escape

        self.status.stop()
        self._line(f"[bold red]error:[/bold red] {escape(message)}")

    def stop(self) -> None:
        self.status.stop()


def _progress(stream: IO[str]) -> _Progress:
    if stream.isatty():
        try:
            return _RichProgress(stream)
        except ImportError:
            pass
    return _Progress(stream)
