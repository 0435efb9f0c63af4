"""The OpenAI and Anthropic adapters against local servers that speak (and police) each wire format.

Every test runs four ways: each provider, streaming and not. The servers reject any request the real
API would reject, and record it, so each test ends by checking there were no rejections.
"""

from __future__ import annotations

import base64
import json
import os
import socket
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from refwright.agent import (
    AnthropicMessages,
    Assistant,
    ContextLengthError,
    OpenAIChat,
    ProviderError,
    RetryPolicy,
    ToolCall,
    ToolResult,
    Usage,
    User,
    run_agent,
)

from ..fake_llm_servers import (
    PNG_1PX,
    SIGNUP_EMAIL,
    AnthropicServer,
    Call,
    FakeSignupPage,
    HttpError,
    ModelReply,
    OpenAIServer,
    signup_brain,
)

FAST = RetryPolicy(attempts=3, base_delay=0.001, max_delay=0.01)


@pytest.fixture(scope="module")
def openai_server() -> Iterator[OpenAIServer]:
    s = OpenAIServer()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def anthropic_server() -> Iterator[AnthropicServer]:
    s = AnthropicServer()
    yield s
    s.stop()


@dataclass
class Setup:
    name: str
    server: OpenAIServer | AnthropicServer
    stream: bool

    def llm(self, api_key: str = "test-key", base_url: str | None = None) -> OpenAIChat | AnthropicMessages:
        url = base_url or self.server.base_url
        if self.name == "openai":
            return OpenAIChat("gpt-test", api_key=api_key, base_url=url, stream=self.stream, retry=FAST)
        return AnthropicMessages("claude-test", api_key=api_key, base_url=url, stream=self.stream, retry=FAST)

    def error(self, status: int, message: str, kind: str, code: str | None = None, **headers: str) -> HttpError:
        if self.name == "openai":
            return HttpError(
                status,
                {"error": {"message": message, "type": kind, "param": None, "code": code}},
                dict(headers),
            )
        return HttpError(status, {"type": "error", "error": {"type": kind, "message": message}}, dict(headers))

    def tool_outputs(self, body: dict[str, Any]) -> list[str]:
        return self.server.tool_outputs(body)


def _setup(
    request: pytest.FixtureRequest, openai_server: OpenAIServer, anthropic_server: AnthropicServer
) -> Iterator[Setup]:
    name = request.param.split("-")[0]
    server = openai_server if name == "openai" else anthropic_server
    server.script()
    yield Setup(name, server, request.param.endswith("stream"))
    assert server.rejections == [], server.rejections


@pytest.fixture(params=["openai-stream", "anthropic-stream"])
def stream_setup(
    request: pytest.FixtureRequest, openai_server: OpenAIServer, anthropic_server: AnthropicServer
) -> Iterator[Setup]:
    yield from _setup(request, openai_server, anthropic_server)


@pytest.fixture(params=["openai", "openai-stream", "anthropic", "anthropic-stream"])
def setup(
    request: pytest.FixtureRequest, openai_server: OpenAIServer, anthropic_server: AnthropicServer
) -> Iterator[Setup]:
    yield from _setup(request, openai_server, anthropic_server)


async def test_signup_with_several_calls_in_one_reply(setup: Setup) -> None:
    setup.server.script(*[lambda body: signup_brain(setup.tool_outputs(body))] * 4)
    page = FakeSignupPage()
    llm = setup.llm()
    run = await run_agent(page, llm, f"Create an account for {SIGNUP_EMAIL}")

    assert run.answer == f"Signed up. The page now says: Welcome, {SIGNUP_EMAIL}"
    assert not run.stopped and run.steps == 4
    assert page.submitted
    assert page.commands[1:5] == [
        f"fill @e2 {SIGNUP_EMAIL}",
        "fill @e3 s3cret-pass",
        "check @e4",
        "click @e5",
    ]
    # Usage as the server reported it, summed over the four calls.
    assert run.usage == Usage(44, 28)
    # The calls went back to the server with the ids it issued, and every one was answered.
    calls = [t for t in run.turns if isinstance(t, ToolCall)]
    results = [t for t in run.turns if isinstance(t, ToolResult)]
    assert [c.id for c in calls] == [r.id for r in results]
    assert len(set(c.id for c in calls)) == 6
    assert setup.server.tool_outputs(setup.server.requests[-1])[1:5] == [
        "Filled @e2",
        "Filled @e3",
        "Checked @e4",
        "Clicked @e5",
    ]
    await llm.aclose()


