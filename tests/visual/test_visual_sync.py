"""The visual tools through the generated sync API: a visual proposal confirmed, and visual inspect with a
provider speaking the real OpenAI wire format (the async provider runs on a loop of its own)."""

from __future__ import annotations

import re

import pytest

from refwright import sync_api
from refwright.agent.providers._openai import OpenAIChat

from ..conftest import TEST_CONFIG
from ..fake_llm_servers import ModelReply, OpenAIServer
from ..server import TestServer

pytest.importorskip("tesserocr")


def test_sync_visual_click_confirm_and_inspect(server: TestServer) -> None:
    fake = OpenAIServer()
    fake.script(ModelReply(text="Three buttons: Open, Export, Print."))
    try:
        with sync_api.launch(config=TEST_CONFIG) as browser:
            page = browser.new_page()
            page.run_command(f"open {server.url('/visual/canvas.html')}")
            assert "Export" in page.visual_text().text
            step = page.visual.click_text("Print")
            assert step.token is not None and re.match(r'Needs approval: visual click on "Print"', step.output)
            page.confirm(step.token)
            assert page.playwright_page.locator("#log .entry").all_text_contents() == ["clicked Print"]
            page.visual.set_provider(OpenAIChat("gpt-test", api_key="test-key", base_url=fake.base_url))
            answer = page.visual.inspect("Which buttons are there?")
        assert "Open, Export, Print" in answer and fake.rejections == []
    finally:
        fake.stop()
