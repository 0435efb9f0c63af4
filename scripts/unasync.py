#!/usr/bin/env python3
"""Generate refwright's sync API (src/refwright/_sync) from its async implementation (src/refwright/_async).

The async code is the only hand-written implementation; this script derives the sync one by plain token
rewriting, the way httpcore does with unasync, so that the two never drift. Playwright's sync and async
APIs mirror each other name for name, which is what makes the rewrite sound.

The tests of the public API are written the same way, once, against the async API
(``tests/api/_async``), and generated for the sync one (``tests/api/_sync``), so both are held to one
behaviour.

    python scripts/unasync.py          write the files
    python scripts/unasync.py --check  exit 1 when a generated file is out of date (used by the tests)
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "refwright" / "_async"
TARGET = ROOT / "src" / "refwright" / "_sync"
TEST_SOURCE = ROOT / "tests" / "api" / "_async"
TEST_TARGET = ROOT / "tests" / "api" / "_sync"


def _header(source: Path) -> str:
    return f"# Generated from {source.relative_to(ROOT)} by scripts/unasync.py. DO NOT EDIT: edit that file.\n"

SUBSTITUTIONS: list[tuple[str, str]] = [
    (r"\basync def\b", "def"),
    (r"\basync with\b", "with"),
    (r"\bawait ", ""),
    (r"__aenter__", "__enter__"),
    (r"__aexit__", "__exit__"),
    (r"\bplaywright\.async_api\b", "playwright.sync_api"),
    (r"\basync_playwright\b", "sync_playwright"),
    # The bridge (_bridge.py): the only steps said differently in the two APIs.
    (r"\bawait_coroutine\b", "run_coroutine"),
    (r"\boff_loop\b", "called"),
    (r"\bawait_within\b", "sync_within"),
    (r"\basync_lock\b", "sync_lock"),
    (r"\basync_event\b", "sync_event"),
    (r"\bawait_event\b", "sync_wait_event"),
    # Awaitable[X] -> X, for the simple (non-nested) annotations the async code uses.
    (r"\bAwaitable\[([^\[\]]*)\]", r"\1"),
    (r"(from collections\.abc import [^\n]*?)\bAwaitable, ", r"\1"),
    (r'"""The async implementation: the only hand-written one \(scripts/unasync.py derives ``_sync``\)\.',
     '"""The sync implementation, derived from _async by scripts/unasync.py.'),
]


# The tests' own: the sync API's module stands in for the package, and fixtures are plain pytest ones.
TEST_SUBSTITUTIONS: list[tuple[str, str]] = [
    (r"(?m)^import refwright$", "from refwright import sync_api as refwright"),
    (r"(?m)^import pytest_asyncio$", "import pytest"),
    (r'@pytest_asyncio\.fixture\((?:scope="(\w+)", )?loop_scope="session"\)', r'@pytest.fixture(scope="\1")'),
    (r'@pytest\.fixture\(scope=""\)', "@pytest.fixture"),
    (r"\bAsyncIterator\b", "Iterator"),
]


def convert(text: str, rules: list[tuple[str, str]], header: str, used: set[str]) -> str:
    for pattern, replacement in rules:
        text, count = re.subn(pattern, replacement, text)
        if count:
            used.add(pattern)
    return header + text


def generated() -> dict[Path, str]:
    """Every generated file; a substitution that no source needs fails the build, as httpcore's does, so
    the lists can only hold rules the code relies on."""
    out: dict[Path, str] = {}
    used: set[str] = set()
    for source_dir, target_dir, rules in ((SOURCE, TARGET, SUBSTITUTIONS),
                                          (TEST_SOURCE, TEST_TARGET, SUBSTITUTIONS + TEST_SUBSTITUTIONS)):
        for source in sorted(source_dir.rglob("*.py")):
            out[target_dir / source.relative_to(source_dir)] = convert(
                source.read_text(encoding="utf-8"), rules, _header(source), used)
    unused = [pattern for pattern, _ in SUBSTITUTIONS + TEST_SUBSTITUTIONS if pattern not in used]
    if unused:
        raise SystemExit(f"unused substitutions in scripts/unasync.py: {unused} (remove them)")
    return out


def main(argv: list[str]) -> int:
    files = generated()
    if "--check" in argv:
        stale = [str(p.relative_to(ROOT)) for p, text in files.items()
                 if not p.exists() or p.read_text(encoding="utf-8") != text]
        extra = [str(p.relative_to(ROOT)) for target in (TARGET, TEST_TARGET) for p in target.rglob("*.py")
                 if p not in files]
        if stale or extra:
            print("out of date: " + ", ".join(stale + extra) + " (run python scripts/unasync.py)")
            return 1
        return 0
    for path in [*TARGET.rglob("*.py"), *TEST_TARGET.rglob("*.py")]:
        if path not in files:
            path.unlink()
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