async def test_the_tool_is_declared_and_never_forced(setup: Setup) -> None:
    setup.server.script(ModelReply(text="Nothing to do."))
    reply = await setup.llm().next("SYSTEM", [User("hi")])
    assert reply == [Assistant("Nothing to do.")]
    body = setup.server.requests[0]
    tool = body["tools"][0]
    name = tool["function"]["name"] if setup.name == "openai" else tool["name"]
    assert name == "browser"
    assert "tool_choice" not in body and "parallel_tool_calls" not in body
    if setup.name == "anthropic":
        assert body["system"] == "SYSTEM" and body["max_tokens"] == 4096
        assert setup.server.headers[0]["anthropic-version"] == "2023-06-01"
        assert setup.server.headers[0]["x-api-key"] == "test-key"
    else:
        assert body["messages"][0] == {"role": "system", "content": "SYSTEM"}
        assert setup.server.headers[0]["authorization"] == "Bearer test-key"


async def test_text_survives_utf8_split_across_reads(setup: Setup) -> None:
    text = "Fertig ✓ — café, 日本語, 🙂 done"
    setup.server.script(ModelReply(text=text))
    assert await setup.llm().next("s", [User("hi")]) == [Assistant(text)]


async def test_bad_arguments_get_an_error_result_and_are_replayed_as_received(setup: Setup) -> None:
    if setup.name == "openai":
        bad = (Call(raw='{"command": "snapshot -i"'), Call(raw='{"cmd": "snapshot"}'))
    else:
        bad = (Call(input={"cmd": "snapshot"}), Call(input={"command": 42}))
    setup.server.script(ModelReply(calls=bad), ModelReply(text="I give up."))
    page = FakeSignupPage()
    run = await run_agent(page, setup.llm(), "t")
    assert run.answer == "I give up."
    assert page.commands == []
    results = [t for t in run.turns if isinstance(t, ToolResult)]
    assert len(results) == 2
    assert all(r.output.startswith("Error: The tool arguments") for r in results)
    assert all('{"command": "snapshot -i"}' in r.output for r in results)
    second = setup.server.requests[1]
    if setup.name == "openai":
        replayed = [c["function"]["arguments"] for c in second["messages"][2]["tool_calls"]]
        assert replayed == ['{"command": "snapshot -i"', '{"cmd": "snapshot"}']
    else:
        replayed = [b["input"] for b in second["messages"][1]["content"]]
        assert replayed == [{"cmd": "snapshot"}, {"command": 42}]


