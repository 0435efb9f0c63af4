"""The page runtime's direct route (CDP into Playwright's utility world) and Playwright's selector route
serve one runtime per document: refs made on either resolve on the other, the direct route follows
navigations, and a page can neither reach nor imitate the runtime through its own globals."""

from __future__ import annotations

import refwright
from refwright._async.runtime._runtime_engine import ENGINE, ENGINES, encode_request
from refwright._async.runtime._world import FrameGoneError, UtilityWorld
from tests.conftest import run
from tests.server import TestServer

FORM = ("<title>Form</title><h1>Sign up</h1><label>Email <input id=email></label>"
        "<button id=go onclick=\"document.title='clicked'\">Go</button><a href=/next>Next</a>")


def _direct(page: refwright.Page) -> int:
    return int(page._impl.channel.direct)  # the session behind the page counts the direct route's answers


async def test_a_command_snapshot_takes_the_direct_route(page: refwright.Page, server: TestServer) -> None:
    await run(page, f"open {server.html('/w-form.html', FORM)}")
    before = _direct(page)
    tree = await run(page, "snapshot -i")
    assert '@e3 [button] "Go"' in tree
    assert _direct(page) > before


async def test_refs_made_on_the_direct_route_resolve_as_playwright_locators(page: refwright.Page,
                                                                           server: TestServer) -> None:
    await run(page, f"open {server.html('/w-form.html', FORM)}")
    tree = await run(page, "snapshot -i")
    # The typed API's snapshot is not under the watchdog, so it takes Playwright's route: same runtime,
    # same ids, so the same refs.
    before = _direct(page)
    typed = await page.snapshot(interactive=True)
    assert _direct(page) == before
    assert typed.tree == tree
    go = page.ref("e3")
    assert go is not None and go.name == "Go"
    await page.locator("@e3").click()
    assert await page.title() == "clicked"
    assert await run(page, "get text @e3") == "Go"


async def test_refs_made_on_playwrights_route_resolve_on_the_direct_route(page: refwright.Page,
                                                                         server: TestServer) -> None:
    await run(page, f"open {server.html('/w-form.html', FORM)}")
    # Playwright builds the runtime first in this document (a locator query), the direct route finds it.
    typed = await page.snapshot(interactive=True)
    before = _direct(page)
    again = await run(page, "snapshot -i")
    assert _direct(page) > before
    assert again == typed.tree
    await run(page, "fill @e2 ada@example.com")
    assert await page.playwright_page.input_value("#email") == "ada@example.com"


async def test_the_direct_route_follows_navigation(page: refwright.Page, server: TestServer) -> None:
    first = server.html("/w-one.html", "<title>One</title><button>Alpha</button>")
    second = server.html("/w-two.html", "<title>Two</title><button>Beta</button><button>Gamma</button>")
    await run(page, f"open {first}")
    assert '[button] "Alpha"' in await run(page, "snapshot -i")
    await run(page, f"open {second}")
    tree = await run(page, "snapshot -i")
    assert '[button] "Beta"' in tree and "Alpha" not in tree
    await run(page, "back")
    tree = await run(page, "snapshot -i")
    assert '[button] "Alpha"' in tree and "Beta" not in tree
    alpha = tree.split(" ", 1)[0]  # a new document, so a new ref
    assert await run(page, f"get text {alpha}") == "Alpha"


async def test_a_page_cannot_imitate_the_runtime_with_its_own_globals(page: refwright.Page,
                                                                      server: TestServer) -> None:
    # The page plants look-alikes of the runtime's globals in its own world, before and after load.
    fake = ("const fake = { queryAll() { const d = document.createElement('div');"
            " d.textContent = JSON.stringify({lines: ['[button] \"Pay attacker\"'], token: 'x'}); return [d]; } };"
            f"globalThis['{ENGINE}'] = fake; globalThis.__refwrightRuntime = fake;"
            f"Object.defineProperty(Object.prototype, '{ENGINE}', {{ get() {{ return fake; }} }});")
    body = f"<title>Hostile</title><script>{fake}</script><button>Real</button>"
    await run(page, f"open {server.html('/w-hostile.html', body)}")
    before = _direct(page)
    tree = await run(page, "snapshot -i")
    assert _direct(page) > before
    assert '[button] "Real"' in tree and "attacker" not in tree
    assert "Real" in await run(page, "get text @e1")


