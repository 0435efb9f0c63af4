"""network route/unroute/requests/har: routes that abort and fulfil (and never let a refused request
through, behind the proxy and under request interception), the request log, a HAR Playwright replays."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

import refwright
from refwright import Config, Page, PolicyDeniedError, RefwrightError
from refwright._network._har import HarExchange, har_entry
from refwright._network._request_log import RequestFilter, RequestRecord, format_requests
from refwright.commands import lookup
from refwright.safety import ActionType

from ..conftest import TEST_CONFIG, run
from ..server import TestServer

FETCH = """(url) => fetch(url, {mode: 'no-cors'})
  .then(r => r.type === 'opaque' ? 'opaque' : r.status + ':' + r.statusText, () => 'failed')"""
FETCH_TEXT = "(url) => fetch(url).then(async r => r.status + ' ' + await r.text(), () => 'failed')"


def _data(server: TestServer, body: bytes = b'{"real": true}') -> str:
    server.set_route("/data.json", lambda h: h.send_body(body, "application/json"))
    return server.url("/data.json")


@pytest_asyncio.fixture(loop_scope="session")
async def out_page(browser: refwright.Browser, tmp_path: Path) -> AsyncIterator[Page]:
    p = await browser.new_page(config=dataclasses.replace(TEST_CONFIG, output_dir=str(tmp_path)), isolated=True)
    yield p
    await p.close()


# -- pure parts -------------------------------------------------------------------------------------


def test_action_types() -> None:
    spec = lookup("network")
    assert spec is not None
    assert spec.action_for(["route", "x", "--abort"]) is ActionType.NETWORK
    assert spec.action_for(["unroute"]) is ActionType.NETWORK
    assert spec.action_for(["har", "start"]) is ActionType.NETWORK
    assert spec.action_for(["requests"]) is ActionType.READ_CONTENT
    assert spec.returns_page_text(["requests"])


def test_request_listing_is_bounded_and_filtered() -> None:
    records = [RequestRecord(i, "GET", f"http://a.test/{i}", "fetch", 200 + i % 2) for i in range(1, 151)]
    records.append(RequestRecord(151, "POST", "http://a.test/form\nInjected", "document", None))
    text = format_requests(records, RequestFilter())
    lines = text.splitlines()
    assert len(lines) == 101
    assert lines[0] == "[52] GET http://a.test/52 (Fetch) 200"
    # Newest last; a URL cannot start a line of its own; no status without a response.
    assert lines[99] == "[151] POST http://a.test/form Injected (Document)"
    assert lines[100] == ("(51 earlier matching requests are not shown. Narrow the list with --filter <text>, "
                          "--type, --method or --status.)")
    assert format_requests(records, RequestFilter.of("/15", None, None, None)).splitlines() == [
        "[15] GET http://a.test/15 (Fetch) 201", "[150] GET http://a.test/150 (Fetch) 200"]
    only = format_requests(records, RequestFilter.of(None, "document", "post", None))
    assert only == "[151] POST http://a.test/form Injected (Document)"
    assert format_requests(records, RequestFilter.of("/7", None, None, "2xx")).splitlines()[0] == \
        "[7] GET http://a.test/7 (Fetch) 201"
    assert format_requests(records, RequestFilter.of("/7", None, None, "200-200")).splitlines()[0] == \
        "[70] GET http://a.test/70 (Fetch) 200"
    assert format_requests([], RequestFilter()) == "No requests captured"
    assert "the 9 oldest requests were no longer kept" in format_requests(records[:1], RequestFilter(), dropped=9)
    with pytest.raises(RefwrightError, match="Invalid --status `abc`"):
        RequestFilter.of(None, None, None, "abc")


def test_har_entry() -> None:
    entry = har_entry(HarExchange(
        method="POST", url="http://a.test/x?q=1&e=", started=1_700_000_000.25,
        request_headers=[("Content-Type", "text/plain")], post_data=b"hi", status=200, status_text="OK",
        response_headers=[("Content-Type", "image/png")], body=b"\x89PNG", resource_type="image",
        timing={"startTime": 1.0, "requestStart": 1.0, "responseStart": 3.5, "responseEnd": 4.0}))
    assert entry["startedDateTime"] == "2023-11-14T22:13:20.250Z"
    assert entry["request"]["queryString"] == [{"name": "q", "value": "1"}, {"name": "e", "value": ""}]
    assert entry["request"]["postData"] == {"mimeType": "text/plain", "text": "hi"}
    assert entry["response"]["content"] == {"size": 4, "mimeType": "image/png", "text": "iVBORw==",
                                            "encoding": "base64"}
    assert entry["timings"]["wait"] == 2.5 and entry["time"] == 3.0


# -- routes -----------------------------------------------------------------------------------------


async def test_route_abort_fulfil_unroute(page: Page, server: TestServer) -> None:
    data = _data(server)
    await run(page, f"open {server.empty_page}")
    pw = page.playwright_page
    assert await run(page, "network route **/data.json --abort") == "Done"
    assert await pw.evaluate(FETCH_TEXT, data) == "failed"
    assert await run(page, "network unroute") == "Done"
    assert await run(page, "network route **/data.json --body '{\"mock\": 1}' --status 201") == "Done"
    assert await pw.evaluate(FETCH_TEXT, data) == '201 {"mock": 1}'
    assert await pw.evaluate("(u) => fetch(u).then(r => r.headers.get('content-type'))", data) == \
        "application/json; charset=utf-8"
    assert server.requests_to("/data.json") == []
    assert [r.describe() for r in page.network.routes] == ["**/data.json (fulfil 201)"]
    assert await run(page, "network unroute **/data.json") == "Done"
    assert await pw.evaluate(FETCH_TEXT, data) == '200 {"real": true}'
    assert len(server.requests_to("/data.json")) == 1
    # Only some resource types: a fetch is not a script.
    await run(page, "network route * --abort --resource-type script,image")
    assert await pw.evaluate(FETCH_TEXT, data) == '200 {"real": true}'
    await run(page, "network unroute *")
    # `*` is every URL, as in agent-browser.
    await run(page, "network route * --abort")
    assert await pw.evaluate(FETCH_TEXT, data) == "failed"
    await page.network.unroute()
    assert page.network.routes == []


async def test_routes_outlive_a_replaced_tab(page: Page, server: TestServer) -> None:
    data = _data(server)
    await run(page, f"open {server.empty_page}")
    await run(page, "network route **/data.json --body kept")
    closed = page.playwright_page
    await closed.close()
    with pytest.raises(RefwrightError):
        await page.run_command("get title")
    assert page.playwright_page is not closed
    await run(page, f"open {server.empty_page}")
    assert await page.playwright_page.evaluate(FETCH_TEXT, data) == "200 kept"
    assert [r.pattern for r in page.network.routes] == ["**/data.json"]


async def test_route_errors(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.empty_page}")
    with pytest.raises(RefwrightError, match=r"either aborts .* or answers"):
        await page.run_command("network route ** --abort --body x")
    with pytest.raises(RefwrightError, match="Invalid --status `abc`"):
        await page.run_command("network route ** --status abc")
    with pytest.raises(RefwrightError, match="Invalid --status 99"):
        await page.run_command("network route ** --status 99")
    with pytest.raises(RefwrightError, match=r"^Usage: network route <url>"):
        await page.run_command("network route")
    with pytest.raises(RefwrightError, match=r"^Usage: network <route\|unroute\|requests\|har>"):
        await page.run_command("network sniff")


async def test_route_never_lets_a_refused_request_through_the_proxy(page: Page, server: TestServer,
                                                                    cross_server: TestServer) -> None:
    """Behind refwright's proxy: a route that would answer for a refused host leaves it refused (the
    proxy's 403, not the route's 200), and the refusal is reported."""
    await run(page, f"open {server.empty_page}")
    target = cross_server.url("/secret")
    try:
        page.set_allowed_domains(["127.0.0.1"])
        await run(page, "network route **/secret --body pwned")
        # no-cors: the page cannot read a cross-origin answer; the request log shows which one it got.
        assert await page.playwright_page.evaluate(FETCH, target) == "opaque"
        assert [r.status for r in page.network.requests(filter=target)] == [403]
        assert cross_server.requests == []
        notes = await run(page, "network requests --filter secret")
        assert "localhost is not in the allowed domains (127.0.0.1)" in notes
        # Allowed hosts are still answered by the route.
        assert await page.playwright_page.evaluate(FETCH_TEXT, server.url("/secret")) == "200 pwned"
    finally:
        page.set_allowed_domains([])
    # Once the host is allowed, the route answers for it (and the server is still not asked).
    page.network.clear_requests()
    assert await page.playwright_page.evaluate(FETCH, target) == "opaque"
    assert [r.status for r in page.network.requests(filter=target)] == [200]
    assert cross_server.requests == []


async def test_route_never_lets_a_refused_request_through_interception(browser: refwright.Browser,
                                                                       server: TestServer) -> None:
    """A wrapped page (request interception, no proxy): the guard's route still refuses, though the
    command's route was added after it (Playwright runs later routes first)."""
    raw = await (await browser.new_page(isolated=True)).playwright_page.context.new_page()
    try:
        wrapped = await refwright.wrap(raw, config=Config(allow_private=False))
        data = _data(server)
        await raw.set_content("<title>Wrapped</title>")
        await run(wrapped, "network route **/data.json --body pwned")
        assert await raw.evaluate(FETCH, data) == "failed"
        await run(wrapped, "network unroute")
        await run(wrapped, "network route **/data.json")
        assert await raw.evaluate(FETCH, data) == "failed"
        assert server.requests_to("/data.json") == []
    finally:
        await raw.context.close()


