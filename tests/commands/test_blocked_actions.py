"""An action that cannot succeed fails at once with the true reason and the next step (issue 34 §1):
a target covered by an overlay or a modal, hidden, disabled, or of the wrong kind. A target still
settling (animating, enabled by a pending request) is waited for as before.

A fast failure is told from Playwright's wait by its words: after a wait the message says "within
2000ms" (the tests' action timeout); these never do."""

from __future__ import annotations

import re

import pytest

from refwright import CoveredError, NotActionableError, Page
from refwright.resolve.matching._match import AmbiguousTargetError

from ..conftest import run
from ..server import TestServer

CONSENT = """<title>News</title><h1>Hello</h1><a href="/world.html">World</a>
<div id=consent style="position:fixed;inset:0;background:rgba(0,0,0,.6);z-index:10">
  <div style="margin:150px auto;width:300px;background:#fff;padding:10px">We use cookies.
    <button onclick="document.getElementById('consent').remove()">Accept all</button>
    <button onclick="document.getElementById('consent').remove()">Reject all</button></div></div>"""

MODAL = """<title>Shop</title><button id=buy onclick="window.bought = true">Buy</button>
<dialog id=d aria-label="Newsletter"><p>Subscribe?</p><button onclick="d.close()">Close</button></dialog>
<script>d.showModal()</script>"""

FORM = """<title>Form</title><h1>Sign up</h1>
<label>Email <input id=email></label>
<label>Total <input id=total readonly value=3></label>
<label>Shipping <select id=ship><option>Standard</option><option disabled>Express</option>
<option>Pickup</option></select></label>
<button id=pay disabled>Pay</button>
<button id=later style="display:none">Later</button>
<label><input type=checkbox id=agree> Agree</label>"""


def fast(message: str) -> str:
    assert "within 2000ms" not in message, message
    return message


async def lines(page: Page) -> dict[str, str]:
    """The refs of a snapshot by name."""
    snap = await run(page, "snapshot -i")
    out = {}
    for line in snap.splitlines():
        ref, _, rest = line.strip().partition(" ")
        if '"' in rest:
            out[rest.split('"')[1]] = ref
    return out


async def test_a_consent_overlay_names_its_buttons(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.html('/news.html', CONSENT)}")
    refs = await lines(page)
    with pytest.raises(CoveredError) as info:
        await page.run_command(f"click {refs['World']}")
    assert fast(str(info.value)) == (
        f'{refs["World"]} [link] "World" is covered by an overlay over the whole page (<div> "We use cookies. '
        'Accept all Reject all"), so a click would land on the cover instead. Close it first: click '
        f'{refs["Accept all"]} [button] "Accept all" or {refs["Reject all"]} [button] "Reject all".')
    # The advice works.
    assert await run(page, f"click {refs['Accept all']}") == f"Clicked {refs['Accept all']}"
    # The link navigates, which its own answer says (no note about a cover or a form).
    clicked = (await run(page, f"click {refs['World']}")).splitlines()
    assert clicked[0] == f"Clicked {refs['World']}"
    assert [line for line in clicked[1:] if not line.startswith("Note: The page navigated to ")] == []


async def test_a_cover_without_a_snapshot_of_its_button_says_how_to_get_it(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.html('/news.html', CONSENT)}")
    await run(page, "snapshot -i -s a")
    with pytest.raises(CoveredError, match=r'Close it first with its button "Accept all": take a new snapshot'):
        await page.run_command("click a")


async def test_a_modal_dialog_names_its_close_button(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.html('/modal.html', MODAL)}")
    await run(page, "snapshot -i")
    # A snapshot shows what the modal shows; the page's button under it keeps a selector.
    with pytest.raises(CoveredError) as info:
        await page.run_command("click #buy")
    message = fast(str(info.value))
    assert message.startswith('#buy [button] "Buy" is covered by a modal dialog "Newsletter", so a click would land')
    assert message.endswith('Close it first: click @e1 [button] "Close".')
    assert await page.playwright_page.evaluate("window.bought") is None


async def test_hidden_disabled_and_read_only_targets(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.html('/form.html', FORM)}")
    refs = await lines(page)
    with pytest.raises(NotActionableError) as info:
        await page.run_command(f"click {refs['Pay']}")
    assert fast(str(info.value)).startswith(f'{refs["Pay"]} [button] "Pay" is disabled, so refwright cannot click it.')
    with pytest.raises(NotActionableError) as info:
        await page.run_command(f"fill {refs['Total']} 5")
    assert str(info.value).startswith(f'{refs["Total"]} [textbox] "Total" is read-only, so refwright cannot fill it')
    # Hidden after the snapshot listed it.
    await page.playwright_page.evaluate("document.getElementById('email').style.display = 'none'")
    with pytest.raises(NotActionableError) as info:
        await page.run_command(f"fill {refs['Email']} a@b.c")
    assert fast(str(info.value)).startswith(
        f'{refs["Email"]} [textbox] "Email" is hidden: it is not displayed (display: none on it or on a parent), '
        "so refwright cannot fill it.")
    with pytest.raises(NotActionableError, match=r'^#later \[button\] "Later" is hidden: it is not displayed'):
        await page.run_command("click #later")


