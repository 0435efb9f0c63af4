"""``refwright agent`` as a person runs it: a real browser, the fake OpenAI server; run in this process,
with one test as a real subprocess (the installed entry point, real pipes)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from refwright.cli import build_parser
from refwright.cli._agent import summarize

from ..fake_llm_servers import SIGNUP_EMAIL, Call, ModelReply, OpenAIServer, signup_brain
from ..inprocess import refwright
from ..server import TestServer
from .test_agent_e2e import ANSWER, SIGNUP_HTML, TASK


@pytest.fixture(scope="module")
def openai_server() -> Iterator[OpenAIServer]:
    s = OpenAIServer()
    yield s
    s.stop()


def agent_process(fake: OpenAIServer, *args: str, key: str = "test-key") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "ANTHROPIC_"))}
    env.update(OPENAI_API_KEY=key, OPENAI_BASE_URL=fake.base_url)
    return subprocess.run(
        [sys.executable, "-m", "refwright", "agent", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.fixture
def agent(monkeypatch: pytest.MonkeyPatch) -> Callable[..., subprocess.CompletedProcess[str]]:
    """``refwright agent <args>`` in this process, with the provider's environment as a person sets it."""

    def run(fake: OpenAIServer, *args: str, key: str = "test-key") -> subprocess.CompletedProcess[str]:
        for name in [n for n in os.environ if n.startswith(("OPENAI_", "ANTHROPIC_"))]:
            monkeypatch.delenv(name)
        monkeypatch.setenv("OPENAI_API_KEY", key)
        monkeypatch.setenv("OPENAI_BASE_URL", fake.base_url)
        done = refwright("agent", *args)
        return subprocess.CompletedProcess(done.args, done.returncode, done.stdout.decode(), done.stderr.decode())

    return run


@pytest.mark.parametrize("stream", [False, True], ids=["json", "stream"])
def test_signup_from_the_command_line(
    openai_server: OpenAIServer, server: TestServer, tmp_path: Path, stream: bool,
    agent: Callable[..., subprocess.CompletedProcess[str]],
) -> None:
    openai_server.script(*[lambda body: signup_brain(openai_server.tool_outputs(body))] * 4)
    url = server.html("/cli-signup.html", SIGNUP_HTML)
    transcript = tmp_path / "run.jsonl"
    extra = ["--stream"] if stream else []
    # The streamed run goes through the installed entry point as a real subprocess.
    done = (agent_process if stream else agent)(openai_server, TASK, "--url", url, "--allow-private",
                                                "--transcript", str(transcript), *extra)

    assert done.returncode == 0, done.stderr
    assert done.stdout == ANSWER + "\n"
    assert f"open {url} → Opened" in done.stderr
    assert "[1] snapshot -i → " in done.stderr
    assert "[2] click @e5 → Clicked @e5" in done.stderr
    assert "Answered after 4 steps (44 tokens in, 28 out)." in done.stderr
    assert openai_server.rejections == []

    turns = [json.loads(line) for line in transcript.read_text().splitlines()]
    assert turns[0] == {"type": "user", "text": TASK}
    assert [t["type"] for t in turns].count("tool_result") == 6
    assert turns[-1] == {"type": "assistant", "text": ANSWER}
    assert any(t.get("command") == f"fill @e2 {SIGNUP_EMAIL}" for t in turns)


def test_stops_at_max_steps(openai_server: OpenAIServer, server: TestServer,
                            agent: Callable[..., subprocess.CompletedProcess[str]]) -> None:
    openai_server.script(*[ModelReply(calls=(Call("snapshot -i"),))] * 2)
    url = server.html("/cli-loop.html", SIGNUP_HTML)
    done = agent(openai_server, "loop", "--url", url, "--allow-private", "--max-steps", "2")
    assert done.returncode == 1
    assert done.stdout == ""
    assert "Stopped after 2 steps." in done.stderr


def test_a_provider_failure_is_reported(openai_server: OpenAIServer, server: TestServer,
                                        agent: Callable[..., subprocess.CompletedProcess[str]]) -> None:
    openai_server.script(ModelReply(text="never"))
    url = server.html("/cli-key.html", SIGNUP_HTML)
    done = agent(openai_server, "t", "--url", url, "--allow-private", key="wrong")
    assert done.returncode == 1
    assert done.stdout == ""
    assert "error: " in done.stderr and "Check OPENAI_API_KEY" in done.stderr


def test_the_local_resolver_needs_no_model(openai_server: OpenAIServer, server: TestServer,
                                           agent: Callable[..., subprocess.CompletedProcess[str]]) -> None:
    page = ('<button onclick="document.body.insertAdjacentHTML(\'beforeend\', \'<p>Thanks</p>\')">Next</button>')
    url = server.html("/cli-local.html", page)
    before = len(openai_server.requests)
    done = agent(openai_server, 'Click "Next"', "--url", url, "--allow-private", "--model", "local", key="")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith('Done: Clicked @e1 button "Next"'), done.stdout
    assert "+ text \"Thanks\"" in done.stdout
    # No model was asked anything.
    assert len(openai_server.requests) == before


ARTICLE = """<title>Article</title><h1>On gardens</h1><p>Gardens are old.</p><p>Bees like them.</p>
<p>The end. The secret code is 4417.</p>"""


def test_a_local_run_that_gives_up_is_not_answered_and_exits_1(
        openai_server: OpenAIServer, server: TestServer,
        agent: Callable[..., subprocess.CompletedProcess[str]]) -> None:
    # A question the resolver cannot act on: it gives up, and the run says so (issue 44 §3).
    url = server.html("/cli-article.html", ARTICLE)
    done = agent(openai_server, "What is the secret code at the end of the article?", "--url", url,
                 "--allow-private", "--model", "local", key="")
    assert done.returncode == 1, (done.stdout, done.stderr)
    assert done.stdout.startswith("I could not finish this without a model."), done.stdout
    assert "Answered" not in done.stderr
    assert "error: the run did not finish the task after" in done.stderr


def test_options() -> None:
    args = build_parser().parse_args(
        [
            "agent",
            "do it",
            "--url",
            "example.com",
            "--model",
            "anthropic:claude-x",
            "--max-steps",
            "5",
            "--transcript",
            "t.jsonl",
            "--stream",
            "--headed",
            "--content-boundaries",
        ]
    )
    assert (args.task, args.url, args.model, args.max_steps, args.transcript, args.stream) == (
        "do it",
        "example.com",
        "anthropic:claude-x",
        5,
        "t.jsonl",
        True,
    )
    assert args.headed and args.content_boundaries and callable(args.run)
    with pytest.raises(SystemExit):
        build_parser().parse_args(["agent", "x", "--max-steps", "0"])


def test_summarize() -> None:
    assert summarize("Clicked @e5") == "Clicked @e5"
    assert summarize("a\nb\n\nc") == "a  (+2 more lines)"
    assert summarize("") == "(no output)"
    assert summarize("x" * 200, width=10) == "xxxxxxxxx…"
    bounded = "--- AGENT_BROWSER_PAGE_CONTENT nonce=1 ---\n@e1 [button]\n--- END_AGENT_BROWSER_PAGE_CONTENT nonce=1 ---"
    assert summarize(bounded) == "@e1 [button]"