# -- requests and HAR -------------------------------------------------------------------------------


async def test_requests(page: Page, server: TestServer) -> None:
    data = _data(server)
    loads = server.html("/loads.html", f"<title>Loads</title><script>fetch('{data}').then(r => r.text())</script>")
    await run(page, "network requests --clear")
    await run(page, f"open {loads}")
    await page.playwright_page.wait_for_load_state("networkidle")
    listed = await run(page, "network requests")
    lines = listed.splitlines()
    assert lines[0].endswith(f"GET {loads} (Document) 200")
    assert any(line.endswith(f"GET {data} (Fetch) 200") for line in lines)
    only = await run(page, "network requests --filter data.json")
    assert only.splitlines() == [line for line in lines if "data.json" in line]
    assert await run(page, "network requests --type xhr --method POST") == "No requests captured"
    assert [r.url for r in page.network.requests(filter="data.json")] == [data]
    assert await run(page, "network requests --clear") == "Request log cleared"
    assert await run(page, "network requests") == "No requests captured"


async def test_har_recording_replays_in_playwright(out_page: Page, server: TestServer, tmp_path: Path) -> None:
    data = _data(server, b'{"from": "server"}')
    loads = server.html("/loads.html", f"<title>Loads</title><script>fetch('{data}').then(r => r.text())</script>")
    assert await run(out_page, "network har start") == "HAR recording started"
    with pytest.raises(RefwrightError, match="already running"):
        await out_page.run_command("network har start")
    await run(out_page, f"open {loads}")
    await out_page.playwright_page.wait_for_load_state("networkidle")
    saved = await run(out_page, "network har stop capture.har")
    har_path = tmp_path / "capture.har"
    assert saved.startswith(f"HAR saved to {har_path} (") and saved.endswith(" requests)")
    log = json.loads(har_path.read_text())["log"]
    assert log["version"] == "1.2"
    by_url = {e["request"]["url"]: e for e in log["entries"]}
    assert by_url[data]["response"]["status"] == 200
    assert by_url[data]["response"]["content"]["text"] == '{"from": "server"}'
    assert f"({len(log['entries'])} requests)" in saved
    with pytest.raises(RefwrightError, match="No HAR recording is running"):
        await out_page.run_command("network har stop again.har")
    # Playwright replays it: the response comes from the HAR, not the server.
    server.requests.clear()
    context = await out_page.playwright_page.context.browser.new_context()  # type: ignore[union-attr]
    try:
        replay = await context.new_page()
        await replay.route_from_har(har_path, not_found="abort")
        await replay.goto(loads)
        assert await replay.evaluate(FETCH_TEXT, data) == '200 {"from": "server"}'
        assert server.requests == []
    finally:
        await context.close()


