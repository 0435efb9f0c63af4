"""The peers refwright is measured against: agent-browser's CLI and @playwright/mcp over MCP stdio.

Both are installed by ``shared/bench/peers.sh install`` (agent-browser 0.41.2, @playwright/mcp 0.0.83 under
``$PEERS_DIR``, default /tmp/refwright-peers). peers.sh runs them on Debian's /usr/bin/chromium; a comparison
runs every tool on one Chromium instead (``bench_chromium``: the one refwright launches headless unless a
benchmark's ``--chromium`` names another), so that no tool is timed on a lighter browser than another.

agent-browser is timed as an agent calls it: one CLI process per command, talking to its already-running
daemon. The binary is executed directly, with the environment peers.sh would export (read from the
script), so the measured time has no bash start-up in it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import platform
import re
import shlex
import subprocess
import tempfile
from pathlib import Path
from typing import Any

__all__ = ["AgentBrowser", "McpClient", "PeerError", "Peers", "bench_chromium", "find_peers"]

_REPO = Path(__file__).resolve().parent.parent
_SCRIPT_CANDIDATES = (
    _REPO.parent / "shared" / "bench" / "peers.sh",
    Path("/work/shared/bench/peers.sh"),
)


class PeerError(RuntimeError):
    pass


def bench_chromium(path: str | None = None) -> str | None:
    """The one Chromium every tool of a comparison runs on: ``path``, else the browser refwright launches
    headless (its headless shell where one is installed), else None (no Chromium found)."""
    if path:
        return path
    from refwright._driver._discovery import find_browser

    candidate = find_browser()
    return candidate.path if candidate else None


class Peers:
    """Where the peers are, and how peers.sh runs them."""

    def __init__(self, script: Path, chromium: str | None = None) -> None:
        self.script = script
        # The Chromium the peers run on instead of peers.sh's (bench_chromium), when given.
        self.chromium = chromium
        self.dir = Path(os.environ.get("PEERS_DIR", "/tmp/refwright-peers"))
        arch = {"x86_64": "x64", "aarch64": "arm64"}.get(platform.machine(), platform.machine())
        self.ab_binary = self.dir / "node_modules" / "agent-browser" / "bin" / f"agent-browser-linux-{arch}"
        self.mcp_cli = self.dir / "node_modules" / "@playwright" / "mcp" / "cli.js"

    @property
    def has_agent_browser(self) -> bool:
        return self.ab_binary.is_file() and os.access(self.ab_binary, os.X_OK)

    @property
    def has_mcp(self) -> bool:
        return self.mcp_cli.is_file()

    def ab_env(self) -> dict[str, str]:
        """The environment peers.sh exports before running agent-browser."""
        env = dict(os.environ)
        for line in self.script.read_text().splitlines():
            m = re.match(r"^\s*export\s+(AGENT_BROWSER_\w+)=(.*)$", line)
            if m:
                env[m.group(1)] = shlex.split(m.group(2))[0] if m.group(2).strip() else ""
        if self.chromium:
            env["AGENT_BROWSER_EXECUTABLE_PATH"] = self.chromium
        return env

    def mcp_command(self) -> list[str]:
        out = subprocess.run(["bash", str(self.script), "mcp-command"], capture_output=True, text=True,
                             check=True, timeout=30, env={**os.environ, "PEERS_DIR": str(self.dir)})
        command = shlex.split(out.stdout.strip())
        if self.chromium and "--executable-path" in command:
            command[command.index("--executable-path") + 1] = self.chromium
        return command

    def versions(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for name, pkg in (("agent-browser", "agent-browser"), ("@playwright/mcp", "@playwright/mcp")):
            try:
                meta = json.loads((self.dir / "node_modules" / pkg / "package.json").read_text())
                out[name] = str(meta.get("version"))
            except (OSError, ValueError):
                pass
        return out


def find_peers(script: str | None = None, chromium: str | None = None) -> Peers | None:
    """peers.sh from the argument, $REFWRIGHT_PEERS_SH, or shared/bench beside the checkout; the peers run on
    ``chromium`` when given."""
    candidates = [Path(script)] if script else []
    if os.environ.get("REFWRIGHT_PEERS_SH"):
        candidates.append(Path(os.environ["REFWRIGHT_PEERS_SH"]))
    candidates.extend(_SCRIPT_CANDIDATES)
    for path in candidates:
        if path.is_file():
            return Peers(path, chromium)
    return None


class AgentBrowser:
    """One agent-browser session (its own daemon and Chromium), driven through the CLI."""

    def __init__(self, peers: Peers, session: str | None = None) -> None:
        self.peers = peers
        self._prefix = session or f"rwbench{os.getpid()}"
        self._sessions = 0
        self.session = self._prefix
        self.env = peers.ab_env()
        self.started = False

    async def run(self, *args: str, timeout: float = 120.0) -> str:
        """Run one CLI command and return its stdout; raises PeerError on failure."""
        proc = await asyncio.create_subprocess_exec(
            # A daemon this run leaves behind (killed mid-run) stops by itself after 10 idle minutes.
            str(self.peers.ab_binary), "--session", self.session, "--idle-timeout", "10m", *args,
            stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
            env=self.env)
        try:
            out, err = await asyncio.wait_for(proc.communicate(), timeout)
        except TimeoutError:
            proc.kill()
            await proc.wait()
            raise PeerError(f"agent-browser {' '.join(args)} did not finish in {timeout:.0f} s") from None
        if proc.returncode != 0:
            raise PeerError(f"agent-browser {' '.join(args)} exited {proc.returncode}: "
                            f"{(err or out).decode(errors='replace')[:500]}")
        return out.decode("utf-8", errors="replace")

    async def open(self, url: str, viewport: tuple[int, int]) -> None:
        if not self.started:
            # The first command starts the daemon and its Chromium. A new session name each time: a daemon
            # that is still shutting down under the old name cannot get in the way.
            self._sessions += 1
            self.session = f"{self._prefix}-{self._sessions}"
            for attempt in range(3):
                try:
                    await self.run("open", url, timeout=120)
                    break
                except PeerError as exc:
                    if "Retry" not in str(exc) or attempt == 2:
                        raise
                    await asyncio.sleep(1.0)
            self.started = True
            await self.run("set", "viewport", str(viewport[0]), str(viewport[1]))
        else:
            await self.run("open", url, timeout=120)

    async def eval(self, js: str) -> str:
        return (await self.run("eval", js)).strip()

    async def close(self) -> None:
        if self.started:
            self.started = False
            with contextlib.suppress(PeerError, OSError):
                await self.run("close", timeout=30)


class McpClient:
    """A minimal MCP client over stdio: newline-delimited JSON-RPC 2.0."""

    def __init__(self, command: list[str]) -> None:
        self.command = command
        self.proc: asyncio.subprocess.Process | None = None
        self._next = 0
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._reader: asyncio.Task[None] | None = None
        self._stderr_task: asyncio.Task[None] | None = None
        self.stderr_tail = b""
        # @playwright/mcp writes snapshots and logs under its working directory: keep them out of the repo.
        self._cwd = tempfile.TemporaryDirectory(prefix="rwbench-mcp-")
        self.server_info: dict[str, Any] = {}

    async def start(self, timeout: float = 60.0) -> None:
        self.proc = await asyncio.create_subprocess_exec(
            *self.command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, cwd=self._cwd.name, limit=1 << 30)
        self._reader = asyncio.create_task(self._read())
        self._stderr_task = asyncio.create_task(self._drain_stderr())
        init = await self.request("initialize", {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "refwright-bench", "version": "0"}}, timeout=timeout)
        self.server_info = dict(init.get("serverInfo") or {})
        await self.notify("notifications/initialized", {})

    async def _read(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        while True:
            line = await self.proc.stdout.readline()
            if not line:
                break
            try:
                msg = json.loads(line)
            except ValueError:
                continue
            fut = self._waiting.pop(msg.get("id"), None) if isinstance(msg.get("id"), int) else None
            if fut is not None and not fut.done():
                fut.set_result(msg)
            # Notifications (tools/list_changed, logging) are ignored.
        for fut in self._waiting.values():
            if not fut.done():
                fut.set_exception(PeerError("MCP server closed its output: "
                                            + self.stderr_tail.decode(errors="replace")[-500:]))
        self._waiting.clear()

    async def _drain_stderr(self) -> None:
        assert self.proc is not None and self.proc.stderr is not None
        while chunk := await self.proc.stderr.read(65536):
            self.stderr_tail = (self.stderr_tail + chunk)[-8192:]

    async def _send(self, msg: dict[str, Any]) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(msg).encode() + b"\n")
        await self.proc.stdin.drain()

    async def notify(self, method: str, params: dict[str, Any]) -> None:
        await self._send({"jsonrpc": "2.0", "method": method, "params": params})

    async def request(self, method: str, params: dict[str, Any], timeout: float = 120.0) -> dict[str, Any]:
        self._next += 1
        rid = self._next
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[rid] = fut
        await self._send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        try:
            msg = await asyncio.wait_for(fut, timeout)
        except TimeoutError:
            self._waiting.pop(rid, None)
            raise PeerError(f"MCP {method} got no answer in {timeout:.0f} s") from None
        if "error" in msg:
            raise PeerError(f"MCP {method} failed: {msg['error']}")
        result: dict[str, Any] = msg.get("result") or {}
        return result

    async def call_tool(self, name: str, arguments: dict[str, Any], timeout: float = 120.0) -> str:
        """The text the model would read: the tool result's text parts, joined."""
        result = await self.request("tools/call", {"name": name, "arguments": arguments}, timeout=timeout)
        text = "\n".join(str(c.get("text", "")) for c in result.get("content") or [] if c.get("type") == "text")
        if result.get("isError"):
            raise PeerError(f"MCP tool {name} failed: {text[:500]}")
        return text

    async def close(self) -> None:
        proc, self.proc = self.proc, None
        if proc is not None:
            if proc.stdin is not None:
                with contextlib.suppress(OSError, RuntimeError):
                    proc.stdin.close()
            try:
                await asyncio.wait_for(proc.wait(), 10)
            except TimeoutError:
                proc.terminate()
                try:
                    await asyncio.wait_for(proc.wait(), 5)
                except TimeoutError:
                    proc.kill()
                    await proc.wait()
        for task in (self._reader, self._stderr_task):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        self._cwd.cleanup()
