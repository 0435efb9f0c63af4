"""`refwright shell` as a new user meets it (issue 34 §2): a URL after --allow-private, the start URL's
answer as the first JSON line, no empty temporary folders left behind."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest

from refwright import TimeoutConfig
from refwright.cli._options import bare_allow_private
from refwright.commands._help import command_help

from ..inprocess import refwright
from ..server import TestServer

TIMEOUT = ["--action-timeout", "2000"]


def jsonl(*args: str, commands: list[str]) -> list[dict[str, object]]:
    result = refwright("shell", "--jsonl", *TIMEOUT, *args, stdin="".join(c + "\n" for c in commands).encode())
    assert result.returncode == 0, result.stderr.decode()
    return [json.loads(line) for line in result.stdout.decode().splitlines()]


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        # A URL (with a scheme, or a host with a path) or a task in words is never a host list.
        (["shell", "--allow-private", "http://127.0.0.1:8765/login.html"],
         ["shell", "--allow-private=*", "http://127.0.0.1:8765/login.html"]),
        (["shell", "--allow-private", "127.0.0.1:8765/login.html"],
         ["shell", "--allow-private=*", "127.0.0.1:8765/login.html"]),
        (["agent", "--allow-private", "find the price", "--model", "local"],
         ["agent", "--allow-private=*", "find the price", "--model", "local"]),
        # A host list stays the flag's value; so does a value given with `=`, and the flag at the end.
        (["shell", "--allow-private", "localhost:3000,192.168.1.10", "http://localhost:3000/"],
         ["shell", "--allow-private", "localhost:3000,192.168.1.10", "http://localhost:3000/"]),
        (["shell", "--allow-private=localhost", "http://localhost/"],
         ["shell", "--allow-private=localhost", "http://localhost/"]),
        (["shell", "http://localhost/", "--allow-private"], ["shell", "http://localhost/", "--allow-private"]),
    ],
)
def test_a_url_after_allow_private_is_not_its_value(argv: list[str], expected: list[str]) -> None:
    assert bare_allow_private(argv) == expected


def test_shell_allow_private_then_a_url_opens_it_as_the_first_json_line(server: TestServer) -> None:
    url = server.url("/signup.html")
    lines = jsonl("--allow-private", url, commands=["get title"])
    assert lines == [
        {"command": f"open {url}", "ok": True, "output": f"Opened {url} — Sign up"},
        {"command": "get title", "ok": True, "output": "Sign up"},
    ]


def test_a_start_url_that_fails_is_the_first_json_line_too(server: TestServer) -> None:
    url = server.html("/gone-start.html", "<title>Gone</title>Not here", status=404)
    lines = jsonl("--allow-private", url, commands=["get url"])
    assert [line["command"] for line in lines] == [f"open {url}", "get url"]
    assert lines[0]["ok"] is False and "HTTP 404" in str(lines[0]["output"])


def test_plain_mode_prints_the_start_url_on_stdout(server: TestServer) -> None:
    url = server.url("/signup.html")
    result = refwright("shell", "--allow-private", url, *TIMEOUT, stdin=b"get title\n")
    assert result.stdout.decode().splitlines() == [f"Opened {url} — Sign up", "Sign up"]


@pytest.fixture
def temp_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Python's temporary folder pointed at an empty one, to see what a run leaves there."""
    root = tmp_path / "tmp"
    root.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(root))
    return root


def test_a_run_without_screenshots_leaves_no_folder(server: TestServer, temp_root: Path) -> None:
    lines = jsonl("--allow-private", server.url("/signup.html"), commands=["snapshot -i", "get title"])
    assert all(line["ok"] for line in lines)
    assert sorted(p.name for p in temp_root.iterdir()) == []


def test_screenshots_go_into_a_folder_made_at_the_first_one_and_kept(server: TestServer, temp_root: Path) -> None:
    lines = jsonl("--allow-private", server.url("/signup.html"), commands=["screenshot", "screenshot"])
    shots = [Path(str(line["screenshot"])) for line in lines[1:]]
    assert [p.name for p in shots] == ["screenshot-1.png", "screenshot-2.png"]
    assert shots[0].parent.parent == temp_root and shots[0].parent.name.startswith("refwright-shots-")
    assert all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in shots)
    assert [p.name for p in temp_root.iterdir()] == [shots[0].parent.name]


