# Generated from src/refwright/_async/tab/_upload.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""Putting files into a file input (`upload`, ``page.upload``), only from the folder the user allowed."""

from __future__ import annotations

from ..._files._uploads import allowed_upload_files
from ..pipeline._translate import perform
from ._tab import Tab

__all__ = ["upload"]


def upload(session: Tab, target: str, files: list[str] | tuple[str, ...]) -> int:
    """Set ``files`` (paths inside ``Config.upload_dir``) on the file input ``target``; returns how many."""
    paths = allowed_upload_files(session.config.upload_dir, files)
    perform(session.locator(target), lambda loc, t: loc.set_input_files(paths, timeout=t),
                  target=target, command="upload", timeout=session.config.timeouts.action)
    return len(paths)
