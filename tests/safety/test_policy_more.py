"""The action policy over agent-browser's commands beyond the reference (issue 13, all four areas).

POLICY_TABLE holds one command line per new command with the ActionType the policy decides it as. The
table covers every area, and every command registered in MORE must have a row, a HELP line and
details. The last tests check on a real page that the dispatcher decides these commands by that type
(and Navigate on the URL they open).
"""

from __future__ import annotations

import pytest

from refwright import ActionPolicy, ActionType, Page, PolicyDeniedError
from refwright.commands import parse
from refwright.commands._registry import HELP, MORE, MORE_LAYOUT

from ..conftest import run
from ..server import TestServer

A = ActionType

POLICY_TABLE: tuple[tuple[str, ActionType | None], ...] = (
    # Tabs, windows, frames, dialogs (T)
    ("tab", A.READ_CONTENT),
    ("tab list", A.READ_CONTENT),
    ("tab new", A.NAVIGATE),
    ("tab new https://example.com", A.NAVIGATE),
    # Switching and closing tabs change where the model is, as opening one does.
    ("tab 2", A.NAVIGATE),
    ("tab close", A.NAVIGATE),
    ("window new", A.NAVIGATE),
    ("frame #login", A.NAVIGATE),
    ("frame main", A.NAVIGATE),
    ("dialog accept", A.CLICK),
    ("dialog accept yes", A.CLICK),
    ("dialog dismiss", A.CLICK),
    ("dialog status", A.READ_CONTENT),
    # find, upload, input devices, clipboard, settings, batch (F)
    ("find role button click --name Save", A.CLICK),
    ("find label Email fill a@b.c", A.FILL),
    ("upload #file a.txt", A.FILL),
    ("keyboard type hello", A.TYPE),
    ("keyboard inserttext hello", A.TYPE),
    ("mouse move 10 20", A.HOVER),
    ("mouse down", A.CLICK),
    ("mouse up", A.CLICK),
    ("mouse wheel 100", A.SCROLL),
    ("clipboard read", A.CLIPBOARD),
    ("clipboard write hello", A.CLIPBOARD),
    ("set viewport 800 600", A.EMULATION),
    ("set device iPhone 13", A.EMULATION),
    ("set geo 48.8 2.3", A.EMULATION),
    ("set offline on", A.EMULATION),
    ("set headers {}", A.EMULATION),
    ("set credentials user pass", A.EMULATION),
    ("set media dark", A.EMULATION),
    ("batch\nclick @e1", None),  # each command inside is decided on its own
    # cookies, storage, state, wait --url, pushstate, network (N)
    ("cookies set name value", A.SET_COOKIE),
    ("storage local key", A.READ_CONTENT),
    ("storage local set key value", A.STORAGE),
    ("state save s.json", A.STORAGE),
    ("state load s.json", A.STORAGE),
    ("wait --url **/done", A.READ_CONTENT),
    ("pushstate /next", A.NAVIGATE),
    ("network route **/api --abort", A.NETWORK),
    ("network unroute", A.NETWORK),
    ("network requests", A.READ_CONTENT),
    ("network har start", A.NETWORK),
    ("network har stop h.har", A.NETWORK),
    # files, reading, diffs, audits (O). Writing the page into a file is decided as a Screenshot: it
    # captures what the page shows and returns none of its text to the model.
    ("pdf page.pdf", A.SCREENSHOT),
    ("trace start", A.SCREENSHOT),
    ("trace stop t.zip", A.SCREENSHOT),
    ("record start v.webp", A.SCREENSHOT),
    ("record stop", A.SCREENSHOT),
    ("read", A.READ_CONTENT),
    ("read https://example.com", A.NAVIGATE),
    ("diff snapshot", A.READ_CONTENT),
    ("diff screenshot", A.READ_CONTENT),
    ("diff url https://a.example https://b.example", A.NAVIGATE),
    ("a11y", A.READ_CONTENT),
    ("vitals", A.READ_CONTENT),
    # visual tools (issue 14): reading is ReadContent; clicks and drags are proposals decided as what
    # they would do once confirmed.
    ("visual text", A.READ_CONTENT),
    ("visual click Save", A.CLICK),
    ("visual click 10 20", A.CLICK),
    ("visual drag 1 2 3 4", A.DRAG),
    ("visual scroll 10 20 300", A.SCROLL),
)

@pytest.mark.parametrize(("line", "expected"), POLICY_TABLE, ids=[line for line, _ in POLICY_TABLE])
def test_each_new_command_is_decided_by_its_action_type(line: str, expected: ActionType | None) -> None:
    parsed = parse(line)
    assert parsed.spec.action_for(parsed.args) == expected


def test_every_command_in_more_has_a_row_a_help_line_and_details() -> None:
    rows = {line.split()[0] for line, _ in POLICY_TABLE}
    in_help = {name for _, help_rows in MORE_LAYOUT for row in help_rows for _, names in row for name in names}
    for spec in MORE:
        assert spec.name in rows, f"{spec.name}: add a row to POLICY_TABLE"
        assert spec.name in in_help, f"{spec.name}: add a line to its area's HELP_SECTIONS"
        assert spec.details.strip(), f"{spec.name}: fill CommandSpec.details (printed by `help {spec.name}`)"
        # Every new command is decided by the policy (batch alone leaves it to the commands inside).
        assert spec.action is not None or spec.name == "batch", f"{spec.name}: give it an ActionType"
    assert len(HELP) < 4_000


async def test_the_dispatcher_decides_them_by_that_type(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/signup.html')}")
    page.set_action_policy(ActionPolicy(denied_actions={A.SCREENSHOT}))
    for line in ("pdf p.pdf", "trace start", "record start r.webp", "screenshot s.png"):
        with pytest.raises(PolicyDeniedError):
            await run(page, line)
    assert await run(page, "a11y")  # ReadContent is still allowed
    page.set_action_policy(ActionPolicy(denied_actions={A.READ_CONTENT}))
    for line in ("read", "a11y", "vitals", "diff snapshot", "diff screenshot"):
        with pytest.raises(PolicyDeniedError):
            await run(page, line)
    page.set_action_policy(None)


async def test_urls_they_open_are_decided_as_navigate_on_that_url(page: Page, server: TestServer) -> None:
    here = server.url("/signup.html")
    await run(page, f"open {here}")
    # `read <url>` and both URLs of `diff url` are decided on where they go, not on the current page.
    page.set_action_policy(ActionPolicy(denied_domains=("example.com",)))
    with pytest.raises(PolicyDeniedError):
        await run(page, "read https://example.com/")
    with pytest.raises(PolicyDeniedError):
        await run(page, f"diff url {here} https://example.com/")
    with pytest.raises(PolicyDeniedError):
        await run(page, f"diff url https://example.com/ {here}")
    assert page.url == here
    page.set_action_policy(None)
