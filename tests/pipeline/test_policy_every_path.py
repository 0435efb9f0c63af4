"""The action policy holds on every path into the page (issue 38): each entry point below enters the one
pipeline, is refused with the policy's own sentence, and the page (which reports every input it receives to
the test server) sees nothing."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

import refwright
from refwright import ActionPolicy, ActionType, Page, PolicyDeniedError

from ..conftest import run
from ..server import TestServer
from .reached import reached, serve

A = ActionType
DENY = ActionPolicy(denied_actions={A.CLICK, A.FILL, A.SELECT, A.DRAG})
DENIED = re.compile(r"Action (Click|Fill|Select|Drag) on http://127\.0\.0\.1:\d+/reach\.html was denied by the "
                    r"action policy \(deniedActions contains \1\)")

pytestmark = pytest.mark.asyncio(loop_scope="session")


@pytest_asyncio.fixture(loop_scope="session")
async def rpage(browser: refwright.Browser, server: TestServer) -> AsyncIterator[Page]:
    p = await browser.new_page(isolated=True)
    await run(p, f"open {serve(server)}")
    await run(p, "inspect")
    yield p
    await p.close()


async def nothing_reached(server: TestServer) -> None:
    # The page reports with fetch, which leaves it a moment after the input: give a report time to arrive.
    await asyncio.sleep(0.3)
    assert reached(server) == []


async def test_the_page_reports_what_reaches_it(rpage: Page, server: TestServer) -> None:
    # Without a policy the same calls reach the page: the reports below are what the refusals prevent.
    await rpage.act("click Save")
    await rpage.set_field("Name", "Bob")
    for _ in range(50):
        if {"click:save", "input:name"} <= set(reached(server)):
            break
        await asyncio.sleep(0.05)
    assert {"click:save", "input:name"} <= set(reached(server))


async def test_run_command_act_is_refused(rpage: Page, server: TestServer) -> None:
    rpage.set_action_policy(DENY)
    with pytest.raises(PolicyDeniedError, match=DENIED):
        await rpage.run_command("act click Save")
    await nothing_reached(server)


async def test_page_act_is_refused_as_the_action_it_performs(rpage: Page, server: TestServer) -> None:
    rpage.set_action_policy(DENY)
    with pytest.raises(PolicyDeniedError, match=r"Action Click .*deniedActions contains Click"):
        await rpage.act("click Save")
    # Filling is a Fill: a policy that denies only Fill refuses it, and lets a click through.
    rpage.set_action_policy(ActionPolicy(denied_actions={A.FILL}))
    with pytest.raises(PolicyDeniedError, match=r"Action Fill .*deniedActions contains Fill"):
        await rpage.act('enter "Bob" into the Name field')
    with pytest.raises(PolicyDeniedError, match="Action Fill"):
        await rpage.run_command('act enter "Bob" into the Name field')
    await nothing_reached(server)
    rpage.set_action_policy(ActionPolicy(denied_actions={A.CLICK}))
    await rpage.act('enter "Bob" into the Name field')
    assert await run(rpage, "get value #name") == "Bob"


@pytest.mark.parametrize("call", ["set_field", "copy_field", "set_checks", "select_exact", "set_range", "drag_to",
                                  "upload"])
async def test_typed_actions_are_refused(rpage: Page, server: TestServer, call: str) -> None:
    rpage.set_action_policy(DENY)
    calls = {
        "set_field": lambda: rpage.set_field("Name", "Bob"),
        "copy_field": lambda: rpage.copy_field("Name", "Copy"),
        "set_checks": lambda: rpage.set_checks({"Terms": True}),
        "select_exact": lambda: rpage.select_exact("Color", "Blue"),
        "set_range": lambda: rpage.set_range("Volume", 7),
        "drag_to": lambda: rpage.drag_to("Card", "Bin"),
        "upload": lambda: rpage.upload("#file", "x.txt"),
    }
    with pytest.raises(PolicyDeniedError, match=DENIED):
        await calls[call]()
    await nothing_reached(server)
    assert await run(rpage, "get value #name") == "Ann"


async def test_an_approved_proposal_is_still_decided_by_the_policy(rpage: Page, server: TestServer) -> None:
    proposal = await rpage.drag_to("Card", "Bin")
    assert proposal.token is not None
    rpage.set_action_policy(DENY)
    with pytest.raises(PolicyDeniedError, match=r"Action Drag .*deniedActions contains Drag"):
        await rpage.confirm(proposal.token)
    with pytest.raises(PolicyDeniedError, match="Action Drag"):
        await rpage.run_command(f"confirm {proposal.token}")
    await nothing_reached(server)
    # The refusal left the proposal open: once the policy allows drags, it is carried out.
    rpage.set_action_policy(ActionPolicy(denied_actions={A.CLICK}))
    assert (await rpage.confirm(proposal.token)).output.startswith("Confirmed: Dragged")


async def test_goto_is_decided_on_where_it_goes(rpage: Page, server: TestServer) -> None:
    rpage.set_action_policy(ActionPolicy(denied_actions={A.NAVIGATE}))
    with pytest.raises(PolicyDeniedError, match=r"Action Navigate on http://127\.0\.0\.1:\d+/next\.html was denied"):
        await rpage.goto(server.url("/next.html"))
    assert server.requests_to("/next.html") == []


async def test_a_second_tab_holds_the_window_policy(rpage: Page, server: TestServer) -> None:
    rpage.set_action_policy(DENY)
    url = serve(server, "/reach.html")
    await run(rpage, f"tab new {url}")
    with pytest.raises(PolicyDeniedError, match=DENIED):
        await rpage.run_command("act click Save")
    second = rpage.tabs.active
    assert second is not rpage
    with pytest.raises(PolicyDeniedError, match=DENIED):
        await second.act("click Save")
    with pytest.raises(PolicyDeniedError, match=DENIED):
        await second.set_field("Name", "Bob")
    # A tab opened from code, after the policy was set, holds it too: it is the window's, not copied.
    third = await rpage.tabs.new(url)
    with pytest.raises(PolicyDeniedError, match=DENIED):
        await third.act("click Save")
    await nothing_reached(server)


async def test_window_settings_are_one_for_every_tab(rpage: Page, server: TestServer) -> None:
    other = await rpage.tabs.new(server.empty_page)
    policy = ActionPolicy(denied_actions={A.EVALUATE})

    async def yes(action: ActionType, url: str) -> bool:
        return True

    class Vision:
        async def complete(self, *args: object, **kwargs: object) -> object:  # never asked here
            raise AssertionError

    vision = Vision()
    other.set_action_policy(policy)
    other.set_policy_confirm_callback(yes)
    other.visual.set_provider(vision)  # type: ignore[arg-type]
    rpage.set_decision_provider(vision)  # type: ignore[arg-type]
    for tab in (rpage, other, await rpage.tabs.new()):
        assert tab.action_policy is policy
        assert tab._impl.gate.confirm is yes
        assert tab._impl.window.vision is vision
        assert tab._impl.window.decider is vision
        assert tab._impl.config.secrets is rpage._impl.config.secrets
