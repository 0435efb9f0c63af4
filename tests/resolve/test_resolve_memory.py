"""act's memory of a request belongs to the document it was made on (real Chromium)."""

from __future__ import annotations

import re

from refwright import Page

from ..conftest import run
from ..server import TestServer

AFRESH = "Started the request afresh: the page was opened, reloaded or navigated since the last act on it."
# The count lives in sessionStorage, so it survives a new document of the same origin in this tab.
COUNTER = """<p id=log></p><button onclick="count()">Click Me!</button>
<script>
function show(){document.getElementById('log').textContent=sessionStorage.getItem('n')||'0'}
function count(){sessionStorage.setItem('n',String(Number(sessionStorage.getItem('n')||0)+1));show()}
show();
</script>"""
REQUEST = 'act Click the "Click Me!" button.'


async def clicks(page: Page) -> str:
    return await run(page, "get text #log")


async def open_counter(page: Page, server: TestServer, path: str) -> str:
    url = server.html(path, COUNTER)
    await run(page, f"open {url}")
    await run(page, "eval sessionStorage.clear(); show()")
    return url


async def test_opening_the_page_again_starts_the_request_afresh(page: Page, server: TestServer) -> None:
    url = await open_counter(page, server, "/m1.html")
    first = await run(page, REQUEST)
    assert first.startswith('Done: Clicked') and AFRESH not in first
    assert (await run(page, REQUEST)).startswith("Done: nothing is left")
    assert await clicks(page) == "1"
    await run(page, f"open {url}")
    again = await run(page, REQUEST)
    assert again.startswith("Done: Clicked"), again
    assert again.splitlines()[1] == AFRESH
    assert await clicks(page) == "2"
    # On the same document the memory holds again, without the sentence.
    same = await run(page, REQUEST)
    assert same.startswith("Done: nothing is left") and AFRESH not in same
    assert await clicks(page) == "2"


async def test_a_reload_at_the_same_url_is_a_new_document(page: Page, server: TestServer) -> None:
    await open_counter(page, server, "/m2.html")
    await run(page, REQUEST)
    await run(page, "reload")
    assert await clicks(page) == "1"
    again = await run(page, REQUEST)
    assert again.startswith("Done: Clicked") and AFRESH in again
    assert await clicks(page) == "2"


async def test_going_back_to_another_document_starts_afresh(page: Page, server: TestServer) -> None:
    await open_counter(page, server, "/m3.html")
    await run(page, f"open {server.html('/m3b.html', '<p>elsewhere</p>')}")
    await run(page, "back")
    await run(page, REQUEST)
    await run(page, "forward")
    await run(page, "back")
    again = await run(page, REQUEST)
    assert again.startswith("Done: Clicked") and AFRESH in again
    assert await clicks(page) == "2"


async def test_a_same_document_route_change_keeps_progress(page: Page, server: TestServer) -> None:
    await open_counter(page, server, "/m4.html")
    await run(page, REQUEST)
    await page.playwright_page.evaluate("history.pushState({}, '', '/m4/route')")
    assert page.url.endswith("/m4/route")
    same = await run(page, REQUEST)
    assert same.startswith("Done: nothing is left") and AFRESH not in same
    assert await clicks(page) == "1"


async def test_new_still_starts_over_on_the_same_document(page: Page, server: TestServer) -> None:
    await open_counter(page, server, "/m5.html")
    await run(page, REQUEST)
    over = await run(page, f"act --new {REQUEST.removeprefix('act ')}")
    assert over.startswith("Done: Clicked") and AFRESH not in over
    assert await clicks(page) == "2"


async def test_a_step_that_navigates_carries_the_request_to_the_next_document(page: Page,
                                                                              server: TestServer) -> None:
    finish = server.html("/m6b.html", """<p id=log></p>
      <button onclick="document.getElementById('log').textContent='finished'">Finish</button>""")
    await run(page, f"open {server.html('/m6.html', f'<a href={finish!r}>Next</a>')}")
    request = 'act Click "Next", then click "Finish".'
    first = await run(page, request)
    assert first.startswith('Clicked') and "Next: " in first, first
    assert page.url == finish
    second = await run(page, request)
    assert second.startswith("Done: Clicked") and AFRESH not in second, second
    assert await run(page, "get text #log") == "finished"


async def test_a_confirmed_submit_that_navigates_keeps_the_request_done(page: Page, server: TestServer) -> None:
    done_url = server.html("/m7b.html", "<h1>Thanks</h1>")
    await run(page, f"""open {server.html('/m7.html', f'''<form action={done_url!r}>
      <input aria-label=Name name=n><button>Submit</button></form>''')}""")
    request = 'act Enter "Ada" into the Name field and submit the form'
    assert (await run(page, request)).startswith("Entered")
    proposal = await run(page, request)
    token = re.search(r"`confirm (p-[A-Za-z0-9_-]+)`", proposal)
    assert token, proposal
    await run(page, f"confirm {token.group(1)}")
    assert page.url.startswith(done_url)
    after = await run(page, request)
    assert after.startswith("Done: nothing is left") and AFRESH not in after, after