async def test_a_page_that_logged_much_is_read_on_the_direct_route(page: refwright.Page,
                                                                   server: TestServer) -> None:
    # A page that logged a lot before the first call: the route is found without replaying its console to
    # refwright's CDP session, and keeps answering.
    body = ("<title>Loud</title><button>Quiet</button><script>"
            "for (let i = 0; i < 1500; i++) console.log({i, pad: 'x'.repeat(200)});</script>")
    await run(page, f"open {server.html('/w-loud.html', body)}")
    before = _direct(page)
    for _ in range(3):
        assert '[button] "Quiet"' in await run(page, "snapshot -i")
    assert _direct(page) == before + 3


async def test_a_frame_in_the_same_renderer_is_read_on_the_direct_route(page: refwright.Page,
                                                                        server: TestServer) -> None:
    inner = server.html("/w-inner.html", "<title>Inner</title><button onclick=\"document.title='hit'\">Inside</button>")
    outer = f"<title>Outer</title><button>Outside</button><iframe src={inner}></iframe>"
    await run(page, f"open {server.html('/w-outer.html', outer)}")
    await page.playwright_page.frame_locator("iframe").locator("button").wait_for()
    before = _direct(page)
    tree = await run(page, "snapshot -i")
    assert _direct(page) == before + 2  # the main document and the frame's
    assert '[button] "Outside"' in tree and '[button] "Inside"' in tree
    inside = next(line.split(" ", 1)[0] for line in tree.splitlines() if '"Inside"' in line)
    await run(page, f"click {inside}")  # a Playwright locator through the frame, on the same runtime
    assert await page.playwright_page.frames[1].title() == "hit"


async def test_a_frame_in_another_renderer_is_read_through_playwright(page: refwright.Page, server: TestServer,
                                                                      cross_server: TestServer) -> None:
    inner = cross_server.html("/w-far.html", "<title>Far</title><button>Far away</button>")
    await run(page, f"open {server.html('/w-host.html', f'<title>Host</title><iframe src={inner}></iframe>')}")
    await page.playwright_page.frame_locator("iframe").locator("button").wait_for()
    tree = await run(page, "snapshot -i")
    assert '[button] "Far away"' in tree
    far = next(line.split(" ", 1)[0] for line in tree.splitlines() if '"Far away"' in line)
    assert await run(page, f"get text {far}") == "Far away"


async def test_open_names_the_title_the_document_has(page: refwright.Page, server: TestServer) -> None:
    # The title comes from the browser process; where it would show the URL for a page without a title,
    # the document itself is asked.
    untitled = server.html("/w-untitled.html", "<p>No title here</p>")
    assert await run(page, f"open {untitled}") == f"Opened {untitled}"
    titled = server.html("/w-titled.html", "<title>  Spaced \n out </title><p>x</p>")
    assert await run(page, f"open {titled}") == f"Opened {titled} — Spaced out"
    bare = untitled.removeprefix("http://")
    lookalike = server.html("/w-lookalike.html", f"<title>{bare}</title>")
    assert await run(page, f"open {lookalike}") == f"Opened {lookalike} — {bare}"
    scripted = server.html("/w-scripted.html", "<title>Before</title><script>document.title = 'After'</script>")
    assert await run(page, f"open {scripted}") == f"Opened {scripted} — After"


async def test_an_iframe_removed_from_its_document_is_reported_at_once(page: refwright.Page,
                                                                      server: TestServer) -> None:
    # A snapshot enters each iframe it listed; one removed in between is said to be gone at once, where
    # Playwright's route would wait out the frame timeout for it to come back. One still there is read.
    frame = server.html("/w-inner.html", "<button>Inside</button>")
    body = f"<title>Frames</title><iframe id=keep src='{frame}'></iframe><iframe id=drop src='{frame}'></iframe>"
    await run(page, f"open {server.html('/w-frames2.html', body)}")
    tree = await run(page, "snapshot")
    assert tree.count('[button] "Inside"') == 2
    frames = [target for target in page._impl.view.refs.latest.values() if target.role == "iframe"]
    assert len(frames) == 2
    await page.playwright_page.evaluate("document.getElementById('drop').remove()")
    world = UtilityWorld(page.playwright_page, ENGINES)
    answers = []
    for target in frames:
        try:
            answers.append(await world.run(ENGINE, encode_request("snapshot", {}), ((target.token, target.local_id),)))
        except FrameGoneError:
            answers.append("gone")
    assert answers[1] == "gone"
    assert isinstance(answers[0], str) and "Inside" in answers[0]
