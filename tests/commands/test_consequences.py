"""What an action set off is told in that action's own answer: a navigation (URL and title), a new tab, a
download (refused or saved), a dialog, refused requests; and an action that sets nothing off says only
what it did. Every assertion is on the first answer: nothing is polled for."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import pytest
import pytest_asyncio

import refwright
from refwright import Page

from ..conftest import TEST_CONFIG, run
from ..server import TestServer, _Handler


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


def names_in(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


async def opened(page: Page, server: TestServer, body: str, title: str = "Home") -> str:
    url = server.html("/home.html", f"<title>{title}</title>{body}")
    await run(page, f"open {url}")
    return url


async def test_an_action_that_sets_nothing_off_says_only_what_it_did(page: Page, server: TestServer) -> None:
    await opened(page, server, '<button id=b onclick="1">Nothing</button><input id=n>')
    assert await run(page, "click #b") == "Clicked #b"
    assert await run(page, "fill #n Ada") == "Filled #n"
    assert await run(page, "press Tab") == "Pressed Tab"


@pytest.mark.parametrize(("command", "query"), [("click #go", ""), ("press Enter #q", "?q=hi"),
                                               ("select #s two", "")])
async def test_a_navigation_is_told_with_its_url_and_title(page: Page, server: TestServer, command: str,
                                                           query: str) -> None:
    two = server.html("/two.html", "<title>Second page</title><p>two")
    await opened(page, server, """<a id=go href="/two.html">Go</a>
      <form action="/two.html"><input id=q name=q value=hi></form>
      <select id=s onchange="location = '/two.html'"><option>one</option><option>two</option></select>""")
    out = await run(page, command)
    assert out.splitlines()[1:] == [f"Note: The page navigated to {two}{query} — Second page."], out
    assert await run(page, "get url") == two + query


async def test_a_navigation_after_a_slow_fetch_is_waited_for(page: Page, server: TestServer) -> None:
    two = server.html("/two.html", "<title>Second page</title>")
    await opened(page, server, """<button id=b onclick="fetch('/slow?ms=400').then(() => location = '/two.html')">
      Save</button>""")
    out = await run(page, "click #b")
    assert out == f"Clicked #b\nNote: The page navigated to {two} — Second page."


async def test_a_page_still_loading_is_said_to_be(browser: refwright.Browser, configured: list[Page],
                                                   server: TestServer) -> None:
    # The page's load outlasts the settle cap's share of a short command deadline.
    page = await page_with(browser, configured, timeouts=replace(TEST_CONFIG.timeouts, action=1_000))
    server.html("/late.html", "<title>Late</title><img src='/slow?ms=3000'>")
    await opened(page, server, "<a id=go href='/late.html'>Go</a>")
    out = await run(page, "click #go")
    assert out == f"Clicked #go\nNote: The page navigated to {server.url('/late.html')} — Late (still loading)."


async def test_a_pushstate_route_change_is_told(page: Page, server: TestServer) -> None:
    url = await opened(page, server, "<button id=b onclick=\"history.pushState({}, '', '/route/2')\">Next</button>")
    out = await run(page, "click #b")
    assert out == f"Clicked #b\nNote: The page navigated to {url.replace('/home.html', '/route/2')} — Home."


@pytest.mark.parametrize("how", ["target=_blank", "window.open", "window.open after a fetch"])
async def test_a_new_tab_is_told_in_the_answer_that_opened_it(page: Page, server: TestServer, how: str) -> None:
    target = server.html("/opened.html", "<title>Opened</title>")
    control = {
        "target=_blank": f'<a id=go href="{target}" target=_blank>go</a>',
        "window.open": f"<button id=go onclick=\"window.open('{target}')\">go</button>",
        "window.open after a fetch": f"""<button id=go onclick="fetch('/slow?ms=200').then(() =>
          window.open('{target}'))">go</button>""",
    }[how]
    await opened(page, server, control)
    out = await run(page, "click #go")
    assert out == f'Clicked #go\nNote: A new tab [t2] opened ("{target}"); run `tab t2` to switch to it.'


async def test_a_download_link_whose_server_answers_late_is_told_in_the_same_answer(page: Page,
                                                                                   server: TestServer) -> None:
    # The browser reports a download only once the server answers; past the grace for trailing reports. A
    # link marked for download is known to start one, so its click waits for it (boundedly).
    await opened(page, server, '<a id=go href="/slow?ms=600" download="late.csv">get</a>')
    out = await run(page, "click #go")
    assert out == ('Clicked #go\nNote: A download of "late.csv" was refused; nothing was saved. '
                   'The user can have downloads saved with Config(downloads="save").')


