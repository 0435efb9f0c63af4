"""Where commands may write files: only under one output folder the user chose (pure path policy).

A model names files (``pdf report.pdf``); it must not be able to write ``~/.bashrc`` or follow a symlink
out of the folder. Paths are resolved (``..`` and symlinks, including a symlink that does not exist yet
as the last part) before they are compared with the resolved folder.
"""

from __future__ import annotations

import os
from pathlib import Path

from .._config import Config
from .._errors import PolicyDeniedError

__all__ = ["resolve_output_path"]


def _folder(config_or_dir: Config | str | os.PathLike[str]) -> Path:
    if isinstance(config_or_dir, Config):
        if config_or_dir.output_dir is None:
            raise PolicyDeniedError(
                "No output folder is set, so no file can be written. Set Config.output_dir "
                "(CLI: --output-dir DIR).")
        return Path(config_or_dir.output_dir)
    return Path(config_or_dir)


def resolve_output_path(config_or_dir: Config | str | os.PathLike[str], path: str | os.PathLike[str]) -> Path:
    """The absolute path ``path`` names inside the output folder: relative paths are taken from the
    folder, absolute ones are kept only when they lie inside it. Anything else raises PolicyDeniedError
    with a message naming the folder and how to change it."""
    folder = _folder(config_or_dir).expanduser().resolve()
    raw = str(path).strip()
    if not raw or "\x00" in raw:
        raise PolicyDeniedError(
            f"{raw!r} is not a file name. Give a file name such as `page.pdf`; files are written under "
            f"{folder}.")
    given = Path(raw).expanduser()
    candidate = given if given.is_absolute() else folder / given
    resolved = candidate.resolve()
    if resolved == folder or not resolved.is_relative_to(folder):
        raise PolicyDeniedError(
            f"Refused to write {raw}: files may only be written inside the output folder {folder}. Use a "
            "relative name such as `page.pdf` (it is saved there), or start refwright with another folder "
            "(--output-dir DIR, Config.output_dir).")
    if resolved.is_dir():
        raise PolicyDeniedError(f"{raw} is a folder. Give a file name inside it, such as `{raw}/page.pdf`.")
    return resolved
