"""`frame <target>` and `frame main`: a login form inside an iframe (same- and cross-origin) filled and
submitted through `frame`, by name, CSS selector and ref; eval and snapshots inside the frame."""

from __future__ import annotations

import re

import pytest

from refwright import ActionType, Page, RefwrightError
from refwright.commands import lookup

from ..conftest import run
from ..server import TestServer

LOGIN = """<title>Login</title><form action="/welcome.html" method="get">
<label>User <input id=user name=user></label>
<label>Password <input id=pass name=pass type=password></label>
<button>Sign in</button></form>"""

WELCOME = """<title>Welcome</title><p id=hello></p>
<script>document.getElementById('hello').textContent = 'Welcome ' + new URLSearchParams(location.search).get('user')
</script>"""


def outer(server: TestServer, inner: TestServer) -> str:
    inner.html("/login.html", LOGIN)
    inner.html("/welcome.html", WELCOME)
    return server.html("/outer.html", f"""<title>Shop</title><h1>Checkout</h1><button>Outside</button>
<iframe id=login-frame name=login src="{inner.url('/login.html')}" width=400 height=200></iframe>""")


async def sign_in(page: Page) -> None:
    assert await run(page, "fill #user alice") == "Filled #user"
    assert await run(page, "fill #pass secret") == "Filled #pass"
    await run(page, "click text=Sign in")
    text = ""
    for _ in range(80):
        text = await run(page, "get text body")
        if "Welcome alice" in text:
            break
        await run(page, "wait 25")
    assert "Welcome alice" in text


@pytest.mark.parametrize("origin", ["same", "cross"])
async def test_an_iframe_login_filled_and_submitted_via_frame(page: Page, server: TestServer,
                                                              cross_server: TestServer, origin: str) -> None:
    inner = server if origin == "same" else cross_server
    await run(page, f"open {outer(server, inner)}")
    await run(page, "wait #login-frame")
    assert await run(page, "frame login") == "Done"
    snap = await run(page, "snapshot -i")
    assert "Outside" not in snap and '"Sign in"' in snap
    # Selectors now resolve inside the frame (there is no #user in the page itself).
    await sign_in(page)
    assert await run(page, "wait --text 'Welcome alice'") == 'Found text "Welcome alice"'
    assert await run(page, "eval location.pathname") == "/welcome.html"
    assert await run(page, "frame main") == "Done"
    assert "Checkout" in await run(page, "get text body")
    assert await run(page, "eval location.pathname") == "/outer.html"


async def test_frame_by_selector_and_by_ref(page: Page, server: TestServer) -> None:
    await run(page, f"open {outer(server, server)}")
    await run(page, "wait #login-frame")
    assert await run(page, 'frame "#login-frame"') == "Done"
    assert await run(page, "eval document.title") == "Login"
    await run(page, "frame main")
    snap = await run(page, "snapshot -i")
    # Refs inside the frame work without switching; the iframe's own ref switches to it.
    user = re.search(r'@(e\d+) \[textbox\] "User"', snap)
    assert user is not None
    assert await run(page, f"fill @{user.group(1)} bob") == f"Filled @{user.group(1)}"
    full = await run(page, "snapshot")
    frame_ref = re.search(r"@(e\d+) \[iframe\]", full)
    assert frame_ref is not None, full
    assert await run(page, f"frame @{frame_ref.group(1)}") == "Done"
    assert await run(page, "get value #user") == "bob"
    # A snapshot inside the frame gives refs that work after going back to the page.
    inside = await run(page, "snapshot -i")
    button = re.search(r'@(e\d+) \[button\] "Sign in"', inside)
    assert button is not None
    await run(page, "frame main")
    assert await run(page, f"get text @{button.group(1)}") == "Sign in"


async def test_frame_errors_and_reset_on_navigation(page: Page, server: TestServer) -> None:
    await run(page, f"open {outer(server, server)}")
    await run(page, "wait #login-frame")
    with pytest.raises(RefwrightError, match=r"^Could not find frame for selector `nothere`"):
        await run(page, "frame nothere")
    with pytest.raises(RefwrightError, match=r"^Could not find frame for selector `h1`"):
        await run(page, "frame h1")
    snap = await run(page, "snapshot -i")
    outside = re.search(r'@(e\d+) \[button\] "Outside"', snap)
    assert outside is not None
    with pytest.raises(RefwrightError, match=r"^Ref does not point to an iframe element"):
        await run(page, f"frame @{outside.group(1)}")
    await run(page, "frame login")
    await run(page, f"open {server.html('/plain.html', '<title>Plain</title><p>Just text</p>')}")
    # The page navigated: commands run in the main document again.
    assert await run(page, "eval document.title") == "Plain"


def test_frame_action() -> None:
    spec = lookup("frame")
    assert spec is not None and spec.action_for(("main",)) is ActionType.NAVIGATE


async def test_typed_api(page: Page, server: TestServer) -> None:
    await run(page, f"open {outer(server, server)}")
    await run(page, "wait #login-frame")
    await page.select_frame("#login-frame")
    assert await run(page, "eval document.title") == "Login"
    await page.select_frame()
    assert await run(page, "eval document.title") == "Shop"


async def test_find_looks_inside_the_chosen_frame(page: Page, server: TestServer) -> None:
    await run(page, f"open {outer(server, server)}")
    await run(page, "wait #login-frame")
    # From the main document the frame's button is not found; inside the frame it is.
    with pytest.raises(RefwrightError, match="No element found"):
        await run(page, "find role button click --name 'Sign in'")
    assert await run(page, "frame login") == "Done"
    await run(page, "find label User fill bob")
    assert await run(page, "get value #user") == "bob"
    with pytest.raises(RefwrightError, match="No element found"):
        await run(page, "find role button click --name Outside")


@pytest.mark.parametrize("how", ["@e2", "#f", "inner"])
async def test_an_element_keeps_its_ref_inside_and_outside_a_frame(page: Page, server: TestServer, how: str) -> None:
    inner = server.html("/form-inner.html", "<label>Name <input id=name></label><button>Send</button>")
    outer_page = f"<button>Top</button><iframe id=f name=inner src={inner}></iframe>"
    await run(page, f"open {server.html('/form-outer.html', outer_page)}")
    await run(page, "wait #f")
    whole = ""
    for _ in range(40):
        whole = await run(page, "snapshot -i")
        if "Send" in whole:
            break
        await run(page, "wait 25")
    assert whole.splitlines()[2:] == ['@e3 [textbox] "Name"', '@e4 [button] "Send"']
    assert await run(page, f"frame {how}") == "Done"
    # Listed from inside the frame, its elements keep the refs the whole page gave them.
    assert await run(page, "snapshot -i") == '@e3 [textbox] "Name"\n@e4 [button] "Send"'
    assert await run(page, "fill @e3 Ada") == "Filled @e3"
    assert await run(page, "frame main") == "Done"
    again = await run(page, "snapshot -i")
    assert again.splitlines()[0] == '@e1 [button] "Top"' and '@e3 [textbox] "Name"' in again
    assert await run(page, "get value @e3") == "Ada"
