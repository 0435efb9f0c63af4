"""act <request> on real Chromium: one step per call, how it resolved, Done:, proposals and refusals."""

from __future__ import annotations

import re

import pytest

from refwright import Page, RefwrightError

from ..conftest import run
from ..server import TestServer

LOG = "<p id=log></p><script>function log(t){document.getElementById('log').textContent=t}</script>"


async def open_html(page: Page, server: TestServer, path: str, body: str) -> None:
    await run(page, f"open {server.html(path, LOG + body)}")


async def log_text(page: Page) -> str:
    return await run(page, "get text #log")


async def test_unique_label_click_with_case_and_change_summary(page: Page, server: TestServer) -> None:
    await open_html(page, server, "/a1.html", """<button onclick="log('yes')">Yes</button>
      <button onclick="log('no')">No</button>""")
    out = await run(page, 'act Click on the "yes" button.')
    assert re.match(r'^Done: Clicked @e\d+ button "Yes" \(label ignoring case of a button\)\.', out)
    assert '+ text "yes"' in out
    assert await log_text(page) == "yes"
    # The same request again: nothing is left.
    assert (await run(page, 'act Click on the "yes" button.')).startswith("Done: nothing is left")
    assert await log_text(page) == "yes"


async def test_duplicates_stay_ambiguous_and_list_refs(page: Page, server: TestServer) -> None:
    await open_html(page, server, "/a2.html", """<button onclick="log('1')">OK</button>
      <button onclick="log('2')">OK</button>""")
    with pytest.raises(RefwrightError) as info:
        await run(page, "act click OK")
    message = info.value.message
    assert message.startswith('Ambiguous: 2 visible controls match "OK"')
    assert re.search(r'@e\d+ button "OK", @e\d+ button "OK"', message) and "Nothing was done" in message
    assert await log_text(page) == ""


async def test_unknown_and_unsupported_requests_do_nothing(page: Page, server: TestServer) -> None:
    await open_html(page, server, "/a3.html", """<button onclick="log('x')">Save</button>""")
    with pytest.raises(RefwrightError, match=r'No visible control matches "Delete".*Visible candidates: @e\d+ button'):
        await run(page, "act click Delete")
    with pytest.raises(RefwrightError, match="does not understand"):
        await run(page, "act please work out the best plan and then make it so")
    assert await log_text(page) == ""


async def test_role_prefixed_label_and_x_means_close(page: Page, server: TestServer) -> None:
    await open_html(page, server, "/a4.html", """<button onclick="log('button')">Next</button>
      <a href="#n" onclick="log('link')">Next</a>
      <div role="dialog"><button title="Close" onclick="log('closed')"><span aria-hidden="true">×</span>
      </button></div>""")
    assert (await run(page, 'act the "Next" link')).startswith('Done: Clicked @')
    assert await log_text(page) == "link"
    out = await run(page, 'act Close the dialog box by clicking the "x".')
    assert "synonym (x means Close)" in out and await log_text(page) == "closed"


async def test_styled_span_link_is_a_proposal_confirmed_once(page: Page, server: TestServer) -> None:
    await open_html(page, server, "/a5.html", """<span style="cursor:pointer;color:blue"
      onclick="log('span')">consequat</span>""")
    out = await run(page, 'act click on the link "consequat"')
    token = re.search(r"`confirm (p-[\w-]+)`", out)
    assert out.startswith("Needs approval: click @") and token is not None
    assert "custom pointer target" in out and await log_text(page) == ""
    confirmed = await run(page, f"confirm {token.group(1)}")
    assert confirmed.startswith('Confirmed: Clicked @') and await log_text(page) == "span"
    with pytest.raises(RefwrightError, match="already used"):
        await run(page, f"confirm {token.group(1)}")
    assert (await run(page, 'act click on the link "consequat"')).startswith("Done:")


