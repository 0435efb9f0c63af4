# Generated from src/refwright/_async/runtime/_snapshots.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""Snapshots (the main document and, through the runtime channel, every frame in it) and screenshots."""

from __future__ import annotations

import json
import re
import struct
from typing import Any

from ..._errors import RefwrightError
from ..._result import Annotation, ScreenshotResult
from ...snapshot._format import truncate_tree
from ...snapshot._patch import apply_patch
from ...snapshot._refs import RefTarget
from ...snapshot._tree import TreeBuilder
from ...snapshot._types import Snapshot
from ...snapshot._views import SnapshotView, ViewSeen
from ..pipeline._translate import mapped
from ..tab._secret_fields import Box, mask_secrets, secret_rects
from ..tab._tab import Tab
from ._runtime_engine import ENGINE, scope_for

__all__ = ["png_size", "take_screenshot", "take_snapshot", "take_view", "walk_view"]

# Page-made text (ids) in the advice of a cut snapshot only when it is a plain identifier.
_PLAIN_SELECTOR = re.compile(r"#[A-Za-z][\w-]{0,60}|[a-z]{1,10}")

# Runtime results held for `{same: stamp}` answers (views × frames).
_HELD_RESULTS = 16

# A child frame that does not answer this fast is shown as unavailable instead of holding up the tree.
_FRAME_TIMEOUT = 3_000


def png_size(data: bytes) -> tuple[int, int]:
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return 0, 0
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)


def take_snapshot(session: Tab, *, interactive: bool = False, compact: bool = False,
                        max_depth: int | None = None, selector: str | None = None, urls: bool = False,
                        cursor: bool = False, include_hidden: bool = False, remember: bool = True) -> Snapshot:
    """The page as an accessibility tree; its refs replace the previous snapshot's. ``remember=False``: the
    model is not shown the whole of it (`snapshot --find`), so later deltas do not count it as seen."""
    opts: dict[str, Any] = {"interactive": interactive, "compact": compact, "urls": urls, "maxDepth": max_depth,
                            "selector": selector, "cursor": cursor, "includeHidden": include_hidden}
    # After `frame <target>` the tree is that frame's, and its refs reach into it from the main document.
    frames = session.view.frame_path
    main, build, tokens = walk_view(session, opts)
    refs = session.view.refs
    if selector is None:
        refs.forget(tokens, under=frames)
    refs.publish(build.targets)
    lines = build.lines
    if lines:
        tree = "\n".join(lines)
    else:
        tree = "(no interactive elements)" if interactive else "(empty page)"
    truncated = bool(main.get("truncated"))
    limit = session.config.max_snapshot_chars
    if limit is not None and len(tree) > limit:
        tree = truncate_tree(lines, limit, interactive=interactive, selector=selector, max_depth=max_depth,
                             landmarks=() if selector is not None else _landmarks(session))
        truncated = True
    snap = Snapshot(tree=tree, refs=build.refs, nodes=build.nodes, url=str(main.get("url", "")),
                    title=str(main.get("title", "")), truncated=truncated)
    session.view.last_snapshot = snap
    session.view.snapshots.last_whole = lines
    if remember:
        view = SnapshotView(interactive, compact, max_depth, selector, urls, cursor, include_hidden, frames)
        session.view.snapshots.remember(view, snap, ViewSeen(tuple(lines), str(main["token"])))
    return snap


def walk_view(session: Tab, opts: dict[str, Any]) -> tuple[dict[str, Any], TreeBuilder, set[str]]:
    """The runtime's walk of the current frame (and the frames in it), its lines given their refs; nothing
    is published or remembered. Returns the main document's result, the lines and the tokens seen."""
    if not session.config.allow_dom_extraction:
        raise RefwrightError("Snapshots are disabled by Config.allow_dom_extraction.")
    frames = session.view.frame_path
    main = _run_snapshot(session, frames, opts)
    session.view.refs.begin(main["token"], frames)
    build = TreeBuilder(session.view.refs, indent=not opts.get("interactive"))
    tokens = {main["token"]}
    _collect(session, main, frames, 0, build, tokens, opts)
    return main, build, tokens


def _run_snapshot(session: Tab, frames: tuple[str, ...], opts: dict[str, Any],
                        **call: Any) -> dict[str, Any]:
    """The runtime's snapshot of one document. The runtime keeps its last result of each view and serves it
    again while nothing the walk reads has changed (snapshot/runtime/incremental.js); when that result is
    the one held here, it answers only ``{same: stamp}`` and this one is used again."""
    held = session.view.snapshots.runtime_results
    key = (frames, json.dumps(opts, sort_keys=True))
    last = held.get(key)
    result: dict[str, Any] = session.channel.run(
        "snapshot", frames=frames, known=last.get("stamp") if last else None, **call, **opts)
    if last is not None and "same" in result and result["same"] == last.get("stamp"):
        return {**last, "gone": result.get("gone", []), "url": result.get("url", last.get("url")),
                "title": result.get("title", last.get("title"))}
    if last is not None and "patch" in result and result.get("base") == last.get("stamp"):
        result = apply_patch(last, result)
    held.pop(key, None)
    if result.get("stamp"):
        held[key] = result
        while len(held) > _HELD_RESULTS:
            del held[next(iter(held))]
    return result


