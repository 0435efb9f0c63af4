# Generated from src/refwright/_async/tab/_secret_fields.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""The page side of secrets: where a secret would be typed (the page's origin, the field's frame's), the
value put in only there, and the boxes a screenshot must blank before it leaves the page.

Origins come from Playwright's record of each frame's URL, never from the page's own scripts, which a
hostile frame could rewrite."""

from __future__ import annotations

import logging
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from playwright.sync_api import ElementHandle, Frame, Locator

from ...safety import ActionType
from ...safety._secrets import Secrets, has_token, origin_of
from ..pipeline._translate import best_effort
from ..runtime._runtime_engine import INSPECT_ENGINE
from ._fill import TextNotEnteredError

if TYPE_CHECKING:
    from ._tab import Tab

__all__ = ["mask_secrets", "reveal_focused", "reveal_on_page", "scrub_zip", "secret_rects", "type_secret"]

_MAX_FRAME_DEPTH = 16
_log = logging.getLogger(__name__)


def type_secret(session: Tab, field: Locator, text: str, timeout: float, *, keys: bool = False) -> None:
    """Fill ``text`` into ``field`` (``keys``: key by key), its ``{{secret:NAME}}`` tokens replaced by their
    values once the page and the field's frame are on their origins. The value goes to that very element
    (a handle, which a navigation meanwhile detaches), never to whatever the selector matches by then."""
    handle = field.element_handle(timeout=timeout)
    try:
        origins = {"the page": origin_of(session.pw.url), "the field's frame": _origin(handle.owner_frame())}
        value = _checked(session, text, origins)
        if keys:
            handle.type(value, timeout=timeout)
            return
        before = _value_of(handle)
        handle.fill(value, timeout=timeout)
        if before is not None and before != value and _value_of(handle) == before:
            raise TextNotEnteredError("not entered")
    finally:
        with best_effort():  # its document is gone, and the handle with it
            handle.dispose()


def _value_of(handle: ElementHandle) -> str | None:
    with best_effort():  # not a field that has a value
        return handle.input_value()
    return None


def reveal_focused(session: Tab, text: str) -> str:
    """``text`` with its secrets' values, for typing into whatever has the keyboard focus."""
    if not has_token(text):
        return text
    origins = {"the page": origin_of(session.pw.url), "the focused element's frame": _focused_origin(session)}
    return _checked(session, text, origins)


def reveal_on_page(session: Tab, text: str) -> str:
    """``text`` with its secrets' values, for a field of the main document (act's steps work only there)."""
    if not has_token(text):
        return text
    return _checked(session, text, {"the page": origin_of(session.pw.url)})


def _checked(session: Tab, text: str, origins: dict[str, str]) -> str:
    value = session.config.secrets.reveal(text, origins)
    # Policy after the origin check, so a person is never asked to approve what is refused anyway.
    session.check_policy(ActionType.TYPE_SECRET, session.url)
    return value


def _origin(frame: Frame | None) -> str:
    # about:blank and srcdoc frames have their creator's origin in the browser, but not in their URL: the
    # walk up keeps that, and a frame Playwright no longer knows has none.
    while frame is not None:
        if frame.url.startswith("about:"):
            frame = frame.parent_frame
            continue
        return origin_of(frame.url)
    return ""


def _focused_origin(session: Tab) -> str:
    """The origin of the frame whose element has the focus: down from the top document through focused
    iframes (a frame's answer is trusted only to lead into its own children)."""
    frame = session.pw.main_frame
    for _ in range(_MAX_FRAME_DEPTH):
        child = None
        with best_effort():  # a frame navigating or gone leads nowhere further
            element = (frame.evaluate_handle("() => document.activeElement")).as_element()
            child = element.content_frame() if element is not None else None
        if child is None:
            break
        frame = child
    return _origin(frame)


Box = tuple[float, float, float, float]
_EVERYWHERE: Box = (-1e6, -1e6, 2e6, 2e6)
# Frame content sits inside the iframe's border and padding, which its box includes.
_FRAME_MARGIN = 4.0


