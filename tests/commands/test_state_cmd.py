"""cookies set, storage get/set, state save/load (encrypted, across browser contexts), wait --url, pushstate."""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

import refwright
from refwright import Page, PolicyDeniedError, RefwrightError, RefwrightTimeoutError
from refwright._async.handlers.history import pushstate_target
from refwright._errors import StateKeyError
from refwright._files._state_crypto import KEY_ENV, MAGIC, open_state, seal_state, state_password
from refwright.commands import lookup
from refwright.safety import ActionType

from ..conftest import TEST_CONFIG, run
from ..server import TestServer

# A page that says who is logged in: from a cookie the server could read and from local storage.
WHO = """<title>Who</title><p id="who"></p><script>
const c = document.cookie.match(/(?:^|; )sid=([^;]*)/);
document.getElementById('who').textContent =
  'cookie=' + (c ? c[1] : '-') + ' user=' + (localStorage.getItem('user') || '-');
</script>"""

SPA = """<title>SPA</title><main id="view">home</main><script>
const show = () => { document.getElementById('view').textContent = 'view:' + location.pathname; };
addEventListener('popstate', show);
</script>"""


@pytest_asyncio.fixture(loop_scope="session")
async def out_page(browser: refwright.Browser, tmp_path: Path) -> AsyncIterator[Page]:
    """A page of its own context whose output folder is this test's tmp_path."""
    p = await browser.new_page(config=dataclasses.replace(TEST_CONFIG, output_dir=str(tmp_path)), isolated=True)
    yield p
    await p.close()


# -- pure parts -------------------------------------------------------------------------------------


def test_state_crypto_round_trip_and_failures() -> None:
    sealed = seal_state(b'{"cookies": []}', "correct horse")
    assert sealed.startswith(MAGIC) and b"cookies" not in sealed
    assert open_state(sealed, "correct horse") == b'{"cookies": []}'
    # Each save has its own salt and nonce.
    assert seal_state(b"x", "k") != seal_state(b"x", "k")
    with pytest.raises(StateKeyError, match=rf"^Could not decrypt f\.state: the key in {KEY_ENV} is not"):
        open_state(sealed, "wrong", name="f.state")
    tampered = sealed[:-1] + bytes([sealed[-1] ^ 1])
    with pytest.raises(StateKeyError, match="was changed since"):
        open_state(tampered, "correct horse")
    with pytest.raises(StateKeyError, match="is not a state file saved by refwright"):
        open_state(b'{"cookies": []}', "correct horse")


def test_state_password_is_refused_when_unset() -> None:
    assert state_password({KEY_ENV: "pw"}) == "pw"
    for env in ({}, {KEY_ENV: ""}):
        with pytest.raises(PolicyDeniedError, match=f"set the environment variable {KEY_ENV}"):
            state_password(env)


def test_pushstate_target_stays_on_the_origin() -> None:
    assert pushstate_target("http://a.test/x/y", "z?q=1") == "http://a.test/x/z?q=1"
    assert pushstate_target("http://a.test/x", "/done#h") == "http://a.test/done#h"
    with pytest.raises(RefwrightError, match=r"stays on this page's origin \(http://a.test\)"):
        pushstate_target("http://a.test/", "http://b.test/")
    with pytest.raises(RefwrightError, match="`open <url>` one first"):
        pushstate_target("about:blank", "/x")


def test_action_types() -> None:
    def action(line: str) -> ActionType | None:
        name, *args = line.split()
        spec = lookup(name)
        assert spec is not None
        return spec.action_for(args)

    assert action("cookies set a b") is ActionType.SET_COOKIE
    assert action("cookies") is ActionType.READ_CONTENT
    assert action("storage local k") is ActionType.READ_CONTENT
    assert action("storage local set k v") is ActionType.STORAGE
    assert action("state save s") is ActionType.STORAGE
    assert action("state load s") is ActionType.STORAGE
    assert action("pushstate /x") is ActionType.NAVIGATE
    assert action("wait --url x") is ActionType.READ_CONTENT


# -- cookies and storage ----------------------------------------------------------------------------