async def test_select_refuses_a_disabled_option_and_an_option_ref(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.html('/form.html', FORM)}")
    refs = await lines(page)
    ship = refs["Shipping"]
    with pytest.raises(NotActionableError) as info:
        await page.run_command(f"select {ship} Express")
    assert fast(str(info.value)) == (
        f'The option "Express" of {ship} [combobox] "Shipping" is disabled, so it cannot be selected. Its enabled '
        'options: "Standard", "Pickup".')
    with pytest.raises(NotActionableError) as info:
        await page.run_command(f"select {ship} Overnight")
    assert str(info.value).startswith(f'{ship} [combobox] "Shipping" has no option "Overnight". Its options: '
                                      '"Standard", "Express", "Pickup".')
    # An option's ref instead of its select's: the select is named by its ref.
    with pytest.raises(NotActionableError) as info:
        await page.run_command(f"select {refs['Pickup']} Pickup")
    assert fast(str(info.value)) == (
        f'{refs["Pickup"]} is an option, not the select that holds it: run `select {ship} "Pickup"` on its select, '
        f'{ship} [combobox] "Shipping" (or `click {refs["Pickup"]}` to choose this option).')
    # Clicking a disabled option says so too.
    with pytest.raises(NotActionableError, match=r'^The option "Express" of .* is disabled'):
        await page.run_command(f"click {refs['Express']}")
    assert await run(page, f"select {ship} Pickup") == f"Selected Pickup in {ship}"


async def test_fill_on_a_heading_says_what_can_be_filled(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.html('/form.html', FORM)}")
    refs = await lines(page)
    with pytest.raises(NotActionableError) as info:
        await page.run_command(f"fill {refs['Sign up']} hello")
    message = fast(str(info.value))
    assert message.startswith(f'{refs["Sign up"]} [heading] "Sign up" is a heading, not a field, so it cannot be '
                              f'filled. Fields you can fill: {refs["Email"]} [textbox] "Email"')
    assert "Locator.fill" not in message and "<input>" not in message
    with pytest.raises(NotActionableError, match=r'is a checkbox, not a text field, so it cannot be filled: use'):
        await page.run_command(f"fill {refs['Agree']} yes")
    with pytest.raises(NotActionableError, match=r"^h1 \[heading\] \"Sign up\" is a heading, not a field"):
        await page.run_command("fill h1 hello")


async def test_a_button_enabled_by_a_pending_request_is_waited_for(page: Page, server: TestServer) -> None:
    slow = server.url("/slow?ms=900")
    await run(page, "open " + server.html("/pending.html", f"""<button id=go disabled
        onclick="window.went = true">Go</button>
        <script>fetch({slow!r}).then(() => document.getElementById('go').disabled = false)</script>"""))
    refs = await lines(page)
    assert await run(page, f"click {refs['Go']}") == f"Clicked {refs['Go']}"
    assert await page.playwright_page.evaluate("window.went") is True


async def test_a_target_animating_into_place_is_waited_for(page: Page, server: TestServer) -> None:
    # A cover fades out and a button slides in: both settle within the action timeout.
    await run(page, "open " + server.html("/anim.html", """<style>
        @keyframes fade { from { opacity: 1 } to { opacity: 0 } }
        #cover { position: fixed; inset: 0; background: #000; animation: fade 0.8s forwards; }
        </style><button id=go onclick="window.went = true">Go</button><div id=cover></div>
        <script>document.getElementById('cover').addEventListener('animationend', e => e.target.remove())</script>"""))
    assert await run(page, "click #go") == "Clicked #go"
    assert await page.playwright_page.evaluate("window.went") is True


async def test_inspect_marks_covered_controls_and_act_names_the_cover(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.html('/news.html', CONSENT)}")
    listing = await run(page, "inspect")
    assert listing.splitlines()[1:] == ['@e1 link "World" [covered]', '@e2 button "Accept all"',
                                        '@e3 button "Reject all"']
    with pytest.raises(CoveredError) as info:
        await page.run_command("act Click World")
    assert fast(str(info.value)).endswith('Close it first: click @e2 [button] "Accept all" or @e3 [button] '
                                          '"Reject all".')
    # Once the cover is gone, nothing is marked.
    await run(page, "click @e2")
    assert "[covered]" not in await run(page, "inspect")


@pytest.mark.parametrize(("request_", "clicked"), [("Accept the cookies", "Accept all"),
                                                   ("Reject the cookies", "Reject all"),
                                                   ("dismiss the popup", "No thanks")])
