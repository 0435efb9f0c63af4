# Generated from src/refwright/_async by scripts/unasync.py: edit the async code, not this file.
"""The refwright page: one Playwright page, its refs, and the command language on top."""

from __future__ import annotations

import asyncio
import json
import re
import struct
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import urlsplit

from playwright.sync_api import (
    BrowserContext,
    ConsoleMessage,
    Dialog,
    Download,
    Locator,
    Playwright,
    Request,
    WebSocket,
)
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page as PlaywrightPage
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from .._config import Config
from .._errors import BrowserError, PageUnresponsiveError, PolicyDeniedError, RefwrightError, RefwrightTimeoutError
from .._notes import refusal_notes, why, with_notes
from .._result import Annotation, CommandResult, ScreenshotResult
from .._selectors import to_playwright_selector
from .._watchdog import PROBE_SECONDS, Watchdog, command_seconds
from ..commands import ParsedCommand, parse
from ..safety import (
    ActionPolicy,
    ActionType,
    clean_line,
    clean_text,
    create_content_boundary,
    decide,
    declined_reason,
    truncate,
)
from ..snapshot._diff import SnapshotDiff, diff_snapshots
from ..snapshot._format import quote, truncate_tree
from ..snapshot._refs import RefTable, RefTarget, parse_ref
from ..snapshot._tree import TreeBuilder
from ..snapshot._types import RefEntry, Snapshot
from ..visual import VisualText
from ._engine import ENGINE, register_engine, run_op, scope_for, selectors_of
from ._guard import Capabilities, NetworkGuard, target_key
from ._translate import is_closed_error, translate
from .visual import capture_text

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from ..resolve._decide import Decider
    from ..resolve._model import Inspection
    from ..resolve._result import StepResult
    from ._browser import Browser

__all__ = ["ConfirmCallback", "Page", "wrap"]

ConfirmCallback = Callable[[ActionType, str], bool]
T = TypeVar("T")

# How many distinct hosts a page remembers having requested (for telling its refusals from others').
_MAX_REMEMBERED_TARGETS = 512

# Closing a page: how often the close is sent, and how long each attempt waits for the page to go.
_CLOSE_ATTEMPTS = 4
_CLOSE_WAIT = 1_000

# The page's landmarks, and how each is named for `snapshot -s`: by a unique id, else by a unique tag.
_LANDMARK_CSS = ("main, nav, header, footer, aside, search, [role=main], [role=navigation], [role=banner], "
                 "[role=contentinfo], [role=complementary], [role=search], [role=region][aria-label]")
_LANDMARK_JS = """els => els.filter(e => e.getClientRects().length).map(e => {
  if (/^[A-Za-z][\\w-]*$/.test(e.id) && document.querySelectorAll('#' + e.id).length === 1) return '#' + e.id;
  const tag = e.localName;
  return document.getElementsByTagName(tag).length === 1 ? tag : '';
})"""
_PLAIN_SELECTOR = re.compile(r"#[A-Za-z][\w-]{0,60}|[a-z]{1,10}")

# A child frame that does not answer this fast is shown as unavailable instead of holding up the tree.
_FRAME_TIMEOUT = 3_000


def _timed_out(exc: BaseException) -> bool:
    """A time limit ran out, which may mean the page stopped answering (and is then worth a probe)."""
    if isinstance(exc, (PlaywrightTimeoutError, RefwrightTimeoutError)):
        return True
    return isinstance(exc, RefwrightError) and "Timeout" in str(exc) and "exceeded" in str(exc)


def _is_favicon(target: str) -> bool:
    return urlsplit(target).path == "/favicon.ico"


def png_size(data: bytes) -> tuple[int, int]:
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return 0, 0
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)


