"""Values a person reruns a kept run with, beyond a typed text: the date picked in a calendar and the value a
drawn slider was set to are parameters, and a replay with other values (``--set``) gets there its own way (other
months, other arrow presses); the page's form receives them."""

from __future__ import annotations

import asyncio
import os
import subprocess
import urllib.parse
from pathlib import Path

import refwright

from ..inprocess import environment
from ..inprocess import refwright as cli
from ..server import TestServer


def _replay_now(*args: str) -> subprocess.CompletedProcess[bytes]:
    with environment(dict(os.environ)):
        return cli("replay", *args, "--allow-private", "127.0.0.1")


async def _act(page: refwright.Page, request: str) -> None:
    out = (await page.act(request)).output
    if out.startswith("Needs approval:"):
        out = (await page.confirm(out.split("`confirm ")[1].split("`")[0])).output
    assert out.startswith(("Done", "Confirmed")), out


def _received(server: TestServer) -> dict[str, str]:
    query = urllib.parse.urlsplit(server.requests_to("/replay/booked")[-1].path).query
    return dict(urllib.parse.parse_qsl(query))


async def test_a_picked_date_and_a_slider_value_replay_with_set(page: refwright.Page, server: TestServer,
                                                                 tmp_path: Path) -> None:
    await page.goto(server.url("/replay/booking.html"))
    page.recording("Book for 01/15/2021 with the slider at 5")
    await _act(page, "Select 01/15/2021 as the arrival date")
    await _act(page, "Select 5 with the slider")
    await _act(page, "click Book")
    assert _received(server) == {"date": "01/15/2021", "guests": "5"}
    script = (await page.save_recording(tmp_path / "booking.py")).read_text(encoding="utf-8")
    assert 'arrival: str = "01/15/2021"' in script and 'slider: str = "5"' in script, script
    assert "keyboard.press" not in script and "Previous month" not in script, script

    # Another month (forward, where the recording went back) and another value (left of where it starts).
    # The handle has no locator: healing finds it by its place, as `python booking.py` replays.
    done = await asyncio.to_thread(_replay_now, str(tmp_path / "booking.py"), "--set", "arrival=05/02/2021",
                                   "--set", "slider=-2", "--heal", "local")
    assert done.returncode == 0, done.stderr.decode()
    assert _received(server) == {"date": "05/02/2021", "guests": "-2"}

    # Unset, the recorded values.
    again = await asyncio.to_thread(_replay_now, str(tmp_path / "booking.py"), "--heal", "local")
    assert again.returncode == 0, again.stderr.decode()
    assert _received(server) == {"date": "01/15/2021", "guests": "5"}


async def test_a_date_the_calendar_cannot_reach_fails_with_the_reason(page: refwright.Page, server: TestServer,
                                                                      tmp_path: Path) -> None:
    await page.goto(server.url("/replay/booking.html"))
    page.recording("Book for 03/04/2021")
    await _act(page, "Select 03/04/2021 as the arrival date")
    await page.save_recording(tmp_path / "date.py")
    done = await asyncio.to_thread(_replay_now, str(tmp_path / "date.py"), "--set", "arrival=not a date")
    assert done.returncode != 0
    assert "could not set 'Arrival' to 'not a date'" in done.stderr.decode(), done.stderr.decode()


def _followed(server: TestServer) -> str:
    return urllib.parse.urlsplit(server.requests_to("/replay/followed")[-1].path).query


async def test_a_link_given_by_set_in_another_tab_is_followed_there(page: refwright.Page, server: TestServer,
                                                                    tmp_path: Path) -> None:
    await page.goto(server.url("/replay/tabs.html"))
    page.recording('Switch between the tabs to find and click on the link "Terms"')
    for _ in range(4):
        out = (await page.act('Switch between the tabs to find and click on the link "Terms"')).output
        if out.startswith("Done"):
            break
    assert _followed(server) == "to=terms"
    script = (await page.save_recording(tmp_path / "link.py")).read_text(encoding="utf-8")
    assert 'link: str = "Terms"' in script, script
    # Pricing is in the third tab, which the recorded run never opened: healing opens it.
    done = await asyncio.to_thread(_replay_now, str(tmp_path / "link.py"), "--set", "link=Pricing", "--heal", "local")
    assert done.returncode == 0, done.stderr.decode()
    assert _followed(server) == "to=pricing", done.stderr.decode() + script
    assert "it was in the tab 'Tab #3', which was not shown: that tab was opened first" in done.stderr.decode()
    # Without healing, the step says where the link is.
    failed = await asyncio.to_thread(_replay_now, str(tmp_path / "link.py"), "--set", "link=Contact")
    assert failed.returncode == 1 and "finds no element shown: it is in the tab 'Tab #3', which is not shown. Run " \
        "`refwright replay --heal local` to open it first." in failed.stderr.decode(), failed.stderr.decode()
