"""The fake provider servers reject what the real APIs reject, so passing against them means something.

Each case starts from a request the adapters build for a conversation with two tool calls, checks that
it is accepted, then breaks one rule.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from refwright.agent import Assistant, ToolCall, ToolResult, Turn, User, anthropic_tool, openai_tool
from refwright.agent.providers._anthropic import anthropic_messages
from refwright.agent.providers._openai import openai_messages

from ..fake_llm_servers import PNG_1PX, anthropic_problems, openai_problems

TURNS: list[Turn] = [
    User("sign up"),
    Assistant("Looking."),
    ToolCall("call_a", "snapshot -i", '{"command": "snapshot -i"}'),
    ToolCall("call_b", "screenshot", '{"command":"screenshot"}'),
    ToolResult("call_a", '@e1 [button] "Go"'),
    ToolResult("call_b", "Screenshot 1×1", PNG_1PX),
    ToolCall("call_c", "click @e1", '{"command": "click @e1"}'),
    ToolResult("call_c", "Error: Element @e1 was not found."),
]

HEADERS = {"anthropic-version": "2023-06-01"}


def openai_body() -> dict[str, Any]:
    return {"model": "m", "messages": openai_messages("system", TURNS), "tools": [openai_tool()]}


def anthropic_body() -> dict[str, Any]:
    return {
        "model": "m",
        "max_tokens": 100,
        "system": "system",
        "messages": anthropic_messages(TURNS),
        "tools": [anthropic_tool()],
    }


def test_adapter_requests_are_accepted() -> None:
    assert openai_problems(openai_body()) == []
    assert anthropic_problems(anthropic_body(), HEADERS) == []


def test_openai_layout() -> None:
    roles = [m["role"] for m in openai_body()["messages"]]
    # The screenshot travels in a user message after the whole batch of tool messages.
    assert roles == ["system", "user", "assistant", "tool", "tool", "user", "assistant", "tool"]
    assistant = openai_body()["messages"][2]
    assert assistant["content"] == "Looking."
    assert [c["function"]["arguments"] for c in assistant["tool_calls"]] == [
        '{"command": "snapshot -i"}',
        '{"command":"screenshot"}',  # byte for byte as received
    ]


def test_anthropic_layout() -> None:
    messages = anthropic_body()["messages"]
    assert [m["role"] for m in messages] == ["user", "assistant", "user", "assistant", "user"]
    assert [b["type"] for b in messages[1]["content"]] == ["text", "tool_use", "tool_use"]
    results = messages[2]["content"]
    assert [b["tool_use_id"] for b in results] == ["call_a", "call_b"]
    assert [b["type"] for b in results[1]["content"]] == ["text", "image"]
    assert messages[4]["content"][0]["is_error"] is True


Mutation = Callable[[dict[str, Any]], None]


def _del(path: str) -> Mutation:
    def apply(body: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = body
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        del node[int(last) if isinstance(node, list) else last]

    return apply


def _set(path: str, value: Any) -> Mutation:
    def apply(body: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = body
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        node[int(last) if isinstance(node, list) else last] = value

    return apply


def _openai_swap_tool_and_user(body: dict[str, Any]) -> None:
    m = body["messages"]
    m[4], m[5] = m[5], m[4]


def _openai_move_image_between(body: dict[str, Any]) -> None:
    m = body["messages"]
    m.insert(4, m.pop(5))


@pytest.mark.parametrize(
    ("mutate", "complaint"),
    [
        (_del("messages.4"), "did not have response messages"),  # a call without its result
        (_set("messages.3.tool_call_id", "call_zzz"), "not found in 'tool_calls'"),  # unknown id
        (_del("messages.3.tool_call_id"), "tool_call_id"),  # missing id
        (_del("messages.2"), "must be a response to a preceeding message"),  # a result without its call
        (_openai_move_image_between, "did not have response messages"),  # something between call and result
        (_openai_swap_tool_and_user, "did not have response messages"),
        (_set("messages.2.tool_calls.0.function.arguments", {"command": "snapshot -i"}), "expected a string"),
        (
            _set(
                "messages.3.content",
                [{"type": "image_url", "image_url": {"url": "data:image/png;base64,AA=="}}],
            ),
            "can only contain text",
        ),
        (_set("tool_choice", "required"), "must not send 'tool_choice'"),
        (_set("parallel_tool_calls", False), "must not send 'parallel_tool_calls'"),
        (_set("stream", True), "include_usage"),
        (_set("messages.1.role", "robot"), "Supported values"),
    ],
)
def test_openai_fake_rejects(mutate: Mutation, complaint: str) -> None:
    body = copy.deepcopy(openai_body())
    mutate(body)
    problems = openai_problems(body)
    assert any(complaint in p for p in problems), problems


def _anthropic_split_user(body: dict[str, Any]) -> None:
    m = body["messages"]
    m.insert(3, {"role": "user", "content": [{"type": "text", "text": "extra"}]})


def _anthropic_text_before_result(body: dict[str, Any]) -> None:
    body["messages"][2]["content"].insert(0, {"type": "text", "text": "note"})


@pytest.mark.parametrize(
    ("mutate", "complaint"),
    [
        (_del("max_tokens"), "max_tokens: Field required"),
        (_del("messages.2.content.1"), "without `tool_result` blocks"),  # a call without its result
        (_set("messages.2.content.0.tool_use_id", "toolu_x"), "unexpected `tool_use_id`"),  # unknown id
        (_del("messages.1.content.1"), "unexpected `tool_use_id`"),  # a result without its call
        (_anthropic_split_user, "roles must alternate"),
        (_anthropic_text_before_result, "must come first"),
        (_set("messages.1.content.1.input", '{"command": "snapshot -i"}'), "valid dictionary"),
        (_set("messages.0.content", [{"type": "text", "text": ""}]), "non-whitespace"),
        (_set("messages.0.role", "system"), "top-level `system`"),
        (_del("messages.0"), 'first message must use the "user" role'),
        (_set("tool_choice", {"type": "any"}), "must not send 'tool_choice'"),
    ],
)
def test_anthropic_fake_rejects(mutate: Mutation, complaint: str) -> None:
    body = copy.deepcopy(anthropic_body())
    mutate(body)
    problems = anthropic_problems(body, HEADERS)
    assert any(complaint in p for p in problems), json.dumps(problems, indent=1)


def test_anthropic_fake_wants_the_version_header() -> None:
    assert any("anthropic-version" in p for p in anthropic_problems(anthropic_body(), {}))
