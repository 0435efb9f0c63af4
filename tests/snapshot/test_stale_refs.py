"""A ref from an earlier snapshot never acts on something else, and fails at once (issue 28 §2).

Every failure here is a StaleRefError, never a timeout: the action did not wait for the element to come
back. The page records what was clicked, so each test also proves nothing else was acted on."""

from __future__ import annotations

import pytest
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import Error as SyncPlaywrightError
from playwright.sync_api import TimeoutError as SyncPlaywrightTimeoutError

from refwright import NotActionableError, Page, StaleRefError, sync_api

from ..conftest import TEST_CONFIG, run
from ..server import TestServer

NEW_SNAPSHOT = "Take a new snapshot (`snapshot -i`) and use the refs it lists."

APP = """<title>App</title>
<nav><button id=home onclick="go('/home')">Home</button>
<button id=settings onclick="go('/settings')">Settings</button></nav>
<main id=view></main>
<ul id=list></ul>
<script>
window.clicked = [];
function render(path) {
  const view = document.getElementById('view');
  view.innerHTML = '';
  const b = document.createElement('button');
  b.textContent = path === '/settings' ? 'Delete account' : 'Save';
  b.onclick = () => window.clicked.push(b.textContent);
  view.append(b);
}
function go(path) { history.pushState({}, '', path); render(path); }
function items(names) {
  const list = document.getElementById('list');
  list.innerHTML = '';
  for (const n of names) {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.textContent = n; b.dataset.key = n;
    b.onclick = () => window.clicked.push(b.textContent);
    li.append(b); list.append(li);
  }
}
render('/home');
items(['One', 'Two', 'Three']);
</script>"""


@pytest.fixture
async def app(page: Page, server: TestServer) -> Page:
    await run(page, f"open {server.html('/app.html', APP)}")
    return page


async def clicked(page: Page) -> list[str]:
    result: list[str] = await page.playwright_page.evaluate("window.clicked")
    return result


async def test_a_relabelled_node_is_refused_naming_both_lines(app: Page) -> None:
    snap = await run(app, "snapshot -i")
    assert '@e3 [button] "Save"' in snap
    # A framework reuses the node for another control.
    await app.playwright_page.evaluate("document.querySelector('#view button').textContent = 'Delete account'")
    with pytest.raises(StaleRefError) as info:
        await app.run_command("click @e3")
    assert str(info.value) == (
        '@e3 was button "Save" in the last snapshot; it is now button "Delete account". refwright did not act '
        "on it: the page changed what this element is. Take a new snapshot (`snapshot -i`) to see the page as "
        "it is now.")
    assert await clicked(app) == []
    # After a new snapshot the node keeps its ref, under its new name, and the click is the model's choice.
    assert '@e3 [button] "Delete account"' in await run(app, "snapshot -i")
    assert await run(app, "click @e3") == "Clicked @e3"
    assert await clicked(app) == ["Delete account"]


async def test_a_changed_role_is_refused(app: Page) -> None:
    await run(app, "snapshot -i")
    await app.playwright_page.evaluate("document.getElementById('home').setAttribute('role', 'tab')")
    with pytest.raises(StaleRefError, match=r'^@e1 was button "Home" in the last snapshot; it is now tab "Home"\.'):
        await app.run_command("click @e1")


async def test_a_spa_route_change_keeps_the_kept_nodes_and_stales_the_replaced(app: Page) -> None:
    await run(app, "snapshot -i")
    # The nav survives the route change (pushState, same document); the view is rendered anew.
    clicked = (await run(app, "click @e2")).splitlines()
    assert clicked[0] == "Clicked @e2"
    assert app.playwright_page.url.endswith("/settings")
    assert clicked[1:] == [f"Note: The page navigated to {app.playwright_page.url} — {await app.title()}."]
    with pytest.raises(StaleRefError, match=r"^@e3 is gone: the page removed that element \(or replaced it in a "
                                            r"re-render\)"):
        await app.run_command("click @e3")
    assert (await run(app, "click @e1")).splitlines()[0] == "Clicked @e1"  # the kept node still acts
    snap = await run(app, "snapshot -i")
    assert '@e1 [button] "Home"' in snap and '@e2 [button] "Settings"' in snap and '"Save"' in snap
    assert "@e3 " not in snap  # the replaced button's ref is never given to its successor


