"""The command line's safety switches: --action-policy, --confirm-actions (asked on the terminal, refused
without one), REFWRIGHT_ALLOW_PRIVATE and the user's own config file, which a project-local file cannot
stand in for. Most run the command in this process with the environment and working folder swapped; those
about the terminal run it as a real subprocess (in a session of its own, or on a pseudo-terminal)."""

from __future__ import annotations

import fcntl
import json
import os
import select
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from refwright._driver._discovery import find_browser

from ..inprocess import environment, refwright
from ..server import TestServer

BUTTON = "<title>Shop</title><button onclick=\"document.title = 'Bought'\">Buy</button>"


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    """A clean environment: an empty HOME (no user config), no REFWRIGHT_ALLOW_PRIVATE, a known Chromium."""
    home = tmp_path / "home"
    home.mkdir()
    candidate = find_browser()
    assert candidate is not None
    clean = {k: v for k, v in os.environ.items() if k not in ("REFWRIGHT_ALLOW_PRIVATE", "XDG_CONFIG_HOME")}
    return {**clean, "HOME": str(home), "REFWRIGHT_EXECUTABLE_PATH": candidate.path,
            "PYTHONIOENCODING": "utf-8"}


def shell(env: dict[str, str], *args: str, commands: list[str], cwd: Path | None = None,
          ) -> tuple[list[dict[str, object]], str, int]:
    """``refwright shell --jsonl`` run in this process under ``env``."""
    with environment(env, cwd):
        result = refwright("shell", "--jsonl", "--action-timeout", "2000", *args,
                           stdin="".join(c + "\n" for c in commands).encode())
    lines = [json.loads(line) for line in result.stdout.decode().splitlines()]
    return lines, result.stderr.decode(), result.returncode


def shell_process(env: dict[str, str], *args: str, commands: list[str]) -> tuple[list[dict[str, object]], str, int]:
    """The same as a real subprocess; start_new_session: no controlling terminal, like CI and a program
    driving the shell (this process may have one)."""
    result = subprocess.run([sys.executable, "-m", "refwright", "shell", "--jsonl", "--action-timeout", "2000",
                             *args], input="".join(c + "\n" for c in commands).encode(), capture_output=True,
                            timeout=90, check=False, env=env, start_new_session=True)
    lines = [json.loads(line) for line in result.stdout.decode().splitlines()]
    return lines, result.stderr.decode(), result.returncode


def outputs(lines: list[dict[str, object]]) -> list[str]:
    return [str(line["output"]) for line in lines]


# -- --action-policy and --confirm-actions -----------------------------------------------------------------


def test_action_policy_file(env: dict[str, str], tmp_path: Path, server: TestServer) -> None:
    policy = tmp_path / "policy.json"
    policy.write_text(json.dumps({"deniedActions": ["Evaluate"], "deniedDomains": ["localhost"]}))
    url = server.html("/shop.html", BUTTON)
    lines, _, code = shell(env, "--allow-private", "--action-policy", str(policy),
                           commands=[f"open {url}", "eval 1", "click text=Buy", "get title",
                                     "open " + url.replace("127.0.0.1", "localhost")])
    assert code == 0
    out = outputs(lines)
    assert out[0] == f"Opened {url} — Shop"
    assert out[1] == (f"Error: Action Evaluate on {url} was denied by the action policy (deniedActions contains "
                      "Evaluate). Do not retry it; if it is needed, ask the user to change the policy.")
    assert out[2:4] == ["Clicked text=Buy", "Bought"]
    assert "(deniedDomains contains localhost)" in out[4]


