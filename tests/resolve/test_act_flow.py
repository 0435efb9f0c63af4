"""``act`` in a real flow (issue #34 §3): a wizard's repeated Next, plans that hold only what was asked,
proposals that give their real reason, steps read from the page, and whole sentences in refusals."""

from __future__ import annotations

import re

import pytest

from refwright import Page
from refwright.resolve._labels import first_sentence
from refwright.resolve._risk import RISKY_WORDS, risk_of
from refwright.resolve.state._memory import AFRESH_AGAIN

from ..conftest import run
from ..server import TestServer


async def step_title(page: Page) -> str:
    return await run(page, "get text #title")


async def test_the_same_click_again_advances_a_wizard_whose_controls_changed(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/wizard.html')}")
    first = await run(page, "act Click Next")
    assert first.startswith('Done: Clicked @') and await step_title(page) == "Step 2 of 3"
    # The same words on the next step of the wizard mean "once more", not "nothing is left".
    second = await run(page, "act Click Next")
    assert second.startswith('Done: Clicked @'), second
    assert second.splitlines()[1] == AFRESH_AGAIN
    assert await step_title(page) == "Step 3 of 3"


async def test_the_same_click_on_an_unchanged_page_says_how_to_do_it_again(page: Page, server: TestServer) -> None:
    url = server.html("/flow1.html", """<p id=log>0</p>
      <button onclick="const l = document.getElementById('log'); l.textContent = +l.textContent + 1">Add</button>""")
    await run(page, f"open {url}")
    assert (await run(page, "act Click Add")).startswith("Done: Clicked @")
    again = await run(page, "act Click Add")
    assert again.startswith("Done: nothing is left of the request (clicked button \"Add\")")
    assert "run `act --new <request>`" in again
    assert await run(page, "get text #log") == "1"
    assert (await run(page, "act --new Click Add")).startswith("Done: Clicked @")
    assert await run(page, "get text #log") == "2"


async def test_a_fill_request_holds_no_invented_submit(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/wizard.html')}")
    out = await run(page, 'act Enter "Ada Lovelace" into the Full name field')
    assert out.startswith('Done: Entered the requested text (12 characters) into @'), out
    assert "submit" not in out.lower() and "Next:" not in out
    assert await step_title(page) == "Step 1 of 3"
    assert (await run(page, 'act Enter "Ada Lovelace" into the Full name field')).startswith("Done: nothing is left")


async def test_a_step_done_before_a_click_is_not_asked_for_after_it(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/wizard.html')}")
    await run(page, "act Click Next")
    await run(page, "fill #city London")
    # The City field already holds London: the plan reads that from the page, clicks Next, and does not
    # ask for City on the next step, where it is gone.
    out = await run(page, "act --new Enter London into the City field and click Next")
    assert out.startswith('Done: Clicked @') and 'button "Next"' in out, out
    assert "from London" in await run(page, "get text #step")


async def test_a_plan_reads_the_page_after_each_step(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/act/wizard.html')}")
    await run(page, "act Click Next")
    request = "act Enter London into the City field and click Next"
    one = await run(page, request)
    assert one.startswith('Entered the requested text (6 characters) into @') and 'Next: click "Next"' in one
    # The page clears the field: the plan notices and enters it again before clicking.
    await run(page, "fill #city ''")
    again = await run(page, request)
    assert again.startswith("Entered the requested text (6 characters)"), again
    done = await run(page, request)
    assert done.startswith('Done: Clicked @') and await step_title(page) == "Step 3 of 3"


@pytest.mark.parametrize(("label", "reason"), [
    ("Delete account", "its label says 'delete': a deletion"),
    ("Pay now", "its label says 'pay': a payment or purchase"),
    ("Send", "its label says 'send': it sends or publishes something"),
])
async def test_a_proposal_gives_the_real_reason(page: Page, server: TestServer, label: str, reason: str) -> None:
    url = server.html(f"/flow2-{label.split()[0]}.html", f"<button>{label}</button>")
    await run(page, f"open {url}")
    out = await run(page, f'act Click "{label}"')
    assert out.startswith("Needs approval: click @") and f"approval is required because {reason}." in out, out
    assert "because it needs approval" not in out


async def test_a_submit_proposal_says_it_submits(page: Page, server: TestServer) -> None:
    url = server.html("/flow3.html", """<form onsubmit="return false">
      <input aria-label=Name><button type=submit>Continue</button></form>""")
    await run(page, f"open {url}")
    out = await run(page, 'act Enter "Ada" into the Name field and submit the form')
    assert out.startswith("Entered") and "Next: submit the form" in out
    proposal = await run(page, 'act Enter "Ada" into the Name field and submit the form')
    assert "approval is required because it submits a form (what was entered is sent)." in proposal, proposal


def test_every_risky_word_has_a_reason_that_names_what_it_commits() -> None:
    for word in RISKY_WORDS:
        risk, reason = risk_of("button", word)
        assert risk == "approval-required"
        assert reason.startswith(f"its label says {word!r}: ") and "approval" not in reason


def test_first_sentence_never_cuts_inside_quotes_or_code() -> None:
    text = ('No visible control matches "Washington, D.C. north". Nothing was done. Use an exact label, or act on '
            'a ref (`click @e3`).')
    assert first_sentence(text) == 'No visible control matches "Washington, D.C. north".'
    assert first_sentence("Run `act --new x. y` first. Then go.") == "Run `act --new x. y` first."
    assert first_sentence("No full stop") == "No full stop"
    assert first_sentence("") == ""


def test_a_refusal_in_a_fallback_note_is_a_whole_sentence() -> None:
    refusal = ("No visible control matches \"Export\". Nothing was done. Visible candidates: " + "x" * 300 +
               ". Use an exact label from that list, or act on a ref (`click @eN`).")
    sentence = first_sentence(refusal)
    assert sentence == 'No visible control matches "Export".'
    assert re.fullmatch(r'[^`]*', sentence)