async def test_cookies_set(page: Page, server: TestServer) -> None:
    # Before the page is opened, for its URL: the page sees it on load.
    who = server.html("/who.html", WHO)
    assert await run(page, f"cookies set sid early --url {who}") == "Done"
    await run(page, f"open {who}")
    assert await run(page, "get text #who") == "cookie=early user=-"
    # For the current page, and for a domain and path.
    assert await run(page, "cookies set sid now") == "Done"
    assert await run(page, "cookies set other 1 --domain 127.0.0.1 --path /") == "Done"
    listed = (await run(page, "cookies")).splitlines()
    assert sorted(listed) == ["other=1  (127.0.0.1/)", "sid=now  (127.0.0.1/)"]
    assert await page.playwright_page.evaluate("document.cookie.split('; ').sort().join(';')") == "other=1;sid=now"
    with pytest.raises(RefwrightError, match=r"^Usage: cookies set <name> <value>"):
        await page.run_command("cookies set lonely")
    # agent-browser's attribute flags.
    # (Chromium caps an expiry at 400 days from now.)
    tomorrow = int(time.time()) + 86_400
    await run(page, f"cookies set hidden h --httpOnly --sameSite strict --expires {tomorrow}")
    jar = {c["name"]: c for c in await page.playwright_page.context.cookies()}
    assert (jar["hidden"]["httpOnly"], jar["hidden"]["sameSite"], jar["hidden"]["expires"]) == (
        True, "Strict", tomorrow)
    assert "hidden" not in await page.playwright_page.evaluate("document.cookie")
    with pytest.raises(RefwrightError, match="Invalid --sameSite `sideways`"):
        await page.run_command("cookies set x y --sameSite sideways")


async def test_cookies_set_needs_a_url(page: Page) -> None:
    with pytest.raises(RefwrightError, match="needs a page on an http"):
        await page.run_command("cookies set a b")


@pytest.mark.parametrize("kind", ["local", "session"])
async def test_storage_get_and_set(page: Page, server: TestServer, kind: str) -> None:
    await run(page, f"open {server.empty_page}")
    assert await run(page, f"storage {kind} set theme 'dark mode'") == "Done"
    assert await run(page, f"storage {kind} theme") == "theme: dark mode"
    assert await run(page, f"storage {kind} get theme") == "theme: dark mode"
    assert await run(page, f"storage {kind} missing") == "missing: null"
    assert await page.playwright_page.evaluate(f"{kind}Storage.getItem('theme')") == "dark mode"
    assert await run(page, f"storage {kind}") == "theme=dark mode"
    with pytest.raises(RefwrightError, match=rf"^Usage: storage {kind} set <key> <value>$"):
        await page.run_command(f"storage {kind} set onlykey")
    await run(page, f"storage {kind} clear")


async def test_storage_typed_api(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.empty_page}")
    await page.storage.set("a", "1", kind="session")
    assert await page.storage.get("a", kind="session") == "1"
    assert await page.storage.get("a") is None
    assert await page.storage.items(kind="session") == [("a", "1")]
    await page.storage.set_cookie("t", "v")
    assert "t=v  (127.0.0.1/)" in await run(page, "cookies")


# -- saved state ------------------------------------------------------------------------------------


