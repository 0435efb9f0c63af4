"""``record``: the page's frames over a CDP screencast, written at ``record stop`` as an animated WebP or
GIF (Pillow), or as WebM/MP4 with ffmpeg (on PATH, or imageio-ffmpeg's: ``_ffmpeg``)."""

from __future__ import annotations

import base64
import io
import itertools
import logging
import subprocess
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from PIL import Image
from playwright.async_api import CDPSession
from playwright.async_api import Page as PlaywrightPage

from ..._errors import RefwrightError
from ..._media._ffmpeg import ffmpeg_path
from ...visual import Rect, mask_rects
from ..pipeline._translate import best_effort

__all__ = ["Recorder", "check_format"]

_PILLOW = {".webp": "WEBP", ".gif": "GIF"}
_FFMPEG = {".webm", ".mp4"}
Boxes = list[tuple[float, float, float, float]]
# A frame is shown at least this long, so a still page still makes a playable video.
_MIN_FRAME_MS = 40

_log = logging.getLogger(__name__)


def check_format(path: Path) -> None:
    suffix = path.suffix.lower()
    if suffix in _PILLOW:
        return
    if suffix in _FFMPEG:
        if ffmpeg_path() is None:
            raise RefwrightError(
                f"Recording to {suffix} needs ffmpeg, which is not installed here. Install it (pip install "
                "'refwright[video]', or apt-get install ffmpeg), or record an animated image instead: "
                "`record start demo.webp`.")
        return
    raise RefwrightError(f"Cannot record to a {suffix or 'nameless'} file. Use .webm or .mp4 (with ffmpeg), "
                         "or .webp or .gif: `record start demo.webp`.")


class Recorder:
    """One screencast of one page: frames (JPEG bytes, timestamp in seconds) until ``stop``."""

    def __init__(self, pw: PlaywrightPage, path: Path,
                 mask: Callable[[], Awaitable[Boxes]] | None = None) -> None:
        self.pw = pw
        self.path = path
        self.frames: list[tuple[bytes, float]] = []
        # The boxes to blank in each frame (text and fields showing a secret), and the frame's CSS width.
        self._mask = mask
        self._blanks: list[tuple[Boxes, float]] = []
        self._cdp: CDPSession | None = None

    async def start(self) -> None:
        cdp = await self.pw.context.new_cdp_session(self.pw)
        self._cdp = cdp
        cdp.on("Page.screencastFrame", self._on_frame)
        await cdp.send("Page.startScreencast", {"format": "jpeg", "quality": 80, "everyNthFrame": 1})

    async def _on_frame(self, event: dict[str, Any]) -> None:
        meta = event.get("metadata") or {}
        if self._mask is not None:
            try:
                rects = await self._mask()
            except Exception:
                # Fail closed, whatever went wrong: a frame whose secrets cannot be found is blanked whole
                # rather than written with a value showing.
                _log.debug("finding the secrets in a frame failed; the frame is blanked", exc_info=True)
                rects = [(-1e6, -1e6, 2e6, 2e6)]
            self._blanks.append((rects, float(meta.get("deviceWidth") or 0.0)))
        self.frames.append((base64.b64decode(event["data"]), float(meta.get("timestamp") or 0.0)))
        cdp = self._cdp
        if cdp is not None:
            # Chromium sends the next frame only after this one is acknowledged.
            with best_effort():  # stopped meanwhile
                await cdp.send("Page.screencastFrameAck", {"sessionId": event["sessionId"]})

    async def stop(self) -> int:
        """Stop capturing and write the file; the number of frames written."""
        cdp, self._cdp = self._cdp, None
        if cdp is not None:
            with best_effort():  # the page went away: write what was captured
                await cdp.send("Page.stopScreencast")
                await cdp.detach()
        if not self.frames and not self.pw.is_closed():
            # Chromium sends frames only when the page paints: a still page gets one picture.
            if self._mask is not None:
                size = self.pw.viewport_size
                self._blanks.append((await self._mask(), float(size["width"]) if size else 0.0))
            self.frames.append((await self.pw.screenshot(type="jpeg"), 0.0))
        if not self.frames:
            raise RefwrightError("No frames captured: the page closed before anything was recorded.")
        # Encoding a few hundred small frames takes well under a second; the page waits meanwhile.
        self._write()
        return len(self.frames)

    def _durations(self) -> list[int]:
        stamps = [t for _, t in self.frames]
        gaps = [int((b - a) * 1000) for a, b in itertools.pairwise(stamps)]
        return [max(_MIN_FRAME_MS, g) for g in gaps] + [max(_MIN_FRAME_MS, 500)]

    def _write(self) -> None:
        suffix = self.path.suffix.lower()
        images = [Image.open(io.BytesIO(data)).convert("RGB") for data, _ in self.frames]
        for i, (rects, width) in enumerate(self._blanks[:len(images)]):
            if rects:
                images[i] = mask_rects(images[i], [Rect(*r) for r in rects], images[i].width / width if width else 1.0)
        durations = self._durations()
        if suffix in _PILLOW:
            images[0].save(self.path, format=_PILLOW[suffix], save_all=True, append_images=images[1:],
                           duration=durations, loop=0)
            return
        ffmpeg = ffmpeg_path()
        if ffmpeg is None:
            raise RefwrightError(f"ffmpeg is gone, so {self.path} was not written. Record to .webp instead: "
                                 "`record start demo.webp`.")
        with tempfile.TemporaryDirectory(prefix="refwright-record-") as tmp:
            listing = Path(tmp) / "frames.txt"
            lines = []
            for i, (image, ms) in enumerate(zip(images, durations, strict=True)):
                frame = Path(tmp) / f"{i:06d}.png"
                image.save(frame)
                lines += [f"file '{frame}'", f"duration {ms / 1000:.3f}"]
            lines.append(f"file '{Path(tmp) / f'{len(images) - 1:06d}.png'}'")
            listing.write_text("\n".join(lines) + "\n", encoding="utf-8")
            # Even sizes: the encoders refuse odd ones.
            done = subprocess.run(
                [ffmpeg, "-y", "-loglevel", "error", "-f", "concat", "-safe", "0", "-i", str(listing),
                 "-vf", "scale=trunc(iw/2)*2:trunc(ih/2)*2", "-pix_fmt", "yuv420p", str(self.path)],
                capture_output=True, text=True, timeout=300, check=False)
        if done.returncode != 0:
            raise RefwrightError(f"ffmpeg could not write {self.path}: {done.stderr.strip()[:300]}. "
                                 "Record to .webp instead: `record start demo.webp`.")
