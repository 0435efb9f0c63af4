"""eval, console, errors, cookies and storage."""

from __future__ import annotations

import pytest

from refwright import Page, RefwrightError

from ..conftest import run
from ..server import TestServer

NOISY = """<title>Noisy</title><script>
console.log('hello', 42); console.warn('careful');
setTimeout(() => { throw new Error('boom'); }, 0);
</script>"""


async def test_eval_outputs(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.empty_page}")
    assert await run(page, "eval 1 + 2") == "3"
    assert await run(page, "eval \"'verbatim string'\"") == "verbatim string"
    assert await run(page, "eval null") == "null"
    assert await run(page, "eval undefined") == "null"
    assert await run(page, "eval '({a: [1, \"x\"], b: true})'") == '{"a":[1,"x"],"b":true}'
    assert await run(page, "eval 'new Promise(r => setTimeout(() => r(7), 50))'") == "7"
    assert await run(page, "eval '/\\\\d+/.test(\"a1\")'") == "true"
    with pytest.raises(RefwrightError, match=r"^eval failed: "):
        await page.run_command("eval 'nope('")


async def test_console_and_errors(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.empty_page}")
    assert await run(page, "console") == "No console messages"
    assert await run(page, "errors") == "No page errors"
    await run(page, f"open {server.html('/noisy.html', NOISY)}")
    await run(page, "wait 100")
    assert await run(page, "console") == "[log] hello 42\n[warning] careful"
    assert "boom" in await run(page, "errors")
    # Both cover messages since the last navigation.
    await run(page, f"open {server.empty_page}")
    assert await run(page, "console") == "No console messages"
    assert await run(page, "errors") == "No page errors"


async def test_cookies(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.empty_page}")
    assert await run(page, "cookies") == "No cookies"
    await page.playwright_page.evaluate("document.cookie = 'session=abc; path=/'")
    expected = "session=abc  (127.0.0.1/)"
    assert await run(page, "cookies") == expected
    assert await run(page, "cookies list") == expected
    assert await run(page, "cookies get") == expected
    assert await run(page, "cookies CLEAR") == "Cleared cookies"
    assert await run(page, "cookies") == "No cookies"
    with pytest.raises(RefwrightError) as info:
        await page.run_command("cookies eat")
    assert str(info.value) == "Usage: cookies [list|clear]"


@pytest.mark.parametrize("kind", ["local", "session"])
async def test_storage(page: Page, server: TestServer, kind: str) -> None:
    await run(page, f"open {server.empty_page}")
    assert await run(page, f"storage {kind}") == f"No {kind} storage"
    await page.playwright_page.evaluate(f"{kind}Storage.setItem('k', 'v'); {kind}Storage.setItem('n', '1')")
    assert sorted((await run(page, f"storage {kind.upper()}")).splitlines()) == ["k=v", "n=1"]
    assert await run(page, f"storage {kind} clear") == f"Cleared {kind} storage"
    assert await run(page, f"storage {kind}") == f"No {kind} storage"


async def test_storage_usage(page: Page) -> None:
    with pytest.raises(RefwrightError) as info:
        await page.run_command("storage cloud")
    assert str(info.value) == "Usage: storage <local|session> [clear]"
    with pytest.raises(RefwrightError) as info:
        await page.run_command("storage")
    assert str(info.value) == "Usage: storage <local|session> [clear]"
