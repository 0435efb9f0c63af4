"""Tabs and windows: `tab`, `tab new`, `tab <t<N>|label>`, `tab close`, `window new`, popups as tabs (or
closed, by policy), refs per tab, the network guard and the action policy on new tabs."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from dataclasses import replace

import pytest
import pytest_asyncio
from playwright.async_api import Error as PlaywrightError

import refwright
from refwright import ActionPolicy, ActionType, Page, PolicyDeniedError, RefwrightError
from refwright.commands import lookup

from ..conftest import TEST_CONFIG, run
from ..server import TestServer


@pytest_asyncio.fixture(loop_scope="session")
async def configured(browser: refwright.Browser) -> AsyncIterator[list[Page]]:
    pages: list[Page] = []
    yield pages
    for p in pages:
        await p.close()


async def page_with(browser: refwright.Browser, pages: list[Page], **changes: object) -> Page:
    p = await browser.new_page(config=replace(TEST_CONFIG, **changes), isolated=True)  # type: ignore[arg-type]
    pages.append(p)
    return p


async def until(page: Page, needle: str, first: str) -> str:
    """Notes of events that come after the command (a popup opens a moment after the click)."""
    text = first
    for _ in range(40):
        if needle in text:
            break
        text += "\n" + await run(page, "wait 25")
    return text


def page_html(server: TestServer, path: str, title: str, body: str = "") -> str:
    return server.html(path, f"<title>{title}</title>{body}")


async def test_tab_new_switch_list_and_close(page: Page, server: TestServer) -> None:
    first = page_html(server, "/one.html", "One", "<button>In one</button>")
    second = page_html(server, "/two.html", "Two", "<a href='/one.html'>Back to one</a>")
    await run(page, f"open {first}")
    assert await run(page, "tab") == f"→ [t1] One - {first}"
    assert await run(page, f"tab new {second}") == "Tab opened [t2] (2 total)"
    assert await run(page, "get title") == "Two"  # commands run on the active tab
    assert await run(page, "tab") == f"  [t1] One - {first}\n→ [t2] Two - {second}"
    assert await run(page, "tab t1") == f"Switched to tab [t1] ({first})"
    assert await run(page, "get title") == "One"
    assert await run(page, "tab close t2") == "Tab [t2] closed"
    assert await run(page, "tab") == f"→ [t1] One - {first}"
    # Ids are never reused.
    assert await run(page, "tab new") == "Tab opened [t3] (2 total)"
    assert await run(page, "get url") == "about:blank"
    assert await run(page, "tab close") == "Tab [t3] closed"
    assert await run(page, "get title") == "One"


async def test_refs_are_per_tab(page: Page, server: TestServer) -> None:
    url_a = page_html(server, "/a.html", "A", '<button onclick="document.title=1">Only A</button>')
    url_b = page_html(server, "/b.html", "B", '<a href="#x">Link B</a><button>Btn B</button>')
    await run(page, f"open {url_a}")
    snap_a = await run(page, "snapshot -i")
    assert '@e1 [button] "Only A"' in snap_a
    await run(page, f"tab new {url_b}")
    snap_b = await run(page, "snapshot -i")
    assert '@e1 [link] "Link B"' in snap_b and '@e2 [button] "Btn B"' in snap_b
    await run(page, "tab t1")
    # t1's refs are still its own: @e1 is its button, and @e2 was never a ref there.
    await run(page, "click @e1")
    assert await run(page, "get title") == "1"
    with pytest.raises(RefwrightError, match="There is no ref @e2"):
        await run(page, "click @e2")


async def test_labels_and_bad_tab_references(page: Page, server: TestServer) -> None:
    await run(page, f"open {page_html(server, '/l.html', 'L')}")
    assert await run(page, "tab new --label docs") == "Tab opened [t2] docs (2 total)"
    assert (await run(page, "tab")).splitlines()[1] == "→ [t2] docs about:blank - about:blank"
    assert await run(page, "tab t1") == f"Switched to tab [t1] ({server.url('/l.html')})"
    assert await run(page, "tab docs") == "Switched to tab [t2] (about:blank)"
    with pytest.raises(RefwrightError) as info:
        await run(page, "tab 2")
    assert str(info.value) == ("Expected a tab id like `t2` or a label; positional integers are not accepted "
                               "(run `tab` to list stable tab ids)")
    with pytest.raises(RefwrightError, match=r"^Tab t9 not found; run `tab` to list open tabs$"):
        await run(page, "tab t9")
    with pytest.raises(RefwrightError, match=r"^No tab with label `nope`; run `tab` to list open tabs$"):
        await run(page, "tab close nope")
    with pytest.raises(RefwrightError, match=r"^Label `docs` is already used by another tab"):
        await run(page, "tab new --label docs")
    await run(page, "tab close docs")
    with pytest.raises(RefwrightError, match=r"^Cannot close the last tab"):
        await run(page, "tab close")


@pytest.mark.parametrize("how", ["target=_blank", "window.open"])
async def test_a_popup_becomes_a_tab_the_model_can_switch_to(page: Page, server: TestServer, how: str) -> None:
    target = page_html(server, "/opened.html", "Opened", "<button>Inside the new tab</button>")
    controls = {
        "target=_blank": f'<a id=go href="{target}" target=_blank>go</a>',
        "window.open": f"<button id=go onclick=\"window.open('{target}')\">go</button>",
    }
    opener = page_html(server, "/opener.html", "Opener", controls[how])
    await run(page, f"open {opener}")
    text = await until(page, "A new tab", await run(page, "click #go"))
    assert f'Note: A new tab [t2] opened ("{target}"); run `tab t2` to switch to it.' in text
    # The opener stays active until the model switches.
    assert await run(page, "get title") == "Opener"
    assert await run(page, "tab t2") == f"Switched to tab [t2] ({target})"
    assert "Inside the new tab" in await run(page, "snapshot -i")
    tabs = page.tabs
    assert tabs.ids() == ["t1", "t2"] and tabs.active is tabs["t2"] and tabs["t1"] is page


async def test_popups_are_closed_under_the_close_policy(browser: refwright.Browser, configured: list[Page],
                                                        server: TestServer) -> None:
    page = await page_with(browser, configured, popups="close")
    assert page.capabilities().popups_closed
    await run(page, f"open {page_html(server, '/p.html', 'P', '<a id=go href=/empty.html target=_blank>go</a>')}")
    text = await until(page, "popup", await run(page, "click #go"))
    assert re.search(r'Note: A popup window or new tab \("http://127\.0\.0\.1:\d+/empty\.html"\) was closed', text)
    assert await run(page, "tab") == f"→ [t1] P - {server.url('/p.html')}"


async def test_window_new_has_its_own_cookies(page: Page, server: TestServer) -> None:
    await run(page, f"open {page_html(server, '/c.html', 'C')}")
    await run(page, "eval \"document.cookie = 'k=v'\"")
    assert await run(page, "window new") == "Window opened [t2] (2 total)"
    await run(page, f"open {server.url('/c.html')}")
    assert await run(page, "eval document.cookie") == ""
    # A tab opens in the context of the tab it came from: the window's, or the first page's.
    await run(page, "tab new")
    await run(page, f"open {server.url('/c.html')}")
    assert await run(page, "eval document.cookie") == ""
    await run(page, "tab t1")
    await run(page, "tab new")
    await run(page, f"open {server.url('/c.html')}")
    assert await run(page, "eval document.cookie") == "k=v"


async def test_a_new_tab_to_a_refused_host_is_refused(page: Page, server: TestServer) -> None:
    await run(page, f"open {page_html(server, '/g.html', 'G', '<a id=go href=/empty.html target=_blank>go</a>')}")
    page.set_allowed_domains(["example.com"])
    try:
        with pytest.raises(PolicyDeniedError, match=r"not in the allowed domains|allowed"):
            await run(page, f"tab new {server.url('/empty.html')}")
        assert len(page.tabs) == 1
        text = await until(page, "popup", await run(page, "click #go"))
        assert "Note: A popup window or new tab to" in text and "was closed" in text
        assert len(page.tabs) == 1
    finally:
        page.set_allowed_domains([])


async def test_the_action_policy_decides_on_the_new_tabs_url(page: Page, server: TestServer) -> None:
    await run(page, f"open {page_html(server, '/pol.html', 'Pol')}")
    page.set_action_policy(ActionPolicy(denied_actions=frozenset({ActionType.NAVIGATE})))
    with pytest.raises(PolicyDeniedError):
        await run(page, f"tab new {server.url('/empty.html')}")
    assert await run(page, "tab") == f"→ [t1] Pol - {server.url('/pol.html')}"  # listing is a read
    page.set_action_policy(None)


async def test_typed_api(page: Page, server: TestServer) -> None:
    await run(page, f"open {page_html(server, '/ty.html', 'Typed')}")
    docs = await page.tabs.new(server.url("/ty.html"), label="docs")
    assert docs is page.tabs["docs"] and docs is page.tabs.active and await docs.title() == "Typed"
    assert (await page.run_command("get url")).output == server.url("/ty.html")
    assert await page.tabs.select(page) is page
    await page.tabs.close(docs)
    assert page.tabs.ids() == ["t1"]


def test_tab_actions() -> None:
    tab, window = lookup("tab"), lookup("window")
    assert tab is not None and window is not None
    assert tab.action_for(()) is ActionType.READ_CONTENT
    assert tab.action_for(("list",)) is ActionType.READ_CONTENT
    for args in (("new",), ("t2",), ("close",)):
        assert tab.action_for(args) is ActionType.NAVIGATE
    assert window.action_for(("new",)) is ActionType.NAVIGATE


async def test_a_wrapped_page_opens_guarded_tabs(page: Page, server: TestServer) -> None:
    # A page refwright did not open: its new tabs are routed through the guard like the page itself.
    pw_page = await page.playwright_page.context.new_page()
    wrapped = await refwright.wrap(pw_page, config=replace(TEST_CONFIG, allow_private=False))
    try:
        with pytest.raises(PolicyDeniedError):
            await run(wrapped, f"tab new {server.url('/empty.html')}")
        assert await run(wrapped, "tab new") == "Tab opened [t2] (2 total)"
        # The new tab is intercepted: a request from it to a refused host is stopped.
        out = await run(wrapped, f"eval \"fetch('{server.url('/empty.html')}').then(() => 'sent', () => 'refused')\"")
        assert out.splitlines()[0] == "refused"
        assert server.requests_to("/empty.html") == []
    finally:
        for tab in list(wrapped.tabs):
            await tab.close()


async def test_a_tab_that_closes_itself_hands_over_to_its_neighbour(page: Page, server: TestServer) -> None:
    closer = page_html(server, "/closer.html", "Closer", "<button onclick='window.close()'>Close me</button>")
    await run(page, f"open {page_html(server, '/stay.html', 'Stay', f'<a id=go href={closer} target=_blank>go</a>')}")
    await until(page, "A new tab", await run(page, "click #go"))
    assert await run(page, "tab t2") == f"Switched to tab [t2] ({closer})"
    await run(page, "click text=Close me")
    text = ""
    for _ in range(40):
        text = await run(page, "get title")
        if "closed by its page" in text:
            break
        await asyncio.sleep(0.025)
    assert text == "Stay\nNote: Tab [t2] was closed by its page; commands run on tab [t1] now."
    assert page.tabs.ids() == ["t1"]


def test_the_actions_profile_closes_popups() -> None:
    from refwright.mcp._actions_profile import closing_popups

    # Its one tool has no action that switches tabs, so a popup would strand the model.
    options = closing_popups(refwright.LaunchOptions(config=replace(TEST_CONFIG, dialogs="accept"), headless=True))
    assert options.config.popups == "close" and options.config.dialogs == "accept" and options.headless
    assert closing_popups(refwright.LaunchOptions()).config.popups == "close"
    with pytest.raises(ValueError, match=r"Config.popups must be one of tab, close"):
        refwright.Config(popups="open")


async def test_closing_a_page_closes_the_tabs_and_windows_it_opened(browser: refwright.Browser,
                                                                    server: TestServer) -> None:
    page = await browser.new_page(isolated=True)
    await run(page, f"open {page_html(server, '/w.html', 'W')}")
    await run(page, "window new")
    await run(page, "tab new")
    await run(page, "tab t1")
    await run(page, "tab new")
    tabs = list(page.tabs)
    contexts = {tab.playwright_page.context for tab in tabs}
    assert len(tabs) == 4 and len(contexts) == 2  # the page's own context, and the window's
    # One tab alone closes by itself; the rest stay.
    await page.tabs.close("t4")
    assert tabs[3].playwright_page.is_closed() and not tabs[1].playwright_page.is_closed()
    await page.close()
    assert all(tab.playwright_page.is_closed() for tab in tabs)
    for context in contexts:
        with pytest.raises(PlaywrightError):
            await context.new_page()  # closed with the page
    assert len(page.tabs) == 0
    await page.close()  # closing again does nothing


async def test_a_page_whose_first_tab_was_closed_still_closes_the_rest(page: Page, server: TestServer) -> None:
    await run(page, "window new")
    window = page.tabs["t2"]
    await page.tabs.close("t1")
    assert page.playwright_page.is_closed() and not window.playwright_page.is_closed()
    await page.close()
    assert window.playwright_page.is_closed()
