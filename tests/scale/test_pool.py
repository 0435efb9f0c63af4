"""SessionPool against real fleets started here: two ``playwright run-server`` processes and a Chromium
with a CDP port."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

import refwright
from refwright import BrowserError, Config, PolicyDeniedError, SessionPool, TimeoutConfig

from ..fleet import Proc, cdp_chromium, process_group_alive, run_server
from ..server import TestServer

pytestmark = pytest.mark.asyncio(loop_scope="session")

CONFIG = Config(timeouts=TimeoutConfig(action=2_000, navigation=10_000), allow_private=True)


@pytest.fixture(scope="module")
def fleet() -> Iterator[list[Proc]]:
    procs = [run_server(), run_server(), cdp_chromium()]
    yield procs
    for proc in procs:
        proc.kill()
    assert not any(process_group_alive(p) for p in procs)


async def _own_answer(pool: SessionPool, server: TestServer, n: int) -> str:
    url = server.html(f"/pool-{n}", f"<title>session {n}</title><button>b{n}</button>")
    async with pool.session() as page:
        await page.run_command(f"open {url}")
        return (await page.run_command("get title")).output


async def test_sessions_spread_over_two_servers_and_cdp(fleet: list[Proc], server: TestServer) -> None:
    async with SessionPool([p.endpoint for p in fleet], sessions_per_browser=2, config=CONFIG) as pool:
        answers = await asyncio.gather(*(_own_answer(pool, server, n) for n in range(6)))
        assert answers == [f"session {n}" for n in range(6)]
        stats = pool.stats()
        assert [s["failures"] for s in stats] == [0, 0, 0]
        assert all(s["active"] == 0 for s in stats)
        # Tokens in the query of an endpoint never reach output.
        assert all("launch-options" not in str(s["endpoint"]) for s in stats)


async def test_a_killed_server_fails_its_sessions_clearly_and_they_are_recreated(server: TestServer) -> None:
    doomed, kept = run_server(), run_server()
    try:
        async with SessionPool([doomed.endpoint, kept.endpoint], sessions_per_browser=1, config=CONFIG) as pool:
            url = server.html("/pool-kill", "<title>alive</title>")
            started = asyncio.Event()
            failures: list[str] = []

            async def task(n: int) -> str:
                for _attempt in range(3):
                    try:
                        async with pool.session() as page:
                            await page.run_command(f"open {url}")
                            if n == 0:
                                started.set()
                                await asyncio.sleep(1.0)  # the kill lands while this session is open
                            return (await page.run_command("get title")).output
                    except BrowserError as exc:
                        failures.append(str(exc))
                raise AssertionError("no retry succeeded")

            runs = [asyncio.create_task(task(n)) for n in range(2)]
            await started.wait()
            await asyncio.sleep(0.2)
            await asyncio.to_thread(doomed.kill)
            assert await asyncio.gather(*runs) == ["alive", "alive"]
            assert failures
            assert all(f.startswith(f"The browser at {doomed.endpoint.split('?')[0]} went away during this session")
                       and f.endswith("start this session again and the pool gives it a working browser.")
                       for f in failures)
            assert pool.stats()[0]["failures"] >= 1 and pool.stats()[1]["failures"] == 0
    finally:
        doomed.kill()
        kept.kill()


async def test_the_guard_holds_on_a_remote_browser(fleet: list[Proc], server: TestServer,
                                                   cross_server: TestServer) -> None:
    strict = Config(timeouts=CONFIG.timeouts, allow_private=(f"127.0.0.1:{server.port}",))
    async with SessionPool([fleet[0].endpoint], config=strict) as pool, pool.session() as page:
        await page.run_command(f"open {server.html('/pool-ok', '<title>ok</title>')}")
        assert page.capabilities().request_filtering == "interception"
        with pytest.raises(PolicyDeniedError) as info:
            await page.run_command(f"open {cross_server.html('/pool-private', '<title>no</title>')}")
        assert "loopback" in str(info.value)


async def test_bad_endpoints_are_clear_errors() -> None:
    with pytest.raises(BrowserError, match="not understood"):
        SessionPool(["ftp://x"])
    async with SessionPool(["ws://127.0.0.1:9/"], config=CONFIG) as pool:
        with pytest.raises(BrowserError, match="No browser in the pool could open a session"):
            async with pool.session():
                pass
    assert refwright.SessionPool is SessionPool
