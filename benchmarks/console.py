#!/usr/bin/env python3
"""The console's live view: frames per second each viewer gets, and what watching costs in CPU.

    PYTHONPATH=src python benchmarks/console.py [seconds-per-level]

A run waits on a page that repaints every animation frame (the worst case for a screencast). For 0, 1, 2
and 4 viewers (WebSocket clients with the token, as the page's own script connects) it measures, over
the same interval: frames received per viewer per second, and the CPU time of this process and all its
descendants (the Playwright driver and Chromium) as a share of one core. "per viewer" is the increase
over 0 viewers divided by the number of viewers.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from pathlib import Path

from wsproto import ConnectionType, WSConnection
from wsproto.events import AcceptConnection, CloseConnection, Request, TextMessage

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.server import TestServer

import refwright
from refwright import Config
from refwright.agent import Assistant, ScriptedLlm, ToolCall
from refwright.console import Console, ConsoleServer

_ANIMATED = """<title>Animated</title>
<style>#box { width: 120px; height: 120px; background: #369; animation: spin 1s linear infinite; }
@keyframes spin { to { transform: rotate(360deg); } }</style>
<div id="box"></div><p id="n">0</p>
<script>let n = 0; (function tick() { document.getElementById("n").textContent = ++n;
requestAnimationFrame(tick); })();</script>"""

_TICKS = os.sysconf("SC_CLK_TCK")


def _tree_cpu(root: int) -> float:
    """CPU seconds (user + system) of ``root`` and every live descendant, from /proc."""
    children: dict[int, list[int]] = {}
    times: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid, parent = int(entry), int(fields[1])
        children.setdefault(parent, []).append(pid)
        times[pid] = (int(fields[11]) + int(fields[12])) / _TICKS
    total, todo = 0.0, [root]
    while todo:
        pid = todo.pop()
        total += times.get(pid, 0.0)
        todo.extend(children.get(pid, []))
    return total


async def _viewer(port: int, token: str, run_id: str, frames: list[int], index: int, stop: asyncio.Event) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    ws = WSConnection(ConnectionType.CLIENT)
    writer.write(ws.send(Request(host=f"127.0.0.1:{port}", target=f"/ws/runs/{run_id}",
                                 extra_headers=[(b"authorization", f"Bearer {token}".encode())])))
    buffer = ""
    try:
        while not stop.is_set():
            try:
                data = await asyncio.wait_for(reader.read(1 << 16), 0.2)
            except TimeoutError:
                continue
            if not data:
                return
            ws.receive_data(data)
            for event in ws.events():
                if isinstance(event, AcceptConnection):
                    continue
                if isinstance(event, CloseConnection):
                    return
                if isinstance(event, TextMessage):
                    buffer += event.data
                    if event.message_finished:
                        if json.loads(buffer).get("type") == "frame":
                            frames[index] += 1
                        buffer = ""
    finally:
        writer.close()


async def measure(port: int, token: str, run_id: str, viewers: int, seconds: float) -> tuple[float, float]:
    frames = [0] * viewers
    stop = asyncio.Event()
    tasks = [asyncio.ensure_future(_viewer(port, token, run_id, frames, i, stop)) for i in range(viewers)]
    await asyncio.sleep(1.0)  # connected, streaming, past the first frames
    frames[:] = [0] * viewers
    cpu0, wall0 = _tree_cpu(os.getpid()), time.monotonic()
    await asyncio.sleep(seconds)
    cpu1, wall1 = _tree_cpu(os.getpid()), time.monotonic()
    got = list(frames)
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    await asyncio.sleep(0.5)  # the screencast stops after the last viewer
    elapsed = wall1 - wall0
    fps = sum(got) / viewers / elapsed if viewers else 0.0
    return fps, (cpu1 - cpu0) / elapsed * 100


async def main(seconds: float) -> None:
    server = TestServer()
    url = server.html("/animated", _ANIMATED)
    async with refwright.launch(config=Config(allow_private=True)) as browser:
        console = Console(browser)
        async with ConsoleServer(console) as srv:
            llm = ScriptedLlm([[ToolCall("1", "wait 600000")], [Assistant("done")]])
            run = console.start("Watch an animated page", url, llm=llm)
            for _ in range(600):  # the run is in its long `wait`
                if any(s["command"].startswith("wait") for s in run.steps):
                    break
                await asyncio.sleep(0.05)
            print(f"live view throttle: {console.fps:g} fps; {seconds:g} s per level; CPU: % of one core, this "
                  "process + Playwright driver + Chromium")
            print(f"{'viewers':>7}  {'fps/viewer':>10}  {'CPU %':>6}  {'CPU %/viewer':>12}")
            base = None
            for viewers in (0, 1, 2, 4):
                fps, cpu = await measure(srv.port, srv.token, run.id, viewers, seconds)
                base = cpu if base is None else base
                per = f"{(cpu - base) / viewers:12.1f}" if viewers else f"{'—':>12}"
                print(f"{viewers:>7}  {fps:10.1f}  {cpu:6.1f}  {per}")
            await console.stop(run)
    server.stop()


if __name__ == "__main__":
    asyncio.run(main(float(sys.argv[1]) if len(sys.argv) > 1 else 4.0))
