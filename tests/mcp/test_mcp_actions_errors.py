"""The actions profile's errors speak its own terms: the element by role and name (never the selector the
tool built from them), and the snapshot as its `snapshot` action."""

from __future__ import annotations

import pytest

from refwright import Config, NotActionableError, RefwrightError, TimeoutConfig
from refwright.mcp import ActionsBrowser

from ..server import TestServer

PAGE = """<p><label>Name<input id=name></label></p><p><label>Notes<input id=notes></label></p>
<button disabled>Go</button><script>
document.getElementById('name').addEventListener('focus', () => document.getElementById('notes').focus());
</script>"""


async def test_errors_name_the_element_by_role_and_name(server: TestServer) -> None:
    tool = ActionsBrowser(config=Config(allow_private=True, timeouts=TimeoutConfig(action=1_000)))
    try:
        await tool.run({"action": "navigate", "url": server.html("/actions-errors.html", PAGE)})
        with pytest.raises(RefwrightError) as filled:
            await tool.run({"action": "fill", "role": "textbox", "name": "Name", "text": "Ann"})
        assert filled.value.message.startswith('The text did not reach textbox "Name": it still holds what it held '
                                               "before.")
        assert filled.value.message.endswith("Run the snapshot action to see the page as it is now.")
        with pytest.raises(NotActionableError) as clicked:  # the error keeps its kind
            await tool.run({"action": "click", "role": "button", "name": "Go"})
        assert clicked.value.message.startswith('button "Go" is disabled, so refwright cannot click it.')
        for error in (filled.value, clicked.value):
            assert "internal:" not in error.message and "snapshot -i" not in error.message
    finally:
        await tool.close()


CONSENT = """<title>News</title><a href="/world.html">World</a>
<div style="position:fixed;inset:0;background:rgba(0,0,0,.6);z-index:10" id=consent>
  <div style="margin:150px auto;width:300px;background:#fff">We use cookies.
    <button onclick="consent.remove()">Accept all</button></div></div>
<button id=later disabled>Later</button>"""


async def test_advice_names_other_elements_by_role_and_name_and_uses_its_own_actions(server: TestServer) -> None:
    # Issue 44 §8: this tool takes no refs and has no wait: its advice must not offer them.
    tool = ActionsBrowser(config=Config(allow_private=True, timeouts=TimeoutConfig(action=1_000)))
    try:
        await tool.run({"action": "navigate", "url": server.html("/actions-cover.html", CONSENT)})
        with pytest.raises(RefwrightError) as covered:
            await tool.run({"action": "click", "role": "link", "name": "World"})
        assert covered.value.message.endswith('Close it first: click button "Accept all".'), covered.value.message
        await tool.run({"action": "click", "role": "button", "name": "Accept all"})
        with pytest.raises(NotActionableError) as disabled:
            await tool.run({"action": "click", "role": "button", "name": "Later"})
        assert "click it again: run the snapshot action again in a moment;" in disabled.value.message
        for error in (covered.value, disabled.value):
            assert "@e" not in error.message and "`wait" not in error.message, error.message
    finally:
        await tool.close()
