"""``refwright demo``: the agent signs up on the bundled demo app.

With a provider key (or ``--model``) a model drives the browser; without one the model-free local
resolver does; ``--walkthrough`` instead prints a fixed tour of the command language.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys

from .._errors import RefwrightError
from ._options import add_browser_options, browser_options

__all__ = ["DEMO_TASK", "add_parser"]

DEMO_TASK = (
    'Enter "demo@example.com" into the Email field, enter "correct-horse-42" into the Password field, '
    'select "Team" from the Plan list, check "I agree to the terms" and click "Create account".'
)


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "demo", help="watch an agent sign up on the bundled demo app",
        description="Serve the bundled demo app on loopback and let an agent sign up on it. With "
        "OPENAI_API_KEY or ANTHROPIC_API_KEY set (or --model) a model drives; otherwise the model-free "
        "local resolver does.")
    parser.add_argument("--model", metavar="SPEC", help="openai:MODEL, anthropic:MODEL or local")
    parser.add_argument("--walkthrough", action="store_true",
                        help="print a fixed tour of the command language instead of running an agent")
    parser.add_argument("--max-steps", type=int, default=20, metavar="N")
    parser.add_argument("--stream", action="store_true", help="stream the model's replies")
    add_browser_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..demo import DemoServer

    with DemoServer() as demo:
        # The demo app lives on loopback: allow exactly that host, nothing else private.
        if args.allow_private is None:
            args.allow_private = demo.host
        if args.walkthrough:
            return asyncio.run(_walkthrough(args, demo.url))
        return _agent(args, demo.url)


def _agent(args: argparse.Namespace, url: str) -> int:
    from . import _agent as agent_cli

    model = args.model
    if model is None and not (os.environ.get("OPENAI_API_KEY") or os.environ.get("ANTHROPIC_API_KEY")):
        # No key: the model-free resolver. It proposes the submit click for approval; running the demo is
        # taken as that approval, and the run says so.
        model = "local:auto-approve"
    print(f"Demo app: {url}", file=sys.stderr)
    print(f"Task: {DEMO_TASK}", file=sys.stderr)
    print(f"Model: {model or 'from the provider key in the environment'}", file=sys.stderr)
    if model == "local:auto-approve":
        print("No OPENAI_API_KEY or ANTHROPIC_API_KEY: the local resolver drives, and the demo approves its "
              "proposals (such as submitting the form) on your behalf.", file=sys.stderr)
    agent_args = argparse.Namespace(**vars(args))
    agent_args.task = DEMO_TASK
    agent_args.url = url
    agent_args.model = model
    agent_args.transcript = None
    code: int = agent_cli.run(agent_args)
    return code


async def _walkthrough(args: argparse.Namespace, url: str) -> int:
    import refwright

    options = browser_options(args)
    async with refwright.launch(**options.launch_kwargs()) as browser:
        page = await browser.new_page()

        async def step(command: str) -> refwright.CommandResult:
            print(f"$ {command}", flush=True)
            result = await page.run_command(command)
            print(result.output + "\n", flush=True)
            return result

        try:
            await step(f"open {url}")
            snap = (await step("snapshot -i")).snapshot
            assert snap is not None

            def ref(name: str) -> str:
                for entry in snap.refs.values():
                    if entry.name == name:
                        return "@" + entry.ref
                raise RefwrightError(f"the demo app has no control named {name!r}")

            await step(f"fill {ref('Email')} demo@example.com")
            await step(f"fill {ref('Password')} correct-horse-42")
            await step(f"select {ref('Plan')} Team")
            await step(f"check {ref('I agree to the terms')}")
            await step(f"click {ref('Create account')}")
            await step("wait --text Welcome")
            await step("snapshot -i")
        except RefwrightError as exc:
            print(f"Error: {exc}", file=sys.stderr)
            return 1
    return 0
