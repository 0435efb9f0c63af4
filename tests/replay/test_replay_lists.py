"""List parameters: boxes a run ticked and options it chose in a list that takes several are one parameter each
(items separated by ", "), so a replay can name another number of them, none included (#43)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import urllib.parse
from pathlib import Path

import refwright
from refwright.replay import parse_script
from refwright.replay._params import bind
from refwright.replay._run import Replayer
from refwright.replay._script_reader import script_params

from ..inprocess import environment
from ..inprocess import refwright as cli
from ..server import TestServer

TASK = 'Order a pizza with "Cheese" and "Olives", with Salad and Bread on the side'


def _ordered(server: TestServer) -> None:
    """The order form's target: it keeps what it received and says it in a status line."""

    def route(handler: object) -> None:
        fields = urllib.parse.parse_qs(server.requests_to("/replay/ordered")[-1].body.decode())
        got = {"topping": fields.get("topping", []), "side": fields.get("side", [])}
        server.received.append(got)  # type: ignore[attr-defined]
        body = f"<title>Ordered</title><p role='status'>{len(got['topping'])} toppings ordered.</p>"
        handler.send_body(body.encode(), "text/html; charset=utf-8")  # type: ignore[attr-defined]

    server.received = []  # type: ignore[attr-defined]
    server.set_route("/replay/ordered", route)


async def _record(page: refwright.Page, server: TestServer, path: Path) -> str:
    _ordered(server)
    page.recording(TASK)
    await page.run_command(f"open {server.url('/replay/order.html')}")
    snap = (await page.run_command("snapshot -i")).snapshot
    assert snap is not None
    ref = {e.name: "@" + e.ref for e in snap.refs.values()}
    for line in (f"check {ref['Cheese']}", f"check {ref['Olives']}"):
        await page.run_command(line)
    # The command line's select picks one option; the resolver chooses several in a list that takes them.
    assert (await page.act("Select Salad, Bread from the Sides list")).output.startswith("Done")
    for line in (f"click {ref['Order']}", "wait --text ordered"):
        await page.run_command(line)
    saved = await page.save_recording(path, answer='Done: "2 toppings ordered."')
    return saved.read_text(encoding="utf-8")


def _replay_now(*args: str) -> subprocess.CompletedProcess[bytes]:
    with environment(dict(os.environ)):
        return cli("replay", *args, "--allow-private", "127.0.0.1")


async def test_ticked_boxes_and_chosen_options_are_list_parameters(
        page: refwright.Page, browser: refwright.Browser, server: TestServer, tmp_path: Path) -> None:
    script = await _record(page, server, tmp_path / "order.py")
    assert 'checkboxes: str = "Cheese, Olives"' in script, script
    assert ('    for checkbox in checkboxes.split(", ") if checkboxes else []:\n'
            '        page.get_by_role("checkbox", name=checkbox).check()\n') in script, script
    assert ('page.get_by_role("listbox", name="Sides").select_option(\n'
            '        sides.split(", ") if sides else [],\n') in script, script
    assert 'sides: str = "Salad, Bread"' in script
    assert "Lists: checkboxes, sides (items separated by ', '; an empty value is none)" in script
    # The recorded values replay as recorded; three boxes and one option given instead replay as given.
    items = parse_script(script)
    params = script_params(script)
    for values, toppings, sides in (({}, ["Cheese", "Olives"], ["Salad", "Bread"]),
                                    ({"checkboxes": "Olives, Basil, Mushrooms", "sides": "Soup"},
                                     ["Olives", "Basil", "Mushrooms"], ["Soup"])):
        fresh = await browser.new_page(isolated=True)
        try:
            bound = bind(items, {**params, **values})
            outcomes = await Replayer(fresh).run([i for i in bound if not hasattr(i, "template")])
        finally:
            await fresh.close()
        assert {o.status for o in outcomes} == {"replayed"}
        assert server.received[-1] == {"topping": toppings, "side": sides}  # type: ignore[attr-defined]