async def test_a_changed_page_cancels_the_proposal(page: Page, server: TestServer) -> None:
    await open_html(page, server, "/a6.html", """<button onclick="log('sent')">Send</button>
      <label><input type=checkbox> Copy me</label>""")
    out = await run(page, "act click Send")
    token = re.search(r"`confirm (p-[\w-]+)`", out)
    assert token is not None and "its label says 'send'" in out
    await page.playwright_page.check("input[type=checkbox]")
    with pytest.raises(RefwrightError, match="Cancelled: the page changed"):
        await run(page, f"confirm {token.group(1)}")
    assert await log_text(page) == ""
    with pytest.raises(RefwrightError, match="no open proposal"):
        await run(page, "confirm p-forged-token")


async def test_menu_path_reveals_one_level_per_step(page: Page, server: TestServer) -> None:
    await open_html(page, server, "/a7.html", """
      <style>li ul{display:none} li:hover>ul{display:block}</style>
      <ul role="menu"><li role="menuitem">File<ul role="menu">
        <li role="menuitem" onclick="log('open')">Open</li>
        <li role="menuitem" onclick="log('save')">Save</li></ul></li>
      <li role="menuitem">Edit</li></ul>""")
    first = await run(page, "act File > Save")
    assert first.startswith('Opened @') and "revealed 'Save'" in first and "Next:" not in first.splitlines()[0]
    second = await run(page, "act File > Save")
    assert second.startswith('Done: Clicked @') and await log_text(page) == "save"


async def test_ordinal_focus_and_radio_without_an_invented_submit(page: Page, server: TestServer) -> None:
    await open_html(page, server, "/a8.html", """
      <input type=radio name=r value=1><input type=radio name=r value=2><input type=radio name=r value=3>
      <input id=t1><input id=t2><input id=t3>
      <button onclick="log([...document.querySelectorAll('input[type=radio]')].findIndex(r=>r.checked)+':'+
        document.getElementById('t3').value)">Submit</button>""")
    request = 'Check the 2nd radio button and enter the number "5" into the 3rd textbox.'
    one = await run(page, f"act {request}")
    assert one.startswith("Checked @") and "number 2 of 3 visible radios" in one and "Next: enter a value" in one
    two = await run(page, f"act {request}")
    # The request never asked for a submit: its plan ends with what it asked for.
    assert two.startswith("Done: Entered the requested text (1 character) into @") and "number 3 of 3" in two
    # The page's Submit button is offered after Done, as not asked for; nothing is sent without a confirm.
    assert "submit" not in two.splitlines()[0].lower() and "Offered, not asked for: click @" in two
    assert (await run(page, f"act {request}")).startswith("Done: nothing is left")
    assert await log_text(page) == ""


async def test_focus_into_the_nth_textbox(page: Page, server: TestServer) -> None:
    await open_html(page, server, "/a9.html", """<input id=a onfocus="log('a')"><input id=b onfocus="log('b')">
      <input id=c onfocus="log('c')">""")
    out = await run(page, "act Focus into the 3rd input textbox.")
    assert out.startswith("Done: Focused (clicked into) @") and await log_text(page) == "c"


async def test_named_checkboxes_in_one_step_then_submit(page: Page, server: TestServer) -> None:
    boxes = "".join(f"<label><input type=checkbox id=c{i}>{n}</label><br>" for i, n in enumerate(
        ["kTq", "ab1", "Xy", "zz"]))
    await open_html(page, server, "/a10.html", boxes + """<button onclick="log([...document.querySelectorAll(
      'input:checked')].map(c=>c.id).join(','))">Submit</button>""")
    request = "Select ab1, Xy and click Submit."
    one = await run(page, f"act --new {request}")
    assert one.startswith('Checked @') and '"ab1"' in one and '"Xy"' in one
    assert "Next: click" in one and '~ @' in one
    two = await run(page, f"act {request}")
    assert two.startswith("Needs approval: click @")
    token = re.search(r"`confirm (p-[\w-]+)`", two)
    assert token is not None
    await run(page, f"confirm {token.group(1)}")
    assert await log_text(page) == "c1,c2"


