"""Waits that fit what the page does (issue 44 §4, §5), as a shell user meets them with the default
30 s action timeout: a button a script enables 1.5 s after load is clicked; one disabled for good fails
after about 3 s, suggesting a wait; a selector that matches nothing on a settled page fails after about
2 s (a bare or quoted word says how to name a text); an element a script or a slow request adds later is
still found."""

from __future__ import annotations

from ..inprocess import refwright
from ..server import TestServer

PAGE = """<title>Waits</title>
<button id=timer disabled onclick="document.getElementById('out').textContent = 'timer clicked'">Continue</button>
<button id=never disabled>Never</button>
<p id=out></p>
<script>
setTimeout(() => document.getElementById('timer').disabled = false, 1500);
setTimeout(() => document.body.insertAdjacentHTML('beforeend',
  '<button id=late onclick="this.textContent = \\'late clicked\\'">Late</button>'), 1000);
fetch('/slow?ms=3000').then(r => r.text()).then(() => document.body.insertAdjacentHTML('beforeend',
  '<button id=fetched onclick="this.textContent = \\'fetched clicked\\'">Fetched</button>'));
</script>"""


def shell(server: TestServer, *commands: str) -> list[str]:
    url = server.html("/waits.html", PAGE)
    # Exact answers are compared: the Changes: lines each action adds are covered in tests/snapshot.
    result = refwright("shell", "--no-action-changes", "--allow-private", url,
                       stdin="".join(c + "\n" for c in commands).encode())
    assert result.returncode == 0, result.stderr.decode()
    return result.stdout.decode().splitlines()[1:]


def test_a_button_enabled_by_a_timer_is_clicked_and_one_disabled_for_good_fails_with_a_wait(
        server: TestServer) -> None:
    out = shell(server, "click #timer", "get text #out", "snapshot -i", "click @e2")
    assert out[:2] == ["Clicked #timer", "timer clicked"]
    assert '@e2 [button] "Never" [disabled]' in out
    never = out[-1]
    assert never.startswith('Error: @e2 [button] "Never" is disabled, so refwright cannot click it. It stayed '
                            "disabled for 3 s. When the page enables it, click it again: wait for that with "
                            "`wait --fn <condition>`")
    assert "required field" not in never and "30000ms" not in never


def test_an_element_added_later_is_found_and_a_missing_one_fails_with_a_hint(server: TestServer) -> None:
    out = shell(server, "click #fetched", "get text #fetched", "click #late", "get text #late",
                'click "Subscribe"', 'click "Sign up"', "fill Email someone@example.com", "click #missing")
    # #fetched comes after a 3 s request (the page is not settled until it answers); #late after a timer.
    assert out[:4] == ["Clicked #fetched", "fetched clicked", "Clicked #late", "late clicked"]
    subscribe, sign_up, email, missing = out[4:]
    assert subscribe == (
        "Error: Element Subscribe was not found: nothing on the page matches it (looked for 2 s, and the page had "
        "finished loading), so refwright cannot click it. `Subscribe` is read as a CSS selector (a tag name). To "
        "click the element that shows that text, use `click text=Subscribe` or `find text Subscribe click`.")
    assert sign_up.endswith('use `click "text=Sign up"` or `find text "Sign up" click`.')
    assert email.endswith("To fill the field it labels, use `find label Email fill <text>`.")
    assert missing.endswith("Check the selector, or take a snapshot (`snapshot -i`) and use a ref it lists "
                            "(such as `@e3`).")