async def test_a_screenshot_reaches_the_model_as_an_image(setup: Setup) -> None:
    setup.server.script(ModelReply(calls=(Call("screenshot"), Call("snapshot -i"))), ModelReply(text="seen"))
    await run_agent(FakeSignupPage(), setup.llm(), "t")
    body = setup.server.requests[1]
    data = base64.b64encode(PNG_1PX).decode()
    if setup.name == "openai":
        roles = [m["role"] for m in body["messages"]]
        assert roles == ["system", "user", "assistant", "tool", "tool", "user"]
        image = body["messages"][5]["content"][1]
        assert image == {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{data}"}}
    else:
        result = body["messages"][2]["content"][0]
        assert result["content"][1] == {
            "type": "image",
            "source": {"type": "base64", "media_type": "image/png", "data": data},
        }


async def test_rate_limit_then_success(setup: Setup) -> None:
    setup.server.script(
        setup.error(429, "Rate limit reached", "rate_limit_error", **{"retry-after": "0"}),
        ModelReply(text="ok"),
    )
    assert await setup.llm().next("s", [User("hi")]) == [Assistant("ok")]
    assert len(setup.server.requests) == 2


async def test_server_errors_are_retried_then_reported(setup: Setup) -> None:
    setup.server.script(*[setup.error(503, "upstream unavailable", "api_error")] * 3)
    with pytest.raises(ProviderError, match="gave up after 3 attempts") as info:
        await setup.llm().next("s", [User("hi")])
    assert info.value.status == 503
    assert "upstream unavailable" in info.value.message
    assert len(setup.server.requests) == 3


async def test_bad_key(setup: Setup) -> None:
    setup.server.script(ModelReply(text="never"))
    with pytest.raises(ProviderError) as info:
        await setup.llm(api_key="wrong").next("s", [User("hi")])
    env = "OPENAI_API_KEY" if setup.name == "openai" else "ANTHROPIC_API_KEY"
    assert info.value.status == 401
    assert f"Check {env}" in info.value.message
    assert len(setup.server.requests) == 1  # never retried


async def test_context_length(setup: Setup) -> None:
    if setup.name == "openai":
        message = (
            "This model's maximum context length is 128000 tokens. However, your messages resulted in "
            "131000 tokens. Please reduce the length of the messages."
        )
        error = setup.error(400, message, "invalid_request_error", "context_length_exceeded")
    else:
        message = "prompt is too long: 210000 tokens > 200000 maximum"
        error = setup.error(400, message, "invalid_request_error")
    setup.server.script(error)
    with pytest.raises(ContextLengthError) as info:
        await setup.llm().next("s", [User("hi")])
    assert info.value.status == 400
    assert "conversation is too long" in info.value.message
    assert message in info.value.message
    assert "snapshot -i -s" in info.value.message and "snapshot -d" in info.value.message


async def test_other_bad_requests_carry_the_providers_message(setup: Setup) -> None:
    setup.server.script(setup.error(400, "Unsupported value: 'temperature'", "invalid_request_error"))
    with pytest.raises(ProviderError, match="Unsupported value: 'temperature'") as info:
        await setup.llm().next("s", [User("hi")])
    assert not isinstance(info.value, ContextLengthError)
    assert info.value.status == 400


async def test_unreachable_server(setup: Setup) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(ProviderError, match="Could not reach") as info:
        await setup.llm(base_url=f"http://127.0.0.1:{port}/v1").next("s", [User("hi")])
    assert "gave up after 3 attempts" in info.value.message


async def test_a_broken_stream_is_retried(stream_setup: Setup) -> None:
    setup = stream_setup
    setup.server.script(ModelReply(text="partial answer", cut_after=200), ModelReply(text="whole answer"))
    assert await setup.llm().next("s", [User("hi")]) == [Assistant("whole answer")]
    assert len(setup.server.requests) == 2


async def test_an_error_inside_a_stream_is_retried(stream_setup: Setup) -> None:
    setup = stream_setup
    kind = "server_error" if setup.name == "openai" else "overloaded_error"
    setup.server.script(ModelReply(stream_error=kind), ModelReply(text="after the storm"))
    assert await setup.llm().next("s", [User("hi")]) == [Assistant("after the storm")]


async def test_streaming_asks_for_usage(setup: Setup) -> None:
    setup.server.script(ModelReply(text="x", input_tokens=123, output_tokens=45))
    reply = await setup.llm().next("s", [User("hi")])
    assert getattr(reply, "usage", None) == Usage(123, 45)
    body = setup.server.requests[0]
    assert body.get("stream", False) is setup.stream
    if setup.stream and setup.name == "openai":
        assert body["stream_options"] == {"include_usage": True}


def test_a_key_is_required_for_the_hosted_apis(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL"):
        monkeypatch.delenv(var, raising=False)
    with pytest.raises(ProviderError, match="OPENAI_API_KEY"):
        OpenAIChat("gpt-4o-mini")
    with pytest.raises(ProviderError, match="ANTHROPIC_API_KEY"):
        AnthropicMessages("claude-sonnet-4-5")
    # A local OpenAI-compatible server needs no key.
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:11434/v1")
    assert "11434" in repr(OpenAIChat("llama3.1"))
    assert os.environ["OPENAI_BASE_URL"].endswith("/v1")


async def test_a_local_server_gets_no_authorization_header(openai_server: OpenAIServer) -> None:
    openai_server.script(ModelReply(text="hi"))
    llm = OpenAIChat("llama", api_key="", base_url=openai_server.base_url)
    with pytest.raises(ProviderError) as info:
        await llm.next("s", [User("hi")])
    assert info.value.status == 401
    assert "authorization" not in openai_server.headers[0]
    openai_server.script()
    assert json.dumps(openai_server.rejections) == "[]"