async def test_exact_option_and_text_entry_block_submit_until_filled(page: Page, server: TestServer) -> None:
    await open_html(page, server, "/a11.html", """<select id=s><option>Peru</option><option>Audrye</option>
      <option disabled>Zed</option></select><input id=t aria-label="Name">
      <button type=button onclick="log(document.getElementById('s').value+'/'+document.getElementById('t').value)"
      >Go</button>""")
    out = await run(page, "act Select Audrye from the list and click Go")
    assert out.startswith("Selected the option 'Audrye' in @") and "Next: click" in out
    assert (await run(page, "act Select Audrye from the list and click Go")).startswith("Done: Clicked @")
    assert await log_text(page) == "Audrye/"
    with pytest.raises(RefwrightError, match=r"'Zed' of .* is disabled"):
        await run(page, "act select Zed from the list")
    one = await run(page, 'act --new Enter "Kéli Ünïcode" into the text field and press Go')
    assert one.startswith("Entered the requested text") and "Kéli" not in one
    assert (await run(page, 'act Enter "Kéli Ünïcode" into the text field and press Go')).startswith("Done:")
    assert await log_text(page) == "Audrye/Kéli Ünïcode"


async def test_username_and_password_form(page: Page, server: TestServer) -> None:
    await open_html(page, server, "/a12.html", """<p><label>Username</label><input id=u></p>
      <p><label>Password</label><input type=password id=p></p>
      <button onclick="log(document.getElementById('u').value+'|'+document.getElementById('p').value)"
      >Login</button>""")
    request = 'Enter the username "ann" and the password "s3cr3t" into the text fields and press login.'
    outputs = [await run(page, f"act {request}") for _ in range(3)]
    # The password is never shown by the resolver (the page itself logs it after the click).
    assert "s3cr3t" not in "".join(outputs[:2])
    assert "never read back" in outputs[1] and outputs[2].startswith("Done: Clicked @")
    assert await log_text(page) == "ann|s3cr3t"


@pytest.mark.parametrize("thief", [
    # Moves the focus as the field gets it, as the text is about to go in, or into an editable region.
    "<input id=notes aria-label=Notes>",
    "<input id=notes aria-label=Notes data-late>",
    "<div id=notes contenteditable aria-label=Notes>Draft: </div>",
])
async def test_a_page_that_moves_the_focus_does_not_get_the_password(page: Page, server: TestServer,
                                                                     thief: str) -> None:
    await open_html(page, server, "/a12t.html", f"""<p><label>Password<input type=password id=p></label></p>
      {thief}<script>const notes = document.getElementById('notes');
      document.getElementById('p').addEventListener(notes.hasAttribute('data-late') ? 'beforeinput' : 'focus',
        () => notes.focus());</script>""")
    with pytest.raises(RefwrightError, match=r"did not reach the password field: the page moved the focus.*took it "
                                             r"back out of them\. Nothing else was done") as info:
        await run(page, 'act enter the password "s3cr3t"')
    assert "s3cr3t" not in info.value.message
    # Nowhere on the page or in what the model reads afterwards.
    shown = await run(page, "get text body")
    if "<input" in thief:
        shown += await run(page, "get value #notes")
    assert "s3cr3t" not in shown
    if "Draft" in thief:
        assert "Draft" in shown  # the region's own text is kept
    assert "s3cr3t" not in await run(page, "snapshot")


async def test_a_password_the_field_cuts_short_is_not_reported_entered(page: Page, server: TestServer) -> None:
    await open_html(page, server, "/a12m.html", "<label>PIN<input type=password maxlength=4></label>")
    with pytest.raises(RefwrightError, match=r"does not hold the password that was entered.*length limit"):
        await run(page, 'act enter the password "123456"')
    assert (await run(page, 'act enter the password "1234"')).startswith("Done: Entered the requested password")


async def test_slider_without_an_input_moves_by_keyboard(page: Page, server: TestServer) -> None:
    await open_html(page, server, "/a13.html", """
      <div class="slider" style="width:120px"><span class="slider-handle" tabindex="0">o</span></div>
      <span id="val">3</span>
      <script>let v = 3; document.querySelector('.slider-handle').addEventListener('keydown', e => {
        if (e.key === 'ArrowRight' || e.key === 'ArrowUp') v = Math.min(10, v + 1);
        if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') v = Math.max(-10, v - 1);
        document.getElementById('val').textContent = v; });</script>
      <button type=button onclick="log('at ' + v)">Done</button>""")
    out = await run(page, "act Select -4 with the slider and hit Done")
    assert out.startswith('Set @') and "to -4" in out and "Next: click" in out
    assert await run(page, "get text #val") == "-4"
    with pytest.raises(RefwrightError, match="cannot reach exactly 99"):
        await run(page, "setrange slider 99")
    assert await run(page, "get text #val") == "-4"


