# Generated from tests/api/_async/test_page_api.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""The public ``Page`` API, written once against the async API; ``scripts/unasync.py`` generates the same
tests for ``refwright.sync_api`` into ``tests/api/_sync`` (as httpcore does), so the two APIs are held to one
behaviour."""

from __future__ import annotations

import pytest

from refwright import sync_api as refwright

from ...server import TestServer

FORM = """<title>Form</title>
<label>Email <input id=email type=email></label>
<label>Plan <select id=plan><option>Free</option><option>Team</option></select></label>
<label><input id=terms type=checkbox> I agree</label>
<button id=go onclick="document.title = 'Sent ' + document.getElementById('email').value">Send</button>"""


def test_commands_answer_in_the_command_language(page: refwright.Page, server: TestServer) -> None:
    url = server.html("/api-form", FORM)
    opened = page.run_command(f"open {url}")
    assert opened.output.startswith(f"Opened {url}")
    snap = (page.run_command("snapshot -i")).snapshot
    assert snap is not None
    email = next(e.ref for e in snap.refs.values() if e.name == "Email")
    assert (page.run_command(f"fill @{email} ada@example.com")).output == f"Filled @{email}"
    assert (page.run_command(f"get value @{email}")).output == "ada@example.com"


def test_a_ref_is_a_playwright_locator(page: refwright.Page, server: TestServer) -> None:
    page.goto(server.html("/api-locator", FORM))
    snap = page.snapshot(interactive=True)
    button = next(e for e in snap.refs.values() if e.role == "button")
    assert page.ref(button.ref) == button
    page.locator("#email").fill("grace@example.com")
    page.locator(f"@{button.ref}").click()
    assert page.title() == "Sent grace@example.com"
    assert page.last_snapshot is not None


def test_a_stale_ref_fails_at_once_with_the_reason(page: refwright.Page, server: TestServer) -> None:
    page.goto(server.html("/api-stale", FORM))
    snap = page.snapshot(interactive=True)
    button = next(e for e in snap.refs.values() if e.role == "button")
    page.goto(server.html("/api-stale-next", "<title>Next</title><button>Send</button>"))
    with pytest.raises(refwright.StaleRefError, match="snapshot"):
        page.run_command(f"click @{button.ref}")


def test_a_refused_address_is_a_policy_error(page: refwright.Page) -> None:
    with pytest.raises(refwright.PolicyDeniedError, match="only http and https"):
        page.run_command("open file:///etc/passwd")


def test_keyboard_storage_and_screenshot(page: refwright.Page, server: TestServer) -> None:
    page.goto(server.html("/api-parts", "<title>Parts</title><input id=f autofocus>"))
    page.locator("#f").click()
    page.keyboard.type("typed")
    assert page.locator("#f").input_value() == "typed"
    page.storage.set("k", "v")
    assert page.storage.get("k") == "v"
    shot = page.screenshot()
    assert shot.bytes.startswith(b"\x89PNG") and shot.width > 0


def test_tabs_open_switch_and_close(page: refwright.Page, server: TestServer) -> None:
    page.goto(server.html("/api-tab-one", "<title>One</title>"))
    second = page.tabs.new(server.html("/api-tab-two", "<title>Two</title>"), label="two")
    assert len(page.tabs) == 2
    assert second.title() == "Two"
    assert (page.run_command("get title")).output == "Two"  # commands run on the active tab
    page.tabs.close(second)
    assert len(page.tabs) == 1
    assert (page.run_command("get title")).output == "One"


def test_frames_are_entered_and_left(page: refwright.Page, server: TestServer) -> None:
    inner = server.html("/api-inner", "<title>Inner</title><button>Inside</button>")
    page.goto(server.html("/api-outer", f"<title>Outer</title><iframe id=f src='{inner}'></iframe>"))
    page.run_command("wait 200")
    page.select_frame("#f")
    assert "Inside" in (page.run_command("snapshot -i")).output
    page.select_frame("main")
    assert "Inside" not in (page.run_command("get text body")).output


def test_act_fills_and_proposes_the_submit(page: refwright.Page, server: TestServer) -> None:
    page.goto(server.html("/api-act", FORM))
    step = page.act('Enter "lin@example.com" into the Email field')
    assert page.locator("#email").input_value() == "lin@example.com"
    assert step.output
    page.select_exact("Plan", "Team")
    assert page.locator("#plan").input_value() == "Team"
    page.set_checks(["I agree"])
    assert page.locator("#terms").is_checked()
    proposal = page.act("Click Send", new=True)
    assert proposal.token, proposal.output
    page.confirm(proposal.token)
    assert page.title() == "Sent lin@example.com"