def test_a_chosen_screenshot_folder_is_made_when_missing(server: TestServer, tmp_path: Path) -> None:
    chosen = tmp_path / "not" / "yet"
    lines = jsonl("--allow-private", "--screenshot-dir", str(chosen), commands=["get title"])
    assert lines[0]["ok"] and not chosen.exists()
    lines = jsonl("--allow-private", "--screenshot-dir", str(chosen), server.url("/signup.html"),
                  commands=["screenshot"])
    assert lines[1]["screenshot"] == str(chosen / "screenshot-1.png") and (chosen / "screenshot-1.png").is_file()


def test_a_second_run_into_the_same_screenshot_folder_numbers_on(server: TestServer, tmp_path: Path) -> None:
    # Issue 44 §10: the first run's pictures are kept; the next run numbers on from the highest there.
    chosen = tmp_path / "shots"
    first = jsonl("--allow-private", "--screenshot-dir", str(chosen), server.url("/signup.html"),
                  commands=["screenshot", "screenshot"])
    kept = (chosen / "screenshot-1.png").read_bytes()
    (chosen / "screenshot-7.png").write_bytes(b"a picture of the user's")
    (chosen / "notes.txt").write_text("not a screenshot")
    second = jsonl("--allow-private", "--screenshot-dir", str(chosen), server.url("/signup.html"),
                   commands=["screenshot"])
    assert [line["screenshot"] for line in first[1:]] == [str(chosen / "screenshot-1.png"),
                                                          str(chosen / "screenshot-2.png")]
    assert second[1]["screenshot"] == str(chosen / "screenshot-8.png")
    assert (chosen / "screenshot-1.png").read_bytes() == kept
    assert (chosen / "screenshot-7.png").read_bytes() == b"a picture of the user's"
    assert sorted(p.name for p in chosen.iterdir()) == ["notes.txt", "screenshot-1.png", "screenshot-2.png",
                                                       "screenshot-7.png", "screenshot-8.png"]


def test_eval_runs_the_javascript_as_typed(server: TestServer) -> None:
    lines = jsonl("--allow-private", server.url("/signup.html"), commands=[
        "eval document.querySelector('h1').textContent",
        "eval [\"a\", 'b'].join(\"-\") + /\\d+/.exec('x42')[0]",
        'eval "document.title"',
        "help eval",
    ])
    assert [line["output"] for line in lines[1:4]] == ["Create your account", "a-b42", "Sign up"]
    assert "the rest of the line exactly as written" in str(lines[4]["output"])


def test_help_states_the_real_default_action_timeout() -> None:
    seconds = f"{TimeoutConfig().action / 1000:g} s"
    assert seconds == "30 s"
    assert f"up to the action timeout, {seconds} by default" in command_help("click")
    cli_docs = (Path(__file__).resolve().parents[2] / "docs" / "cli.md").read_text(encoding="utf-8")
    assert f"`--action-timeout MS` ({TimeoutConfig().action:g} by default)" in cli_docs


def test_an_unknown_flag_fails_in_the_shell(server: TestServer) -> None:
    lines = jsonl("--allow-private", server.url("/signup.html"), commands=["snapshot -x", "click @e1 --force"])
    assert lines[1] == {"command": "snapshot -x", "ok": False, "output": (
        "Error: Unknown flag `-x` for `snapshot`. Its flags: -i/--interactive, -u/--urls, -c/--compact, "
        "-d/--depth <value>, -s/--selector <value>, -C/--cursor, --delta, --find <value>.")}
    assert lines[2]["output"] == "Error: Unknown flag `--force`: `click` takes no flags. Usage: click <target>"


def test_reload_of_a_page_that_answers_404_says_so_as_open_does(server: TestServer) -> None:
    url = server.html("/flaky.html", "<title>Here</title>Here")
    server.html("/missing.html", "<title>Missing</title>Not found", status=404)
    missing = server.url("/missing.html")
    lines = jsonl("--allow-private", url, commands=[
        "reload", f"open {missing}", "reload", "get title"])
    out = [str(line["output"]) for line in lines]
    assert out[1] == f"Reloaded {url}"
    assert out[2] == f"Error: Navigation to {missing} failed with HTTP 404"
    assert out[3] == f"Error: Reload of {missing} failed with HTTP 404"
    assert out[4] == "Missing"


def test_the_start_url_gets_its_json_line_even_when_no_browser_starts(tmp_path: Path) -> None:
    missing = str(tmp_path / "no-chromium")
    result = refwright("shell", "--jsonl", "--executable-path", missing, "http://127.0.0.1:9/", stdin=b"get url\n")
    lines = [json.loads(line) for line in result.stdout.decode().splitlines()]
    assert [line["command"] for line in lines] == ["open http://127.0.0.1:9/", "get url"]
    assert lines[0]["ok"] is False and str(lines[0]["output"]).startswith("Error: ")
