"""`snapshot -i` lists targets: a name over 100 characters is cut there (with `…`), while the full snapshot,
the ref data and `get text` keep it whole, and the ref acts as any other."""

from __future__ import annotations

from refwright import Page

from ..conftest import run
from ..server import TestServer

TEASER = ("Kauri Parata carves a traditional design at the family home while his father watches; the recovery "
          "operation began at dawn and went on until late")
EXACT = "A link whose name is exactly one hundred characters long, counted with every space in it, all right?"


async def test_interactive_snapshot_cuts_names_past_100_characters(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/spec/long_names.html')}")
    result = await page.run_command("snapshot -i")
    lines = result.output.splitlines()
    assert lines == [
        '@e1 [heading] "Latest stories" [level=2]',
        f'@e2 [link] "{TEASER[:99]}…"',
        f'@e3 [link] "{EXACT}"',  # exactly 100: printed whole
        '@e4 [button] "Read more"',
    ]
    # What the line leaves out is still the element's name: in the ref data, and in the full snapshot.
    assert result.snapshot is not None
    assert result.snapshot.refs["e2"].name == TEASER
    full = await run(page, "snapshot")
    assert f'[link] "{TEASER}"' in full


async def test_a_ref_with_a_cut_name_reads_and_acts_whole(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/spec/long_names.html')}")
    await run(page, "snapshot -i")
    assert await run(page, "get text @e2") == TEASER
    assert (await run(page, "click @e2")).startswith("Clicked @e2")
    assert await run(page, "get text #shown") == "teaser clicked"
