"""Every public method of ``Page`` and of its typed parts is either a read, a proposal, or an action that
enters the pipeline at authorize (issue 38). The lists below are complete: a new method that is not listed
fails the first test, and a new acting method that skips authorize fails the second (a deny-all policy
refuses it, and the page, which reports every input it receives, sees nothing)."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest
import pytest_asyncio

import refwright
from refwright import ActionPolicy, Page, PolicyDeniedError
from refwright._async.facade._devices import Clipboard, Keyboard, Mouse
from refwright._async.facade._dialogs import Dialogs
from refwright._async.facade._network_api import Network
from refwright._async.facade._storage import Storage
from refwright._async.facade._tabs import Tabs
from refwright._async.tab._emulation import Emulation
from refwright._async.tab._saved_state import State
from refwright._async.visual._api import Visual

from ..conftest import run
from ..server import TestServer
from .reached import reached, serve

DENY_ALL = ActionPolicy(default_action="deny")

Call = Callable[[Page], Awaitable[Any]]

# What acts on the page (or on where it is: its tabs, storage, network, emulation), as each is called.
ACTS: dict[str, Call] = {
    "Page.run_command": lambda p: p.run_command("click #save"),
    "Page.act": lambda p: p.act("click Save"),
    "Page.confirm": lambda p: p.confirm("p-none"),
    "Page.set_field": lambda p: p.set_field("Name", "Bob"),
    "Page.copy_field": lambda p: p.copy_field("Name", "Copy"),
    "Page.set_checks": lambda p: p.set_checks(["Terms"]),
    "Page.select_exact": lambda p: p.select_exact("Color", "Blue"),
    "Page.set_range": lambda p: p.set_range("Volume", 7),
    "Page.drag_to": lambda p: p.drag_to("Card", "Bin"),
    "Page.upload": lambda p: p.upload("#file", "x.txt"),
    "Page.goto": lambda p: p.goto("about:blank"),
    "Page.select_frame": lambda p: p.select_frame("main"),
    "Keyboard.type": lambda p: p.keyboard.type("x"),
    "Keyboard.insert_text": lambda p: p.keyboard.insert_text("x"),
    "Mouse.move": lambda p: p.mouse.move(10, 10),
    "Mouse.down": lambda p: p.mouse.down(),
    "Mouse.up": lambda p: p.mouse.up(),
    "Mouse.wheel": lambda p: p.mouse.wheel(100),
    "Clipboard.read": lambda p: p.clipboard.read(),
    "Clipboard.write": lambda p: p.clipboard.write("x"),
    "Visual.scroll": lambda p: p.visual.scroll(10, 10, 100),
    "Storage.set": lambda p: p.storage.set("k", "v"),
    "Storage.clear": lambda p: p.storage.clear(),
    "Storage.set_cookie": lambda p: p.storage.set_cookie("k", "v"),
    "Network.route": lambda p: p.network.route("**/x", abort=True),
    "Network.unroute": lambda p: p.network.unroute(),
    "State.save": lambda p: p.state.save("s.state", password="pw"),
    "State.load": lambda p: p.state.load("s.state", password="pw"),
    "Emulation.viewport": lambda p: p.emulation.viewport(500, 500),
    "Emulation.device": lambda p: p.emulation.device("iPhone 13"),
    "Emulation.geolocation": lambda p: p.emulation.geolocation(1, 2),
    "Emulation.offline": lambda p: p.emulation.offline(True),
    "Emulation.headers": lambda p: p.emulation.headers({"x-a": "b"}),
    "Emulation.credentials": lambda p: p.emulation.credentials("u", "p"),
    "Emulation.media": lambda p: p.emulation.media("dark"),
    "Tabs.new": lambda p: p.tabs.new("http://127.0.0.1:1/"),
    "Tabs.select": lambda p: p.tabs.select("t1"),
    "Tabs.close": lambda p: p.tabs.close("t1"),
    "Dialogs.accept": lambda p: p.dialogs.accept(),
    "Dialogs.dismiss": lambda p: p.dialogs.dismiss(),
}
# Reads of the page, which change nothing on it; and the page's own lifecycle (closing it, ending a recording).
READS = {
    "Page.title", "Page.snapshot", "Page.screenshot", "Page.inspect", "Page.bounded_snapshot",
    "Page.bounded_content", "Page.readable_text", "Page.accessibility_audit", "Page.web_vitals", "Page.pdf",
    "Page.visual_text", "Page.close", "Page.finish_recording", "Page.save_recording",
    # Listens to what a person does in the page and writes it down; refwright itself does nothing to the page.
    "Page.record_person",
    "Page.authorize", "Visual.text", "Visual.inspect", "Storage.get", "Storage.items", "Network.stop_har",
}
# Proposals: nothing happens before Page.confirm, which is decided as the proposal's action.
PROPOSES = {"Visual.click", "Visual.click_text", "Visual.drag"}

PARTS = (Page, Keyboard, Mouse, Clipboard, Visual, Storage, Network, State, Emulation, Tabs, Dialogs)


def test_every_public_method_is_listed_as_an_action_a_read_or_a_proposal() -> None:
    found = {f"{cls.__name__}.{name}" for cls in PARTS for name, member in inspect.getmembers(cls)
             if not name.startswith("_") and inspect.iscoroutinefunction(member)}
    listed = set(ACTS) | READS | PROPOSES
    assert found - listed == set(), "list each new method in ACTS (and make it enter the pipeline) or READS"
    assert listed - found == set()


@pytest_asyncio.fixture(loop_scope="session")
async def rpage(browser: refwright.Browser, server: TestServer) -> AsyncIterator[Page]:
    p = await browser.new_page(isolated=True)
    await run(p, f"open {serve(server)}")
    await run(p, "inspect")
    yield p
    await p.close()


@pytest.mark.asyncio(loop_scope="session")
async def test_every_acting_method_is_refused_under_a_deny_all_policy(rpage: Page, server: TestServer) -> None:
    rpage.set_action_policy(DENY_ALL)
    let_through = []
    for name, call in ACTS.items():
        try:
            await call(rpage)
        except PolicyDeniedError:
            continue
        except Exception as exc:
            let_through.append(f"{name}: {type(exc).__name__}: {exc}")
            continue
        let_through.append(f"{name}: ran")
    assert let_through == []
    assert len(rpage.tabs) == 1
    await asyncio.sleep(0.3)  # a report leaves the page a moment after the input
    assert reached(server) == []
    rpage.set_action_policy(None)
    assert await rpage.storage.get("k") is None