async def test_state_save_and_load_across_contexts(browser: refwright.Browser, out_page: Page, server: TestServer,
                                                   tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(KEY_ENV, "a long test password")
    who = server.html("/who.html", WHO)
    await run(out_page, f"open {who}")
    await run(out_page, "cookies set sid s3cret-session")
    await run(out_page, "storage local set user ada")
    saved = await run(out_page, "state save login.state")
    assert saved == f"State saved to {tmp_path / 'login.state'}"
    blob = (tmp_path / "login.state").read_bytes()
    # Encrypted at rest: neither the session cookie nor the storage value is in the file.
    assert blob.startswith(MAGIC) and b"s3cret-session" not in blob and b"ada" not in blob
    assert (tmp_path / "login.state").stat().st_mode & 0o077 == 0

    fresh = await browser.new_page(config=dataclasses.replace(TEST_CONFIG, output_dir=str(tmp_path)), isolated=True)
    try:
        await run(fresh, f"open {who}")
        assert await run(fresh, "get text #who") == "cookie=- user=-"
        loaded = await run(fresh, "state load login.state")
        assert loaded == ("Loaded 1 cookie and the local storage of 1 origin.\n"
                          f"State path set to {tmp_path / 'login.state'}")
        await run(fresh, "reload")
        assert await run(fresh, "get text #who") == "cookie=s3cret-session user=ada"
    finally:
        await fresh.close()


async def test_state_refused_without_a_key_and_with_a_wrong_one(out_page: Page, server: TestServer, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    await run(out_page, f"open {server.empty_page}")
    monkeypatch.delenv(KEY_ENV, raising=False)
    with pytest.raises(PolicyDeniedError, match=f"no key is set: the user must set the environment variable {KEY_ENV}"):
        await out_page.run_command("state save s.state")
    assert not (tmp_path / "s.state").exists()
    monkeypatch.setenv(KEY_ENV, "first")
    await run(out_page, "state save s.state")
    monkeypatch.setenv(KEY_ENV, "second")
    with pytest.raises(StateKeyError, match=r"^Could not decrypt .*s\.state: the key in REFWRIGHT_STATE_KEY is not"):
        await out_page.run_command("state load s.state")
    with pytest.raises(RefwrightError, match=r"^There is no state file .*nothing\.state\. Save one first"):
        await out_page.run_command("state load nothing.state")
    # The typed API takes a password of the caller's instead of the environment's.
    path = await out_page.state.save("api.state", password="caller's")
    assert json.loads(open_state(path.read_bytes(), "caller's")).keys() >= {"cookies", "origins"}
    (tmp_path / "plain.json").write_text(json.dumps({"cookies": [], "origins": []}))
    with pytest.raises(StateKeyError, match="is not a state file saved by refwright"):
        await out_page.run_command("state load plain.json")


async def test_state_paths_stay_in_the_output_folder(out_page: Page, server: TestServer, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(KEY_ENV, "k")
    await run(out_page, f"open {server.empty_page}")
    for path in ("../escape.state", "/etc/passwd", str(tmp_path.parent / "x.state")):
        with pytest.raises(PolicyDeniedError, match="inside the output folder"):
            await out_page.run_command(f"state save {path}")
    assert not (tmp_path.parent / "escape.state").exists()
    (tmp_path / "link").symlink_to(tmp_path.parent)
    with pytest.raises(PolicyDeniedError, match="inside the output folder"):
        await out_page.run_command("state load link/x.state")
    with pytest.raises(RefwrightError, match=r"^Usage: state save <path> \| state load <path>$"):
        await out_page.run_command("state save")
    with pytest.raises(RefwrightError, match=r"^Usage: state save <path> \| state load <path>$"):
        await out_page.run_command("state show x")


# -- wait --url and pushstate -----------------------------------------------------------------------


async def test_wait_url(page: Page, server: TestServer) -> None:
    start = server.html("/start.html", "<title>Start</title><script>setTimeout(() => "
                                       "history.pushState(null, '', '/app/done'), 150)</script>")
    await run(page, f"open {start}")
    assert await run(page, "wait --url **/done") == server.url("/app/done")
    # A new document counts too, once it has loaded.
    target = server.html("/target.html", "<title>Target</title>")
    later = server.html("/later.html", "<title>Later</title><script>setTimeout(() => "
                                       f"location.href = '{target}', 100)</script>")
    await run(page, f"open {later}")
    assert await run(page, f"wait --url {target}") == target
    assert await page.title() == "Target"
    with pytest.raises(RefwrightTimeoutError) as info:
        await page.run_command("wait --url **/never --timeout 300")
    assert str(info.value) == f"Timeout 300ms exceeded waiting for URL **/never (the page is at {target})"


async def test_pushstate(page: Page, server: TestServer, cross_server: TestServer) -> None:
    spa = server.html("/spa.html", SPA)
    await run(page, f"open {spa}")
    assert await run(page, "pushstate /spa/settings?tab=2") == server.url("/spa/settings?tab=2")
    assert await run(page, "get text #view") == "view:/spa/settings"
    assert await run(page, "get url") == server.url("/spa/settings?tab=2")
    # Same document: nothing was requested from the server.
    assert server.requests_to("/spa/settings") == []
    with pytest.raises(RefwrightError, match="Use `open <url>` to go there"):
        await page.run_command(f"pushstate {cross_server.empty_page}")


async def test_policy_decides_state_commands(page: Page, server: TestServer, cross_server: TestServer) -> None:
    spa = server.html("/spa.html", SPA)
    await run(page, f"open {spa}")
    page.set_action_policy(refwright.ActionPolicy(denied_actions={ActionType.STORAGE, ActionType.SET_COOKIE}))
    try:
        for line in ("state save s.state", "storage local set k v", "cookies set a b"):
            with pytest.raises(PolicyDeniedError):
                await page.run_command(line)
        assert await run(page, "storage local k") == "k: null"
    finally:
        page.set_action_policy(None)
    # pushstate is judged by the URL it goes to, as `open` is.
    page.set_action_policy(refwright.ActionPolicy(denied_domains=("127.0.0.1",)))
    try:
        with pytest.raises(PolicyDeniedError):
            await page.run_command("pushstate /spa/next")
    finally:
        page.set_action_policy(None)