def secret_rects(session: Tab, *, full_page: bool = False) -> list[Box]:
    """CSS-pixel boxes to blank in a screenshot: fields whose value holds a secret, text showing one, and,
    in a document whose origin a secret is bound to, every canvas (it may have drawn the value); in the
    main document and in every frame. Found in refwright's isolated world, so the page's scripts never
    see the values; a document that cannot be searched is blanked whole."""
    secrets = session.config.secrets
    if not secrets:
        return []
    values = secrets.masked_values()
    main = session.pw.main_frame
    try:
        raw = _search(session, None, values, _origin(main), full_page)
    except Exception:
        # Fail closed, whatever went wrong: a document that cannot be searched is blanked whole, never
        # shown with a value in it.
        _log.debug("searching the page for secrets failed; it is blanked whole", exc_info=True)
        return [_EVERYWHERE]
    rects = list(raw[0])
    scroll_x, scroll_y = raw[1]
    for frame in session.pw.frames:
        if frame is main or frame.is_detached():
            continue
        with best_effort() as boxed:  # gone, or not shown: nothing of it is in the picture
            box = (frame.frame_element()).bounding_box()
        if boxed.failed:
            continue
        if box is None:
            continue
        x, y = box["x"] + (scroll_x if full_page else 0.0), box["y"] + (scroll_y if full_page else 0.0)
        try:
            inner, _ = _search(session, frame, values, _origin(frame), False)
        except Exception:  # fail closed, as above: the frame is blanked whole
            _log.debug("searching a frame for secrets failed; it is blanked whole", exc_info=True)
            rects.append((x, y, box["width"], box["height"]))
            continue
        m = _FRAME_MARGIN
        rects += [(x + r[0] - m, y + r[1] - m, r[2] + 2 * m, r[3] + 2 * m) for r in inner]
    return rects


def _search(session: Tab, frame: Frame | None, values: list[str], origin: str, full_page: bool,
                  ) -> tuple[list[Box], tuple[float, float]]:
    canvases = any(s.bound_to(origin) for s in session.config.secrets)
    scope = frame.locator(":root") if frame is not None else None
    raw: dict[str, Any] = session.channel.run("secretRects", scope=scope, engine=INSPECT_ENGINE,
                                                   values=values, canvases=canvases, page=full_page)
    rects = [(float(r[0]), float(r[1]), float(r[2]), float(r[3])) for r in raw.get("rects", [])]
    return rects, (float(raw.get("sx", 0)), float(raw.get("sy", 0)))


def mask_secrets(session: Tab, png: bytes, *, full_page: bool = False,
                       before: list[Box] | None = None, keep: list[tuple[Box, str]] | None = None) -> bytes:
    """``png`` (a screenshot of ``session``'s page) with every box of :func:`secret_rects` blanked; those
    found ``before`` the capture are blanked too, so text that moved meanwhile is still covered. ``keep``:
    an annotated screenshot's number labels (box, number), drawn again over the blanking."""
    if not session.config.secrets:
        return png
    rects = [*(before or []), *secret_rects(session, full_page=full_page)]
    if not rects:
        return png
    import io

    from PIL import Image

    from ...visual import Rect, draw_labels, mask_rects

    image = Image.open(io.BytesIO(png))
    size = session.pw.viewport_size
    scale = image.width / size["width"] if size and size["width"] else 1.0
    out = io.BytesIO()
    masked = mask_rects(image, [Rect(*r) for r in rects], scale)
    if keep:
        masked = draw_labels(masked, [(Rect(*box), text) for box, text in keep], scale)
    masked.save(out, format="PNG")
    return out.getvalue()


def scrub_zip(path: Path, secrets: Secrets) -> None:
    """Rewrite the zip at ``path`` (a trace) with every entry scrubbed of the secrets' values."""
    if not secrets:
        return
    with zipfile.ZipFile(path) as source:
        entries = [(info, source.read(info)) for info in source.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as target:
        for info, data in entries:
            target.writestr(info, secrets.scrub_bytes(data))
