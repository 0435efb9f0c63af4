"""The ``refwright`` command run in this process: its standard streams, and if asked its environment and
working folder, swapped for the call (most CLI tests; a few run it as a real subprocess); and the
project's scripts loaded as modules."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

from refwright.cli import main


@contextlib.contextmanager
def environment(env: dict[str, str], cwd: Path | None = None) -> Iterator[None]:
    """This process's environment replaced by ``env`` (and its working folder by ``cwd``) for a while."""
    saved, here = dict(os.environ), os.getcwd()
    os.environ.clear()
    os.environ.update(env)
    try:
        if cwd is not None:
            os.chdir(cwd)
        yield
    finally:
        os.chdir(here)
        os.environ.clear()
        os.environ.update(saved)


def refwright(*args: str, stdin: bytes = b"", timeout: float = 60) -> subprocess.CompletedProcess[bytes]:
    """``refwright <args>`` run in this process, with its standard streams swapped for buffers."""
    streams = [io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", write_through=True) for data in (stdin, b"", b"")]
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = streams
    try:
        code = main(list(args))
    except SystemExit as exit_:  # argparse's --help and usage errors
        code = exit_.code if isinstance(exit_.code, int) else 1
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    out, err = (s.buffer.getvalue() for s in streams[1:])  # type: ignore[attr-defined]
    return subprocess.CompletedProcess(["refwright", *args], code, out, err)


def script(name: str) -> ModuleType:
    """``scripts/<name>.py`` loaded as a module (its ``main(argv)`` can then run here); what it adds to
    ``sys.path`` while loading is taken back."""
    path = Path(__file__).resolve().parent.parent / "scripts" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"_refwright_script_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    saved = list(sys.path)
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path[:] = saved
    return module
