"""Small inconsistencies a new user met (issue 44 §12): one wording for a stale ref, a field named as the
snapshot prints it, counts in the right number, no guard line for the full guard, and the number labels
of an annotated screenshot kept over the blanking of a secret."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import refwright
from refwright import Config, RefwrightError, Secret, Secrets, StaleRefError

from ..conftest import TEST_CONFIG, run
from ..inprocess import refwright as refwright_cli
from ..server import TestServer


async def test_a_stale_ref_is_told_the_same_way_by_every_command_that_throws(page: refwright.Page,
                                                                             server: TestServer) -> None:
    await run(page, "open " + server.html("/first.html", "<button>Go</button><input type=checkbox aria-label=c>"))
    await run(page, "snapshot -i")
    await run(page, "open " + server.html("/second.html", "<p>Elsewhere</p>"))
    messages = set()
    for command in ("click @e1", "is enabled @e1", "is checked @e2", "is editable @e1", "fill @e1 x"):
        with pytest.raises(StaleRefError) as info:
            await page.run_command(command)
        messages.add(str(info.value).replace("@e2", "@e1"))
    assert len(messages) == 1, messages
    assert messages.pop().startswith("@e1 is from an earlier page: the page navigated (or reloaded)")
    # A selector that matches nothing keeps the reference's sentence.
    with pytest.raises(RefwrightError, match=r"^No element found for '#nope'\. Refresh the snapshot"):
        await page.run_command("is enabled #nope")


async def test_a_password_field_is_named_as_the_snapshot_prints_it(page: refwright.Page, server: TestServer) -> None:
    await run(page, "open " + server.html("/pw-label.html", """<label>Password <input type=password
        id=pw></label><button id=b style="display:none">Later</button>"""))
    assert '@e1 [input type="password"] "Password"' in await run(page, "snapshot -i")
    await page.playwright_page.evaluate("document.getElementById('pw').style.display = 'none'")
    with pytest.raises(RefwrightError) as info:
        await page.run_command("fill #pw secret-ish")
    assert str(info.value).startswith('#pw [input type="password"] is hidden'), str(info.value)


async def test_counts_are_in_the_right_number(page: refwright.Page, server: TestServer) -> None:
    await run(page, "open " + server.html("/counts.html", "<p id=p>Two</p>"))
    await run(page, "snapshot")
    await page.playwright_page.evaluate("document.getElementById('p').textContent = 'Three'")
    diff = await run(page, "diff snapshot")
    assert diff.splitlines()[0] == "1 added, 1 removed, 0 changed (1 line unchanged).", diff
    assert await run(page, "clipboard write a") == "Wrote 1 character to the clipboard"


def test_the_full_guard_goes_without_a_line_on_stderr(server: TestServer) -> None:
    result = refwright_cli("shell", "--allow-private", server.empty_page, stdin=b"get title\n")
    assert result.returncode == 0
    assert result.stderr.decode() == ""


PW = "Tr0ub4dor&3-badge"
FIELDS = """<title>Login</title><style>input { display: block; margin: 0; height: 30px }</style>
<input type=password aria-label=Password><input aria-label=Next>"""


async def test_an_annotated_screenshot_keeps_the_labels_over_a_blanked_secret(server: TestServer) -> None:
    config = Config(timeouts=TEST_CONFIG.timeouts, allow_private=True,
                    secrets=Secrets([Secret("PW", PW, (server.prefix,))]))
    async with refwright.launch(config=config) as browser:
        page = await browser.new_page()
        await run(page, "open " + server.html("/badges.html", FIELDS))
        await run(page, "snapshot -i")
        await run(page, "fill @e1 {{secret:PW}}")
        shot = (await page.run_command("screenshot --annotate")).screenshot
    assert shot is not None
    image = Image.open(io.BytesIO(shot.bytes)).convert("RGB")
    password, following = sorted(shot.annotations, key=lambda a: a.number)
    # The field holding the value is blanked in flat gray...
    x, y, w, h = password.box
    assert image.getpixel((int(x + w / 2), int(y + h / 2))) == (200, 200, 200)
    # ...and the label of the field below it, drawn over the field's lower edge, is still red.
    fx, fy = following.box[0], following.box[1]
    assert image.getpixel((int(fx + 1), int(fy - 2))) == (225, 29, 72)