@pytest.mark.parametrize("kind", ["download-attribute", "attachment", "blob", "made by a script"])
async def test_a_refused_download_is_told_in_the_answer_that_started_it(page: Page, server: TestServer,
                                                                        kind: str) -> None:
    def attachment(h: _Handler) -> None:
        h.send_body(b"a,b\n1,2\n", "text/csv", headers={"Content-Disposition": 'attachment; filename="report.csv"'})

    server.set_route("/report", attachment)
    control = {
        "download-attribute": '<a id=go href="/echo?body=x&type=text/csv" download="report.csv">get</a>',
        "attachment": '<a id=go href="/report">get</a>',
        "blob": """<a id=go download="report.csv">get</a><script>
          go.href = URL.createObjectURL(new Blob(["a,b"], {type: "text/csv"}));</script>""",
        # The "Export" pattern: a script makes a link to a blob and clicks it.
        "made by a script": """<button id=go>Export</button><script>go.onclick = () => {
          const a = document.createElement("a"); a.download = "report.csv";
          a.href = URL.createObjectURL(new Blob(["a,b"], {type: "text/csv"})); a.click(); };</script>""",
    }[kind]
    url = await opened(page, server, control)
    out = await run(page, "click #go")
    assert out == ('Clicked #go\nNote: A download of "report.csv" was refused; nothing was saved. '
                   'The user can have downloads saved with Config(downloads="save").')
    assert page.url == url


async def test_a_saved_download_is_named_with_its_size(browser: refwright.Browser, configured: list[Page],
                                                       server: TestServer, tmp_path: Path) -> None:
    page = await page_with(browser, configured, downloads="save", output_dir=str(tmp_path))
    body = ("a,b\n" * 300).encode()

    def attachment(h: _Handler) -> None:
        h.send_body(body, "text/csv", headers={"Content-Disposition": 'attachment; filename="report.csv"'})

    def hostile(h: _Handler) -> None:
        h.send_body(b"x", "text/csv", headers={"Content-Disposition": 'attachment; filename="../../.evil\x01.csv"'})

    server.set_route("/report", attachment)
    server.set_route("/hostile", hostile)
    await opened(page, server, '<a id=go href="/report">get</a> <a id=again href="/report">again</a> '
                               '<a id=out href="/hostile">out</a>')
    out = await run(page, "click #go")
    saved = tmp_path / "report.csv"
    assert out == f'Clicked #go\nNote: A download of "report.csv" was saved to {saved} (1.2 KB).'
    assert saved.read_bytes() == body
    # A second file of the same name does not overwrite the first.
    out = await run(page, "click #again")
    assert out == f'Clicked #again\nNote: A download of "report.csv" was saved to {tmp_path / "report-2.csv"} (1.2 KB).'
    # A name that climbs out of the folder, or hides, is saved inside it, visible.
    out = await run(page, "click #out")
    assert "was saved to" in out and "(1 byte)." in out
    assert [p.parent for p in tmp_path.parent.rglob("*evil*")] == [tmp_path]
    names = names_in(tmp_path)
    assert len(names) == 3 and not any(name.startswith(".") for name in names), names


async def test_a_dialog_is_told_even_when_it_opens_after_the_action_returned(page: Page, server: TestServer) -> None:
    await opened(page, server, """<button id=b onclick="fetch('/slow?ms=200').then(() => alert('Saved!'))">
      Save</button>""")
    assert await run(page, "click #b") == 'Clicked #b\nNote: A JavaScript alert dialog was dismissed: "Saved!"'


async def test_refused_requests_are_summarised_in_the_answer(page: Page, server: TestServer) -> None:
    # Names that never resolve: the guard refuses each request, and the answer of the click that sent them
    # says so in one line.
    await opened(page, server, """<button id=b onclick="for (let i = 0; i < 3; i++)
      fetch('http://h' + i + '.invalid/track', {mode: 'no-cors'}).catch(() => {})">Send</button>""")
    out = await run(page, "click #b")
    m = re.fullmatch(r"Clicked #b\nNote: Blocked 3 requests to (h\d\.invalid), (h\d\.invalid) and (h\d\.invalid): "
                     r"could not resolve the host [^\n]+", out)
    assert m is not None and sorted(m.groups()) == ["h0.invalid", "h1.invalid", "h2.invalid"], out


async def test_each_batch_step_tells_its_own_consequences(page: Page, server: TestServer) -> None:
    two = server.html("/two.html", "<title>Second page</title><button id=b onclick=1>Stay</button>")
    await opened(page, server, '<a id=go href="/two.html">Go</a>')
    out = await run(page, 'batch "click #go" "click #b"')
    assert f"Clicked #go\nNote: The page navigated to {two} — Second page." in out
    assert "Clicked #b" in out and out.count("navigated") == 1
