"""``refwright demo`` with each provider adapter against its fake server: the signup on the bundled app."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator

import pytest

from .fake_llm_servers import SIGNUP_EMAIL, AnthropicServer, OpenAIServer, signup_brain


@pytest.fixture(params=["openai", "anthropic"])
def provider(request: pytest.FixtureRequest) -> Iterator[tuple[str, OpenAIServer | AnthropicServer]]:
    server: OpenAIServer | AnthropicServer = OpenAIServer() if request.param == "openai" else AnthropicServer()
    yield request.param, server
    server.stop()


def test_demo_with_each_adapter_signs_up_on_the_bundled_app(
        provider: tuple[str, OpenAIServer | AnthropicServer]) -> None:
    name, fake = provider
    fake.script(*[lambda body: signup_brain(fake.tool_outputs(body))] * 4)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "ANTHROPIC_"))}
    prefix = name.upper()
    env.update({f"{prefix}_API_KEY": "test-key", f"{prefix}_BASE_URL": fake.base_url, "PYTHONIOENCODING": "utf-8"})
    done = subprocess.run([sys.executable, "-m", "refwright", "demo", "--model", f"{name}:test-model"],
                          env=env, capture_output=True, text=True, timeout=180, check=False)
    assert done.returncode == 0, done.stderr
    assert fake.rejections == []
    # The bundled app's welcome page greets the address the model typed.
    assert done.stdout.strip() == f"Signed up. The page now says: Welcome, {SIGNUP_EMAIL}!"
    assert "click @e" in done.stderr and "→ Clicked" in done.stderr
