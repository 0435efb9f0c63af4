"""The output folder of one browser session: the user's (``Config.output_dir``), or a private temporary
one made on first use (mode 0700) and removed at close when nothing was written into it."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from .._config import Config
from .._errors import RefwrightError
from ._paths import resolve_output_path

__all__ = ["OutputFolder"]


class OutputFolder:
    def __init__(self, config: Config) -> None:
        self._chosen = config.output_dir
        self._path: Path | None = None

    @property
    def path(self) -> Path:
        if self._path is None:
            if self._chosen is None:
                self._path = Path(tempfile.mkdtemp(prefix="refwright-output-"))
            else:
                self._path = Path(self._chosen).expanduser().resolve()
                try:
                    self._path.mkdir(mode=0o700, parents=True, exist_ok=True)
                except OSError as exc:
                    raise RefwrightError(
                        f"The output folder {self._path} could not be created ({exc.strerror}). Choose "
                        "another one with --output-dir DIR (Config.output_dir).") from exc
        return self._path

    def file(self, path: str | os.PathLike[str]) -> Path:
        """Where ``path`` is written: inside the folder (refused otherwise), its parent folders made."""
        target = resolve_output_path(self.path, path)
        target.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        return target

    def fresh(self, prefix: str, suffix: str) -> Path:
        """A new file name in the folder, such as ``diff-20261203-131500-2.png``."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        for n in range(1, 10_000):
            candidate = self.path / f"{prefix}-{stamp}{'' if n == 1 else f'-{n}'}.{suffix}"
            if not candidate.exists():
                return candidate
        raise RefwrightError(f"The output folder {self.path} has too many {prefix} files; give a file name.")

    def fresh_name(self, name: str, default: str) -> Path:
        """A new file in the folder named after ``name`` (a page's suggestion: only its last part is kept,
        without control characters or leading dots), numbered when the name is taken."""
        base = "".join(c for c in name.replace("\\", "/").rsplit("/", 1)[-1] if c.isprintable()).strip()
        base = base.lstrip(".").strip()[:200] or default
        stem, dot, suffix = base.rpartition(".")
        if not stem:
            stem, dot, suffix = base, "", ""
        for n in range(1, 10_000):
            candidate = self.path / (base if n == 1 else f"{stem}-{n}{dot}{suffix}")
            if not candidate.exists():
                return candidate
        raise RefwrightError(f"The output folder {self.path} has too many files named {base}.")

    def cleanup(self) -> None:
        """Remove a temporary folder nothing was written into (files the user asked for are kept)."""
        if self._chosen is None and self._path is not None:
            try:
                self._path.rmdir()
            except OSError:
                pass
            self._path = None