def take_view(session: Tab, view: SnapshotView, *, remember: bool = True) -> Snapshot:
    """A snapshot taken as ``view`` says (its frame is the session's current one)."""
    return take_snapshot(session, interactive=view.interactive, compact=view.compact,
                               max_depth=view.max_depth, selector=view.selector, urls=view.urls,
                               cursor=view.cursor, include_hidden=view.include_hidden, remember=remember)


def _collect(session: Tab, result: dict[str, Any], frames: tuple[str, ...], offset: int,
                   build: TreeBuilder, tokens: set[str], opts: dict[str, Any]) -> None:
    doc = build.document(result, frames, offset)
    start = 0
    for index in doc.iframe_lines:
        build.emit(doc, start, index + 1)
        _collect_frame(session, build.target(doc, index), doc.depths[index] + offset, build, tokens, opts)
        start = index + 1
    build.emit(doc, start, len(doc.lines))


def _collect_frame(session: Tab, iframe: RefTarget, depth: int, build: TreeBuilder, tokens: set[str],
                         opts: dict[str, Any]) -> None:
    max_depth = opts.get("maxDepth")
    if max_depth is not None and depth + 1 > max_depth:
        return
    frames = (*iframe.frames, iframe.selector(ENGINE))
    child_opts = dict(opts, selector=None)
    if max_depth is not None:
        child_opts["maxDepth"] = max_depth - depth - 1
    try:
        with mapped():
            failed = _frame_failed(session, iframe)
        if failed:
            raise RefwrightError("the frame shows the browser's error page")
        child = _run_snapshot(session, frames, child_opts, timeout=_FRAME_TIMEOUT,
                                    frame_gone="the frame was removed")
    except RefwrightError:
        if not opts.get("interactive"):
            build.note("(frame content unavailable)", depth + 1)
        return
    tokens.add(str(child["token"]))
    _collect(session, child, frames, depth + 1, build, tokens, opts)


def _landmarks(session: Tab) -> tuple[str, ...]:
    """Selectors that pick out each of the page's landmarks alone (``main``, ``#sidebar``), for the
    advice of a cut snapshot."""
    try:
        found = (session.channel.run("landmarks")).get("landmarks")
    except RefwrightError:
        return ()
    if not isinstance(found, list):
        return ()
    return tuple(dict.fromkeys(x for x in found if isinstance(x, str) and _PLAIN_SELECTOR.fullmatch(x)))


def _frame_failed(session: Tab, iframe: RefTarget) -> bool:
    """Whether the frame shows Chromium's error page (a refused or failed load): nothing runs there,
    so asking it for a snapshot would only wait out the timeout. Cheap when no frame failed."""
    pw = session.pw
    if not any(f.url.startswith("chrome-error:") for f in pw.frames):
        return False
    scope = scope_for(pw, iframe.frames)
    handle = scope.locator(iframe.selector(ENGINE)).element_handle(timeout=_FRAME_TIMEOUT)
    frame = handle.content_frame() if handle is not None else None
    return frame is None or frame.url.startswith("chrome-error:")


def take_screenshot(session: Tab, *, full_page: bool = False, annotate: bool = False) -> ScreenshotResult:
    annotations: list[Annotation] = []
    tags: list[tuple[Box, str]] = []
    if annotate:
        snap = take_snapshot(session)
        by_frame: dict[tuple[str, ...], list[RefTarget]] = {}
        for target in session.view.refs.latest.values():
            by_frame.setdefault(target.frames, []).append(target)
        # Labels are drawn in the main document; refs inside frames are listed without a label.
        main_targets = by_frame.get((), [])
        result = session.channel.run("annotate", items=[[t.local_id, int(t.ref[1:])] for t in main_targets])
        # The labels in the image's own coordinates: the document's for a full page, else the viewport's.
        dx, dy = (0.0, 0.0) if full_page else (float(result.get("sx", 0)), float(result.get("sy", 0)))
        tags = [((t[0] - dx, t[1] - dy, t[2], t[3]), str(t[4])) for t in result.get("tags", [])]
        for target, box in zip(main_targets, result["boxes"], strict=True):
            if box is None:
                continue
            entry = snap.refs[target.ref]
            annotations.append(Annotation(int(target.ref[1:]), target.ref, entry.role, entry.name,
                                          (box[0], box[1], box[2], box[3])))
    before = secret_rects(session, full_page=full_page)
    try:
        with mapped():
            data = session.pw.screenshot(full_page=full_page, type="png",
                                               timeout=session.config.timeouts.action)
    finally:
        if annotate:
            session.channel.run("unannotate")
    # Blanked before the image leaves refwright: it goes to a model, or into a file. The number labels stay.
    data = mask_secrets(session, data, full_page=full_page, before=before, keep=tags)
    width, height = png_size(data)
    if not annotate:
        session.view.last_screenshot = data
    annotations.sort(key=lambda a: a.number)
    return ScreenshotResult(bytes=data, width=width, height=height, annotations=tuple(annotations))
