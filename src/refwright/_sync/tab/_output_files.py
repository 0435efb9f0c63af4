# Generated from src/refwright/_async/tab/_output_files.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""Files the state and network commands write and read: only inside the output folder.

One place for the output-folder policy of these commands, so they follow the folder the session uses
(the user's ``Config.output_dir``, or the browser's private temporary one), as pdf, trace and record do.
"""

from __future__ import annotations

from pathlib import Path

from ..._errors import RefwrightError
from ..._files._paths import resolve_output_path
from ._tab import Tab

__all__ = ["output_path", "write_file"]


def output_path(session: Tab, path: str) -> Path:
    """Where ``path`` lies in the output folder; PolicyDeniedError when it leads out of it."""
    return resolve_output_path(session.output.path, path)


def write_file(target: Path, data: bytes, *, private: bool = False) -> None:
    """Write a file the user asked for (its folder made as needed); a failure says what to do."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        if private:
            target.chmod(0o600)
    except OSError as exc:
        raise RefwrightError(f"Could not write {target}: {exc.strerror or exc}. Choose another file name.") from exc
