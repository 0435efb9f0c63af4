"""The framework-free part of the integrations (runs in the plain suite): which commands carry out a
proposal, the loop rules, the pooled pages, the messages."""

from __future__ import annotations

import asyncio
import importlib
import sys

import pytest

import refwright
from refwright import sync_api
from refwright.demo import DemoServer
from refwright.integrations._core import Binding

from ..conftest import TEST_CONFIG


@pytest.mark.parametrize(("command", "token"), [
    ("confirm p-abc", "p-abc"),
    ("  CONFIRM   p-abc ", "p-abc"),
    ('"confirm" p-abc', "p-abc"),
    ("batch get url\nconfirm p-abc", "p-abc"),
    ('batch "get url" "confirm p-abc"', "p-abc"),
    ("confirm", ""),
    ("get url", None),
    ("fill @e2 confirm p-abc", None),
    ('act click "confirm p-abc"', None),
])
async def test_every_way_to_run_confirm_is_the_step_a_person_approves(
        page: refwright.Page, command: str, token: str | None) -> None:
    assert Binding(page).confirm_token(command) == token


async def test_a_sync_call_on_the_pages_own_loop_answers_instead_of_deadlocking(page: refwright.Page) -> None:
    answer = Binding(page).run("get url")
    assert answer.text.startswith("Error: The browser tool was called synchronously on its page's own event loop")


async def test_a_sync_call_from_a_thread_reaches_the_pages_loop(page: refwright.Page) -> None:
    binding = Binding(page)
    assert (await asyncio.to_thread(binding.run, "get url")).text == "about:blank"


async def test_an_async_call_from_another_loop_is_handed_to_the_pages_loop(page: refwright.Page) -> None:
    binding = Binding(page)
    # What CrewAI does with an async tool: asyncio.run in a worker thread, a loop the page does not live on.
    answer = await asyncio.to_thread(lambda: asyncio.run(binding.arun("get url")))
    assert answer.text == "about:blank"


async def test_each_run_gets_its_own_pooled_page_until_released(demo: DemoServer) -> None:
    async with refwright.SessionPool(config=TEST_CONFIG) as pool:
        binding = Binding(pool)
        await binding.arun(f"open {demo.url}", "a")
        assert (await binding.arun("get title", "a")).text == "Acme Cloud — Sign up"
        assert (await binding.arun("get url", "b")).text == "about:blank"
        assert [s["active"] for s in pool.stats()] == [2]
        await binding.arelease("a")
        assert [s["active"] for s in pool.stats()] == [1]
        await binding.arelease()
        assert [s["active"] for s in pool.stats()] == [0]


def test_anything_but_a_page_or_pool_is_refused_with_a_sentence() -> None:
    with pytest.raises(TypeError, match="browser_tool needs a refwright Page or SessionPool"):
        Binding("not a page")


@pytest.mark.parametrize(("module", "extra"), [("langchain", "langchain"), ("openai_agents", "openai-agents"),
                                               ("pydantic_ai", "pydantic-ai"), ("smolagents", "smolagents"),
                                               ("crewai", "crewai"), ("llamaindex", "llamaindex")])
def test_an_integration_without_its_framework_says_which_extra_to_install(
        module: str, extra: str, monkeypatch: pytest.MonkeyPatch) -> None:
    framework = {"openai_agents": "agents", "llamaindex": "llama_index", "langchain": "langchain_core"}.get(module,
                                                                                                        module)
    monkeypatch.setitem(sys.modules, framework, None)  # as if not installed
    monkeypatch.delitem(sys.modules, f"refwright.integrations.{module}", raising=False)
    with pytest.raises(ImportError, match=rf"pip install 'refwright\[{extra}\]'"):
        importlib.import_module(f"refwright.integrations.{module}")




async def test_a_pool_with_no_browser_to_give_answers_with_an_error_the_model_reads() -> None:
    async with refwright.SessionPool(endpoints=["ws://127.0.0.1:9/"]) as pool:
        answer = await Binding(pool).arun("get url", "a")
    assert answer.text.startswith("Error: No browser in the pool could open a session (ws://127.0.0.1:9/")


@pytest.mark.parametrize("api", ["async", "sync"])
async def test_a_pools_secrets_and_content_markers_reach_the_description(api: str) -> None:
    secret = refwright.Secret("SIGNUP_PW", "correct-horse-battery", ("https://example.com",))
    config = refwright.Config(secrets=[secret], content_boundaries=True)
    if api == "async":
        async with refwright.SessionPool(config=config) as pool:
            text = Binding(pool).description()
    else:
        def describe() -> str:
            with sync_api.SessionPool(config=config) as pool:
                return Binding(pool).description()

        text = await asyncio.to_thread(describe)
    assert "{{secret:SIGNUP_PW}}" in text and "AGENT_BROWSER_PAGE_CONTENT markers" in text
    assert "correct-horse-battery" not in text
