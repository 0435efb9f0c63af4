"""The public ``Page`` API, written once against the async API; ``scripts/unasync.py`` generates the same
tests for ``refwright.sync_api`` into ``tests/api/_sync`` (as httpcore does), so the two APIs are held to one
behaviour."""

from __future__ import annotations

import pytest

import refwright

from ...server import TestServer

FORM = """<title>Form</title>
<label>Email <input id=email type=email></label>
<label>Plan <select id=plan><option>Free</option><option>Team</option></select></label>
<label><input id=terms type=checkbox> I agree</label>
<button id=go onclick="document.title = 'Sent ' + document.getElementById('email').value">Send</button>"""


async def test_commands_answer_in_the_command_language(page: refwright.Page, server: TestServer) -> None:
    url = server.html("/api-form", FORM)
    opened = await page.run_command(f"open {url}")
    assert opened.output.startswith(f"Opened {url}")
    snap = (await page.run_command("snapshot -i")).snapshot
    assert snap is not None
    email = next(e.ref for e in snap.refs.values() if e.name == "Email")
    assert (await page.run_command(f"fill @{email} ada@example.com")).output == f"Filled @{email}"
    assert (await page.run_command(f"get value @{email}")).output == "ada@example.com"


async def test_a_ref_is_a_playwright_locator(page: refwright.Page, server: TestServer) -> None:
    await page.goto(server.html("/api-locator", FORM))
    snap = await page.snapshot(interactive=True)
    button = next(e for e in snap.refs.values() if e.role == "button")
    assert page.ref(button.ref) == button
    await page.locator("#email").fill("grace@example.com")
    await page.locator(f"@{button.ref}").click()
    assert await page.title() == "Sent grace@example.com"
    assert page.last_snapshot is not None


async def test_a_stale_ref_fails_at_once_with_the_reason(page: refwright.Page, server: TestServer) -> None:
    await page.goto(server.html("/api-stale", FORM))
    snap = await page.snapshot(interactive=True)
    button = next(e for e in snap.refs.values() if e.role == "button")
    await page.goto(server.html("/api-stale-next", "<title>Next</title><button>Send</button>"))
    with pytest.raises(refwright.StaleRefError, match="snapshot"):
        await page.run_command(f"click @{button.ref}")


async def test_a_refused_address_is_a_policy_error(page: refwright.Page) -> None:
    with pytest.raises(refwright.PolicyDeniedError, match="only http and https"):
        await page.run_command("open file:///etc/passwd")


async def test_keyboard_storage_and_screenshot(page: refwright.Page, server: TestServer) -> None:
    await page.goto(server.html("/api-parts", "<title>Parts</title><input id=f autofocus>"))
    await page.locator("#f").click()
    await page.keyboard.type("typed")
    assert await page.locator("#f").input_value() == "typed"
    await page.storage.set("k", "v")
    assert await page.storage.get("k") == "v"
    shot = await page.screenshot()
    assert shot.bytes.startswith(b"\x89PNG") and shot.width > 0


async def test_tabs_open_switch_and_close(page: refwright.Page, server: TestServer) -> None:
    await page.goto(server.html("/api-tab-one", "<title>One</title>"))
    second = await page.tabs.new(server.html("/api-tab-two", "<title>Two</title>"), label="two")
    assert len(page.tabs) == 2
    assert await second.title() == "Two"
    assert (await page.run_command("get title")).output == "Two"  # commands run on the active tab
    await page.tabs.close(second)
    assert len(page.tabs) == 1
    assert (await page.run_command("get title")).output == "One"


async def test_frames_are_entered_and_left(page: refwright.Page, server: TestServer) -> None:
    inner = server.html("/api-inner", "<title>Inner</title><button>Inside</button>")
    await page.goto(server.html("/api-outer", f"<title>Outer</title><iframe id=f src='{inner}'></iframe>"))
    await page.run_command("wait 200")
    await page.select_frame("#f")
    assert "Inside" in (await page.run_command("snapshot -i")).output
    await page.select_frame("main")
    assert "Inside" not in (await page.run_command("get text body")).output


async def test_act_fills_and_proposes_the_submit(page: refwright.Page, server: TestServer) -> None:
    await page.goto(server.html("/api-act", FORM))
    step = await page.act('Enter "lin@example.com" into the Email field')
    assert await page.locator("#email").input_value() == "lin@example.com"
    assert step.output
    await page.select_exact("Plan", "Team")
    assert await page.locator("#plan").input_value() == "Team"
    await page.set_checks(["I agree"])
    assert await page.locator("#terms").is_checked()
    proposal = await page.act("Click Send", new=True)
    assert proposal.token, proposal.output
    await page.confirm(proposal.token)
    assert await page.title() == "Sent lin@example.com"
