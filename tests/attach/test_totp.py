"""One-time codes: a secret whose value is an ``otpauth://totp/`` URI types its current RFC 6238 code as
``{{totp:NAME}}``, on its origins only, in a full agent run against a page that checks the code with pyotp;
neither the code nor the seed reaches the model, the provider, the transcript, a file, a recording or a
screenshot."""

from __future__ import annotations

import io
import json
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pyotp
import pytest
from PIL import Image

import refwright
from refwright import Config, PolicyDeniedError, RefwrightError, Secret, Secrets
from refwright.agent import OpenAIChat, RetryPolicy, ToolResult, run_agent

from ..conftest import TEST_CONFIG
from ..fake_llm_servers import Call, ModelReply, OpenAIServer
from ..safety.test_secrets_agent import files_in
from ..server import TestServer

on_loop = pytest.mark.asyncio(loop_scope="session")

SEED = pyotp.random_base32()
URI = f"otpauth://totp/Example:alice?secret={SEED}&issuer=Example"

LOGIN = """<title>Two-step sign-in</title>
<form method=post action=/totp-check><label>Code <input id=code name=code></label><button>Verify</button></form>
<p id=echo style="font: 40px monospace">nothing typed</p>
<script>code.oninput = () => { echo.textContent = 'You typed ' + code.value; document.title = code.value; }</script>"""


@pytest.fixture(scope="module")
def openai_server() -> Iterator[OpenAIServer]:
    s = OpenAIServer()
    yield s
    s.stop()


def totp_site(server: TestServer) -> list[str]:
    """The login page and a check that verifies the code with pyotp; the codes it was sent."""
    posted: list[str] = []

    def check(h) -> None:  # type: ignore[no-untyped-def]
        body = server.requests_to("/totp-check")[-1].body  # the server read it before routing
        code = urllib.parse.parse_qs(body.decode()).get("code", [""])[0]
        posted.append(code)
        ok = pyotp.TOTP(SEED).verify(code, valid_window=1)
        page = (f"<title>Signed in</title><h1>Signed in</h1><p id=said>Code {code} accepted</p>" if ok
                else "<title>Wrong code</title><h1>Wrong code</h1>")
        h.send_body(page.encode(), "text/html")

    server.html("/totp-login", LOGIN)
    server.set_route("/totp-check", check)
    return posted


def _leaks(text: str | bytes, codes: list[str]) -> list[str]:
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    return [s for s in (SEED, SEED.lower(), URI, urllib.parse.quote(URI, safe=""), *codes) if s in text]


def test_a_totp_secret_is_declared_checked_and_named_like_any_secret() -> None:
    secrets = Secrets([Secret("OTP", URI, ("https://login.example.com",))])
    assert "{{totp:OTP}} (the current one-time code) on https://login.example.com" in secrets.describe()
    code = secrets.reveal("{{totp:OTP}}", {"the page": "https://login.example.com"})
    assert pyotp.TOTP(SEED).verify(code, valid_window=1)
    assert secrets.scrub(f"code {code}, seed {SEED.lower()}") == "code {{totp:OTP}}, seed {{secret:OTP}}"
    assert secrets.scrub("order 12345678 and 1234") == "order 12345678 and 1234"
    with pytest.raises(PolicyDeniedError, match=r"bound to https://login\.example\.com"):
        secrets.reveal("{{totp:OTP}}", {"the page": "https://evil.example"})
    with pytest.raises(RefwrightError, match=r"write \{\{totp:OTP\}\}"):
        secrets.reveal("{{secret:OTP}}", {"the page": "https://login.example.com"})
    with pytest.raises(ValueError, match="otpauth:// URI that pyotp cannot read") as bad:
        Secret("OTP", "otpauth://totp/x?secret=not-base32!", ("https://login.example.com",))
    assert "not-base32" not in str(bad.value)


@on_loop
async def test_an_agent_signs_in_with_a_one_time_code_it_never_sees(
        browser: refwright.Browser, server: TestServer, openai_server: OpenAIServer, tmp_path: Path) -> None:
    posted = totp_site(server)
    config = Config(timeouts=TEST_CONFIG.timeouts, allow_private=True, output_dir=str(tmp_path),
                    secrets=Secrets([Secret("OTP", URI, (server.prefix,))]))
    page = await browser.new_page(config=config, isolated=True)
    recording = page.recording("Sign in with a one-time code")
    openai_server.script(
        ModelReply(calls=(Call(f"open {server.url('/totp-login')}"), Call("snapshot -i"))),
        ModelReply(calls=(Call("fill #code {{totp:OTP}}"), Call("get value #code"), Call("get text #echo"),
                          Call("get title"), Call("screenshot shot.png"))),
        ModelReply(calls=(Call("click button"), Call("wait --text \"Signed in\""), Call("get text #said"),
                          Call("snapshot"))),
        ModelReply(text="Signed in."),
    )
    try:
        async with OpenAIChat("gpt-test", api_key="test-key", base_url=openai_server.base_url,
                              retry=RetryPolicy(attempts=2, base_delay=0.001)) as llm:
            run = await run_agent(page, llm, "Sign in with the one-time code OTP.", max_steps=8)
        recording.save(tmp_path / "run.py")
    finally:
        await page.close()

    assert run.answer == "Signed in." and not run.stopped
    assert len(posted) == 1 and pyotp.TOTP(SEED).verify(posted[0], valid_window=1), "the page took the code"
    outputs = [t.output for t in run.turns if isinstance(t, ToolResult)]
    joined = "\n".join(outputs)
    assert "{{totp:OTP}}" in joined and "Signed in" in joined
    assert "Code {{totp:OTP}} accepted" in joined
    system = openai_server.requests[0]["messages"][0]["content"]
    assert f"{{{{totp:OTP}}}} (the current one-time code) on {server.prefix}" in system

    channels: dict[str, str | bytes] = {"transcript": json.dumps([repr(t) for t in run.turns], ensure_ascii=False),
                                        "answer": run.answer}
    for i, body in enumerate(openai_server.requests):
        channels[f"request {i}"] = json.dumps(body)
    written = files_in(tmp_path)
    assert {Path(name).name for name in written} >= {"shot.png", "run.py"}
    channels.update(written)
    assert {name: _leaks(data, posted) for name, data in channels.items() if _leaks(data, posted)} == {}


@on_loop
async def test_a_screenshot_blanks_a_code_the_page_shows(browser: refwright.Browser, server: TestServer,
                                                         tmp_path: Path) -> None:
    totp_site(server)
    config = Config(timeouts=TEST_CONFIG.timeouts, allow_private=True, output_dir=str(tmp_path),
                    secrets=Secrets([Secret("OTP", URI, (server.prefix,))]))
    page = await browser.new_page(config=config, isolated=True)
    try:
        await page.run_command(f"open {server.url('/totp-login')}")
        await page.run_command("fill #code {{totp:OTP}}")
        # eval is off on an origin a secret is bound to: the box comes from `get box`.
        shown = (await page.run_command("get box #echo")).output
        box = {k: float(v) for k, v in (part.split("=") for part in shown.split())}
        await page.run_command("screenshot blanked.png")
    finally:
        await page.close()
    image = Image.open(io.BytesIO((tmp_path / "blanked.png").read_bytes())).convert("RGB")
    # The digits sit at the end of "You typed NNNNNN": the right part of the echo's line.
    crop = image.crop((int(box["x"] + 250), int(box["y"] + 4), int(box["x"] + 375), int(box["y"] + box["height"] - 4)))
    colours = crop.getcolors(maxcolors=4096) or []
    assert len(colours) == 1, f"the code's pixels show through: {len(colours)} colours"
