"""``refwright demo`` with each provider adapter against its fake server: the signup on the bundled app.

Run in this process (``tests/test_cli.py`` runs ``refwright demo`` as a real subprocess)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from ..fake_llm_servers import SIGNUP_EMAIL, AnthropicServer, OpenAIServer, signup_brain
from ..inprocess import refwright


@pytest.fixture(params=["openai", "anthropic"])
def provider(request: pytest.FixtureRequest) -> Iterator[tuple[str, OpenAIServer | AnthropicServer]]:
    server: OpenAIServer | AnthropicServer = OpenAIServer() if request.param == "openai" else AnthropicServer()
    yield request.param, server
    server.stop()


def test_demo_with_each_adapter_signs_up_on_the_bundled_app(
        provider: tuple[str, OpenAIServer | AnthropicServer], monkeypatch: pytest.MonkeyPatch) -> None:
    name, fake = provider
    fake.script(*[lambda body: signup_brain(fake.tool_outputs(body))] * 4)
    for key in [k for k in os.environ if k.startswith(("OPENAI_", "ANTHROPIC_"))]:
        monkeypatch.delenv(key)
    prefix = name.upper()
    monkeypatch.setenv(f"{prefix}_API_KEY", "test-key")
    monkeypatch.setenv(f"{prefix}_BASE_URL", fake.base_url)
    done = refwright("demo", "--model", f"{name}:test-model")
    out, err = done.stdout.decode(), done.stderr.decode()
    assert done.returncode == 0, err
    assert fake.rejections == []
    # The bundled app's welcome page greets the address the model typed.
    assert out.strip() == f"Signed up. The page now says: Welcome, {SIGNUP_EMAIL}!"
    assert "click @e" in err and "→ Clicked" in err
