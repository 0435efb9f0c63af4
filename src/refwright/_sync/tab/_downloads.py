# Generated from src/refwright/_async/tab/_downloads.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""Saving a file the page offered for download into the output folder (``Config.downloads == "save"``),
and the note that names it and its size."""

from __future__ import annotations

from playwright.sync_api import Download

from ..._files._outdir import OutputFolder
from ...safety import clean_line
from ...snapshot._format import quote
from ..pipeline._translate import best_effort

__all__ = ["save_download"]


def save_download(output: OutputFolder, download: Download) -> str:
    """Save ``download`` under the name the page offered (made safe, never overwriting a file) and say
    where; a download that fails says so, and leaves nothing behind."""
    name = clean_line(download.suggested_filename)
    target = output.fresh_name(download.suggested_filename, default="download")
    with best_effort() as saved:
        download.save_as(target)
    if saved.failed:
        reason = None
        with best_effort():  # the download is gone with its page: it failed without a reason
            reason = download.failure()
        target.unlink(missing_ok=True)
        why = f" ({clean_line(reason)})" if reason else ""
        return f"A download of {quote(name)} failed{why}; nothing was saved."
    return f"A download of {quote(name)} was saved to {target} ({_size(target.stat().st_size)})."


def _size(n: int) -> str:
    if n < 1024:
        return "1 byte" if n == 1 else f"{n} bytes"
    if n < 1024 * 1024:
        return f"{n / 1024:.1f} KB"
    return f"{n / (1024 * 1024):.1f} MB"
