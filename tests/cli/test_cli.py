"""The refwright command: shell (plain and --jsonl), doctor, demo walkthrough."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from refwright.cli._shell import decode_line

from ..inprocess import refwright, script
from ..server import TestServer

PRIVATE = ["--allow-private", "--action-timeout", "2000"]


def refwright_process(*args: str, stdin: bytes = b"", timeout: float = 60) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "refwright", *args], input=stdin, capture_output=True,
                          timeout=timeout, check=False, env={**os.environ, "PYTHONIOENCODING": "utf-8"})


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (b"click @e1\n", "click @e1"),
        (b"click @e1\r\n", "click @e1"),
        (b"   \n", None),
        (b"# comment\n", None),
        (b"  # indented comment\n", None),
        (b"fill @e1 caf\xc3\xa9\n", "fill @e1 café"),
        (b"fill @e1 \xff\xfe\n", "fill @e1 \ufffd\ufffd"),
        # Only \n splits lines; a form feed or U+2028 inside a line stays part of it.
        ("fill @e1 a\u2028b\n".encode(), "fill @e1 a\u2028b"),
    ],
)
def test_decode_line(raw: bytes, expected: str | None) -> None:
    assert decode_line(raw) == expected


def test_shell_jsonl(server: TestServer) -> None:
    script = b"".join([
        f"open {server.url('/signup.html')}\n".encode(),
        b"\n# a comment\n",
        b"snapshot -i\r\n",
        b"teleport\n",
        "fill @e2 café\n".encode(),
        b"get value @e2\nscreenshot\nclick @e99\n",
    ])
    result = refwright("shell", "--jsonl", *PRIVATE, stdin=script)
    assert result.returncode == 0, result.stderr.decode()
    lines = [json.loads(line) for line in result.stdout.decode().splitlines()]
    assert [r["command"] for r in lines] == [
        f"open {server.url('/signup.html')}", "snapshot -i", "teleport", "fill @e2 café", "get value @e2",
        "screenshot", "click @e99"]
    assert lines[0] == {"command": lines[0]["command"], "ok": True,
                        "output": f"Opened {server.url('/signup.html')} — Sign up"}
    assert lines[1]["output"].startswith('@e1 [heading] "Create your account"')
    assert lines[2] == {"command": "teleport", "ok": False,
                        "output": "Error: Unknown command `teleport`. Run `help` to list commands."}
    assert lines[4]["output"] == "café"
    shot = lines[5]
    assert shot["ok"] and shot["output"] == "Screenshot 1280×720"
    with open(shot["screenshot"], "rb") as fh:
        assert fh.read(8) == b"\x89PNG\r\n\x1a\n"
    assert lines[6]["ok"] is False and lines[6]["output"].startswith("Error: There is no ref @e99")


def test_shell_jsonl_records_stay_on_one_line_for_every_reader(server: TestServer) -> None:
    server.html("/seps.html", "<p id=p>a\u2028b\u2029c\u0085d</p>")
    result = refwright("shell", "--jsonl", *PRIVATE, stdin=f"open {server.url('/seps.html')}\nget text #p\n".encode())
    assert result.returncode == 0, result.stderr.decode()
    # str.splitlines() breaks at U+2028/2029 and NEL too: they are escaped inside the JSON strings.
    records = [json.loads(line) for line in result.stdout.decode().splitlines()]
    assert len(records) == 2 and records[1]["output"] == "a\u2028b\u2029c\u0085d"


def test_shell_plain_with_start_url(server: TestServer) -> None:
    # A smoke test of the installed entry point: a real subprocess, real pipes.
    result = refwright_process("shell", server.url("/signup.html"), *PRIVATE,
                               stdin=b"get title\nclick #nope\nget url\n")
    assert result.returncode == 0
    assert result.stdout.decode().splitlines() == [
        f"Opened {server.url('/signup.html')} — Sign up",
        "Sign up",
        "Error: Element #nope was not found: nothing on the page matches it (looked for 2 s, and the page had "
        "finished loading), so refwright cannot click it. Check the selector, or take a snapshot (`snapshot -i`) "
        "and use a ref it lists (such as `@e3`).",
        server.url("/signup.html"),
    ]


def test_doctor() -> None:
    result = refwright("doctor")
    out = result.stdout.decode()
    assert result.returncode == 0, out
    assert "browser: " in out and "start: ok" in out
    # The guard's parsers are named with their versions, so a bug report says which ones ran.
    assert all(f"{name} " in out for name in ("ada-url", "h11", "aiodns", "pycares", "c-ares"))
    assert "MISSING" not in out
    assert "ocr: ok (tesseract 5." in out


def test_demo_walkthrough() -> None:
    result = refwright("demo", "--walkthrough", timeout=120)
    out = result.stdout.decode()
    assert result.returncode == 0, result.stderr.decode()
    assert "$ check @e11\nChecked @e11" in out
    assert out.rstrip().endswith('@e16 [link] "Back to the start"')
    assert '"Welcome, demo@example.com!"' in out


def test_help_lists_subcommands() -> None:
    out = refwright("--help").stdout.decode()
    for name in ("shell", "agent", "demo", "doctor"):
        assert name in out


def test_readme_command_reference_is_generated_from_the_registry(capsys: pytest.CaptureFixture[str]) -> None:
    assert script("gen_docs").main(["--check"]) == 0, capsys.readouterr().out


def test_demo_without_a_key_runs_the_local_resolver_to_the_end() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY")}
    result = subprocess.run([sys.executable, "-m", "refwright", "demo"], capture_output=True, timeout=180,
                            check=False, env={**env, "PYTHONIOENCODING": "utf-8"})
    err = result.stderr.decode()
    assert result.returncode == 0, err
    assert "Model: local:auto-approve" in err
    assert "confirm p-" in err  # the submit was proposed, then approved on the user's behalf
    assert result.stdout.decode().startswith("Done: ")
    assert 'clicked button "Create account"' in result.stdout.decode()
