"""Snapshot fidelity against Chromium's own accessibility tree (the issue's thresholds)."""

from __future__ import annotations

from refwright import Page

from ..conftest import run
from ..fidelity import describe, grade, summary
from ..server import TestServer

CORPUS = ["labels.html", "widgets.html", "structure.html", "edge.html"]


async def test_fidelity_against_chromium(page: Page, server: TestServer) -> None:
    reports = []
    for name in CORPUS:
        await run(page, f"open {server.url('/fidelity/' + name)}")
        await run(page, "wait 150")  # content rendered by script after load
        reports.append(await grade(page, name))
    stats = summary(reports)
    details = describe(reports)
    print(stats, "\n" + details)
    assert stats["oracle"] > 100
    assert stats["recall"] >= 0.98, details
    assert stats["precision"] >= 0.98, details
    assert stats["names"] >= 0.97, details