@pytest.mark.parametrize(("content", "message"), [
    ("{not json", "The action policy is not valid JSON"),
    ('{"deniedAction": ["Click"]}', "Unknown action policy key 'deniedAction'. Did you mean deniedActions?"),
    ('{"deniedActions": ["Clik"]}', "Did you mean Click?"),
])
def test_a_bad_action_policy_file_stops_the_command(env: dict[str, str], tmp_path: Path, content: str,
                                                    message: str) -> None:
    policy = tmp_path / "policy.json"
    policy.write_text(content)
    lines, err, code = shell(env, "--action-policy", str(policy), commands=["help"])
    assert code == 2 and lines == []
    assert err.startswith(f"refwright: --action-policy {policy}: ") and message in err


def test_confirm_actions_without_a_terminal_are_refused(env: dict[str, str], server: TestServer) -> None:
    url = server.html("/shop.html", BUTTON)
    lines, err, code = shell_process(env, "--allow-private", "--confirm-actions", "click,navigate",
                                     commands=[f"open {url}", "get title"])
    assert code == 0
    assert "no terminal to ask on, so actions that need confirmation (Click, Navigate) will be refused" in err
    out = outputs(lines)
    assert out[0].startswith(f"Error: Action Navigate on {url} needs the user's confirmation (confirmActions "
                             "contains Navigate), and there is no way to ask the user here")
    assert out[1] == ""  # still on about:blank, nothing opened


def test_confirm_actions_with_an_unknown_action(env: dict[str, str]) -> None:
    lines, err, code = shell(env, "--confirm-actions", "clik", commands=["help"])
    assert code == 2 and lines == []
    assert "Unknown action 'clik' in --confirm-actions. Did you mean Click?" in err


def shell_on_a_terminal(env: dict[str, str], args: list[str], commands: list[str],
                        answers: list[str]) -> tuple[list[dict[str, object]], list[str]]:
    """Run the shell with a pseudo-terminal as its controlling terminal; answer each y/N prompt in turn."""
    master, slave = os.openpty()

    def become_session_leader_on_the_pty() -> None:
        os.setsid()
        fcntl.ioctl(slave, termios.TIOCSCTTY, 0)

    proc = subprocess.Popen(
        [sys.executable, "-m", "refwright", "shell", "--jsonl", "--action-timeout", "2000", *args],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env,
        preexec_fn=become_session_leader_on_the_pty, pass_fds=(slave,))
    os.close(slave)
    prompts: list[str] = []
    try:
        assert proc.stdin is not None
        proc.stdin.write("".join(c + "\n" for c in commands).encode())
        proc.stdin.close()
        seen = ""
        deadline = time.monotonic() + 60
        for answer in answers:
            while "[y/N] " not in seen:
                assert time.monotonic() < deadline, f"no prompt; the terminal showed {seen!r}"
                ready, _, _ = select.select([master], [], [], 0.5)
                if ready:
                    seen += os.read(master, 4096).decode(errors="replace")
            prompt, _, seen = seen.partition("[y/N] ")
            prompts.append(prompt.strip().splitlines()[-1] + " [y/N]")
            os.write(master, (answer + "\n").encode())
        proc.stdin = None  # closed above; communicate() would flush it
        stdout, _ = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    return [json.loads(line) for line in stdout.decode().splitlines()], prompts


def test_confirm_actions_ask_on_the_terminal(env: dict[str, str], server: TestServer) -> None:
    url = server.html("/shop.html", BUTTON)
    lines, prompts = shell_on_a_terminal(
        env, ["--allow-private", "--confirm-actions", "click"],
        [f"open {url}", "click text=Buy", "click text=Buy", "get title"], ["n", "y"])
    assert prompts == [f"refwright: allow Click on {url}? [y/N]"] * 2
    out = outputs(lines)
    assert out[0] == f"Opened {url} — Shop"
    assert out[1] == (f"Error: Action Click on {url} was declined by the user (confirmActions contains Click). "
                      "Do not retry it unless the user asks for it.")
    assert out[2:] == ["Clicked text=Buy", "Bought"]


# -- who may allow private targets ------------------------------------------------------------------------