async def test_act_on_a_cover_finds_its_buttons(page: Page, server: TestServer, request_: str, clicked: str) -> None:
    body = CONSENT if "cookies" in request_ else CONSENT.replace("Reject all", "No thanks")
    await run(page, f"open {server.html('/news.html', body)}")
    out = await run(page, f"act {request_}")
    assert out.startswith('Done: Clicked @e') and f'button "{clicked}"' in out.splitlines()[0]
    assert "[covered]" not in await run(page, "inspect")


async def test_closing_a_banner_without_a_close_button_asks_which(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.html('/news.html', CONSENT)}")
    with pytest.raises(AmbiguousTargetError) as info:
        await page.run_command("act Close the cookie banner")
    assert str(info.value) == (
        'The cover on the page has no button to close it; its buttons are @e2 button "Accept all", @e3 button '
        '"Reject all". Say which one (for example `act click "Accept all"`), or click its ref.')
    # Nothing was clicked: the banner is still there.
    assert "[covered]" in await run(page, "inspect")


async def test_after_waiting_in_vain_the_reason_is_refwrights(page: Page, server: TestServer) -> None:
    # A request is in flight, so the click waits; the button stays disabled after it, until the timeout.
    slow = server.url("/slow?ms=300")
    await run(page, "open " + server.html("/never.html", f"""<button id=go disabled>Go</button>
        <script>fetch({slow!r})</script>"""))
    with pytest.raises(NotActionableError) as info:
        await page.run_command("click #go")
    assert str(info.value).startswith('#go [button] "Go" is disabled, so refwright cannot click it.')
    assert "not enabled" not in str(info.value) and "Locator" not in str(info.value)


async def test_a_label_drawn_over_its_control_says_to_use_the_label(page: Page, server: TestServer) -> None:
    await run(page, "open " + server.html("/styled.html", """<div style="position:relative"><input type=checkbox id=c>
        <label for=c style="position:absolute;left:0;top:0;width:60px;height:30px;background:#eee">Agree</label>
        </div>"""))
    with pytest.raises(CoveredError) as info:
        await page.run_command("check #c")
    assert fast(str(info.value)) == (
        '#c [checkbox] "Agree" lies under its own label, which the page draws over it, so a check would land on '
        'the label. The label works the control: use `find text "Agree" check` instead.')
    # The advice works.
    await run(page, 'find text "Agree" check')
    assert await run(page, "is checked #c") == "true"


async def test_fill_on_a_drawn_textbox_says_to_type(page: Page, server: TestServer) -> None:
    await run(page, "open " + server.html("/drawn.html", '<div role=textbox aria-label="Note" tabindex=0>x</div>'))
    assert await run(page, "snapshot -i") == '@e1 [textbox] "Note"'
    with pytest.raises(NotActionableError) as info:
        await page.run_command("fill @e1 hi")
    assert fast(str(info.value)) == (
        '@e1 [textbox] "Note" is a textbox the page draws itself, not an <input>, <textarea> or editable element, '
        "so `fill` cannot set it. Type into it as a person would: `click @e1`, then `keyboard type <text>`.")


async def test_a_cover_that_a_script_moves_away_is_waited_for(page: Page, server: TestServer) -> None:
    # No CSS animation: the page's script slides the cover off frame by frame, then removes it.
    await run(page, "open " + server.html("/slide.html", """<button id=go onclick="window.went = true"
        style="position:fixed;right:10px;bottom:10px">Go</button>
        <div id=cover style="position:fixed;inset:0;background:#000"></div>
        <script>const c = document.getElementById('cover'); const t0 = performance.now();
        (function step(now) { const x = (now - t0) / 1500 * innerWidth; c.style.transform = `translateX(${x}px)`;
          if (x < innerWidth) requestAnimationFrame(step); else c.remove(); })(t0);</script>"""))
    assert await run(page, "click #go") == "Clicked #go"
    assert await page.playwright_page.evaluate("window.went") is True


async def test_confirm_of_a_proposal_under_a_cover_fails_at_once(page: Page, server: TestServer) -> None:
    await run(page, "open " + server.html("/propose.html", """<span style="cursor:pointer;color:blue"
        onclick="window.went = true">consequat</span>"""))
    out = await run(page, 'act click on the link "consequat"')
    token = re.search(r"`confirm (p-[\w-]+)`", out)
    assert out.startswith("Needs approval: click @") and token is not None
    await page.playwright_page.evaluate("""document.body.insertAdjacentHTML('beforeend',
        '<div style="position:fixed;inset:0;background:#0008"></div>')""")
    with pytest.raises(CoveredError) as info:
        await page.run_command(f"confirm {token.group(1)}")
    assert fast(str(info.value)).startswith("@e")
    assert "is covered by an overlay over the whole page" in str(info.value)
    assert await page.playwright_page.evaluate("window.went") is None
