"""Pages that fight the runtime: poisoned built-ins, busy loops, navigation and frames churning mid-snapshot."""

from __future__ import annotations

import pytest

from refwright import Config, Page, RefwrightError, TimeoutConfig

from ..conftest import run
from ..server import TestServer


async def test_poisoned_builtins_do_not_reach_the_runtime(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/hostile-runtime.html')}")
    expected = '@e1 [heading] "Real heading" [level=1]\n@e2 [textbox] "Real name"\n@e3 [button] "Real button"'
    assert await run(page, "snapshot -i") == expected
    await run(page, "wait 150")  # the page poisons more after load
    assert await run(page, "snapshot -i") == expected
    assert await run(page, "fill @e2 Ada") == "Filled @e2"
    assert await run(page, "get value @e2") == "Ada"
    assert await run(page, "click @e3") == "Clicked @e3"
    assert await run(page, "is visible #out") == "true"
    assert await run(page, "is focused @e3") == "true"
    assert "It worked" in await run(page, "snapshot")
    assert (await page.run_command("screenshot --annotate")).output.splitlines()[1:] == [
        '[1] @e1 heading "Real heading"', '[2] @e2 textbox "Real name"', '[3] @e3 button "Real button"']


async def test_a_busy_page_fails_in_time_and_the_next_open_works(browser: object, server: TestServer) -> None:
    config = Config(timeouts=TimeoutConfig(action=1_500, navigation=3_000, probe=1_000), allow_private=True)
    page: Page = await browser.new_page(config=config)  # type: ignore[attr-defined]
    try:
        await run(page, f"open {server.html('/busy.html', '<button>x</button>')}")
        await page.playwright_page.evaluate("setTimeout(() => { while (true) {} }, 0)")
        with pytest.raises(RefwrightError):
            await page.run_command("snapshot -i")
        # A different site gets a fresh renderer; the hung one is left behind.
        cross = server.url("/empty.html").replace("127.0.0.1", "localhost")
        assert (await run(page, f"open {cross}")).startswith("Opened")
        assert await run(page, "snapshot -i") == "(no interactive elements)"
    finally:
        await page.close()


async def test_navigation_during_snapshots_never_hangs(page: Page, server: TestServer) -> None:
    body = "<button>Reload me</button><script>setTimeout(() => location.reload(), 30)</script>"
    await run(page, f"open {server.html('/reloading.html', body)}")
    outcomes = []
    for _ in range(6):
        try:
            outcomes.append(await run(page, "snapshot -i"))
        except RefwrightError as exc:
            outcomes.append(f"Error: {exc}")
    for outcome in outcomes:
        assert outcome in ('@e1 [button] "Reload me"', "(no interactive elements)") or outcome.startswith(
            ("Error: ", "@e")), outcome


async def test_frames_churning_during_snapshots(page: Page, server: TestServer) -> None:
    body = """<button>Stay</button><div id="host"></div><script>
    setInterval(() => { const h = document.getElementById('host');
      h.innerHTML = h.innerHTML ? '' : '<iframe srcdoc="<button>Inner</button>"></iframe>'; }, 15);
    </script>"""
    await run(page, f"open {server.html('/churn.html', body)}")
    for _ in range(8):
        out = await run(page, "snapshot")
        assert out.splitlines()[0] == '@e1 [button] "Stay"'
