"""The coding profile's visual tools over MCP on real Chromium, and browser_visual_inspect against the local
stand-ins of the OpenAI and Anthropic APIs (their real wire formats)."""

from __future__ import annotations

import base64
import io
import json
from typing import Any

import pytest
from PIL import Image

import mcp
from refwright.agent.providers._anthropic import AnthropicMessages
from refwright.agent.providers._openai import OpenAIChat
from refwright.mcp import ClientBrowser, create_server
from refwright.visual import default_engine
from refwright.visual._read import read_screen

from ..fake_llm_servers import AnthropicServer, ModelReply, OpenAIServer
from ..server import TestServer
from .wire import text

pytest.importorskip("tesserocr")
pytestmark = pytest.mark.asyncio(loop_scope="session")

VISUAL_TOOLS = ["browser_visual_text", "browser_visual_action", "browser_visual_click", "browser_visual_drag",
                "browser_visual_scroll", "browser_visual_inspect"]


class Person:
    def __init__(self, answer: str | None) -> None:
        self.answer = answer
        self.questions: list[str] = []

    async def __call__(self, ctx: Any, params: Any) -> mcp.types.ElicitResult:
        self.questions.append(params.message)
        if self.answer is None:
            return mcp.types.ElicitResult(action="decline")
        return mcp.types.ElicitResult(action="accept", content={"decision": self.answer})


async def log(session: ClientBrowser) -> list[str]:
    page = await session.page()
    return await page.playwright_page.locator("#log .entry").all_text_contents()


async def test_coding_profile_lists_the_visual_tools(session: ClientBrowser) -> None:
    async with mcp.Client(create_server("coding", session=session).server) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
    assert set(VISUAL_TOOLS) <= set(tools)
    assert tools["browser_visual_text"].input_schema["properties"]["segmentationMode"]["enum"] == [
        "automatic", "sparse-text"]
    assert tools["browser_visual_drag"].input_schema["required"] == ["x1", "y1", "x2", "y2"]


async def test_visual_action_is_carried_out_only_after_the_person_approves(session: ClientBrowser,
                                                                           server: TestServer) -> None:
    person = Person("allow")
    async with mcp.Client(create_server("coding", session=session).server, elicitation_callback=person) as client:
        await client.call_tool("browser_navigate", {"url": server.url("/visual/canvas.html")})
        seen = await client.call_tool("browser_visual_text", {})
        assert "Export" in text(seen) and "viewport" in text(seen)
        out = await client.call_tool("browser_visual_action", {"text": "Export"})
        assert not out.is_error, text(out)
        assert "Approved by the person" in text(out)
        assert len(person.questions) == 1 and "Export" in person.questions[0]
    assert await log(session) == ["clicked Export"]


async def test_declined_visual_click_and_drag_do_nothing(session: ClientBrowser, server: TestServer) -> None:
    person = Person(None)
    async with mcp.Client(create_server("coding", session=session).server, elicitation_callback=person) as client:
        await client.call_tool("browser_navigate", {"url": server.url("/visual/canvas.html")})
        out = await client.call_tool("browser_visual_click", {"x": 190, "y": 40})
        assert "Declined" in text(out)
        out = await client.call_tool("browser_visual_drag", {"x1": 100, "y1": 203, "x2": 350, "y2": 203})
        assert "Declined" in text(out)
        assert len(person.questions) == 2
    assert await log(session) == []


async def test_visual_drag_approved_moves_the_canvas_slider(session: ClientBrowser, server: TestServer) -> None:
    async with mcp.Client(create_server("coding", session=session, approve="auto").server) as client:
        await client.call_tool("browser_navigate", {"url": server.url("/visual/canvas.html")})
        out = await client.call_tool("browser_visual_drag", {"x1": 100, "y1": 203, "x2": 350, "y2": 203})
        assert "Approved" in text(out), text(out)
    assert await log(session) == ["slider 50"]


async def test_visual_scroll_returns_fresh_ocr(session: ClientBrowser, server: TestServer) -> None:
    async with mcp.Client(create_server("coding", session=session).server) as client:
        await client.call_tool("browser_navigate", {"url": server.url("/visual/scroll.html")})
        out = await client.call_tool("browser_visual_scroll", {"x": 200, "y": 120, "dy": 400})
        assert not out.is_error and "Walrus appendix ends" in text(out)


async def test_visual_inspect_without_a_provider_says_how_to_configure_one(session: ClientBrowser,
                                                                           server: TestServer) -> None:
    async with mcp.Client(create_server("coding", session=session).server) as client:
        await client.call_tool("browser_navigate", {"url": server.url("/visual/form.html")})
        out = await client.call_tool("browser_visual_inspect", {"question": "What is the heading?"})
        assert out.is_error and "--vision openai:MODEL" in text(out)


def _images(body: dict[str, Any]) -> list[bytes]:
    found: list[bytes] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            url = node.get("image_url", {}).get("url") if isinstance(node.get("image_url"), dict) else None
            if isinstance(url, str) and url.startswith("data:image/png;base64,"):
                found.append(base64.b64decode(url.split(",", 1)[1]))
            source = node.get("source")
            if node.get("type") == "image" and isinstance(source, dict):
                found.append(base64.b64decode(source["data"]))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
    walk(body)
    return found


@pytest.mark.parametrize("wire", ["openai", "anthropic"])
async def test_visual_inspect_sends_only_the_masked_screenshot(session: ClientBrowser, server: TestServer,
                                                               wire: str) -> None:
    fake: OpenAIServer | AnthropicServer = OpenAIServer() if wire == "openai" else AnthropicServer()
    try:
        fake.script(ModelReply(text="The heading says Account settings."))
        if isinstance(fake, OpenAIServer):
            llm: Any = OpenAIChat("gpt-test", api_key="test-key", base_url=fake.base_url)
        else:
            llm = AnthropicMessages("claude-test", api_key="test-key", base_url=fake.base_url)
        async with mcp.Client(create_server("coding", session=session, vision=llm).server) as client:
            await client.call_tool("browser_navigate", {"url": server.url("/visual/form.html")})
            out = await client.call_tool("browser_visual_inspect", {"question": "What is the heading?"})
        assert not out.is_error, text(out)
        assert "Account settings" in text(out) and "2 editable field(s) masked" in text(out)
        assert fake.rejections == []
        (body,) = fake.requests
        images = _images(body)
        assert len(images) == 1 and images[0].startswith(b"\x89PNG")
        seen = " ".join(line.text for line in read_screen(default_engine(), Image.open(io.BytesIO(images[0]))))
        assert "Account settings" in seen and "hunter2" not in seen and "zebrafalcon" not in seen
        raw = json.dumps(body)
        assert "What is the heading?" in raw
        # The model sees pixels only: no URL, no field values.
        assert "/visual/form.html" not in raw and "hunter2" not in raw and "zebrafalcon" not in raw
    finally:
        fake.stop()
