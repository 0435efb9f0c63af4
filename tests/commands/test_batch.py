"""batch: commands one per line, each output labelled, stopping at the first error; policy per command."""

from __future__ import annotations

import pytest

from refwright import ActionPolicy, ActionType, Page, PolicyDeniedError, RefwrightError
from refwright.commands._batch import batch_lines

from ..conftest import run
from ..server import TestServer

_PAGE = '<title>Batch</title><button onclick="this.textContent = \'Done\'">Go</button><input id=t>'


@pytest.fixture
async def opened(page: Page, server: TestServer) -> Page:
    await run(page, f"open {server.html('/batch.html', _PAGE)}")
    return page


async def test_outputs_are_labelled_in_order(opened: Page) -> None:
    out = await run(opened, "batch\nclick button\nfill #t hello world\nget text button")
    assert out == ("[1] click button\nClicked button\n\n"
                   "[2] fill #t hello world\nFilled #t\n\n"
                   "[3] get text button\nDone")
    assert await run(opened, "get value #t") == "hello world"


async def test_stops_at_the_first_error(opened: Page) -> None:
    with pytest.raises(RefwrightError) as caught:
        await run(opened, "batch\nfill #t one\nclick #missing\nfill #t two")
    message = str(caught.value)
    assert message.startswith("[1] fill #t one\nFilled #t\n\n[2] click #missing\nError: ")
    assert message.endswith("The batch stopped at command 2 of 3; the 1 command(s) after it did not run.")
    assert await run(opened, "get value #t") == "one"


async def test_unknown_command_inside(opened: Page) -> None:
    with pytest.raises(RefwrightError, match=r"\[1\] clik button\nError: Unknown command `clik`"):
        await run(opened, "batch\nclik button\nclick button")
    assert await run(opened, "get text button") == "Go"


async def test_quoted_arguments_on_one_line(opened: Page) -> None:
    out = await run(opened, 'batch "get title" "fill #t \\"a b\\"" "get value #t"')
    assert out == "[1] get title\nBatch\n\n[2] fill #t \"a b\"\nFilled #t\n\n[3] get value #t\na b"


async def test_nested_batch_is_refused_before_anything_runs(opened: Page) -> None:
    with pytest.raises(RefwrightError, match="Command 2 of the batch is itself a batch"):
        await run(opened, "batch\nclick button\nbatch\nget title")
    assert await run(opened, "get text button") == "Go"


async def test_policy_judges_each_command(opened: Page) -> None:
    opened.set_action_policy(ActionPolicy(denied_actions=frozenset({ActionType.FILL})))
    with pytest.raises(PolicyDeniedError) as caught:
        await run(opened, "batch\nclick button\nfill #t x\nget title")
    assert "[1] click button\nClicked button" in str(caught.value)
    assert "[2] fill #t x\nError: " in str(caught.value)
    assert await run(opened, "get value #t") == ""


async def test_empty_batch(opened: Page) -> None:
    with pytest.raises(RefwrightError, match="Usage: batch"):
        await run(opened, "batch")
    with pytest.raises(RefwrightError, match="Usage: batch"):
        await run(opened, "batch\n\n  \n")


def test_lines() -> None:
    assert batch_lines("batch\n open x \n\n# a comment\nsnapshot -i\n") == ["open x", "snapshot -i"]
    assert batch_lines("batch click a\nclick b") == ["click a", "click b"]
    assert batch_lines("batch 'get url' 'get title'") == ["get url", "get title"]
