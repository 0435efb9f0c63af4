"""The decision provider: a model picks one inspected control when act cannot resolve a request locally.

The providers are refwright's real adapters talking to local fakes of the OpenAI and Anthropic APIs.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

import mcp
import refwright
from refwright._errors import TargetNotFoundError
from refwright.agent.providers._anthropic import AnthropicMessages
from refwright.agent.providers._openai import OpenAIChat
from refwright.mcp import ClientBrowser, create_server
from refwright.resolve.state._decisions import DecisionError
from tests.fake_llm_servers import AnthropicServer, ModelReply, OpenAIServer
from tests.server import TestServer

REQUEST = "hang on to this so I can finish it tomorrow"


@pytest.fixture(scope="module")
def openai_fake() -> Iterator[OpenAIServer]:
    s = OpenAIServer()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def anthropic_fake() -> Iterator[AnthropicServer]:
    s = AnthropicServer()
    yield s
    s.stop()


def _prompt(body: dict[str, Any]) -> str:
    return json.dumps(body["messages"])


def pick(label: str, reason: str = "it keeps the draft") -> Any:
    """A scripted model that answers with the ref the prompt lists for ``label``."""

    def step(body: dict[str, Any]) -> ModelReply:
        found = re.search(r'@(e\d+) button \\"' + re.escape(label), _prompt(body))
        assert found, _prompt(body)
        return ModelReply(text=f"@{found.group(1)} {reason}")

    return step


def openai(fake: OpenAIServer) -> OpenAIChat:
    return OpenAIChat("gpt-test", api_key="test-key", base_url=fake.base_url)


async def test_without_a_provider_the_refusal_stays(page: refwright.Page, server: TestServer) -> None:
    await page.goto(server.url("/decide.html"))
    # The request is read as a click on "hang on to this", which no control is labelled like: refused, listing them.
    refused = r'^No visible control matches "hang on to this"\. Nothing was done\.'
    with pytest.raises(TargetNotFoundError, match=refused):
        await page.act(REQUEST)


async def test_openai_provider_picks_a_control_and_act_clicks_it(page: refwright.Page, server: TestServer,
                                                                  openai_fake: OpenAIServer) -> None:
    await page.goto(server.url("/decide.html"))
    await page.run_command('fill label=Password "hunter2-secret"')
    await page.run_command('fill label=Note "my private note"')
    openai_fake.script(pick("Keep for later"))
    page.set_decision_provider(openai(openai_fake))
    result = await page.act(REQUEST)
    assert "picked by the decision provider: it keeps the draft" in result.output
    assert await page.run_command("get text h1") is not None
    assert (await page.run_command("get text h1")).output == "Kept for later"
    sent = json.dumps(openai_fake.requests)
    assert REQUEST in sent
    assert "hunter2-secret" not in sent and "my private note" not in sent
    assert not openai_fake.rejections


async def test_a_risky_pick_becomes_a_proposal(page: refwright.Page, server: TestServer,
                                               openai_fake: OpenAIServer) -> None:
    await page.goto(server.url("/decide.html"))
    openai_fake.script(pick("Delete account", "the person wants it gone"))
    page.set_decision_provider(openai(openai_fake))
    result = await page.act("get rid of everything of mine")
    assert result.token is not None and result.output.startswith("Needs approval:")
    assert (await page.run_command("get text h1")).output == "Your draft"
    confirmed = await page.confirm(result.token)
    assert "Confirmed" in confirmed.output
    assert (await page.run_command("get text h1")).output == "Account deleted"


async def test_a_reply_without_a_listed_ref_is_a_clear_refusal(page: refwright.Page, server: TestServer,
                                                               openai_fake: OpenAIServer) -> None:
    await page.goto(server.url("/decide.html"))
    openai_fake.script(ModelReply(text="I would press @e999 probably"))
    page.set_decision_provider(openai(openai_fake))
    with pytest.raises(DecisionError, match="did not answer with one of the listed refs"):
        await page.act(REQUEST)
    assert (await page.run_command("get text h1")).output == "Your draft"


async def test_anthropic_provider_through_the_coding_profile(server: TestServer,
                                                             anthropic_fake: AnthropicServer) -> None:
    anthropic_fake.script(pick("Keep for later"))
    llm = AnthropicMessages("claude-test", api_key="test-key", base_url=anthropic_fake.base_url)
    session = ClientBrowser(config=refwright.Config(allow_private=True), decide=llm)
    try:
        srv = create_server("coding", session=session)
        async with mcp.Client(srv.server) as client:
            await client.call_tool("browser_navigate", {"url": server.url("/decide.html")})
            result = await client.call_tool("browser_action", {"request": REQUEST})
            assert not result.is_error, result.content[0].text
            assert "picked by the decision provider" in result.content[0].text
        assert not anthropic_fake.rejections
    finally:
        await session.close()


def test_sync_api_asks_the_provider_too(server: TestServer, openai_fake: OpenAIServer) -> None:
    from refwright import sync_api

    from ..conftest import TEST_CONFIG

    openai_fake.script(pick("Keep for later"), pick("Throw away", "the person wants it gone"))
    llm = openai(openai_fake)
    with sync_api.launch(config=TEST_CONFIG, decide=llm) as browser:
        page = browser.new_page()
        page.run_command(f"open {server.url('/decide.html')}")
        assert "picked by the decision provider" in page.act(REQUEST).output
        assert page.run_command("get text h1").output == "Kept for later"
        # A second decision reuses the same provider (its HTTP client must survive the first one's loop).
        page.act("make it go away, the other one")
        assert page.run_command("get text h1").output == "Thrown away"
