#!/usr/bin/env python3
"""Build the documentation site strictly: any warning (a broken link or anchor, a page missing from the
navigation, a docstring the API pages cannot render) fails the build. CI runs it.

    python scripts/build_docs.py            build into a temporary folder and discard it
    python scripts/build_docs.py --out DIR  keep the built site in DIR
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str]) -> int:
    out = argv[argv.index("--out") + 1] if "--out" in argv else None
    with tempfile.TemporaryDirectory(prefix="refwright-site-") as tmp:
        site = out or tmp
        done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict",
                               "--config-file", str(ROOT / "mkdocs.yml"), "--site-dir", site], cwd=ROOT)
    return done.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