def _close_over_cdp(pw: PlaywrightPage) -> bool:
    """Close ``pw`` with CDP's Target.closeTarget, sent again until the page is gone (it skips
    beforeunload). False when CDP is not available here (not Chromium, or a persistent context)."""
    browser = pw.context.browser
    if browser is None:
        return False
    try:
        session = pw.context.new_cdp_session(pw)
        info = session.send("Target.getTargetInfo")
        target_id = info["targetInfo"]["targetId"]
        browser_session = browser.new_browser_cdp_session()
    except PlaywrightError:
        return pw.is_closed()
    try:
        for _ in range(_CLOSE_ATTEMPTS):
            try:
                with pw.expect_event("close", timeout=_CLOSE_WAIT):
                    browser_session.send("Target.closeTarget", {"targetId": target_id})
                return True
            except PlaywrightError:
                if pw.is_closed():
                    return True
    finally:
        try:
            browser_session.detach()
        except PlaywrightError:
            pass
    # Still open after every attempt: leave it rather than hang.
    return True


class Page:
    """A page an agent drives: ``page.run_command("snapshot -i")``.

    Create one with ``browser.new_page()`` or wrap a Playwright page you already have with
    ``refwright.wrap(playwright_page)``.
    """

    def __init__(self, pw_page: PlaywrightPage, *, config: Config | None = None,
                 browser: Browser | None = None, playwright: Playwright | None = None,
                 guard: NetworkGuard | None = None, own_context: BrowserContext | None = None) -> None:
        self._pw = pw_page
        # A context made for this page alone (Browser.new_page(isolated=True)): closed with the page.
        self._own_context = own_context
        self._playwright = playwright
        self._guard = guard or NetworkGuard(config or Config(), proxy=False)
        self._policy: ActionPolicy | None = None
        self._confirm: ConfirmCallback | None = None
        # (host, port) of every request and WebSocket this page made, newest last, so refusals recorded by
        # the session-wide proxy can be told apart from other pages' and from Chromium's own.
        self._requested: dict[tuple[str, int], None] = {}
        # True while `open` navigates: it checks its own redirect chain.
        self._opening = False
        # Set when a beforeunload dialog was dismissed (the page asked to be kept).
        self._kept_by_beforeunload = False
        self.config = config or Config()
        self._browser = browser
        self._refs = RefTable()
        self._console: list[str] = []
        self._errors: list[str] = []
        self._events: list[str] = []
        self._last_snapshot: Snapshot | None = None
        self._attach(pw_page)

    # -- lifecycle -----------------------------------------------------------------------------

    def _attach(self, pw: PlaywrightPage) -> None:
        self._watchdog = Watchdog(pw)
        self._guarding = False
        pw.on("console", self._on_console)
        pw.on("pageerror", self._on_page_error)
        pw.on("framenavigated", self._on_navigated)
        pw.on("dialog", self._on_dialog)
        pw.on("download", self._on_download)
        pw.on("popup", self._on_popup)
        pw.on("request", self._on_request)
        pw.on("websocket", self._on_websocket)
        if not self._guard.capabilities().redirects_checked:
            pw.on("request", self._check_redirect_hop)

    def _remember_target(self, url: str) -> None:
        parts = urlsplit(url)
        if parts.hostname:
            default = 443 if parts.scheme in ("https", "wss") else 80
            try:
                port = parts.port or default
            except ValueError:
                port = default
            key = target_key(parts.hostname, port)
            self._requested.pop(key, None)
            self._requested[key] = None
            if len(self._requested) > _MAX_REMEMBERED_TARGETS:
                del self._requested[next(iter(self._requested))]

    def _requested_by_me(self, host: str, port: int) -> bool:
        return target_key(host, port) in self._requested

    def _on_request(self, request: Request) -> None:
        self._remember_target(request.url)

    def _check_redirect_hop(self, request: Request) -> None:
        # Request interception (a wrapped page, --cdp) is not asked about redirect hops: the browser
        # follows them by itself. What cannot be stopped is at least reported; `open` turns a refused hop
        # of its own navigation into an error instead.
        if request.redirected_from is None:
            return
        if self._opening and request.is_navigation_request() and request.frame == self._pw.main_frame:
            return
        reason = self._guard.verdict(request.url)
        if reason is not None:
            self._events.append(
                f"A redirect reached {quote(clean_line(request.url)[:200])}, which refwright refuses: "
                f"{why(reason)} This page is not behind refwright's proxy (a wrapped page or --cdp), and "
                "request interception cannot stop a redirect hop.")

    def _on_websocket(self, websocket: WebSocket) -> None:
        self._remember_target(websocket.url)

    def _on_console(self, message: ConsoleMessage) -> None:
        self._console.append(f"[{message.type}] {clean_text(message.text)}")

    def _on_page_error(self, error: Exception) -> None:
        self._errors.append(clean_text(str(error) or repr(error)))

    def _on_navigated(self, frame: Any) -> None:
        if frame == self._pw.main_frame:
            self._console.clear()
            self._errors.clear()

    def _on_dialog(self, dialog: Dialog) -> None:
        # Dismissed, never accepted: confirm() gets false and prompt() null, and no command hangs.
        if dialog.type == "beforeunload":
            # Dismissing "Leave site?" keeps the page; `open` then moves to a fresh tab (_escape_trap).
            self._kept_by_beforeunload = True
        self._events.append(
            f"A JavaScript {dialog.type} dialog was dismissed: {quote(clean_line(dialog.message))}")
        try:
            dialog.dismiss()
        except PlaywrightError:
            pass

    def _on_download(self, download: Download) -> None:
        self._events.append(
            f"A download of {quote(clean_line(download.suggested_filename))} was refused; nothing was saved.")
        try:
            download.cancel()
        except PlaywrightError:
            pass

    def _on_popup(self, popup: PlaywrightPage) -> None:
        self._events.append(
            f"A popup window or new tab ({quote(clean_line(popup.url))}) was closed; this page stays in control.")
        try:
            popup.close()
        except PlaywrightError:
            pass

    @property
    def playwright_page(self) -> PlaywrightPage:
        return self._pw

    @property
    def url(self) -> str:
        return self._pw.url

    def title(self) -> str:
        return self._pw.title()

    def close(self) -> None:
        """Close the page; never hangs.

        Chromium can acknowledge a close that races a navigation commit (a meta refresh, say) without
        closing anything (crbug.com/536385539), and Playwright's ``page.close()`` then waits forever. So
        the close goes through CDP and is sent again until the page is gone.
        """
        if not self._pw.is_closed() and not _close_over_cdp(self._pw):
            try:
                self._pw.close()
            except PlaywrightError:
                pass
        if self._own_context is not None:
            context, self._own_context = self._own_context, None
            try:
                context.close()
            except PlaywrightError:
                pass

    def _recover(self) -> None:
        """After a crash or close, continue on a fresh page when refwright owns the browser."""
        if self._browser is None:
            return
        self._pw = self._browser._fresh_playwright_page(self._own_context)
        self._refs = RefTable()
        self._last_snapshot = None
        self._attach(self._pw)

    def _escape_trap(self) -> bool:
        """Leave a page that keeps itself open with a beforeunload dialog: close it (a CDP close skips
        beforeunload) and go on in a fresh tab. Only where refwright owns the browser."""
        if self._browser is None:
            return False
        trapped = self._pw
        self._recover()
        _close_over_cdp(trapped)
        self._events.append(
            "The page asked to stay open (a \"Leave site?\" beforeunload dialog); refwright dismissed the "
            "dialog, closed that page and continued in a fresh tab.")
        return True

    def drain_events(self) -> list[str]:
        events, self._events = self._events, []
        return events

    # -- safety --------------------------------------------------------------------------------

    def set_allowed_domains(self, domains: list[str] | tuple[str, ...]) -> None:
        """Let the page contact only these hosts (``*.example.com`` covers the apex and subdomains); an
        empty list removes the restriction. It holds for every page of the browser session."""
        self._guard.set_allowed_domains(domains)

    def capabilities(self) -> Capabilities:
        """What this backend enforces (proxy-level filtering, or request interception for wrapped pages)."""
        return self._guard.capabilities()

    def set_action_policy(self, policy: ActionPolicy | None) -> None:
        """Decide every command with ``policy`` from now on (``None``: no policy)."""
        self._policy = policy

    @property
    def action_policy(self) -> ActionPolicy | None:
        return self._policy

    def set_policy_confirm_callback(self, callback: ConfirmCallback | None) -> None:
        """``def callback(action, url) -> bool``; it may wait for a person. Without one, actions that
        need confirmation are denied."""
        self._confirm = callback

    def _check_policy(self, action: ActionType | None, url: str) -> None:
        if action is None or self._policy is None:
            return
        decision = decide(self._policy, action, url)
        if decision.denied:
            raise PolicyDeniedError(decision.reason)
        if decision.needs_confirmation:
            if self._confirm is None:
                raise PolicyDeniedError(declined_reason(action, url, asked=False))
            try:
                approved = bool(self._confirm(action, url))
            except Exception:  # a prompt that failed did not say yes
                approved = False
            if not approved:
                raise PolicyDeniedError(declined_reason(action, url))

    def goto(self, url: str) -> str:
        """Navigate from code. Unlike the ``open`` command it also accepts ``about:blank``."""
        self._guard.check_navigation(url, allow_about_blank=True)
        self._check_policy(ActionType.NAVIGATE, url)
        try:
            self._pw.goto(url, wait_until="load", timeout=self.config.timeouts.navigation)
        except PlaywrightError as exc:
            raise translate(exc) from exc
        return self.url

    def bounded_snapshot(self, **options: Any) -> str:
        """A snapshot's tree wrapped in content-boundary markers with a fresh nonce."""
        snap = self.snapshot(**options)
        return create_content_boundary(self._origin()).wrap(snap.tree)

    def bounded_content(self) -> str:
        """The page's HTML wrapped in content-boundary markers with a fresh nonce."""
        if not self.config.allow_dom_extraction:
            raise RefwrightError("Reading page content is disabled by Config.allow_dom_extraction.")
        html = self._pw.content()
        return create_content_boundary(self._origin()).wrap(html)

    def _origin(self) -> str:
        parts = urlsplit(self._pw.url)
        if parts.scheme in ("http", "https") and parts.netloc:
            return f"{parts.scheme}://{parts.netloc}{parts.path}"
        return parts.scheme + ":" if parts.scheme else "about:blank"

    def _navigation_refusal(self, url: str, final_url: str | None = None) -> str | None:
        """Why the proxy refused a navigation to ``url`` or one of its redirect hops (``final_url``, where
        the browser shows the proxy's refusal), if it did. The refusals read here are the page's, so they
        are not repeated as notes after the next command."""
        self._remember_target(url)
        refused = [r for r in self._guard.take_refusals(self._requested_by_me) if not _is_favicon(r[0])]
        for target, _, _, reason in refused:
            if target == final_url:
                return reason
        return refused[0][3] if refused else None

    def _refusal_notes(self) -> list[str]:
        # Chromium's own background requests go through the proxy too; only the page's are news. Its
        # favicon request for a refused page is Chromium's, not the page's.
        mine = [r for r in self._guard.take_refusals(self._requested_by_me) if not _is_favicon(r[0])]
        return refusal_notes(mine)

    # -- refs and locators ---------------------------------------------------------------------

    def locator(self, target: str) -> Locator:
        """A Playwright ``Locator`` for a ref (``@e3``, ``e3``, ``ref=e3``) or any selector."""
        ref = parse_ref(target)
        if ref is None:
            return self._pw.locator(to_playwright_selector(target))
        entry = self._refs.latest.get(ref)
        if entry is None:
            if not self._refs.ever_assigned(ref):
                raise RefwrightError(
                    f"There is no ref @{ref} on this page. Take a snapshot (`snapshot -i`) and use one of "
                    "the refs it lists."
                )
            # A ref from an older snapshot resolves to nothing: it never acts on another element.
            return self._pw.locator(f"{ENGINE}=ref:stale:0")
        return scope_for(self._pw, entry.frames).locator(entry.selector(ENGINE))

    @property
    def last_snapshot(self) -> Snapshot | None:
        """The latest snapshot taken on this page (its refs are the live ones)."""
        return self._last_snapshot

    def diff_snapshot(self, before: Snapshot | str, after: Snapshot | str) -> SnapshotDiff:
        """A line diff of two snapshots with a one-line summary (pure; no page access)."""
        return diff_snapshots(before, after)

    def ref(self, ref: str) -> RefEntry | None:
        parsed = parse_ref(ref)
        entry = self._refs.latest.get(parsed) if parsed else None
        return RefEntry(entry.ref, entry.role, entry.name) if entry else None

    # -- snapshots -----------------------------------------------------------------------------

    def snapshot(self, *, interactive: bool = False, compact: bool = False, max_depth: int | None = None,
                       selector: str | None = None, urls: bool = False, cursor: bool = False,
                       include_hidden: bool = False) -> Snapshot:
        """The page as an accessibility tree; its refs replace the previous snapshot's."""
        if not self.config.allow_dom_extraction:
            raise RefwrightError("Snapshots are disabled by Config.allow_dom_extraction.")
        register_engine(self._selectors())
        opts = {"interactive": interactive, "compact": compact, "urls": urls, "maxDepth": max_depth,
                "selector": selector, "cursor": cursor, "includeHidden": include_hidden}
        timeout = self.config.timeouts.action
        try:
            main = run_op(self._pw, "snapshot", timeout, **opts)
        except PlaywrightError as exc:
            raise translate(exc) from exc
        self._refs.begin(main["token"])
        build = TreeBuilder(self._refs, indent=not interactive)
        tokens = {main["token"]}
        self._collect(main, (), 0, build, tokens, opts)
        if selector is None:
            self._refs.forget(tokens)
        self._refs.publish(build.targets)
        lines = build.lines
        if lines:
            tree = "\n".join(lines)
        else:
            tree = "(no interactive elements)" if interactive else "(empty page)"
        truncated = bool(main.get("truncated"))
        limit = self.config.max_snapshot_chars
        if limit is not None and len(tree) > limit:
            tree = truncate_tree(lines, limit, interactive=interactive, selector=selector, max_depth=max_depth,
                                 landmarks=() if selector is not None else self._landmarks())
            truncated = True
        snap = Snapshot(tree=tree, refs=build.refs, nodes=build.nodes, url=str(main.get("url", "")),
                        title=str(main.get("title", "")), truncated=truncated)
        self._last_snapshot = snap
        return snap

    def _collect(self, result: dict[str, Any], frames: tuple[str, ...], offset: int, build: TreeBuilder,
                       tokens: set[str], opts: dict[str, Any]) -> None:
        doc = build.document(result, frames, offset)
        start = 0
        for index in doc.iframe_lines:
            build.emit(doc, start, index + 1)
            self._collect_frame(build.target(doc, index), doc.depths[index] + offset, build, tokens, opts)
            start = index + 1
        build.emit(doc, start, len(doc.lines))

    def _collect_frame(self, iframe: RefTarget, depth: int, build: TreeBuilder, tokens: set[str],
                             opts: dict[str, Any]) -> None:
        max_depth = opts.get("maxDepth")
        if max_depth is not None and depth + 1 > max_depth:
            return
        frames = (*iframe.frames, iframe.selector(ENGINE))
        child_opts = dict(opts, selector=None)
        if max_depth is not None:
            child_opts["maxDepth"] = max_depth - depth - 1
        try:
            if self._frame_failed(iframe):
                raise RefwrightError("the frame shows the browser's error page")
            child = run_op(scope_for(self._pw, frames), "snapshot", _FRAME_TIMEOUT, **child_opts)
        except (PlaywrightError, RefwrightError):
            if not opts.get("interactive"):
                build.note("(frame content unavailable)", depth + 1)
            return
        tokens.add(str(child["token"]))
        self._collect(child, frames, depth + 1, build, tokens, opts)

    def _landmarks(self) -> tuple[str, ...]:
        """Selectors that pick out each of the page's landmarks alone (``main``, ``#sidebar``), for the
        advice of a cut snapshot. Page-made text (ids) is kept only when it is a plain identifier."""
        try:
            found = self._pw.locator(_LANDMARK_CSS).evaluate_all(_LANDMARK_JS)
        except PlaywrightError:
            return ()
        if not isinstance(found, list):
            return ()
        return tuple(dict.fromkeys(x for x in found if isinstance(x, str) and _PLAIN_SELECTOR.fullmatch(x)))

    def _frame_failed(self, iframe: RefTarget) -> bool:
        """Whether the frame shows Chromium's error page (a refused or failed load): nothing runs there,
        so asking it for a snapshot would only wait out the timeout. Cheap when no frame failed."""
        if not any(f.url.startswith("chrome-error:") for f in self._pw.frames):
            return False
        scope = scope_for(self._pw, iframe.frames)
        handle = scope.locator(iframe.selector(ENGINE)).element_handle(timeout=_FRAME_TIMEOUT)
        frame = handle.content_frame() if handle is not None else None
        return frame is None or frame.url.startswith("chrome-error:")

    def _selectors(self) -> Any:
        if self._browser is not None:
            return self._browser._playwright_selectors()
        return selectors_of(self._pw, self._playwright)

    # -- screenshots ---------------------------------------------------------------------------

    def screenshot(self, *, full_page: bool = False, annotate: bool = False) -> ScreenshotResult:
        annotations: list[Annotation] = []
        if annotate:
            snap = self.snapshot()
            by_frame: dict[tuple[str, ...], list[RefTarget]] = {}
            for target in self._refs.latest.values():
                by_frame.setdefault(target.frames, []).append(target)
            # Labels are drawn in the main document; refs inside frames are listed without a label.
            main_targets = by_frame.get((), [])
            result = run_op(self._pw, "annotate", self.config.timeouts.action,
                                  items=[[t.local_id, int(t.ref[1:])] for t in main_targets])
            for target, box in zip(main_targets, result["boxes"], strict=True):
                if box is None:
                    continue
                entry = snap.refs[target.ref]
                annotations.append(Annotation(int(target.ref[1:]), target.ref, entry.role, entry.name,
                                              (box[0], box[1], box[2], box[3])))
        try:
            data = self._pw.screenshot(full_page=full_page, type="png",
                                             timeout=self.config.timeouts.action)
        finally:
            if annotate:
                run_op(self._pw, "unannotate", self.config.timeouts.action)
        width, height = png_size(data)
        annotations.sort(key=lambda a: a.number)
        return ScreenshotResult(bytes=data, width=width, height=height, annotations=tuple(annotations))

    def visual_text(self, segmentation: str = "automatic", content: str = "general",
                          region: tuple[float, float, float, float] | None = None) -> VisualText:
        """Local OCR of the viewport with editable fields masked first; boxes in CSS pixels.

        ``segmentation``: "automatic" (fast default) or "sparse-text" (scattered labels on blank pages);
        ``content``: "general" or "digits" (0-9 only).
        """
        if segmentation not in ("automatic", "sparse-text"):
            raise RefwrightError(f'Unknown segmentation "{segmentation}": use "automatic" or "sparse-text".')
        if content not in ("general", "digits"):
            raise RefwrightError(f'Unknown content "{content}": use "general" or "digits".')
        return capture_text(self._pw, sparse=segmentation == "sparse-text", digits=content == "digits",
                                  region=region)

    # -- page runtime helpers ------------------------------------------------------------------

    def _runtime(self, op: str, **args: Any) -> dict[str, Any]:
        register_engine(self._selectors())
        try:
            return run_op(self._pw, op, self.config.timeouts.action, **args)
        except PlaywrightError as exc:
            raise translate(exc) from exc

    def console_messages(self) -> list[str]:
        return list(self._console)

    def page_errors(self) -> list[str]:
        return list(self._errors)

    # -- the command language ------------------------------------------------------------------

    def run_command(self, command: str) -> CommandResult:
        """Parse one command line, run it, and return its result; failures raise ``RefwrightError``."""
        parsed = parse(command)
        from .commands import HANDLERS

        handler = HANDLERS[parsed.spec.name]
        action = parsed.spec.action_for(parsed.args)
        self._check_policy(action, self._policy_url(parsed, action))
        if parsed.name == "wait" and isinstance(parsed.flag("fn"), str):
            self._check_policy(ActionType.EVALUATE, self.url)
        seconds = command_seconds(parsed.name, parsed.raw_args, parsed.flag("timeout"),
                                  self.config.timeouts.action, self.config.timeouts.navigation)
        try:
            result = self._within(seconds, lambda: handler(self, parsed))
        except PlaywrightError as exc:
            error = translate(exc)
            if is_closed_error(exc):
                self._recover_quietly()
            raise error from exc
        except PageUnresponsiveError:
            raise  # its page was replaced already
        except BrowserError:
            self._recover_quietly()
            raise
        if isinstance(result, str):
            result = CommandResult(command=command, output=result)
        return self._finish(result, parsed.spec.returns_page_text(parsed.args))

    def _policy_url(self, parsed: ParsedCommand, action: ActionType | None) -> str:
        # Navigate is decided on where it goes, everything else on where the page is.
        if action is ActionType.NAVIGATE and parsed.name == "open" and parsed.args:
            from .._url import normalize_url

            return normalize_url(parsed.args[0])
        return self.url

    def _within(self, seconds: float, run: Callable[[], T]) -> T:
        """Run one command (or one public call) so that it answers within ``seconds`` whatever the
        page's scripts do: a page that stops answering is closed and replaced, and the call raises
        PageUnresponsiveError. Nested calls run under the outer deadline."""
        if self._guarding:
            return run()
        watchdog = self._watchdog
        self._guarding = True
        watchdog.arm(seconds)
        deadline = time.monotonic() + seconds
        failure: Exception | None = None
        overran = False
        try:
            try:
                result = run()
            except asyncio.CancelledError:
                if not watchdog.took_back_cancel():
                    raise
                overran = not watchdog.hung
            except Exception as exc:
                failure = exc
            # From here on every call is bounded by itself: the watchdog stands down.
            watchdog.disarm()
            try:
                hung = watchdog.hung or (failure is not None and _timed_out(failure)
                                         and not self._answers(deadline))
            except asyncio.CancelledError:
                # The watchdog cancelled the command just as it failed by itself.
                if not watchdog.took_back_cancel():
                    raise
                hung = watchdog.hung
        finally:
            watchdog.disarm()
            self._guarding = False
        if hung:
            raise self._replace_hung_page(seconds) from failure
        if overran:
            raise RefwrightTimeoutError(
                f"The command did not finish within {int(seconds * 1000)}ms, though the page still "
                "answers. Try it again, or take a new snapshot (`snapshot -i`).")
        if failure is not None:
            raise failure
        return result

    def _answers(self, deadline: float) -> bool:
        """Whether the page's scripts let it answer at all (bounded: a spinning renderer says no). It is
        given until the command's deadline: work of refwright's own that timed out may still be running
        in the page (a snapshot of a huge page), and a page that ends it in time is not hung."""
        if self._pw.is_closed():
            return True
        seconds = max(PROBE_SECONDS, deadline - time.monotonic())
        try:
            self._pw.wait_for_function("true", timeout=seconds * 1000, polling=100)
        except PlaywrightTimeoutError:
            return False
        except PlaywrightError:
            return True
        return True

    def _replace_hung_page(self, seconds: float) -> PageUnresponsiveError:
        """Close a page whose renderer stopped answering (over CDP, which needs no renderer) and go on
        in a fresh tab; the error says what happened and what to do."""
        hung = self._pw
        if not hung.is_closed() and not self._watchdog.closed:
            _close_over_cdp(hung)
        replaced = False
        if self._browser is not None:
            self._recover_quietly()
            replaced = self._pw is not hung
        head = ("The page stopped responding: a script on it kept running and never yielded (such as an "
                f"endless loop), so the command could not finish within {int(seconds * 1000)}ms. ")
        if replaced:
            return PageUnresponsiveError(
                head + "refwright closed that tab and continues in a blank one; its refs are gone. Run "
                "`open <url>` to continue (the same page may hang again).")
        return PageUnresponsiveError(
            head + "refwright closed that tab. Create a new page to continue.")

    def _recover_quietly(self) -> None:
        try:
            self._recover()
        except Exception:
            pass

    def _finish(self, result: CommandResult, page_text: bool = False) -> CommandResult:
        events = self.drain_events() + self._refusal_notes()
        output = result.output
        if self.config.max_output is not None and len(output) > self.config.max_output:
            output = truncate(output, self.config.max_output)
        output = with_notes(output, events)
        # Notes carry the page's words (dialog messages, file names, host names): inside the boundary.
        if self.config.content_boundaries and (page_text or events):
            output = create_content_boundary(self._origin()).wrap(output)
        return CommandResult(command=result.command, output=output, snapshot=result.snapshot,
                             screenshot=result.screenshot, events=tuple(events))

    def _parsed_result(self, parsed: ParsedCommand, output: str, **kw: Any) -> CommandResult:
        return CommandResult(command=parsed.line, output=output, **kw)

    # -- model-free resolution (refwright.resolve) ---------------------------------------------
    # Thin delegations; the implementation lives in refwright._async.resolve.

    def inspect(self) -> Inspection:
        """Up to 80 visible actionable controls with refs, kinds and risks, and a fingerprint."""
        from .resolve import inspect_page

        return inspect_page(self)

    def act(self, request: str, *, new: bool = False) -> StepResult:
        """Carry out ONE step of a plain-language request without a model; ``Done: ...`` when nothing is left."""
        from .resolve import act

        return act(self, request, new=new)

    def set_decision_provider(self, provider: Decider | None) -> None:
        """Let ``provider`` (any ``refwright.Llm``) pick one inspected control when ``act`` cannot resolve a
        request locally; ``None`` keeps the refusal. It sees only the request and the inspect list."""
        from .resolve import set_decision_provider

        set_decision_provider(self, provider)

    def confirm(self, token: str) -> StepResult:
        """Carry out a proposal (an approval-required step) if the page has not changed since."""
        from .resolve import confirm

        return confirm(self, token)

    def set_field(self, target: str, value: str) -> StepResult:
        """Fill a visible text, date or time field with ``value``; never submits."""
        from .resolve import set_field

        return set_field(self, target, value)

    def copy_field(self, source: str, target: str) -> StepResult:
        """Copy one visible text field into another without returning the text."""
        from .resolve import copy_field

        return copy_field(self, source, target)

    def set_checks(self, items: Mapping[str, bool] | Sequence[str]) -> StepResult:
        """Set up to 40 uniquely labelled checkboxes: ``{"Label": True}`` or ``["Label", "Other=off"]``."""
        from .resolve import set_checks

        return set_checks(self, items)

    def select_exact(self, target: str | None, option: str) -> StepResult:
        """Choose one exact enabled option of a native select (``target`` None: the only select)."""
        from .resolve import select_exact

        return select_exact(self, target, option)

    def set_range(self, target: str | None, value: float) -> StepResult:
        """Set a slider to exactly ``value`` within its bounds and step, or restore it and refuse."""
        from .resolve import set_range

        return set_range(self, target, value)

    def drag_to(self, source: str, target: str) -> StepResult:
        """Propose dragging an inspected draggable onto a declared drop target (carried out by ``confirm``)."""
        from .resolve import drag_to

        return drag_to(self, source, target)


def wrap(page: PlaywrightPage, *, config: Config | None = None, playwright: Playwright | None = None,
               action_policy: ActionPolicy | None = None, confirm: ConfirmCallback | None = None) -> Page:
    """Drive a Playwright page you already have with refwright.

    ``action_policy`` and ``confirm`` are the same as :meth:`Page.set_action_policy` and
    :meth:`Page.set_policy_confirm_callback`."""
    wrapped = Page(page, config=config, playwright=playwright)
    wrapped.set_action_policy(action_policy)
    wrapped.set_policy_confirm_callback(confirm)
    register_engine(selectors_of(page, playwright))
    # refwright cannot put its proxy in front of a browser it did not launch: check every request instead.
    wrapped._guard.intercept(page)
    return wrapped


def to_json(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)

