"""The resolver through the generated sync API, and the model-free agent through the async loop."""

from __future__ import annotations

import re

from refwright import Page, sync_api
from refwright.agent import LocalResolverLlm, run_agent

from ..conftest import TEST_CONFIG
from ..server import TestServer

PAGE = """<p id=log></p><label><input type=checkbox id=a> Alpha</label>
<button onclick="document.getElementById('log').textContent = document.getElementById('a').checked">Submit</button>"""


def test_sync_api_inspects_acts_and_confirms(server: TestServer) -> None:
    url = server.html("/sync-resolve.html", PAGE)
    with sync_api.launch(config=TEST_CONFIG) as browser:
        page = browser.new_page()
        page.run_command(f"open {url}")
        inspection = page.inspect()
        assert [c.kind for c in inspection.controls] == ["checkbox", "button"]
        first = page.act("Select Alpha and click Submit")
        assert first.output.startswith("Checked @") and not first.done
        proposal = page.act("Select Alpha and click Submit")
        assert proposal.token is not None
        confirmed = page.confirm(proposal.token)
        assert confirmed.output.startswith("Confirmed: Clicked @")
        assert page.run_command("get text #log").output == "true"
        assert page.act("Select Alpha and click Submit").done


async def test_local_resolver_plays_the_agent(page: Page, server: TestServer) -> None:
    await page.run_command(f"open {server.html('/agent-resolve.html', PAGE)}")
    stopped = await run_agent(page, LocalResolverLlm(), "Select Alpha and click Submit")
    # It stops at the approval and says how to give it.
    assert stopped.answer.startswith("Needs approval: click @") and re.search(r"`confirm p-[\w-]+`", stopped.answer)
    assert (await page.run_command("get text #log")).output == ""
    llm = LocalResolverLlm(confirm_proposals=True)
    run = await run_agent(page, llm, "Select Alpha and click Submit")
    assert run.answer.startswith("Done:") and not run.stopped
    assert (await page.run_command("get text #log")).output == "true"
    refused = await run_agent(page, LocalResolverLlm(), "click Nonexistent")
    assert refused.answer.startswith("I could not finish this without a model. Error: No visible control")