async def test_collapsed_sections_are_searched(page: Page, server: TestServer) -> None:
    sections = ""
    for i, words in enumerate([["lorem", "ipsum"], ["dolor", "consequat"], ["amet", "sit"]]):
        links = " ".join(f'<span style="cursor:pointer" onclick="log(\'{w}\')">{w}</span>' for w in words)
        sections += (f'<h3 role="button" aria-expanded="false" aria-controls="p{i}" onclick="'
                     f"document.querySelectorAll('.p').forEach(p=>p.hidden=true);"
                     f"document.getElementById('p{i}').hidden=false;this.setAttribute('aria-expanded','true')\">"
                     f"Section #{i + 1}</h3><div class=p id=p{i} hidden>{links}</div>")
    await open_html(page, server, "/a14.html", sections)
    request = 'Expand the sections below, to find and click on the link "consequat".'
    one = await run(page, f"act {request}")
    assert one.startswith("Expanded the section 'Section #2'") and "its hidden content names it" in one
    two = await run(page, f"act {request}")
    token = re.search(r"`confirm (p-[\w-]+)`", two)
    assert two.startswith("Needs approval: click @") and token is not None
    await run(page, f"confirm {token.group(1)}")
    assert await log_text(page) == "consequat"


async def test_disabled_and_hidden_targets_are_refused(page: Page, server: TestServer) -> None:
    await open_html(page, server, "/a15.html", """<button disabled onclick="log('d')">Apply</button>
      <div style="display:none"><button onclick="log('h')">Secret door</button></div>""")
    with pytest.raises(RefwrightError, match=r'button "Apply" is disabled, so nothing was done'):
        await run(page, "act click Apply")
    with pytest.raises(RefwrightError, match='No visible control matches "Secret door"'):
        await run(page, 'act click "Secret door"')
    assert await log_text(page) == ""


async def until_done(page: Page, request: str, steps: int = 6) -> list[str]:
    """Act until Done:, approving proposals as the person would (a Submit button needs approval)."""
    outputs = [await run(page, f"act --new {request}")]
    while not outputs[-1].startswith("Done:") and len(outputs) < steps:
        token = re.search(r"`confirm (p-[\w-]+)`", outputs[-1])
        outputs.append(await run(page, f"confirm {token.group(1)}" if token else f"act {request}"))
    assert outputs[-1].startswith("Done:"), outputs
    return outputs


async def test_dates_and_times_as_people_write_them(page: Page, server: TestServer) -> None:
    await open_html(page, server, "/a20.html", """<label>When <input type=date id=d></label>
      <label>At <input type=time id=t></label><input id=n aria-label="Note">
      <button type=button onclick="log(document.getElementById('d').value + ' ' + document.getElementById('t').value)"
      >Save</button>""")
    outputs = await until_done(page, "Enter 10/20/2017 as the date and press Save")
    assert "written as the date field takes it" in outputs[0]
    assert outputs[-1].startswith("Done: Clicked @") and len(outputs) == 2
    assert await log_text(page) == "2017-10-20"
    outputs = await until_done(page, "Enter 7:55 PM as the time and press Save")
    assert await log_text(page) == "2017-10-20 19:55" and len(outputs) == 2
    with pytest.raises(RefwrightError, match=r"'next tuesday' is not a date this date field can take"):
        await run(page, 'act --new Enter "next tuesday" as the date')
    assert await run(page, "get value #d") == "2017-10-20"


async def test_a_date_picker_text_field_takes_the_date_as_written(page: Page, server: TestServer) -> None:
    await open_html(page, server, "/a21.html", """<label>Name <input id=n></label>
      <label>Date: <input id=datepicker></label>
      <button type=button onclick="log(document.getElementById('datepicker').value)">Submit</button>""")
    outputs = await until_done(page, "Select 10/11/2016 as the date and hit submit.")
    assert outputs[0].startswith("Entered the requested text")
    assert await log_text(page) == "10/11/2016"


