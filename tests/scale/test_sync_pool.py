"""``refwright.sync_api.SessionPool``: the pool for sync code, shared by threads."""

from __future__ import annotations

import threading

import pytest

from refwright import Config, TimeoutConfig
from refwright.sync_api import BrowserError, PooledPage, SessionPool

from ..server import TestServer

CONFIG = Config(timeouts=TimeoutConfig(action=2_000, navigation=10_000), allow_private=True)


def test_threads_share_a_sync_pool_each_with_its_own_session(server: TestServer) -> None:
    answers: dict[int, str] = {}
    errors: list[BaseException] = []

    def worker(pool: SessionPool, n: int) -> None:
        try:
            url = server.html(f"/sync-pool-{n}", f"<title>sync {n}</title><button>b{n}</button>")
            with pool.session() as page:
                assert isinstance(page, PooledPage)
                page.run_command(f"open {url}")
                # A method not spelled out in PooledPage is reached all the same.
                snapshot = page.snapshot(interactive=True)
                assert str(snapshot) == f'@e1 [button] "b{n}"'
                answers[n] = page.run_command("get title").output
        except BaseException as exc:  # reported by the main thread
            errors.append(exc)

    # Two sessions at a time on one browser: the third thread waits for a free one.
    with SessionPool(["local"], sessions_per_browser=2, config=CONFIG) as pool:
        threads = [threading.Thread(target=worker, args=(pool, n)) for n in range(3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert not errors, errors
        assert answers == {n: f"sync {n}" for n in range(3)}
        assert pool.stats()[0]["active"] == 0
        assert pool.capabilities()[0].request_filtering == "proxy"
    with pytest.raises(BrowserError, match="closed"), pool.session():
        pass


def test_a_sync_pool_with_a_bad_endpoint_is_a_clear_error() -> None:
    with pytest.raises(BrowserError, match="not understood"):
        SessionPool(["ftp://x"])


def test_a_pooled_pages_parts_answer_sync_code(server: TestServer) -> None:
    """``page.keyboard``, ``page.tabs`` and ``page.storage`` of a pooled page are sync too: an async part
    handed to sync code would give back coroutines that never run."""
    url = server.html("/sync-pool-parts", "<title>parts</title><input id=f autofocus>")
    with SessionPool(["local"], sessions_per_browser=1, config=CONFIG) as pool, pool.session() as page:
        page.run_command(f"open {url}")
        page.run_command("click #f")
        page.keyboard.type("typed")
        assert page.run_command("get value #f").output == "typed"
        page.storage.set("k", "v")
        assert page.storage.get("k") == "v"
        assert [tab.url for tab in page.tabs] == [url]


def test_a_session_still_open_when_its_pool_closes_is_dropped_quietly() -> None:
    # What a framework tool holding a pooled page does when the program closes the pool first.
    import contextlib
    import gc
    import sys

    pool = SessionPool(config=CONFIG)
    stack = contextlib.ExitStack()
    stack.enter_context(pool.session()).run_command("get url")
    pool.close()
    unraisable: list[object] = []
    hook, sys.unraisablehook = sys.unraisablehook, unraisable.append
    try:
        del stack
        gc.collect()
    finally:
        sys.unraisablehook = hook
    assert unraisable == []
