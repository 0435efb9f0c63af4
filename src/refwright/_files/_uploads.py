"""Which files `upload` may hand to a page: only files inside the folder the user allowed (pure policy)."""

from __future__ import annotations

from collections.abc import Sequence
from os import PathLike
from pathlib import Path

from .._errors import PolicyDeniedError, RefwrightError

__all__ = ["allowed_upload_files"]


def allowed_upload_files(upload_dir: str | PathLike[str] | None, files: Sequence[str]) -> list[Path]:
    """The resolved paths of ``files``, each an existing regular file inside ``upload_dir``.

    Relative paths are taken from ``upload_dir``. Symbolic links and ``..`` are resolved before the check,
    so a link inside the folder that points outside it is refused like the outside path itself.
    """
    if upload_dir is None:
        raise PolicyDeniedError(
            "Uploads are off: no upload folder was allowed. The user can allow one with --upload-dir DIR "
            "(Config.upload_dir); then upload files from inside it.")
    root = Path(upload_dir).expanduser().resolve()
    if not root.is_dir():
        raise RefwrightError(f"The upload folder {root} does not exist or is not a folder. Ask the user to "
                             "set --upload-dir to an existing folder.")
    if not files:
        raise RefwrightError("Usage: upload <target> <files...>")
    resolved: list[Path] = []
    for name in files:
        path = (root / Path(name).expanduser()).resolve()
        if not path.is_relative_to(root):
            raise PolicyDeniedError(
                f"Refused to upload {name}: it is outside the upload folder {root} (after resolving links "
                "and `..`). Only files inside that folder can be uploaded.")
        if not path.exists():
            raise RefwrightError(f"No such file to upload: {name} (looked for {path}). Upload one of the files "
                                 f"inside {root}.")
        if not path.is_file():
            raise RefwrightError(f"{name} is not a file ({path}); upload files, not folders.")
        resolved.append(path)
    return resolved