async def test_copy_and_paste_between_fields_without_showing_the_text(page: Page, server: TestServer) -> None:
    await open_html(page, server, "/a22.html", """<textarea id=a>first secret words</textarea>
      <textarea id=b>second secret words</textarea><input id=i aria-label="Answer">
      <button type=button onclick="log(document.getElementById('i').value)">Submit</button>""")
    outputs = await until_done(page, "Copy the text from the 2nd text area below and paste it into the text input, "
                                     "then press Submit.")
    assert outputs[0].startswith("Copied the text of @") and "secret" not in outputs[0]
    assert await log_text(page) == "second secret words"


async def test_several_options_of_a_multiple_select(page: Page, server: TestServer) -> None:
    await open_html(page, server, "/a23.html", """<select id=s multiple size=4><option>Peru</option>
      <option>Brazil</option><option>Chile</option><option>Mauritania</option></select>
      <button type=button onclick="log(Array.from(document.getElementById('s').selectedOptions, o => o.text).join())"
      >Submit</button>""")
    outputs = await until_done(page, "Select Mauritania, Brazil from the scroll list and click Submit.")
    assert outputs[0].startswith("Selected the options 'Brazil', 'Mauritania' in @")
    assert await log_text(page) == "Brazil,Mauritania"


async def test_a_spinner_takes_its_number(page: Page, server: TestServer) -> None:
    await open_html(page, server, "/a24.html", """<input id=q role=spinbutton aria-valuenow=0 value=0>
      <input id=other aria-label="Comment">
      <button type=button onclick="log(document.getElementById('q').value)">Submit</button>""")
    await until_done(page, "Select -5 with the spinner and hit Submit.")
    assert await log_text(page) == "-5"


async def test_one_password_into_both_fields(page: Page, server: TestServer) -> None:
    await open_html(page, server, "/a25.html", """<label>Password <input type=password id=p1></label>
      <label>Verify password <input type=password id=p2></label>
      <button type=button onclick="log(document.getElementById('p1').value + '|' + document.getElementById('p2').value)"
      >Submit</button>""")
    outputs = await until_done(page, 'Enter the password "rUT3X" into both text fields and press submit.')
    assert "2 password field(s)" in outputs[0] and "rUT3X" not in outputs[0]
    assert await log_text(page) == "rUT3X|rUT3X"


async def test_expanding_the_one_section_is_a_step_of_its_own(page: Page, server: TestServer) -> None:
    await open_html(page, server, "/a26.html", """<h3 id=h role=button tabindex=0 aria-expanded=false aria-controls=s1
      onclick="this.setAttribute('aria-expanded', 'true'); document.getElementById('s1').hidden = false;
      log('opened')">Section #1</h3><div id=s1 hidden><p>Terms</p>
      <button type=button onclick="log('sent')">Send</button></div>""")
    outputs = await until_done(page, "Expand the section below and click Send.")
    assert outputs[0].startswith("Expanded the section 'Section #1' (the only collapsed section on the page)")
    # Send needs approval (until_done approves it); the step after says what was done.
    assert 'found and clicked button "Send"' in outputs[-1] and await log_text(page) == "sent"


# The popup comes once the password is typed (on focus plus 50 ms, a loaded machine typed it after the popup
# had taken the form away: a race of the page's, not what this test is about).
POPUP_LOGIN = """<div id=form><p><label>Username</label><input id=u></p>
  <p><label>Password</label><input type=password id=p oninput="setTimeout(popup, 0)"></p>
  <button type=button onclick="log(document.getElementById('u').value + '|' + document.getElementById('p').value)"
  >Login</button></div>
  <div id=pop class="popup-box" style="display:none">Remember to log out. <button type=button
  onclick="document.getElementById('pop').style.display='none'; document.getElementById('form').style.display=''"
  >OK</button></div>
  <script>function popup() { document.getElementById('form').style.display = 'none';
  document.getElementById('pop').style.display = ''; }</script>"""


