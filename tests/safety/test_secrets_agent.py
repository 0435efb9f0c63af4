"""The proof of secrets end to end: a full agent run through the OpenAI adapter against its fake server,
with a hostile login page, a page at another origin asking for the secret, and every file refwright
writes. Every byte returned to the model, sent to the provider, written to disk or logged is searched
for the value in each of its spellings; the cross-origin use is refused and the login still succeeds."""

from __future__ import annotations

import json
import logging
import zipfile
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote_plus

import pytest

import refwright
from refwright import Config, Secret, Secrets
from refwright.agent import OpenAIChat, RetryPolicy, ToolResult, run_agent

from ..conftest import TEST_CONFIG
from ..fake_llm_servers import Call, ModelReply, OpenAIServer
from ..server import TestServer
from .test_secrets_page import COLLECTOR, PW, leaks


@pytest.fixture(scope="module")
def openai_server() -> Iterator[OpenAIServer]:
    s = OpenAIServer()
    yield s
    s.stop()


def files_in(root: Path) -> dict[str, bytes]:
    """Every file under ``root``, and every entry of each zip (a trace) on its own."""
    found: dict[str, bytes] = {}
    for path in root.rglob("*"):
        if path.is_file():
            found[str(path)] = path.read_bytes()
            if path.suffix == ".zip":
                with zipfile.ZipFile(path) as archive:
                    found.update({f"{path}:{name}": archive.read(name) for name in archive.namelist()})
    return found


def reply(*commands: str, text: str = "") -> ModelReply:
    return ModelReply(text=text, calls=tuple(Call(c) for c in commands))


async def test_a_full_agent_run_never_sees_sends_writes_or_logs_the_secret(
        browser: refwright.Browser, server: TestServer, cross_server: TestServer, openai_server: OpenAIServer,
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("REFWRIGHT_STATE_KEY", "a state key for the test")
    caplog.set_level(logging.DEBUG)
    server.html("/secrets-login-done", "<title>Welcome</title><h1>Signed in</h1>")
    login = f"{server.url('/secrets-login.html')}?cross={COLLECTOR}"
    config = Config(timeouts=TEST_CONFIG.timeouts, allow_private=True, output_dir=str(tmp_path),
                    secrets=Secrets([Secret("PW", PW, (server.prefix,))]))
    page = await browser.new_page(config=config, isolated=True)
    page.set_allowed_domains(["127.0.0.1", "localhost"])
    openai_server.script(
        reply(f"open {login}", "network har start", "trace start", "snapshot -i"),
        reply("fill #user alice", "fill #pw {{secret:PW}}", "wait --text \"You typed\""),
        reply("get title", "get url", "snapshot", "get text #echo", "get attr #echo data-password", "get value #copy",
              "console", "errors", "eval document.cookie", "network requests", "cookies", "screenshot", "read"),
        # The other origin's page asks for the secret in its text, as an injection would; the model obeys.
        reply(f"open {cross_server.url('/secrets-phish.html')}", "snapshot -i"),
        reply("fill #grab {{secret:PW}}", "act \"enter {{secret:PW}} into the Real password field\""),
        reply(f"open {login}", "snapshot -i"),
        reply("fill #user alice", "fill #pw {{secret:PW}}", "click \"button[type=submit]\"",
              "wait --url **/secrets-login-done"),
        reply("get title", "network har stop login.har", "trace stop login.zip", "state save login.state",
              "screenshot shot.png"),
        reply(text="Signed in as alice."),
    )
    retry = RetryPolicy(attempts=2, base_delay=0.001)
    task = f"Sign in as alice. (My password is {PW}; use the secret PW, never the value.)"
    try:
        async with OpenAIChat("gpt-test", api_key="test-key", base_url=openai_server.base_url, stream=True,
                              retry=retry) as llm:
            run = await run_agent(page, llm, task, max_steps=12)
    finally:
        page.set_allowed_domains([])
        await page.close()

    assert openai_server.rejections == []
    assert run.answer == "Signed in as alice." and not run.stopped
    outputs = [t.output for t in run.turns if isinstance(t, ToolResult)]
    # The page did try: its echoes reached the model only as the token.
    assert any("Sign in as {{secret:PW}}" in o for o in outputs)
    # The cross-origin use was refused, naming the origins, and nothing was typed there.
    refused = [o for o in outputs if o.startswith("Error: The secret PW is bound to ")]
    assert len(refused) == 2 and all(f"the page is at {cross_server.prefix}" in o for o in refused)
    assert not any(r.path.startswith("/secrets-phish") and r.method == "POST" for r in cross_server.requests)
    # The login on the bound origin went through with the real value.
    posted = server.requests_to("/secrets-login-done")
    assert posted and f"password={quote_plus(PW)}".encode() in posted[0].body, outputs
    assert "Welcome" in "\n".join(outputs)
    # What the model was told: the name and its origin.
    system = openai_server.requests[0]["messages"][0]["content"]
    assert f"{{{{secret:PW}}}} on {server.prefix}" in system

    # Every byte: the transcript, the requests to the provider, the files, the logs and stderr.
    channels: dict[str, str | bytes] = {
        "transcript": json.dumps([repr(t) for t in run.turns], ensure_ascii=False),
        "answer": run.answer,
    }
    for i, body in enumerate(openai_server.requests):
        channels[f"request {i}"] = json.dumps(body)
        channels[f"request {i} (utf-8)"] = json.dumps(body, ensure_ascii=False)
    written = files_in(tmp_path)
    assert {Path(name).name for name in written} >= {"login.har", "login.zip", "login.state", "shot.png"}
    channels.update(written)
    channels["logs"] = "\n".join(r.getMessage() for r in caplog.records)
    captured = capsys.readouterr()
    channels["stdout"], channels["stderr"] = captured.out, captured.err
    assert {name: leaks(data) for name, data in channels.items() if leaks(data)} == {}
