"""The console, driven like a person drives it: Playwright clicks its page in real Chromium (the tests'
session browser), the runs are the local resolver signing up on the bundled demo app."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import re
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import httpx
import pytest
import pytest_asyncio
from playwright.async_api import Page as PlaywrightPage
from playwright.async_api import expect

import refwright
from refwright.agent import LocalResolverLlm, run_agent
from refwright.console import Console, ConsoleClient, ConsoleServer
from refwright.demo import DemoServer

pytestmark = pytest.mark.asyncio(loop_scope="session")

DOCS = Path(__file__).resolve().parents[2] / "docs"


def signup(email: str = "demo@example.com") -> str:
    return (f'Enter "{email}" into the Email field, enter "correct-horse-42" into the Password field, select "Team" '
            'from the Plan list, check "I agree to the terms" and click "Create account".')


@pytest.fixture(scope="module")
def demo() -> Iterator[DemoServer]:
    with DemoServer() as server:
        yield server


@pytest_asyncio.fixture(loop_scope="session")
async def console(browser: refwright.Browser) -> AsyncIterator[ConsoleServer]:
    async with ConsoleServer(Console(browser, approval_timeout=60)) as server:
        yield server


@pytest_asyncio.fixture(loop_scope="session")
async def tab(page: refwright.Page, console: ConsoleServer) -> PlaywrightPage:
    pw = page.playwright_page
    await pw.set_viewport_size({"width": 1280, "height": 1000})
    response = await pw.goto(console.url)
    assert response is not None and response.status == 200
    return pw


async def start_from_page(tab: PlaywrightPage, task: str, url: str) -> None:
    await tab.get_by_label("Task", exact=True).fill(task)
    await tab.get_by_label("Start URL", exact=True).fill(url)
    await expect(tab.get_by_label("Model", exact=True)).to_have_value("local")
    await tab.get_by_role("button", name="Start").click()


def steps_of(tab: PlaywrightPage):  # type: ignore[no-untyped-def]
    return tab.get_by_role("list", name="Steps").get_by_role("listitem")


async def test_a_run_started_from_the_page_shows_its_steps_and_asks_once_at_the_submit(
        tab: PlaywrightPage, console: ConsoleServer, demo: DemoServer) -> None:
    await start_from_page(tab, signup(), demo.url)
    steps = steps_of(tab)
    await expect(steps.first).to_contain_text(f"open {demo.url}")
    await expect(steps.filter(has_text='Checked @e6 checkbox "I agree to the terms"')).to_have_count(1)
    prompt = tab.get_by_role("alertdialog", name="Approval needed")
    await expect(prompt).to_be_visible(timeout=20_000)
    await expect(prompt).to_contain_text("click")
    await expect(prompt).to_contain_text('button "Create account"')
    await expect(prompt).to_contain_text(demo.url)
    crop = prompt.get_by_role("img", name="The page around the target")
    await expect(crop).to_be_visible()
    assert await crop.evaluate("img => img.naturalWidth > 0 && img.naturalWidth < 1280")
    # The live view shows the page while the run waits.
    await expect(tab.get_by_role("img", name="The run's page, live")).to_be_visible()
    await expect(tab.locator("#run-state")).to_have_text("waiting for approval")
    await expect(steps.filter(has_text="Approval waiting")).to_have_count(1)
    picture = await tab.screenshot(full_page=True)
    assert picture[:8] == b"\x89PNG\r\n\x1a\n"
    if os.environ.get("REFWRIGHT_UPDATE_DOCS_SCREENSHOT") or not (DOCS / "console.png").exists():
        # docs/console.png is this picture, committed once; set the variable to take it again.
        (DOCS / "console.png").write_bytes(picture)

    await tab.get_by_role("button", name="Allow once").click()
    await expect(prompt).to_be_hidden()
    await expect(tab.locator("#run-answer")).to_contain_text("Done: nothing is left of the request", timeout=20_000)
    await expect(steps.filter(has_text="Approval allowed once")).to_have_count(1)
    await expect(steps.filter(has_text='Approved by the person: click @e7 button "Create account"')).to_have_count(1)
    # Only the submit asked: one approval in the whole signup.
    await expect(steps.filter(has_text="Approval")).to_have_count(1)
    await expect(tab.locator("#run-state")).to_have_text("answered")
    # The run that answered is kept as a script that replays with no model.
    save = tab.get_by_role("link", name="Save as script")
    await expect(save).to_be_visible()
    assert await save.get_attribute("download") is not None
    script = await tab.evaluate("url => fetch(url).then(r => r.text())", await save.get_attribute("href"))
    assert 'get_by_role("button", name="Create account").click()' in script
    # The checkbox the request named is a list parameter of the script (boxes to tick), its recorded label the
    # default.
    assert 'checkboxes: str = "I agree to the terms"' in script
    assert 'for checkbox in checkboxes.split(", ") if checkboxes else []:' in script
    assert 'get_by_role("checkbox", name=checkbox).check()' in script
    assert not re.search(r"@e\d", script) and "correct-horse" not in script


async def test_deny_says_denied_in_the_steps_and_nothing_is_submitted(
        tab: PlaywrightPage, console: ConsoleServer, demo: DemoServer) -> None:
    await start_from_page(tab, signup(), demo.url)
    prompt = tab.get_by_role("alertdialog", name="Approval needed")
    await expect(prompt).to_be_visible(timeout=20_000)
    await tab.get_by_role("button", name="Deny").click()
    steps = steps_of(tab)
    await expect(steps.filter(has_text="Approval denied")).to_have_count(1)
    await expect(steps.filter(has_text="Error: The person denied this step")).to_have_count(1)
    await expect(tab.locator("#run-answer")).to_contain_text("denied", timeout=20_000)
    run = next(iter(console.console.book.runs.values()))
    assert not any("Welcome" in s["output"] for s in run.steps)


async def test_an_unanswered_approval_times_out_as_a_denial(
        tab: PlaywrightPage, console: ConsoleServer, demo: DemoServer) -> None:
    console.console.desk.timeout = 1.5
    await start_from_page(tab, signup(), demo.url)
    steps = steps_of(tab)
    await expect(steps.filter(has_text="Approval timed out: denied")).to_have_count(1, timeout=30_000)
    await expect(steps.filter(has_text="Nobody answered the approval request in time")).to_have_count(1)
    await expect(tab.get_by_role("alertdialog", name="Approval needed")).to_be_hidden()


async def test_a_second_tab_sees_the_same_run_live(tab: PlaywrightPage, console: ConsoleServer,
                                                   demo: DemoServer) -> None:
    await start_from_page(tab, signup(), demo.url)
    await expect(tab.get_by_role("alertdialog", name="Approval needed")).to_be_visible(timeout=20_000)
    other = await tab.context.new_page()
    try:
        await other.goto(console.url)
        await other.get_by_role("row").filter(has_text="demo@example.com").get_by_role("button", name="Open").click()
        await expect(other.get_by_role("alertdialog", name="Approval needed")).to_be_visible()
        await expect(other.get_by_role("img", name="The run's page, live")).to_be_visible()
        await tab.get_by_role("button", name="Allow once").click()
        # The second tab follows: the prompt goes, the steps and the answer arrive.
        await expect(other.get_by_role("alertdialog", name="Approval needed")).to_be_hidden()
        await expect(steps_of(other).filter(has_text="Approval allowed once")).to_have_count(1)
        await expect(other.locator("#run-answer")).to_contain_text("Done:", timeout=20_000)
    finally:
        await other.close()


async def test_requests_without_the_token_are_refused(console: ConsoleServer) -> None:
    base = console.url.split("?")[0]
    assert base.startswith("http://127.0.0.1:")
    async with httpx.AsyncClient() as client:
        assert (await client.get(base)).status_code == 401
        assert (await client.get(base + "api/runs")).status_code == 401
        assert (await client.get(base + "?token=wrong")).status_code == 403
        assert (await client.post(base + "api/runs", json={"task": "x"},
                                   headers={"Authorization": "Bearer wrong"})).status_code == 403
        assert (await client.get(base + "api/runs", headers={"Cookie": "refwright_console_1=nope"})).status_code == 401
        opened = await client.get(console.url)
        assert opened.status_code == 200
        assert opened.cookies.get(f"refwright_console_{console.port}") == console.token
        # The cookie alone now works.
        assert (await client.get(base + "api/runs")).status_code == 200


async def test_the_live_websocket_needs_the_token_and_the_same_origin(
        page: refwright.Page, console: ConsoleServer, demo: DemoServer) -> None:
    run = console.console.start(signup(), demo.url)
    pw = page.playwright_page
    await pw.goto(console.url)
    ws_url = console.url.split("?")[0].replace("http://", "ws://") + f"ws/runs/{run.id}"
    opened = await pw.evaluate("""url => new Promise(done => {
        const ws = new WebSocket(url);
        ws.onmessage = () => { ws.close(); done("open"); };
        ws.onclose = () => done("refused");
    })""", ws_url)
    assert opened == "open"
    # The demo app's origin holds no cookie for the console, and is another origin anyway.
    await pw.goto(demo.url)
    refused = await pw.evaluate("""url => new Promise(done => {
        const ws = new WebSocket(url);
        ws.onmessage = () => done("open");
        ws.onclose = () => done("refused");
    })""", ws_url)
    assert refused == "refused"


async def test_the_screencast_runs_only_while_someone_watches(tab: PlaywrightPage, console: ConsoleServer,
                                                               demo: DemoServer) -> None:
    run = console.console.start(signup(), demo.url)
    await expect(tab.get_by_role("row").filter(has_text="demo@example.com")).to_have_count(1)
    cast = None
    for _ in range(100):
        cast = console.console.casts.get(run.id)
        if cast is not None:
            break
        await asyncio.sleep(0.05)
    assert cast is not None and not cast.running  # nobody watches yet
    await tab.get_by_role("row").filter(has_text="demo@example.com").get_by_role("button", name="Open").click()
    await expect(tab.get_by_role("img", name="The run's page, live")).to_be_visible(timeout=20_000)
    assert cast.running and cast.frames > 0
    other = await tab.context.new_page()
    await other.goto(console.url)
    await other.get_by_role("row").filter(has_text="demo@example.com").get_by_role("button", name="Open").click()
    await expect(other.get_by_role("img", name="The run's page, live")).to_be_visible()
    await other.close()
    await asyncio.sleep(0.3)
    assert cast.running, "one viewer still watches"
    await tab.goto("about:blank")
    for _ in range(100):
        if not cast.running:
            break
        await asyncio.sleep(0.05)
    assert not cast.running, "the last viewer left"
    assert run.watching.viewers == 0
    assert cast.last is not None, "the last frame is kept"
    assert base64.b64decode(cast.last)[:2] == b"\xff\xd8"


async def test_sixteen_runs_at_once_are_listed_and_each_opens(tab: PlaywrightPage, console: ConsoleServer,
                                                               demo: DemoServer) -> None:
    emails = [f"user{i}@example.com" for i in range(16)]
    async with httpx.AsyncClient(headers={"Authorization": f"Bearer {console.token}"}) as client:
        for email in emails:
            made = await client.post(console.url.split("?")[0] + "api/runs", json={"task": signup(email),
                                                                                   "url": demo.url})
            assert made.status_code == 201
    rows = tab.get_by_role("table", name="Runs").get_by_role("row")
    await expect(rows).to_have_count(17)  # and the header
    for email in emails:
        row = rows.filter(has_text=email)
        await expect(row).to_contain_text(demo.url)
        await row.get_by_role("button", name="Open").click()
        await expect(tab.locator("#run-task")).to_contain_text(email)
        await expect(steps_of(tab).first).to_contain_text(f"open {demo.url}", timeout=30_000)
    waiting = rows.filter(has_text="waiting for approval")
    await expect(waiting).to_have_count(16, timeout=60_000)


async def test_a_run_reported_over_http_is_listed_and_approved_from_the_page(
        browser: refwright.Browser, tab: PlaywrightPage, console: ConsoleServer, demo: DemoServer) -> None:
    worker = await browser.new_page(isolated=True)
    try:
        async with ConsoleClient(console.url) as client:
            await worker.run_command(f"open {demo.url}")
            reporter = await client.report(signup("reported@example.com"), demo.url, "local", page=worker)
            job = asyncio.ensure_future(run_agent(worker, LocalResolverLlm(), signup("reported@example.com"),
                                                  on_event=reporter.on_event, approve=reporter.approve))
            row = tab.get_by_role("row").filter(has_text="reported@example.com")
            await expect(row).to_contain_text("agent")
            await row.get_by_role("button", name="Open").click()
            prompt = tab.get_by_role("alertdialog", name="Approval needed")
            await expect(prompt).to_be_visible(timeout=20_000)
            await expect(prompt.get_by_role("img", name="The page around the target")).to_be_visible()
            await tab.get_by_role("button", name="Allow once").click()
            outcome = await asyncio.wait_for(job, 30)
            await reporter.finish(outcome.answer, stopped=outcome.stopped)
        assert outcome.answer.startswith("Done:")
        await expect(tab.locator("#run-answer")).to_contain_text("Done:")
        await expect(tab.get_by_role("img", name="The run's page, live")).to_be_visible()
        run = next(r for r in console.console.book.runs.values() if r.source == "agent")
        assert console.console.frames.get(run.id), "the reporting process relayed its screencast"
        assert not run.watching.screencast
    finally:
        await worker.close()


async def test_stop_ends_a_waiting_run(tab: PlaywrightPage, console: ConsoleServer, demo: DemoServer) -> None:
    await start_from_page(tab, signup(), demo.url)
    await expect(tab.get_by_role("alertdialog", name="Approval needed")).to_be_visible(timeout=20_000)
    row = tab.get_by_role("row").filter(has_text="demo@example.com")
    await row.get_by_role("button", name="Stop").click()
    await expect(row).to_contain_text("stopped")
    await expect(tab.get_by_role("alertdialog", name="Approval needed")).to_be_hidden()
    await expect(tab.locator("#run-answer")).to_contain_text("Stopped by the person.")
    await expect(steps_of(tab).filter(has_text="Approval cancelled: the run stopped")).to_have_count(1)


async def test_the_run_list_refreshes_in_place_so_a_click_held_across_a_refresh_still_opens(
        tab: PlaywrightPage, console: ConsoleServer, demo: DemoServer) -> None:
    await start_from_page(tab, signup(), demo.url)
    await expect(tab.get_by_role("alertdialog", name="Approval needed")).to_be_visible(timeout=20_000)
    open_button = tab.get_by_role("row").filter(has_text="demo@example.com").get_by_role("button", name="Open")
    await open_button.evaluate("b => { b.dataset.kept = 'yes'; }")
    await open_button.scroll_into_view_if_needed()
    box = await open_button.bounding_box()
    assert box is not None
    await tab.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    await tab.mouse.down()
    for _ in range(2):  # the list is polled every 1.5 s: it refreshes twice while the button is held down
        async with tab.expect_response(lambda r: r.url.endswith("/api/runs")):
            pass
    async with tab.expect_websocket(timeout=5_000) as opened:
        await tab.mouse.up()
    assert "/ws/runs/" in (await opened.value).url
    assert await open_button.evaluate("b => b.dataset.kept") == "yes"  # the same button, updated in place


async def test_review_steps_through_a_finished_run_with_its_screenshots(
        tab: PlaywrightPage, console: ConsoleServer, demo: DemoServer) -> None:
    await start_from_page(tab, signup(), demo.url)
    await tab.get_by_role("button", name="Allow once").click(timeout=20_000)
    await expect(tab.locator("#run-answer")).to_contain_text("Done:", timeout=20_000)
    review = tab.get_by_role("region", name="Review")
    await expect(review).to_be_visible()
    last = await review.locator("#review-pos").text_content()
    assert last is not None and last.startswith("Step ")
    shot = review.get_by_role("img", name="The page after this step")
    await expect(shot).to_be_visible()
    final_src = await shot.get_attribute("src")
    first_button = review.get_by_role("button", name="Previous step")
    while await first_button.is_enabled():
        await first_button.click()
    await expect(review.locator("#review-pos")).to_contain_text("Step 1 of")
    await expect(review.locator("#review-command")).to_have_text(f"open {demo.url}")
    await expect(shot).to_be_visible()
    assert await shot.get_attribute("src") != final_src
    assert await shot.evaluate("img => img.complete && img.naturalWidth > 0")


async def test_refwrights_own_snapshot_names_every_control(page: refwright.Page, console: ConsoleServer,
                                                           demo: DemoServer) -> None:
    console.console.start(signup(), demo.url)
    await page.run_command(f"open {console.url}")
    await page.run_command("find role button click --name Open")
    await page.run_command("wait --text 'Approval needed'")
    snapshot = (await page.run_command("snapshot -i")).output
    controls = [line for line in snapshot.splitlines() if re.match(r"@e\d+ \[(?!heading)", line.strip())]
    assert len(controls) >= 9, snapshot
    for line in controls:
        assert re.match(r'@e\d+ \[[a-z]+\] "[^"]+"', line.strip()), f"a control without a name: {line}"
    for name in ("Task", "Start URL", "Model", "Start", "Open", "Stop", "Allow once", "Always for this origin",
                 "Deny"):
        assert f'"{name}"' in snapshot, f"{name!r} is not named in:\n{snapshot}"
    audit = await page.accessibility_audit()
    assert audit["violations"] == [], [(v["id"], v["help"]) for v in audit["violations"]]


async def test_sixteen_sessionpool_sessions_pointed_at_the_console_are_listed_and_each_opens(
        tab: PlaywrightPage, console: ConsoleServer, demo: DemoServer) -> None:
    from refwright import SessionPool

    from ..conftest import TEST_CONFIG

    release = asyncio.Event()

    async def session(pool: SessionPool, index: int) -> str:
        async with pool.session() as page:
            await page.run_command(f"open {demo.url}?session={index}")
            await release.wait()
            return page.url

    async with SessionPool(["local"], sessions_per_browser=16, config=TEST_CONFIG, console=console.url) as pool:
        sessions = [asyncio.ensure_future(session(pool, i)) for i in range(16)]
        try:
            rows = tab.get_by_role("table", name="Runs").get_by_role("row").filter(has_text="SessionPool session")
            await expect(rows).to_have_count(16, timeout=60_000)
            for index in range(16):
                row = rows.filter(has_text=re.compile(re.escape(f"{demo.url}?session={index}") + r"(?!\d)"))
                await expect(row).to_have_count(1, timeout=30_000)
                await expect(row).to_contain_text("pool")
                await row.get_by_role("button", name="Open").click()
                await expect(steps_of(tab).first).to_contain_text(f"{demo.url}?session={index}")
                await expect(tab.get_by_role("img", name="The run's page, live")).to_be_visible()
        finally:
            release.set()
            await asyncio.gather(*sessions)
    await expect(rows.filter(has_text="answered")).to_have_count(16)


async def test_finished_runs_are_kept_and_reviewed_after_a_restart(
        browser: refwright.Browser, page: refwright.Page, demo: DemoServer, tmp_path: Path) -> None:
    async with ConsoleServer(Console(browser, runs_dir=tmp_path)) as first:
        run = first.console.start(signup("kept@example.com"), demo.url, model="local:auto-approve")
        await asyncio.wait_for(asyncio.shield(first.console.tasks[run.id]), 30)
    assert (tmp_path / f"{run.id}.json").is_file()
    async with ConsoleServer(Console(browser, runs_dir=tmp_path)) as second:
        tab = page.playwright_page
        await tab.goto(second.url)
        row = tab.get_by_role("row").filter(has_text="kept@example.com")
        await expect(row).to_contain_text("transcript")
        await row.get_by_role("button", name="Open").click()
        review = tab.get_by_role("region", name="Review")
        # A past run opens at its first step.
        await expect(review.locator("#review-pos")).to_have_text(f"Step 1 of {len(run.steps)}")
        await expect(review.locator("#review-command")).to_have_text(f"open {demo.url}")
        await review.get_by_role("button", name="Next step").click()
        await expect(review.locator("#review-pos")).to_have_text(f"Step 2 of {len(run.steps)}")
        shot = review.get_by_role("img", name="The page after this step")
        await expect(shot).to_be_visible()
        assert await shot.evaluate("img => img.complete && img.naturalWidth > 0")


async def test_an_agent_transcript_is_reviewed_with_its_screenshots(
        browser: refwright.Browser, page: refwright.Page, demo: DemoServer, tmp_path: Path) -> None:
    from refwright.agent import Assistant, ScriptedLlm, ToolCall, User, turn_to_json

    worker = await browser.new_page(isolated=True)
    try:
        llm = ScriptedLlm([[ToolCall("1", f"open {demo.url}")], [ToolCall("2", "screenshot")],
                           [Assistant("I looked at the signup page.")]])
        outcome = await run_agent(worker, llm, "Look at the signup page")
    finally:
        await worker.close()
    lines = [json.dumps(turn_to_json(t)) for t in (User("Look at the signup page"), *outcome.turns[1:])]
    (tmp_path / "look.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (tmp_path / "broken.jsonl").write_text("{not json\n", encoding="utf-8")
    async with ConsoleServer(Console(browser, runs_dir=tmp_path)) as server:
        tab = page.playwright_page
        await tab.goto(server.url)
        rows = tab.get_by_role("table", name="Runs").get_by_role("row")
        await expect(rows).to_have_count(2)  # the header and the one readable transcript
        row = rows.filter(has_text="Look at the signup page")
        await row.get_by_role("button", name="Open").click()
        review = tab.get_by_role("region", name="Review")
        await expect(review.locator("#review-pos")).to_have_text("Step 1 of 2")
        await review.get_by_role("button", name="Next step").click()
        await expect(review.locator("#review-command")).to_have_text("screenshot")
        shot = review.get_by_role("img", name="The page after this step")
        await expect(shot).to_be_visible()
        assert await shot.evaluate("img => img.complete && img.naturalWidth > 0")
        await expect(tab.locator("#run-answer")).to_have_text("Answer: I looked at the signup page.")


async def test_the_form_says_what_is_wrong(tab: PlaywrightPage, console: ConsoleServer) -> None:
    await tab.get_by_label("Task", exact=True).fill("Find the price")
    await tab.get_by_label("Model", exact=True).fill("gpt-9")
    await tab.get_by_role("button", name="Start").click()
    await expect(tab.get_by_role("alert")).to_contain_text("Unknown model spec 'gpt-9'")
    await tab.get_by_label("Model", exact=True).fill("local")
    await tab.get_by_label("Start URL", exact=True).fill("https://example.com/a b")
    await tab.get_by_role("button", name="Start").click()
    await expect(tab.get_by_role("alert")).to_contain_text("has spaces or quotes")
    assert console.console.book.runs == {}


async def test_the_form_keeps_its_layout_and_drops_a_stale_message(tab: PlaywrightPage,
                                                                   console: ConsoleServer) -> None:
    # Issue 44 §11: a message must not squeeze the fields, nor outlive the attempt it was about; "Task"
    # names the task field alone.
    await expect(tab.get_by_label("Task")).to_have_count(1)
    fields = [tab.get_by_label(name, exact=True) for name in ("Task", "Start URL", "Model")]
    widths = [(await f.bounding_box() or {}).get("width") for f in fields]
    await fields[0].fill("Find the price")
    await fields[2].fill("gpt-9")
    await tab.get_by_role("button", name="Start").click()
    await expect(tab.get_by_role("alert")).to_contain_text("Unknown model spec 'gpt-9'")
    assert [(await f.bounding_box() or {}).get("width") for f in fields] == widths
    assert await tab.evaluate("document.documentElement.scrollWidth <= innerWidth")
    # The next attempt is stopped by the browser's own validation (the task is empty): no stale message.
    await fields[0].fill("")
    await fields[2].fill("local")
    await tab.get_by_role("button", name="Start").click()
    await expect(tab.locator("#start-error")).to_have_text("")
    await expect(tab.locator("#start-error")).to_be_hidden()
    assert console.console.book.runs == {}


async def test_stop_reaches_a_reported_run_while_it_waits_for_approval(
        browser: refwright.Browser, tab: PlaywrightPage, console: ConsoleServer, demo: DemoServer) -> None:
    from refwright.console import run_reported

    worker = await browser.new_page(isolated=True)
    try:
        await worker.run_command(f"open {demo.url}")
        job = asyncio.ensure_future(run_reported(console.url, worker, LocalResolverLlm(), signup("stop@example.com"),
                                                 start_url=demo.url, model="local"))
        row = tab.get_by_role("row").filter(has_text="stop@example.com")
        await expect(row).to_contain_text("waiting for approval", timeout=20_000)
        await row.get_by_role("button", name="Stop").click()
        outcome = await asyncio.wait_for(job, 10)
    finally:
        await worker.close()
    assert outcome.stopped and outcome.answer == "Stopped from the console."
    await expect(row).to_contain_text("stopped")
    run = next(r for r in console.console.book.runs.values() if r.task == signup("stop@example.com"))
    assert [s["status"] for s in run.steps if s["kind"] == "approval"] == ["denied"]