async def test_pushstate_that_keeps_the_node_keeps_the_ref(app: Page) -> None:
    await run(app, "snapshot -i")
    await app.playwright_page.evaluate("history.pushState({}, '', '/elsewhere')")
    assert await run(app, "click @e3") == "Clicked @e3"
    assert await clicked(app) == ["Save"]


async def test_a_reordered_keyed_list_follows_the_nodes(app: Page) -> None:
    snap = await run(app, "snapshot -i")
    assert '@e5 [button] "Two"' in snap
    # A keyed framework moves the nodes: each ref follows its element.
    await app.playwright_page.evaluate("""() => { const list = document.getElementById('list');
        [...list.children].reverse().forEach(li => list.append(li)); }""")
    assert await run(app, "click @e5") == "Clicked @e5"
    assert await clicked(app) == ["Two"]


async def test_a_reordered_unkeyed_list_is_refused(app: Page) -> None:
    await run(app, "snapshot -i")
    # An unkeyed framework keeps the nodes and rewrites their text: @e5 now shows another item.
    await app.playwright_page.evaluate("""() => { const names = ['Three', 'Two', 'One'];
        document.querySelectorAll('#list button').forEach((b, i) => { b.textContent = names[i]; }); }""")
    with pytest.raises(StaleRefError, match=r'^@e4 was button "One" in the last snapshot; it is now button "Three"'):
        await app.run_command("click @e4")
    assert await run(app, "click @e5") == "Clicked @e5"  # "Two" stayed where it was
    assert await clicked(app) == ["Two"]


async def test_a_rerendered_list_stales_every_ref(app: Page) -> None:
    await run(app, "snapshot -i")
    await app.playwright_page.evaluate("items(['One', 'Two', 'Three'])")
    for ref in ("@e4", "@e5", "@e6"):
        with pytest.raises(StaleRefError, match=f"^{ref} is gone"):
            await app.run_command(f"click {ref}")
    assert await clicked(app) == []


async def test_a_navigation_stales_refs_even_to_a_lookalike(app: Page, server: TestServer) -> None:
    await run(app, "snapshot -i")
    # The same page again: every element has a twin with the same role and name.
    await app.playwright_page.goto(server.url("/app.html"))
    for command in ("click @e3", "fill @e3 x", "hover @e1", "dblclick @e2", "check @e4", "select @e4 x"):
        with pytest.raises(StaleRefError) as info:
            await app.run_command(command)
        assert "is from an earlier page: the page navigated (or reloaded)" in str(info.value)
        assert str(info.value).endswith(NEW_SNAPSHOT)
    assert await clicked(app) == []


async def test_a_ref_in_a_removed_iframe_fails_at_once(page: Page, server: TestServer) -> None:
    inner = server.html("/inner.html", "<button>Inside</button>")
    await run(page, f"open {server.html('/outer.html', f'<iframe id=f src={inner}></iframe>')}")
    await run(page, "wait #f")
    snap = ""
    for _ in range(40):
        snap = await run(page, "snapshot -i")
        if "Inside" in snap:
            break
        await run(page, "wait 25")
    assert '@e2 [button] "Inside"' in snap
    await page.playwright_page.evaluate("document.getElementById('f').remove()")
    with pytest.raises(StaleRefError, match=r"^The frame that held @e2 is gone from the page"):
        await page.run_command("click @e2")


async def test_queries_on_stale_refs_answer_as_missing(app: Page) -> None:
    await run(app, "snapshot -i")
    await app.playwright_page.evaluate("document.getElementById('home').remove()")
    assert await run(app, "get count @e1") == "0"
    assert await run(app, "is visible @e1") == "false"
    assert await run(app, "get text @e1") == ""


