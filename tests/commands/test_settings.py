"""set viewport|device|geo|offline|headers|credentials|media: each one observed by the page."""

from __future__ import annotations

import base64

import pytest

from refwright import ActionType, Page, RefwrightError
from refwright.commands import parse

from ..conftest import run
from ..server import TestServer


async def js(page: Page, expression: str) -> object:
    return await page.playwright_page.evaluate(expression)


@pytest.fixture
async def opened(page: Page, server: TestServer) -> Page:
    await run(page, f"open {server.html('/settings.html', '<title>Settings</title><p>settings</p>')}")
    return page


async def test_viewport(opened: Page) -> None:
    assert await run(opened, "set viewport 640 480") == "Viewport set to 640×480"
    assert await js(opened, "[innerWidth, innerHeight]") == [640, 480]
    assert await run(opened, "set viewport 800 600 2") == "Viewport set to 800×600 at scale 2"
    assert await js(opened, "[innerWidth, devicePixelRatio]") == [800, 2]
    with pytest.raises(RefwrightError, match="whole number of pixels, not `wide`"):
        await run(opened, "set viewport wide 480")
    with pytest.raises(RefwrightError, match="out of range"):
        await run(opened, "set viewport 0 480")


async def test_device(opened: Page) -> None:
    out = await run(opened, 'set device "iPhone 12"')
    assert out == "Emulating iPhone 12 (390×664)"
    await run(opened, "reload")
    assert "iPhone" in await js(opened, "navigator.userAgent")
    assert await js(opened, "devicePixelRatio") == 3
    assert await js(opened, "navigator.maxTouchPoints > 0") is True
    with pytest.raises(RefwrightError, match=r"Unknown device: iphone 1\. Did you mean 'iPhone \d+"):
        await run(opened, 'set device "iphone 1"')


async def test_geolocation(opened: Page) -> None:
    assert await run(opened, "set geo 37.7749 -122.4194") == "Geolocation set to 37.7749, -122.4194"
    pos = await js(opened, "new Promise(r => navigator.geolocation.getCurrentPosition("
                            "p => r(p.coords.latitude + ',' + p.coords.longitude), e => r('error ' + e.message)))")
    assert pos == "37.7749,-122.4194"
    with pytest.raises(RefwrightError, match="Latitude runs from -90 to 90"):
        await run(opened, "set geo 123 4")


async def test_offline(opened: Page, server: TestServer) -> None:
    assert await run(opened, "set offline on") == "Offline mode on"
    assert await js(opened, "navigator.onLine") is False
    assert await run(opened, "set offline off") == "Offline mode off"
    assert await js(opened, "navigator.onLine") is True


async def test_headers_reach_the_server(opened: Page, server: TestServer) -> None:
    out = await run(opened, """set headers '{"X-Test": "1", "X-Token": "s3cret"}'""")
    assert out == "Set 2 extra HTTP header(s): X-Test, X-Token"  # names only: values may be secrets
    await run(opened, "reload")
    headers = {k.lower(): v for k, v in server.requests_to("/settings.html")[-1].headers.items()}
    assert headers["x-test"] == "1" and headers["x-token"] == "s3cret"
    # Unquoted JSON loses its quotes to the tokenizer; the line still has them.
    assert await run(opened, 'set headers {"X-Other": "2"}') == "Set 1 extra HTTP header(s): X-Other"
    with pytest.raises(RefwrightError, match="Usage: set headers <json>"):
        await run(opened, "set headers nope")


async def test_credentials_log_in_on_that_site_only(page: Page, server: TestServer, cross_server: TestServer) -> None:
    expected = "Basic " + base64.b64encode(b"admin:pa55word").decode()

    def protected(h: object) -> None:
        if h.headers.get("Authorization") == expected:  # type: ignore[attr-defined]
            h.send_body(b"<title>Inside</title><p>welcome admin</p>", "text/html")  # type: ignore[attr-defined]
        else:
            h.send_body(b"denied", "text/plain", 401, {"WWW-Authenticate": 'Basic realm="t"'})  # type: ignore[attr-defined]

    server.set_route("/private", protected)
    cross_server.html("/other", "<p>other</p>")
    out = await run(page, "set credentials admin pa55word")
    assert out == "Set HTTP credentials for user admin on the next site opened"
    assert "pa55word" not in out
    assert (await run(page, f"open {server.url('/private')}")).endswith("Inside")
    assert await run(page, "get text p") == "welcome admin"
    await run(page, f"open {cross_server.url('/other')}")
    assert all("Authorization" not in r.headers for r in cross_server.requests_to("/other"))
    # On a site: for that site.
    out = await run(page, "set credentials admin pa55word")
    assert out == f"Set HTTP credentials for user admin on {cross_server.prefix}"


async def test_media(opened: Page) -> None:
    assert await run(opened, "set media dark") == "Color scheme set to dark"
    assert await js(opened, "matchMedia('(prefers-color-scheme: dark)').matches") is True
    assert await run(opened, "set media light reduced-motion") == "Color scheme set to light with reduced motion"
    assert await js(opened, "matchMedia('(prefers-color-scheme: light)').matches") is True
    assert await js(opened, "matchMedia('(prefers-reduced-motion: reduce)').matches") is True
    with pytest.raises(RefwrightError, match="Usage: set media"):
        await run(opened, "set media blue")


async def test_unknown_setting(opened: Page) -> None:
    with pytest.raises(RefwrightError, match="Usage: set <viewport"):
        await run(opened, "set zoom 2")


async def test_typed_api(opened: Page) -> None:
    await opened.emulation.viewport(500, 400)
    await opened.emulation.media("dark")
    assert await js(opened, "[innerWidth, matchMedia('(prefers-color-scheme: dark)').matches]") == [500, True]


def test_every_setting_is_emulation() -> None:
    for line in ("set viewport 1 2", "set device x", "set geo 1 2", "set offline on", "set headers {}",
                 "set credentials a b", "set media dark"):
        parsed = parse(line)
        assert parsed.spec.action_for(parsed.args) is ActionType.EMULATION