async def test_har_paths_stay_in_the_output_folder(out_page: Page, server: TestServer, tmp_path: Path) -> None:
    with pytest.raises(PolicyDeniedError, match="inside the output folder"):
        await out_page.run_command("network har start ../out.har")
    await run(out_page, "network har start")
    with pytest.raises(PolicyDeniedError, match="inside the output folder"):
        await out_page.run_command("network har stop /tmp/elsewhere.har")
    # Still recording after a refused path; a default name lands in the folder.
    saved = await run(out_page, "network har stop")
    assert saved.startswith(f"HAR saved to {tmp_path}/network-") and saved.endswith(".har (0 requests)")
    # Another unnamed recording in the same second keeps the first (issue 44 §10).
    await run(out_page, "network har start")
    again = await run(out_page, "network har stop")
    assert again.startswith(f"HAR saved to {tmp_path}/network-") and again != saved
    assert len(list(tmp_path.glob("network-*.har"))) == 2  # noqa: ASYNC240 - a test's own folder
    # A second recording, named at start, holds its own requests once each.
    await run(out_page, f"open {server.empty_page}")
    data = _data(server)
    await run(out_page, "network har start second.har")
    assert await out_page.playwright_page.evaluate(FETCH_TEXT, data) == '200 {"real": true}'
    assert await run(out_page, "network har stop") == f"HAR saved to {tmp_path / 'second.har'} (1 request)"
    entries = json.loads((tmp_path / "second.har").read_text())["log"]["entries"]
    assert [e["request"]["url"] for e in entries] == [data]


async def test_policy_decides_network_commands(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.empty_page}")
    page.set_action_policy(refwright.ActionPolicy(denied_actions={ActionType.NETWORK}))
    try:
        with pytest.raises(PolicyDeniedError, match="Network"):
            await page.run_command("network route ** --abort")
        with pytest.raises(PolicyDeniedError, match="Network"):
            await page.run_command("network har start")
        assert page.network.routes == []
        # Listing requests is a read.
        assert (await run(page, "network requests --filter empty")).endswith("(Document) 200")
    finally:
        page.set_action_policy(None)