async def test_the_python_locator_fails_at_once_with_the_sentence(app: Page) -> None:
    await app.snapshot(interactive=True)
    locator = app.locator("@e3")
    await app.playwright_page.evaluate("render('/home')")
    with pytest.raises(PlaywrightError) as info:
        await locator.click(timeout=60_000)
    # An error at once, not Playwright's timeout after waiting for the element to come back.
    assert not isinstance(info.value, PlaywrightTimeoutError)
    assert "@e3 is gone: the page removed that element" in str(info.value)
    # A relabelled element is refused through the Python API too.
    await app.snapshot(interactive=True)
    await app.playwright_page.evaluate("document.getElementById('home').textContent = 'Log out'")
    with pytest.raises(PlaywrightError, match='@e1 was button "Home" in the last snapshot; it is now button "Log out"'):
        await app.locator("@e1").click(timeout=60_000)
    assert await clicked(app) == []


async def test_a_label_wrapped_select_and_field_keep_their_ref_while_used(page: Page, server: TestServer) -> None:
    # Choosing and typing change a control's value, never its name: the ref keeps working.
    await run(page, "open " + server.html("/form.html", """<label>Country <select><option>France</option>
        <option>Peru</option></select></label><label>City <input></label>
        <label><input type=checkbox> Agree</label>"""))
    snap = await run(page, "snapshot -i")
    assert snap.splitlines()[0].startswith('@e1 [combobox] "Country"')
    assert '@e4 [textbox] "City"' in snap and '@e5 [checkbox] "Agree"' in snap
    assert await run(page, "select @e1 Peru") == "Selected Peru in @e1"
    assert await run(page, "select @e1 France") == "Selected France in @e1"
    assert await run(page, "fill @e4 Lima") == "Filled @e4"
    assert await run(page, "fill @e4 Cusco") == "Filled @e4"
    assert await run(page, "check @e5") == "Checked @e5"
    assert await run(page, "uncheck @e5") == "Unchecked @e5"


def test_the_sync_api_refuses_stale_refs_and_blocked_targets_at_once(server: TestServer) -> None:
    url = server.html("/sync-stale.html", "<button id=a>Save</button><button id=b disabled>Pay</button>")
    with sync_api.launch(config=TEST_CONFIG) as browser:
        page = browser.new_page()
        page.run_command(f"open {url}")
        assert page.run_command("snapshot -i").output == '@e1 [button] "Save"\n@e2 [button] "Pay" [disabled]'
        page.playwright_page.evaluate("document.getElementById('a').textContent = 'Delete account'")
        with pytest.raises(StaleRefError, match=r'^@e1 was button "Save" in the last snapshot; it is now button '
                                                r'"Delete account"\.'):
            page.run_command("click @e1")
        with pytest.raises(SyncPlaywrightError) as info:
            page.locator("@e1").click(timeout=60_000)
        assert not isinstance(info.value, SyncPlaywrightTimeoutError)
        with pytest.raises(NotActionableError, match=r'^@e2 \[button\] "Pay" is disabled'):
            page.run_command("click @e2")


async def test_a_ref_in_a_frame_that_navigated_says_so(page: Page, server: TestServer) -> None:
    inner = server.html("/inner-a.html", "<button>Inside</button>")
    other = server.html("/inner-b.html", "<button>Inside</button>")
    await run(page, f"open {server.html('/outer-nav.html', f'<iframe id=f src={inner}></iframe>')}")
    await run(page, "wait #f")
    snap = ""
    for _ in range(40):
        snap = await run(page, "snapshot -i")
        if "Inside" in snap:
            break
        await run(page, "wait 25")
    assert '@e2 [button] "Inside"' in snap
    frame = page.playwright_page.frames[1]
    await frame.goto(other)
    # The same button on the frame's next page is another element.
    with pytest.raises(StaleRefError, match=r"^@e2 is from an earlier page: its frame navigated \(or reloaded\)"):
        await page.run_command("click @e2")