async def test_set_and_data_give_a_list_another_number_of_items_or_none(
        page: refwright.Page, server: TestServer, tmp_path: Path) -> None:
    path = tmp_path / "order.py"
    await _record(page, server, path)
    server.received.clear()  # type: ignore[attr-defined]
    done = await asyncio.to_thread(_replay_now, str(path), "--set", "checkboxes=Basil, Cheese, Mushrooms")
    # The closing check says what the run achieved with the recorded count: another count is another outcome.
    assert done.returncode == 1, done.stderr.decode()
    assert 'does not show the text "2 toppings ordered."' in done.stderr.decode()
    assert server.received == [{"topping": ["Cheese", "Basil", "Mushrooms"],  # type: ignore[attr-defined]
                                "side": ["Salad", "Bread"]}]
    rows = tmp_path / "rows.jsonl"
    rows.write_text('{"checkboxes": ["Basil", "Olives"], "sides": []}\n{"checkboxes": "", "sides": "Fries"}\n',
                    encoding="utf-8")
    server.received.clear()  # type: ignore[attr-defined]
    both = await asyncio.to_thread(_replay_now, str(path), "--data", str(rows))
    out = both.stdout.decode()
    assert out.startswith("row 1: passed ("), out + both.stderr.decode()
    assert "row 2: failed" in out and '"0 toppings ordered."' not in out
    assert server.received == [  # type: ignore[attr-defined]
        {"topping": ["Olives", "Basil"], "side": []}, {"topping": [], "side": ["Fries"]}]


async def test_a_place_the_request_named_is_a_parameter(
        page: refwright.Page, server: TestServer, tmp_path: Path) -> None:
    def route(handler: object) -> None:
        server.received.append(dict(urllib.parse.parse_qsl(  # type: ignore[attr-defined]
            server.requests_to("/replay/placed")[-1].body.decode())))
        handler.send_body(b"<title>Sent</title><p role='status'>Sent.</p>", "text/html")  # type: ignore[attr-defined]

    server.received = []  # type: ignore[attr-defined]
    server.set_route("/replay/placed", route)
    page.recording('Check the 1st radio button and enter "16" into the 3rd textbox')
    await page.run_command(f"open {server.url('/replay/places.html')}")
    snap = (await page.run_command("snapshot -i")).snapshot
    assert snap is not None
    radios = ["@" + e.ref for e in snap.refs.values() if e.role == "radio"]
    boxes = ["@" + e.ref for e in snap.refs.values() if e.role == "textbox"]
    send = next("@" + e.ref for e in snap.refs.values() if e.role == "button")
    for line in (f"check {radios[0]}", f"fill {boxes[2]} 16", f"click {send}"):
        await page.run_command(line)
    script = (await page.save_recording(tmp_path / "places.py")).read_text(encoding="utf-8")
    assert 'page.get_by_role("radio").nth(int(radio_place) - 1).check()' in script, script
    assert 'radio_place: str = "1"' in script and 'textbox_place: str = "3"' in script, script
    done = await asyncio.to_thread(_replay_now, str(tmp_path / "places.py"), "--set", "radio_place=3",
                                   "--set", "textbox_place=1", "--set", "textbox=41")
    assert done.returncode == 0, done.stderr.decode()
    assert server.received[-1] == {"pick": "c", "t1": "41"}  # type: ignore[attr-defined]
    wrong = await asyncio.to_thread(_replay_now, str(tmp_path / "places.py"), "--set", "radio_place=third")
    assert wrong.returncode == 2
    assert "radio_place is a place, counted from 1 (1 for the first, 2 for the second...), not 'third'." \
        in wrong.stderr.decode()


async def test_a_run_that_selected_nothing_keeps_an_empty_list_to_fill(
        page: refwright.Page, server: TestServer, tmp_path: Path) -> None:
    _ordered(server)
    await page.goto(server.url("/replay/order.html"))
    page.recording("Select nothing and click Order")
    for _ in range(3):
        out = (await page.act("Select nothing and click Order")).output
        if out.startswith("Needs approval:"):
            out = (await page.confirm(out.split("`confirm ")[1].split("`")[0])).output
        if out.startswith(("Done", "Confirmed")):
            break
    assert server.received[-1]["topping"] == []  # type: ignore[attr-defined]
    script = (await page.save_recording(tmp_path / "none.py")).read_text(encoding="utf-8")
    # Nothing was ticked, and still the boxes are a list parameter (empty by default), for a run that names some.
    assert 'checkboxes: str = ""' in script and "for checkbox in checkboxes.split" in script, script
    done = await asyncio.to_thread(_replay_now, str(tmp_path / "none.py"), "--set", "checkboxes=Basil, Olives")
    assert server.received[-1]["topping"] == ["Olives", "Basil"]  # type: ignore[attr-defined]
    # The recorded outcome ("0 toppings ordered.") is not this run's, and the closing check says so.
    assert done.returncode == 1 and 'does not show the text "0 toppings ordered."' in done.stderr.decode()
    again = await asyncio.to_thread(_replay_now, str(tmp_path / "none.py"))
    assert again.returncode == 0, again.stderr.decode()
    assert server.received[-1]["topping"] == []  # type: ignore[attr-defined]
