"""The docs' examples, extracted from docs/integrations/*.md and run by the framework's tests (each with
that framework's own test model in place of the example's real one)."""

from __future__ import annotations

import re
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def example(page: str, label: str) -> types.ModuleType:
    """The code block after ``<!-- example: LABEL -->`` on docs/integrations/PAGE.md, as a module."""
    path = ROOT / "docs" / "integrations" / f"{page}.md"
    found = re.search(rf"<!-- example: {label} -->\s*```python\n(.*?)```", path.read_text(encoding="utf-8"), re.S)
    assert found is not None, f"no example {label!r} on {path}"
    module = types.ModuleType(f"example_{page}_{label}")
    exec(compile(found.group(1), str(path), "exec"), module.__dict__)
    return module
