#!/usr/bin/env python3
"""CI check that a plain install runs the agent: build the wheel, install it with no extras into a fresh
venv, then run the installed ``refwright demo`` (local resolver, no key) and ``refwright agent`` against the
tests' fake OpenAI server on loopback, and check that no extra's package (the MCP SDK, the agent
frameworks) came with it and that ``refwright mcp`` says how to install its extra.

    python3 scripts/check_install.py [--keep DIR]

Exits non-zero, saying which step failed, when any does.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import venv
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.fake_llm_servers import Call, ModelReply, OpenAIServer  # noqa: E402

ANSWER = "The blank page is open."


def step(what: str, cmd: list[str], env: dict[str, str] | None = None, timeout: float = 600) -> str:
    print(f"check_install: {what}", file=sys.stderr, flush=True)
    done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
    if done.returncode != 0:
        sys.exit(f"check_install: {what} failed (exit {done.returncode}):\n{done.stdout[-3000:]}\n"
                 f"{done.stderr[-3000:]}")
    return done.stdout


def clean_env(**extra: str) -> dict[str, str]:
    # No keys, no PYTHONPATH pointing at a source tree: only what the wheel installed is used.
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("OPENAI_", "ANTHROPIC_")) and k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.update(extra)
    return env


def saw_tool_result(body: dict[str, Any]) -> ModelReply:
    """The model's second reply: it answers once the tool's output (the page's URL) came back."""
    tool_outputs = [str(m.get("content")) for m in body.get("messages", []) if m.get("role") == "tool"]
    if not any("about:blank" in t for t in tool_outputs):
        return ModelReply(text=f"no tool result reached the model: {tool_outputs!r}")
    return ModelReply(text=ANSWER)


# What the extras bring (the MCP SDK, the agent frameworks): none of it is in the plain install.
EXTRAS_ONLY = ("mcp", "langchain_core", "langgraph", "agents", "pydantic_ai", "smolagents", "crewai", "llama_index")


def plain_install_is_free_of_extras(python: Path, exe: str) -> None:
    print("check_install: no extra's package in the plain install, the console imports, refwright mcp says how "
          "to get its extra",
          file=sys.stderr, flush=True)
    found = subprocess.run([str(python), "-c", "import importlib.util as u, sys; "
                            f"print(' '.join(n for n in {EXTRAS_ONLY!r} if u.find_spec(n)))"],
                           capture_output=True, text=True, env=clean_env(), timeout=60)
    if found.returncode != 0 or found.stdout.strip():
        sys.exit(f"check_install: the plain install has {found.stdout.strip() or found.stderr}")
    # The console served with the MCP SDK's Starlette and uvicorn; they are its own dependencies now.
    console = subprocess.run([str(python), "-c", "import refwright.console._app, refwright.console._host"],
                             capture_output=True, text=True, env=clean_env(), timeout=60)
    if console.returncode != 0:
        sys.exit(f"check_install: the console does not import in the plain install: {console.stderr[-2000:]}")
    done = subprocess.run([exe, "mcp"], capture_output=True, text=True, env=clean_env(), timeout=60,
                          stdin=subprocess.DEVNULL)
    if done.returncode != 2 or "pip install 'refwright[mcp]'" not in done.stderr:
        sys.exit(f"check_install: refwright mcp without the mcp extra exited {done.returncode}: {done.stderr}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", metavar="DIR", help="build in DIR and keep it (default: a temporary folder)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="refwright-install-") as tmp:
        work = Path(args.keep or tmp)
        work.mkdir(parents=True, exist_ok=True)
        wheels = work / "wheels"
        step("building the wheel", [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), "."])
        wheel = sorted(wheels.glob("refwright-*.whl"))[-1]
        env_dir = work / "venv"
        venv.create(env_dir, with_pip=True, clear=True)
        bin_dir = env_dir / "bin"
        step(f"installing {wheel.name} with no extras into a fresh venv",
             [str(bin_dir / "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(wheel)],
             env=clean_env())
        exe = str(bin_dir / "refwright")
        out = step("refwright demo (local resolver, no key)", [exe, "demo"], env=clean_env(), timeout=180)
        print(out.strip(), file=sys.stderr)

        fake = OpenAIServer()
        try:
            fake.script(ModelReply(text="Looking first.", calls=(Call("get url"),)), saw_tool_result)
            out = step("refwright agent against a fake OpenAI server",
                       [exe, "agent", "Say what page is open.", "--model", "openai:fake-model", "--max-steps", "3"],
                       env=clean_env(OPENAI_API_KEY=fake.api_key, OPENAI_BASE_URL=fake.base_url), timeout=180)
        finally:
            fake.stop()
        if fake.rejections:
            sys.exit(f"check_install: the fake provider rejected the agent's requests: {fake.rejections}")
        if out.strip() != ANSWER:
            sys.exit(f"check_install: the agent answered {out.strip()!r}, expected {ANSWER!r}")
        plain_install_is_free_of_extras(bin_dir / "python", exe)
    print("check_install: the plain install runs `refwright demo` and `refwright agent`, without any extra",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
