"""ActionPolicy through run_command on a real page: every command has an ActionType, the seed's order of
evaluation, which URL each action is judged by, and a confirm callback that may wait for a person."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable

import pytest
import pytest_asyncio

import refwright
from refwright import ActionPolicy, ActionType, Page, PolicyDeniedError
from refwright.commands import all_specs, parse
from refwright.commands._registry import MORE

from ..conftest import TEST_CONFIG, run
from ..server import TestServer

A = ActionType

# One sample line per command, to read the ActionType the registry gives it.
SAMPLES = {
    "handoff": "handoff solve the CAPTCHA",
    "open": "open example.com", "back": "back", "forward": "forward", "reload": "reload",
    "snapshot": "snapshot -i", "screenshot": "screenshot", "click": "click @e1", "dblclick": "dblclick @e1",
    "tap": "tap @e1", "hover": "hover @e1", "focus": "focus @e1", "check": "check @e1",
    "uncheck": "uncheck @e1", "highlight": "highlight @e1", "fill": "fill @e1 x", "type": "type @e1 x",
    "press": "press Enter", "select": "select @e1 a", "drag": "drag @e1 @e2", "scroll": "scroll down",
    "scrollintoview": "scrollintoview @e1", "get": "get text @e1", "is": "is visible @e1", "wait": "wait 10",
    "eval": "eval 1", "console": "console", "errors": "errors", "cookies": "cookies",
    "storage": "storage local", "help": "help", "diff": "diff snapshot", "inspect": "inspect",
    "act": "act click Save", "confirm": "confirm abc", "setfield": "setfield @e1 x",
    "copyfield": "copyfield @e1 @e2", "setchecks": "setchecks Terms", "selectexact": "selectexact @e1 A",
    "setrange": "setrange @e1 5", "dragto": "dragto @e1 @e2",
    "tab": "tab new example.com", "window": "window new", "frame": "frame main", "dialog": "dialog accept",
    "state": "state save s.state", "pushstate": "pushstate /x", "network": "network route ** --abort",
    # Input area (issue 13, part 2).
    "find": "find role button click", "upload": "upload @e1 a.txt", "keyboard": "keyboard type x",
    "mouse": "mouse move 1 2", "clipboard": "clipboard read", "set": "set viewport 800 600",
    "batch": "batch\nclick @e1",
}

EXPECTED = {
    # refwright does nothing to the page: a person does, and the policy governs what the model causes.
    "handoff": None,
    "open": A.NAVIGATE, "back": A.NAVIGATE, "forward": A.NAVIGATE, "reload": A.NAVIGATE,
    "snapshot": A.READ_CONTENT, "screenshot": A.SCREENSHOT, "click": A.CLICK, "dblclick": A.CLICK,
    "tap": A.CLICK, "hover": A.HOVER, "focus": A.FOCUS, "check": A.CLICK, "uncheck": A.CLICK,
    "highlight": A.FOCUS, "fill": A.FILL, "type": A.TYPE, "press": A.PRESS, "select": A.SELECT,
    "drag": A.DRAG, "scroll": A.SCROLL, "scrollintoview": A.SCROLL, "get": A.READ_CONTENT,
    "is": A.READ_CONTENT, "wait": A.READ_CONTENT, "eval": A.EVALUATE, "console": A.READ_CONTENT,
    "errors": A.READ_CONTENT, "cookies": A.READ_CONTENT, "storage": A.READ_CONTENT, "help": None,
    "diff": A.READ_CONTENT, "inspect": A.READ_CONTENT, "act": A.CLICK, "confirm": A.CLICK,
    "setfield": A.FILL, "copyfield": A.FILL, "setchecks": A.CLICK, "selectexact": A.SELECT,
    "setrange": A.FILL, "dragto": A.DRAG,
    "tab": A.NAVIGATE, "window": A.NAVIGATE, "frame": A.NAVIGATE, "dialog": A.CLICK,
    "state": A.STORAGE, "pushstate": A.NAVIGATE, "network": A.NETWORK,
    "find": A.CLICK, "upload": A.FILL, "keyboard": A.TYPE, "mouse": A.HOVER, "clipboard": A.CLIPBOARD,
    "set": A.EMULATION, "batch": None,
}


def test_every_command_of_the_registry_maps_to_an_action_type() -> None:
    import refwright.resolve  # noqa: F401 - registers the resolver's commands

    # agent-browser's commands beyond the reference have their own table (tests/test_policy_more.py).
    more = {spec.name for spec in MORE}
    specs = [spec for spec in all_specs() if spec.name not in more]
    names = {spec.name for spec in specs}
    assert names <= set(SAMPLES), f"add a sample line for {sorted(names - set(SAMPLES))}"
    for spec in specs:
        parsed = parse(SAMPLES[spec.name])
        assert parsed.spec is spec
        action = spec.action_for(parsed.args)
        assert action == EXPECTED[spec.name], spec.name
        # A batch has none of its own: each of its commands is judged as it runs.
        # A handoff has none either: a person acts, not refwright (its spec says it waits for the person).
        assert action is not None or spec.name in ("help", "batch") or spec.waits_for_person, \
            f"{spec.name} has no ActionType"
    # Sub-commands that write are their own action types.
    assert parse("cookies clear").spec.action_for(parse("cookies clear").args) is A.DELETE_COOKIE
    assert parse("storage local clear").spec.action_for(parse("storage local clear").args) is A.STORAGE
    assert parse("storage session").spec.action_for(parse("storage session").args) is A.READ_CONTENT


@pytest_asyncio.fixture(loop_scope="session")
async def ppage(browser: refwright.Browser, server: TestServer) -> AsyncIterator[Page]:
    p = await browser.new_page()
    await run(p, f"open {server.html('/policy.html', '<title>Policy</title><button>Buy</button>')}")
    yield p
    await p.close()


async def _raises(call: Awaitable[object]) -> PolicyDeniedError:
    with pytest.raises(PolicyDeniedError) as info:
        await call
    return info.value


async def denied(page: Page, command: str) -> str:
    with pytest.raises(PolicyDeniedError) as info:
        await page.run_command(command)
    return str(info.value)


async def test_denied_actions_name_the_action_and_the_rule(ppage: Page, server: TestServer) -> None:
    ppage.set_action_policy(ActionPolicy(denied_actions={A.EVALUATE, A.CLICK}))
    url = server.url("/policy.html")
    assert await denied(ppage, "eval 1") == (
        f"Action Evaluate on {url} was denied by the action policy (deniedActions contains Evaluate). "
        "Do not retry it; if it is needed, ask the user to change the policy.")
    assert "Action Click" in await denied(ppage, "click text=Buy")
    assert "deniedActions contains Click" in await denied(ppage, "dblclick text=Buy")
    # wait --fn evaluates JavaScript: it is decided as Evaluate too.
    assert "deniedActions contains Evaluate" in await denied(ppage, 'wait --fn "true"')
    # Others are untouched; help is never decided.
    assert await run(ppage, "get title") == "Policy"
    assert (await run(ppage, "help")).startswith("Navigation")
    ppage.set_action_policy(None)
    assert await run(ppage, "eval 1") == "1"


async def test_order_of_evaluation(ppage: Page, server: TestServer) -> None:
    url = server.url("/policy.html")
    # 1. denied domains beat everything, even an allowed action.
    ppage.set_action_policy(ActionPolicy(denied_domains=["127.0.0.1"], allowed_actions={A.CLICK}))
    assert "(deniedDomains contains 127.0.0.1)" in await denied(ppage, "click text=Buy")
    # 2. allowed domains beat action rules.
    ppage.set_action_policy(ActionPolicy(allowed_domains=["example.com"], allowed_actions={A.CLICK}))
    assert "(allowedDomains does not include 127.0.0.1)" in await denied(ppage, "click text=Buy")
    # 3. denied actions beat confirm and allowed actions.
    ppage.set_action_policy(ActionPolicy(denied_actions={A.CLICK}, confirm_actions={A.CLICK},
                                         allowed_actions={A.CLICK}))
    asked: list[tuple[ActionType, str]] = []

    async def yes(action: ActionType, at: str) -> bool:
        asked.append((action, at))
        return True

    ppage.set_policy_confirm_callback(yes)
    assert "(deniedActions contains Click)" in await denied(ppage, "click text=Buy")
    assert asked == []
    # 4. confirm beats allowed actions: the callback is asked, with the current URL.
    ppage.set_action_policy(ActionPolicy(confirm_actions={A.CLICK}, allowed_actions={A.CLICK}))
    assert await run(ppage, "click text=Buy") == "Clicked text=Buy"
    assert asked == [(A.CLICK, url)]
    # 5. allowed actions beat the default; 6. the default decides the rest.
    ppage.set_action_policy(ActionPolicy(allowed_actions={A.READ_CONTENT}, default_action="deny"))
    assert await run(ppage, "get title") == "Policy"
    assert await denied(ppage, "scroll down") == (
        f"Action Scroll on {url} was denied by the action policy (defaultAction is deny and allowedActions "
        "does not contain Scroll). Do not retry it; if it is needed, ask the user to change the policy.")
    ppage.set_action_policy(ActionPolicy(default_action="deny"))
    assert "(defaultAction is deny and no rule allows ReadContent)" in await denied(ppage, "get title")
    ppage.set_action_policy(None)
    ppage.set_policy_confirm_callback(None)


async def test_navigate_is_judged_by_the_target_and_other_actions_by_the_current_page(
        ppage: Page, server: TestServer, cross_server: TestServer) -> None:
    ppage.set_action_policy(ActionPolicy(denied_domains=["localhost"]))
    # From an allowed page, opening a denied host is refused: the target decides.
    message = await denied(ppage, f"open {cross_server.empty_page}")
    assert message.startswith(f"Action Navigate on {cross_server.empty_page} was denied by the action policy "
                              "(deniedDomains contains localhost).")
    assert ppage.url == server.url("/policy.html")
    # On a denied page, other actions are refused (the current page decides) but leaving is allowed.
    ppage.set_action_policy(None)
    await run(ppage, f"open {cross_server.empty_page}")
    ppage.set_action_policy(ActionPolicy(denied_domains=["localhost"]))
    assert "Action ReadContent on http://localhost:" in await denied(ppage, "snapshot")
    assert "Action Scroll" in await denied(ppage, "scroll down")
    assert (await run(ppage, f"open {server.empty_page}")) == f"Opened {server.empty_page}"
    assert await run(ppage, "scroll down") == "Scrolled down"
    ppage.set_action_policy(None)


async def test_pages_without_an_http_host_are_denied_when_a_domain_list_is_set(
        ppage: Page, server: TestServer) -> None:
    await ppage.goto("about:blank")
    ppage.set_action_policy(ActionPolicy(allowed_domains=["127.0.0.1"]))
    # about:blank has no host: the typed API may not navigate there either while the list is set.
    assert "no http/https host" in str(await _raises(ppage.goto("about:blank")))
    assert await denied(ppage, "snapshot") == (
        "Action ReadContent on about:blank was denied by the action policy (a domain list is set and this "
        "page has no http/https host). Open an http or https page first.")
    # Navigate is judged by its target, so the way out stays open.
    assert await run(ppage, f"open {server.empty_page}") == f"Opened {server.empty_page}"
    assert await run(ppage, "get url") == server.empty_page
    # The typed API follows the policy too.
    with pytest.raises(PolicyDeniedError, match="allowedDomains does not include localhost"):
        await ppage.goto(server.empty_page.replace("127.0.0.1", "localhost"))
    ppage.set_action_policy(None)


async def test_confirm_callback_may_wait_for_a_person(ppage: Page) -> None:
    ppage.set_action_policy(ActionPolicy(confirm_actions={A.CLICK}))
    asked = asyncio.Event()
    answered = asyncio.Event()
    answer: list[bool] = []

    async def person(action: ActionType, url: str) -> bool:
        asked.set()
        await answered.wait()
        return answer[0]

    ppage.set_policy_confirm_callback(person)
    task = asyncio.ensure_future(ppage.run_command("click text=Buy"))
    await asyncio.wait_for(asked.wait(), 10)
    assert not task.done()  # the command waits for the answer
    assert await ppage.playwright_page.evaluate("1") == 1  # and the page is not blocked meanwhile
    answer.append(False)
    answered.set()
    with pytest.raises(PolicyDeniedError) as info:
        await task
    assert str(info.value).startswith("Action Click on ")
    assert "was declined by the user (confirmActions contains Click)" in str(info.value)
    # Yes goes ahead.
    asked.clear()
    answered.clear()
    answer[:] = [True]
    task = asyncio.ensure_future(ppage.run_command("click text=Buy"))
    await asyncio.wait_for(asked.wait(), 10)
    answered.set()
    assert (await task).output == "Clicked text=Buy"


async def test_confirm_without_a_callback_or_with_a_broken_one_is_refused(ppage: Page) -> None:
    ppage.set_action_policy(ActionPolicy(confirm_actions={A.CLICK}))
    ppage.set_policy_confirm_callback(None)
    message = await denied(ppage, "click text=Buy")
    assert "needs the user's confirmation (confirmActions contains Click)" in message
    assert "no way to ask the user" in message

    async def broken(action: ActionType, url: str) -> bool:
        raise RuntimeError("the prompt crashed")

    ppage.set_policy_confirm_callback(broken)
    assert "declined by the user" in await denied(ppage, "click text=Buy")
    ppage.set_action_policy(None)
    ppage.set_policy_confirm_callback(None)


async def test_launch_gives_every_page_the_policy_and_the_callback(server: TestServer) -> None:
    asked: list[tuple[ActionType, str]] = []

    async def yes(action: ActionType, url: str) -> bool:
        asked.append((action, url))
        return True

    policy = ActionPolicy(denied_actions={A.EVALUATE}, confirm_actions={A.NAVIGATE})
    async with refwright.launch(config=TEST_CONFIG, action_policy=policy, confirm=yes) as b:
        for _ in range(2):
            p = await b.new_page()
            assert p.action_policy == policy
            assert await run(p, f"open {server.empty_page}") == f"Opened {server.empty_page}"
            assert "deniedActions contains Evaluate" in await denied(p, "eval 1")
    assert asked == [(A.NAVIGATE, server.empty_page)] * 2


def test_sync_api_takes_the_policy_and_a_plain_callback(server: TestServer) -> None:
    from refwright import sync_api

    asked: list[ActionType] = []

    def no(action: ActionType, url: str) -> bool:
        asked.append(action)
        return False

    policy = ActionPolicy(confirm_actions={A.CLICK})
    with sync_api.launch(config=TEST_CONFIG, action_policy=policy, confirm=no) as b:
        p = b.new_page()
        p.run_command(f"open {server.html('/sync.html', '<button>Buy</button>')}")
        with pytest.raises(PolicyDeniedError, match=r"declined by the user \(confirmActions contains Click\)"):
            p.run_command("click text=Buy")
    assert asked == [A.CLICK]