async def test_a_popup_that_hides_the_form_is_closed_first(page: Page, server: TestServer) -> None:
    await open_html(page, server, "/a27.html", POPUP_LOGIN)
    outputs = await until_done(page, 'Enter the username "ann" and the password "pw" into the text fields and '
                                     'press login.', steps=8)
    dismissed = [o for o in outputs if o.startswith("Dismissed the popup with @")]
    assert len(dismissed) == 1 and 'button "OK"' in dismissed[0] and '"login"' in dismissed[0]
    assert await log_text(page) == "ann|pw"


async def test_a_modal_that_covers_the_form_is_closed_when_a_click_cannot_get_through(
        page: Page, server: TestServer) -> None:
    await open_html(page, server, "/a29.html", """<input id=n aria-label="Name" onfocus="setTimeout(() =>
      document.getElementById('m').style.display = '', 50)">
      <button type=button onclick="log('saved ' + document.getElementById('n').value)">Save</button>
      <div id=m class="modal" style="display:none; position:fixed; inset:0; background:#0008">
      <p>Cookies?</p><button type=button onclick="document.getElementById('m').style.display='none'">Accept all</button>
      <button type=button onclick="document.getElementById('m').style.display='none'">Close</button></div>""")
    outputs = await until_done(page, 'Enter "Bo" into the Name field and press Save', steps=5)
    dismissed = [o for o in outputs if o.startswith("Dismissed the popup with @")]
    # The harmless way out is taken: Close, not Accept all.
    assert len(dismissed) == 1 and 'button "Close"' in dismissed[0]
    assert await log_text(page) == "saved Bo"


async def test_a_popup_is_not_dismissed_when_the_page_shows_more(page: Page, server: TestServer) -> None:
    await open_html(page, server, "/a28.html", """<button type=button>Other</button>
      <div role=dialog aria-label="Notice"><button type=button onclick="log('ok')">OK</button></div>""")
    with pytest.raises(RefwrightError, match='No visible control matches "Missing"'):
        await run(page, 'act click "Missing"')
    assert await log_text(page) == ""


async def test_a_target_inside_a_frame_gets_a_way_forward(page: Page, server: TestServer) -> None:
    await open_html(page, server, "/a30.html", """<button type=button>Outside</button>
      <iframe title="Payment" srcdoc="<button>Pay now</button>"></iframe>""")
    with pytest.raises(RefwrightError, match=r"also shows 1 frame; inspect and act do not look inside frames: "
                                             r"run `snapshot -i`"):
        await run(page, 'act click "Pay now"')
    assert "also shows 1 frame" in await run(page, "inspect")
    # The snapshot does see inside, and its ref acts through the frame.
    snap = await run(page, "snapshot -i")
    ref = next(line.split()[0] for line in snap.splitlines() if "Pay now" in line)
    await run(page, f"click {ref}")


async def test_text_that_a_page_sends_elsewhere_is_not_reported_entered(page: Page, server: TestServer) -> None:
    await open_html(page, server, "/a12f.html", """<p><label>Name<input id=name></label></p>
      <p><label>Notes<input id=notes></label></p><script>
      document.getElementById('name').addEventListener('focus', () => document.getElementById('notes').focus());
      </script>""")
    with pytest.raises(RefwrightError, match=r"The text did not reach .*Name.*: it still holds what it held before\. "
                                             r"The page moved the focus .* Nothing else was done"):
        await run(page, 'act enter "Ann" into the Name field')
    assert await run(page, "get value #name") == ""


async def test_a_field_that_reformats_the_text_counts_as_entered(page: Page, server: TestServer) -> None:
    # An input mask changes what was typed; the field still took it.
    await open_html(page, server, "/a12g.html", """<label>Phone<input id=phone></label><script>
      const phone = document.getElementById('phone');
      phone.addEventListener('input', () => {
        const d = phone.value.replace(/\\D/g, '');
        phone.value = d.length > 3 ? '(' + d.slice(0, 3) + ') ' + d.slice(3) : d;
      });</script>""")
    assert (await run(page, 'act enter "5551234" into the Phone field')).startswith("Entered the requested text")
    assert await run(page, "get value #phone") == "(555) 1234"
