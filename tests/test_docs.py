"""The documentation: the site builds strictly, every page is in its navigation, and the README stays the
newcomer's page."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _script(name: str):  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_site_builds_strictly(tmp_path: Path) -> None:
    assert _script("build_docs").main(["--out", str(tmp_path)]) == 0
    assert (tmp_path / "commands" / "index.html").is_file()
    api = (tmp_path / "api" / "index.html").read_text(encoding="utf-8")
    assert "run_command" in api  # the API page really comes from the docstrings


def test_a_broken_link_fails_the_build(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Home\n\nSee [the guide](missing.md).\n", encoding="utf-8")
    config = tmp_path / "mkdocs.yml"
    config.write_text("site_name: t\ndocs_dir: docs\nstrict: true\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file", str(config),
                           "--site-dir", str(tmp_path / "site")], capture_output=True, text=True)
    assert done.returncode != 0 and "missing.md" in done.stderr


def test_every_page_is_in_the_navigation() -> None:
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    pages = sorted(p.name for p in (ROOT / "docs").glob("*.md"))
    assert len(pages) >= 5
    assert [p for p in pages if p not in re.findall(r"[\w-]+\.md", nav)] == []


def test_the_readme_is_the_newcomers_page() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) < 250
    commands = re.findall(r"^bash scripts/setup\.sh && (.+?)\s+#", readme, flags=re.M)
    assert commands == ["refwright demo", "python3 -m pytest"]
    for link in re.findall(r"\]\((docs/[\w./-]+)\)", readme):
        assert (ROOT / link).is_file(), link