def test_private_targets_are_refused_by_default_naming_the_flag(env: dict[str, str], server: TestServer) -> None:
    lines, _, _ = shell(env, commands=[f"open {server.empty_page}", f"open 127.0.0.1:{server.port}"])
    for out in outputs(lines):
        assert out.startswith("Error: Refused http://127.0.0.1:")
        assert "--allow-private" in out and "REFWRIGHT_ALLOW_PRIVATE" in out
    assert server.requests == []


@pytest.mark.parametrize("value", ["1", "true", "*"])
def test_refwright_allow_private_allows_all(env: dict[str, str], server: TestServer, value: str) -> None:
    lines, _, _ = shell({**env, "REFWRIGHT_ALLOW_PRIVATE": value}, commands=[f"open {server.empty_page}"])
    assert outputs(lines) == [f"Opened {server.empty_page}"]


def test_refwright_allow_private_lists_hosts(env: dict[str, str], server: TestServer,
                                             cross_server: TestServer) -> None:
    lines, _, _ = shell({**env, "REFWRIGHT_ALLOW_PRIVATE": f"localhost:1, 127.0.0.1:{server.port}"},
                        commands=[f"open {server.empty_page}", f"open {cross_server.empty_page}"])
    out = outputs(lines)
    assert out[0] == f"Opened {server.empty_page}"
    assert out[1].startswith(f"Error: Refused {cross_server.empty_page}: localhost resolves to a loopback address")
    assert f"blocked except localhost:1, 127.0.0.1:{server.port}" in out[1]
    assert cross_server.requests == []


def test_the_flag_wins_over_the_variable(env: dict[str, str], server: TestServer) -> None:
    lines, _, _ = shell({**env, "REFWRIGHT_ALLOW_PRIVATE": "0"}, "--allow-private",
                        commands=[f"open {server.empty_page}"])
    assert outputs(lines) == [f"Opened {server.empty_page}"]


@pytest.mark.parametrize("where", ["xdg", "home"])
def test_the_users_config_file_allows_private_targets(env: dict[str, str], tmp_path: Path, server: TestServer,
                                                      where: str) -> None:
    root = tmp_path / "xdg" if where == "xdg" else Path(env["HOME"]) / ".config"
    (root / "refwright").mkdir(parents=True)
    (root / "refwright" / "config.toml").write_text(f'allow_private = ["127.0.0.1:{server.port}"]\n')
    run_env = {**env, "XDG_CONFIG_HOME": str(root)} if where == "xdg" else env
    lines, _, _ = shell(run_env, commands=[f"open {server.empty_page}"])
    assert outputs(lines) == [f"Opened {server.empty_page}"]


def test_a_project_file_cannot_allow_private_targets(env: dict[str, str], tmp_path: Path,
                                                     server: TestServer) -> None:
    """A cloned repository's files must not be able to point the browser at loopback or the metadata
    endpoint: nothing in the working directory is read for allow_private."""
    project = tmp_path / "project"
    for path in ("refwright.toml", "config.toml", ".refwright.toml", ".refwright/config.toml",
                 "refwright/config.toml", ".config/refwright/config.toml"):
        (project / path).parent.mkdir(parents=True, exist_ok=True)
        (project / path).write_text("allow_private = true\n")
    (project / ".env").write_text("REFWRIGHT_ALLOW_PRIVATE=1\n")
    lines, _, _ = shell(env, commands=[f"open {server.empty_page}"], cwd=project)
    assert outputs(lines)[0].startswith(f"Error: Refused {server.empty_page}: 127.0.0.1 is a loopback address")
    assert server.requests == []


def test_a_broken_user_config_is_an_error(env: dict[str, str]) -> None:
    config = Path(env["HOME"]) / ".config" / "refwright" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text("allow_private = 3\n")
    lines, err, code = shell(env, commands=["help"])
    assert code == 2 and lines == []
    assert "allow_private must be true, false, or a list of HOST[:PORT] strings" in err
