"""Where ffmpeg is, for ``record`` to WebM or MP4: on PATH, or else the static binary that the
imageio-ffmpeg wheel ships (``pip install 'refwright[video]'``), so no system package is needed."""

from __future__ import annotations

import shutil

__all__ = ["ffmpeg_path"]


def ffmpeg_path() -> str | None:
    """The ffmpeg to run, or None when there is none."""
    found = shutil.which("ffmpeg")
    if found is not None:
        return found
    try:
        import imageio_ffmpeg  # type: ignore[import-untyped]  # optional; it ships no type information
    except ImportError:
        return None
    try:
        return str(imageio_ffmpeg.get_ffmpeg_exe())
    except RuntimeError:  # a platform its wheel has no binary for
        return None
