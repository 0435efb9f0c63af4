"""Stable refs: the same element keeps its ref across snapshots, and a ref is never reused (pure).

The page runtime gives each element a local id that lasts as long as its document; a document is known
by its runtime token, and a frame by the chain of iframe selectors that leads to it. This table turns
(frame chain, token, local id) into ``eN`` and remembers which refs the latest snapshot contained.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterable
from typing import NamedTuple

__all__ = ["RefTable", "RefTarget", "checked_frames", "parse_ref"]

_REF = re.compile(r"^(?:@|ref=)?(e\d+)$")


def parse_ref(target: str) -> str | None:
    """``@e3``, ``e3`` and ``ref=e3`` name ref ``e3``; anything else is a selector."""
    m = _REF.match(target.strip())
    return m.group(1) if m else None


class RefTarget(NamedTuple):
    ref: str
    # Selectors of the iframes to enter, outermost first; empty for the main frame.
    frames: tuple[str, ...]
    token: str
    local_id: int
    role: str
    name: str
    # Whether role and name are as a snapshot lists them (``inspect`` names controls its own way): only
    # then does an action refuse an element whose role or name changed.
    listed: bool = True

    def selector(self, engine: str) -> str:
        return f"{engine}=ref:{self.token}:{self.local_id}"

    def expectation(self) -> dict[str, str]:
        """What the snapshot listed: an action refuses the element when it is no longer this."""
        if not self.listed:
            return {"ref": self.ref}
        return {"ref": self.ref, "role": self.role, "name": self.name}

    def checked_selector(self, engine: str) -> str:
        """The selector an action uses: it fails at once, with a sentence, when the element is gone, its
        document was replaced, or its role or name changed since the snapshot (the runtime's ``ref!:``)."""
        return f"{engine}=ref!:{self.token}:{self.local_id}:{_encode(self.expectation())}"

    def checked_frames(self, engine: str) -> tuple[str, ...]:
        return checked_frames(self.frames, engine, self.ref)


def _encode(value: dict[str, str]) -> str:
    return base64.b64encode(json.dumps(value).encode()).decode()


def checked_frames(frames: tuple[str, ...], engine: str, ref: str) -> tuple[str, ...]:
    """``frames`` (the iframes on the way to ``ref``) as checked selectors: an iframe that is gone, or a
    document that changed on the way, fails at once instead of being waited for."""
    prefix = f"{engine}=ref:"
    return tuple(f"{engine}=ref!:{step[len(prefix):]}:{_encode({'ref': ref, 'frame': '1'})}"
                 if step.startswith(prefix) else step for step in frames)


class RefTable:
    def __init__(self) -> None:
        # (frame chain, runtime token) -> local id -> ref: one dict per document keeps the hot loop of a
        # large snapshot to one lookup per ref.
        self._docs: dict[tuple[tuple[str, ...], str], dict[int, str]] = {}
        self._next = 1
        self._main_token: str | None = None
        self.latest: dict[str, RefTarget] = {}

    def begin(self, token: str, frames: tuple[str, ...] = ()) -> None:
        """Start a snapshot of the document ``token`` reached through ``frames``; a new main document
        forgets every key of the old one. A snapshot inside a frame (after `frame`) keeps the main
        document's keys, so an element keeps its ref whether it was listed from the page or the frame."""
        if frames:
            return
        if token != self._main_token:
            self._docs.clear()
            self._main_token = token

    def document(self, frames: tuple[str, ...], token: str) -> dict[int, str]:
        """The refs given so far in one document, by local id; add to it with ``new_ref``."""
        return self._docs.setdefault((frames, token), {})

    def release(self, frames: tuple[str, ...], token: str, local_ids: Iterable[int]) -> None:
        """Forget the refs of elements the page let go of (collected), so memory follows the page."""
        known = self._docs.get((frames, token))
        if known:
            for local_id in local_ids:
                known.pop(local_id, None)

    def new_ref(self) -> str:
        ref = f"e{self._next}"
        self._next += 1
        return ref

    def assign(self, frames: tuple[str, ...], token: str, local_id: int, role: str, name: str) -> RefTarget:
        """The ref of an element listed other than by a snapshot (``inspect``), new if it has none."""
        doc = self.document(frames, token)
        ref = doc.get(local_id)
        if ref is None:
            ref = doc[local_id] = self.new_ref()
        return RefTarget(ref, frames, token, local_id, role, name, listed=False)

    def publish(self, targets: dict[str, RefTarget]) -> None:
        self.latest = targets

    def ever_assigned(self, ref: str) -> bool:
        return int(ref[1:]) < self._next

    def ref_of(self, frames: tuple[str, ...], token: str, local_id: int) -> str | None:
        """The ref the latest snapshot listed for that element, if it did."""
        ref = self._docs.get((frames, token), {}).get(local_id)
        return ref if ref is not None and ref in self.latest else None

    def forget(self, tokens_alive: set[str], under: tuple[str, ...] = ()) -> None:
        """Drop documents under the frames ``under`` (all, by default) that are gone, so memory follows
        the page."""
        for key in [k for k in self._docs if k[0][:len(under)] == under and k[1] not in tokens_alive]:
            del self._docs[key]
