"""``refwright mcp`` as a process: over stdio and streamable HTTP, and torn down when the client goes away."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from benchmarks.proctree import descendants

import mcp
from refwright.demo import DemoServer

pytestmark = pytest.mark.asyncio(loop_scope="session")


@pytest.fixture(scope="module")
def demo() -> Iterator[DemoServer]:
    with DemoServer() as server:
        yield server


def _env() -> dict[str, str]:
    env = dict(os.environ)
    src = str(Path(__file__).resolve().parents[2] / "src")
    env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
    return env


def _alive(pids: set[int]) -> set[int]:
    alive = set()
    for pid in pids:
        try:
            state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            alive.add(pid)
    return alive


def _server_pid(marker: str) -> int | None:
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmd = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if marker.encode() in cmd and b"mcp" in cmd:
                return int(entry.name)
    return None


async def _wait_gone(pids: set[int], seconds: float = 15.0) -> set[int]:
    deadline = time.monotonic() + seconds
    while _alive(pids) and time.monotonic() < deadline:  # noqa: ASYNC110 - processes have no event to await
        await asyncio.sleep(0.1)
    return _alive(pids)


async def test_stdio_server_runs_a_flow_and_closes_its_browser_when_stdin_closes(demo: DemoServer) -> None:
    marker = f"{os.getpid()}{time.monotonic_ns()}"[-9:]
    params = mcp.StdioServerParameters(
        command=sys.executable,
        args=["-m", "refwright", "mcp", "--profile", "actions", "--allow-private", "--max-output", marker],
        env=_env())
    async with mcp.Client(params) as client:
        tools = (await client.list_tools()).tools
        assert [t.name for t in tools] == ["browser"]
        result = await client.call_tool("browser", {"action": "navigate", "url": demo.url})
        assert not result.is_error and "Create your account" in result.content[0].text
        pid = _server_pid(marker)
        assert pid is not None
        browser_processes = descendants(pid)
        assert browser_processes
    assert not await _wait_gone(browser_processes | {pid})


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def test_http_server_serves_on_loopback_and_sigterm_tears_the_browser_down(demo: DemoServer) -> None:
    port = _free_port()
    command = [sys.executable, "-m", "refwright", "mcp", "--http", str(port), "--allow-private"]
    # The server outlives this call, so it is a plain Popen.
    proc = subprocess.Popen(command, env=_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)  # noqa: ASYNC220
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else ""
                assert time.monotonic() < deadline, "the HTTP server did not start"
                await asyncio.sleep(0.1)
        async with mcp.Client(f"http://127.0.0.1:{port}/mcp") as client:
            assert [t.name for t in (await client.list_tools()).tools] == ["browser"]
            opened = await client.call_tool("browser", {"command": f"open {demo.url}"})
            assert not opened.is_error, opened.content[0].text
            snap = await client.call_tool("browser", {"command": "snapshot -i"})
            assert '"Create account"' in snap.content[0].text
            error = await client.call_tool("browser", {"command": "click @e999"})
            assert error.is_error and "snapshot" in error.content[0].text
        browser_processes = descendants(proc.pid)
        assert browser_processes
        proc.send_signal(signal.SIGTERM)
        assert await asyncio.to_thread(proc.wait, 20) == 0
        assert not await _wait_gone(browser_processes)
        assert _quiet(proc)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def _quiet(proc: subprocess.Popen[bytes]) -> bool:
    """Whether the stopped server wrote nothing on stderr but its guard line (no traceback, no log)."""
    err = proc.stderr.read().decode() if proc.stderr else ""
    assert not err.strip(), err
    return "Traceback" not in err and "CancelledError" not in err


async def _started(proc: subprocess.Popen[bytes], port: int) -> None:
    deadline = time.monotonic() + 20
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else ""
            assert time.monotonic() < deadline, "the HTTP server did not start"
            await asyncio.sleep(0.1)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
async def test_an_http_server_with_no_client_stops_quietly_on_a_signal(signum: int) -> None:
    # Issue 44 §7: no CancelledError traceback on stderr (benchmarks/mcp_stop.py --http times it).
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "refwright", "mcp", "--http", str(port)],  # noqa: ASYNC220
                            env=_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        await _started(proc, port)
        proc.send_signal(signum)
        assert await asyncio.to_thread(proc.wait, 20) == 0
        assert _quiet(proc)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
