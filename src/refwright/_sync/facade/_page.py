# Generated from src/refwright/_async/facade/_page.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""The refwright page: a thin facade over one ``Tab`` (its parts and their logic live in
``_session``, ``_listeners``, ``_snapshots``, ``pipeline``, ``commands`` and ``resolve``).

Every method that acts on the page enters the one pipeline (``pipeline``) as the command it stands for, so
the action policy, the watchdog and the scrub of secrets hold for it as for ``run_command``.

Every public method runs inside the translating boundary (``_translate.mapped``), so no Playwright
error reaches a caller: each failure is a ``RefwrightError`` whose message says what to do.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Locator, Playwright, Selectors
from playwright.sync_api import Page as PlaywrightPage

from ..._capabilities import Capabilities
from ..._config import Config, PermitCallback
from ..._errors import RefwrightError
from ..._files._outdir import OutputFolder
from ..._result import CommandResult, ScreenshotResult
from ...replay._record import Recording
from ...resolve._model import Inspection
from ...resolve._outcome import StepResult
from ...resolve.state._decisions import Decider
from ...safety import ActionPolicy, create_content_boundary
from ...safety._scrub import scrub_logs
from ...snapshot._diff import SnapshotDiff, diff_snapshots
from ...snapshot._types import RefEntry, Snapshot
from ...visual import VisualText
from .. import resolve
from ..handlers import output as output_commands
from ..handlers.frames import select_frame
from ..launch._guard_wiring import NetworkGuard
from ..pipeline._run import run_line
from ..pipeline._translate import mapped
from ..pipeline._typed import Invocation, authorize_only, run_typed
from ..runtime._runtime_engine import register_engine, selectors_of
from ..runtime._snapshots import png_size, take_screenshot, take_snapshot
from ..runtime._vitals import read_vitals
from ..tab._emulation import Emulation
from ..tab._person_recorder import PersonRecorder
from ..tab._saved_state import State
from ..tab._script_recording import add_answer_checks
from ..tab._secret_fields import secret_rects
from ..tab._semantic_find import locate
from ..tab._tab import ConfirmCallback, Opener, Tab
from ..tab._upload import upload
from ..visual import capture_text
from ..visual._api import Visual
from ._devices import Clipboard, Keyboard, Mouse
from ._dialogs import Dialogs
from ._network_api import Network
from ._storage import Storage
from ._tabs import Tabs

__all__ = ["ConfirmCallback", "Page", "png_size", "wrap"]


class Page:
    """A page an agent drives: ``page.run_command("snapshot -i")``.

    Create one with ``browser.new_page()`` or wrap a Playwright page you already have with
    ``refwright.wrap(playwright_page)``.
    """

    def __init__(self, pw_page: PlaywrightPage, *, config: Config | None = None,
                 playwright: Playwright | None = None, guard: NetworkGuard | None = None,
                 selectors: Callable[[], Selectors] | None = None, opener: Opener | None = None,
                 own_context: BrowserContext | None = None, output: OutputFolder | None = None) -> None:
        self.config = config or Config()
        scrub_logs(self.config.secrets)
        self._impl = Tab(
            pw_page, config=self.config, guard=guard or NetworkGuard(self.config, proxy=False),
            selectors=selectors or (lambda: selectors_of(pw_page, playwright)), opener=opener,
            own_context=own_context, output=output)
        self._impl.facade = self

    @classmethod
    def _of(cls, session: Tab) -> Page:
        """The page facade of a session (a tab opened by `tab new`, a popup): one per session."""
        if isinstance(session.facade, cls):
            return session.facade
        page = cls.__new__(cls)
        page.config = session.config
        page._impl = session
        session.facade = page
        return page

    @property
    def tabs(self) -> Tabs[Page]:
        """The tabs of this page's window (this page and those opened from it): ``page.tabs.new(url)``,
        ``page.tabs.select("t2")``, ``page.tabs.close()``. ``run_command`` on any of them runs on
        the active tab, as agent-browser's commands do."""
        return Tabs(self._impl, Page._of)

    # -- the page ------------------------------------------------------------------------------

    @property
    def playwright_page(self) -> PlaywrightPage:
        return self._impl.pw

    @property
    def url(self) -> str:
        return self._impl.url

    def title(self) -> str:
        with mapped():
            return self._impl.title()

    @property
    def output_dir(self) -> Path:
        """The folder files are written into (``pdf``, ``trace``, ``record``, ``screenshot <path>``):
        ``Config.output_dir``, or a private temporary folder made on first use."""
        return self._impl.output.path

    def close(self) -> None:
        """Close the page with every tab and window of ``page.tabs`` (one tab alone: ``page.tabs.close``),
        and their browser contexts where they have their own; never hangs.

        Chromium can acknowledge a close that races a navigation commit (a meta refresh, say) without
        closing anything (crbug.com/536385539), and Playwright's ``page.close()`` then waits forever. So
        the close goes through CDP and is sent again until the page is gone.
        """
        with mapped():
            self._impl.close_window()

    def drain_events(self) -> list[str]:
        return self._impl.events.drain()

    def console_messages(self) -> list[str]:
        return list(self._impl.events.console)

    def page_errors(self) -> list[str]:
        return list(self._impl.events.errors)

    @property
    def dialogs(self) -> Dialogs:
        """This tab's JavaScript dialog (kept open under ``Config(dialogs="wait")``) and its answers."""
        return Dialogs(self._impl)

    def select_frame(self, target: str = "main") -> None:
        """Run this tab's later commands and snapshots inside an iframe (a ref, CSS selector or name);
        ``"main"`` goes back to the page, as the ``frame`` command does."""
        run_typed(self._impl, Invocation.of("frame", target), lambda tab: select_frame(tab, target))

    # -- safety --------------------------------------------------------------------------------

    def set_allowed_domains(self, domains: list[str] | tuple[str, ...]) -> None:
        """Let the page contact only these hosts (``*.example.com`` covers the apex and subdomains); an
        empty list removes the restriction. It holds for every page of the browser session."""
        self._impl.guard.set_allowed_domains(domains)

    def capabilities(self) -> Capabilities:
        """What this backend enforces (proxy-level filtering, or request interception for wrapped pages)."""
        return self._impl.capabilities()

    def set_action_policy(self, policy: ActionPolicy | None) -> None:
        """Decide every command and typed action with ``policy`` from now on (``None``: no policy), on every
        tab of the window (it is the window's, so tabs opened later hold it too)."""
        self._impl.window.gate.policy = policy

    @property
    def action_policy(self) -> ActionPolicy | None:
        return self._impl.gate.policy

    def set_policy_confirm_callback(self, callback: ConfirmCallback | None) -> None:
        """``def callback(action, url) -> bool``; it may wait for a person. Without one, actions that
        need confirmation are denied. It is the window's, as the policy is."""
        self._impl.window.gate.confirm = callback

    def set_permit_callback(self, callback: PermitCallback | None) -> None:
        """``def callback(action, url, command) -> None`` runs for every action a command takes once the policy
        allowed it, on every tab of the window; it raises ``PolicyDeniedError`` to refuse. An MCP server
        sets one for its ``--mode`` (plan refuses, strict asks the person), so the mode holds on every path
        into the page as the policy does."""
        self._impl.window.gate.permit = callback

    def goto(self, url: str) -> str:
        """Navigate from code. Unlike the ``open`` command it also accepts ``about:blank``."""
        def go(tab: Tab) -> str:
            tab.guard.check_navigation(url, allow_about_blank=True)
            tab.pw.goto(url, wait_until="load", timeout=self.config.timeouts.navigation)
            return tab.url

        return run_typed(self._impl, Invocation.of("open", url), go)

    def bounded_snapshot(self, **options: Any) -> str:
        """A snapshot's tree wrapped in content-boundary markers with a fresh nonce."""
        snap = self.snapshot(**options)
        return create_content_boundary(self._impl.origin()).wrap(snap.tree)

    def bounded_content(self) -> str:
        """The page's HTML wrapped in content-boundary markers with a fresh nonce."""
        if not self.config.allow_dom_extraction:
            raise RefwrightError("Reading page content is disabled by Config.allow_dom_extraction.")
        with mapped():
            html = self._impl.pw.content()
        return create_content_boundary(self._impl.origin()).wrap(html)

    # -- refs, snapshots, screenshots ----------------------------------------------------------

    def locator(self, target: str) -> Locator:
        """A Playwright ``Locator`` for a ref (``@e3``, ``e3``, ``ref=e3``) or any selector."""
        return self._impl.locator(target)

    @property
    def last_snapshot(self) -> Snapshot | None:
        """The latest snapshot taken on this page (its refs are the live ones)."""
        return self._impl.view.last_snapshot

    def diff_snapshot(self, before: Snapshot | str, after: Snapshot | str) -> SnapshotDiff:
        """A line diff of two snapshots with a one-line summary (pure; no page access)."""
        return diff_snapshots(before, after)

    def ref(self, ref: str) -> RefEntry | None:
        return self._impl.ref(ref)

    def snapshot(self, *, interactive: bool = False, compact: bool = False, max_depth: int | None = None,
                       selector: str | None = None, urls: bool = False, cursor: bool = False,
                       include_hidden: bool = False) -> Snapshot:
        """The page as an accessibility tree; its refs replace the previous snapshot's."""
        with mapped():
            return take_snapshot(self._impl, interactive=interactive, compact=compact, max_depth=max_depth,
                                       selector=selector, urls=urls, cursor=cursor, include_hidden=include_hidden)

    def screenshot(self, *, full_page: bool = False, annotate: bool = False) -> ScreenshotResult:
        with mapped():
            return take_screenshot(self._impl, full_page=full_page, annotate=annotate)

    # -- files, reading, audits (the typed side of pdf, read, a11y, vitals) ----------------------

    def pdf(self, path: str) -> Path:
        """Print the page into ``path`` under the output folder (``output_dir``); the file's absolute path."""
        with mapped():
            return output_commands.save_pdf(self._impl, path)

    def readable_text(self, *, limit: int = 20_000) -> str:
        """The page's main content as text (what ``read`` prints): headings as ``#`` lines, list items as
        ``- `` lines, menus, headers and footers left out; about ``limit`` characters at most."""
        with mapped():
            result = output_commands.run_audit(self._impl, "read", limit=limit)
        return str(result.get("text") or "")

    def accessibility_audit(self, *, selector: str | None = None) -> dict[str, Any]:
        """refwright's accessibility rules on the page (what ``a11y`` prints), as data: ``violations`` and
        ``incomplete`` (each ``{id, impact, help, nodeCount, nodes}``), ``passes``, ``rules``, ``url``."""
        args: dict[str, Any] = {"selector": selector} if selector else {}
        with mapped():
            return output_commands.run_audit(self._impl, "a11y", **args)

    def web_vitals(self) -> dict[str, Any]:
        """The page's web vitals (what ``vitals`` prints), as data: ``ttfb``, ``fcp``, ``inp``, ``fid`` in ms
        (None when not measured yet), ``lcp`` (``{startTime, size, url, element}``), ``cls`` (``{score}``)."""
        with mapped():
            return read_vitals(self._impl.pw)

    # -- visual tools ---------------------------------------------------------------------------

    @property
    def visual(self) -> Visual:
        """The visual tools: OCR, click by visible text, click/drag at points (proposals), scroll, inspect."""
        return Visual(self._impl)

    def visual_text(self, segmentation: str = "automatic", content: str = "general",
                          region: tuple[float, float, float, float] | None = None) -> VisualText:
        """Local OCR of the viewport with editable fields masked first; boxes in CSS pixels.

        ``segmentation``: "automatic" (fast default) or "sparse-text" (scattered labels on blank pages);
        ``content``: "general" or "digits" (0-9 only, per-character boxes).
        """
        with mapped():
            return capture_text(self._impl.pw, segmentation=segmentation, content=content, region=region,
                                      shown=secret_rects(self._impl))

    # -- input devices, semantic locators, uploads and emulation ------------------------------

    @property
    def keyboard(self) -> Keyboard:
        """Text into whatever has focus: ``type`` (key events) and ``insert_text`` (no key events)."""
        return Keyboard(self._impl)

    @property
    def mouse(self) -> Mouse:
        """The pointer at viewport coordinates: ``move``, ``down``, ``up``, ``wheel``."""
        return Mouse(self._impl)

    @property
    def clipboard(self) -> Clipboard:
        """The clipboard's text: ``read`` and ``write`` (permissions granted for the page's origin)."""
        return Clipboard(self._impl)

    @property
    def emulation(self) -> Emulation:
        """Viewport, device, geolocation, offline, extra headers, HTTP credentials and media features."""
        return Emulation(self._impl)

    def find(self, by: str, value: str, *, name: str | None = None, exact: bool = False) -> Locator:
        """Every element a semantic locator matches (role, text, label, placeholder, alt, title, testid),
        in document order, as the `find` command sees them; ``.first`` is the one `find` acts on."""
        return locate(self._impl, by, value, name=name, exact=exact)

    def upload(self, target: str, *files: str) -> int:
        """Put ``files`` (paths inside ``Config.upload_dir``) into the file input ``target``; returns how many."""
        return run_typed(self._impl, Invocation.of("upload", target, *files),
                               lambda tab: upload(tab, target, files))

    # -- the command language ------------------------------------------------------------------

    def run_command(self, command: str) -> CommandResult:
        """Parse one command line, run it, and return its result; failures raise ``RefwrightError``.
        Both come out with every declared secret's value replaced by ``{{secret:NAME}}``."""
        return run_line(self._impl, command)

    def authorize(self, command: str, *args: str) -> None:
        """Decide, as the command ``command`` with ``args`` is decided when it runs, whether it may run on this
        page now: the window's action policy, and its confirm callback where the policy says to ask. Runs
        nothing; raises ``PolicyDeniedError`` when refused. For a tool that acts through Playwright itself
        (``refwright replay`` runs a kept script's calls so): ``page.authorize("click")`` first."""
        authorize_only(self._impl, Invocation.of(command, *args))

    # -- recording a run as a script (refwright.replay) -----------------------------------------

    def recording(self, task: str = "") -> Recording:
        """Record the steps that change this page from now on (or the recording under way): its ``script()``
        is a Playwright script that ``refwright replay`` runs with no model. ``task`` goes in its docstring."""
        current = self._impl.work.recording
        # A task that quotes a declared secret's value names it {{secret:NAME}} in the script, as everywhere.
        task = self.config.secrets.scrub(task)
        if current is None or not current.recording:
            current = Recording(task, self.url)
            self._impl.work.recording = current
        elif task and not current.task:
            current.task = task
        return current

    def record_person(self, task: str = "") -> PersonRecorder:
        """Record what a person does in this page (clicks, typing, choices, Enter) from now on, as the same kind
        of script an agent's run makes: ``recorder.stop()``, then :meth:`save_recording`. Only real input
        events count, whatever sent them (a person at a headed window, input forwarded into the page)."""
        recorder = PersonRecorder(self._impl, self.recording(task))
        recorder.start()
        return recorder

    def finish_recording(self, *, answer: str = "") -> Recording:
        """Stop the recording, closed by checks that show ``answer`` (the texts it quotes that the page shows,
        else the page the run ended on); its ``script()`` is the run as a Playwright script."""
        recording = self.recording()
        with mapped():
            add_answer_checks(self._impl, recording, answer)
        recording.stop()
        self._impl.work.recording = None
        return recording

    def save_recording(self, path: str | Path, *, answer: str = "", plain: bool = False) -> Path:
        """Stop the recording and write its script to ``path`` (see :meth:`finish_recording`). ``plain``: a
        script that runs with Playwright alone."""
        return (self.finish_recording(answer=answer)).save(path, plain=plain)

    # -- state and network (typed forms of `cookies set`, `storage`, `state`, `network`) ----------

    @property
    def storage(self) -> Storage:
        """The page's local and session storage, and setting cookies."""
        return Storage(self._impl)

    @property
    def state(self) -> State:
        """Save and load cookies and local storage, encrypted (key from ``REFWRIGHT_STATE_KEY``)."""
        return State(self._impl)

    @property
    def network(self) -> Network:
        """Routes, the request log and HAR recording."""
        return Network(self._impl)

    # -- model-free resolution (refwright.resolve) ---------------------------------------------

    def inspect(self) -> Inspection:
        """Up to 80 visible actionable controls with refs, kinds and risks, and a fingerprint."""
        with mapped():
            return resolve.inspect_page(self._impl)

    def _step(self, invocation: Invocation, run: Callable[[Tab], StepResult]) -> StepResult:
        # A typed step enters the one pipeline at authorize, as the command it stands for: its policy decision,
        # watchdog, settling and scrub are a command's. What it set off is left in drain_events().
        return run_typed(self._impl, invocation, run)

    def act(self, request: str, *, new: bool = False) -> StepResult:
        """Carry out ONE step of a plain-language request without a model; ``Done: ...`` when nothing is left.
        The action policy decides it as the actions the request performs (a click, a fill)."""
        return self._step(Invocation.of("act", request, request=request),
                                lambda tab: resolve.act(tab, request, new=new))

    def set_decision_provider(self, provider: Decider | None) -> None:
        """Let ``provider`` (any ``refwright.Llm``) pick one inspected control when ``act`` cannot resolve a
        request locally; ``None`` keeps the refusal. It sees only the request and the inspect list. It is the
        window's: every tab asks it."""
        self._impl.window.decider = provider

    def confirm(self, token: str) -> StepResult:
        """Carry out a proposal (an approval-required step) if the page has not changed since. The action
        policy decides it as the action it performs (a click, a drag), whoever approved it."""
        return self._step(Invocation.of("confirm", token), lambda tab: resolve.confirm(tab, token))

    def set_field(self, target: str, value: str) -> StepResult:
        """Fill a visible text, date or time field with ``value``; never submits."""
        return self._step(Invocation.of("setfield", target, value, request=f"set the field {target!r}"),
                                lambda tab: resolve.set_field(tab, target, value))

    def copy_field(self, source: str, target: str) -> StepResult:
        """Copy one visible text field into another without returning the text."""
        return self._step(Invocation.of("copyfield", source, target),
                                lambda tab: resolve.copy_field(tab, source, target))

    def set_checks(self, items: Mapping[str, bool] | Sequence[str]) -> StepResult:
        """Set up to 40 uniquely labelled checkboxes: ``{"Label": True}`` or ``["Label", "Other=off"]``."""
        labels = [f"{k}={'on' if v else 'off'}" for k, v in items.items()] if isinstance(items, Mapping) \
            else [str(item) for item in items]
        return self._step(Invocation.of("setchecks", *labels, request=f"set the checkboxes {items!r}"),
                                lambda tab: resolve.set_checks(tab, items))

    def select_exact(self, target: str | None, option: str) -> StepResult:
        """Choose one exact enabled option of a native select (``target`` None: the only select)."""
        request = f"choose {option!r} in {target or 'the only select'!r}"
        return self._step(Invocation.of("selectexact", target or "", option, request=request),
                                lambda tab: resolve.select_exact(tab, target, option))

    def set_range(self, target: str | None, value: float) -> StepResult:
        """Set a slider to exactly ``value`` within its bounds and step, or restore it and refuse."""
        return self._step(Invocation.of("setrange", target or "", str(value)),
                                lambda tab: resolve.set_range(tab, target, value))

    def drag_to(self, source: str, target: str) -> StepResult:
        """Propose dragging an inspected draggable onto a declared drop target (carried out by ``confirm``)."""
        return self._step(Invocation.of("dragto", source, target),
                                lambda tab: resolve.drag_to(tab, source, target))

def wrap(page: PlaywrightPage, *, config: Config | None = None, playwright: Playwright | None = None,
               action_policy: ActionPolicy | None = None, confirm: ConfirmCallback | None = None) -> Page:
    """Drive a Playwright page you already have with refwright.

    ``action_policy`` and ``confirm`` are the same as :meth:`Page.set_action_policy` and
    :meth:`Page.set_policy_confirm_callback`."""
    config = config or Config()
    guard = NetworkGuard(config, proxy=False)
    wrapped = Page(page, config=config, playwright=playwright, guard=guard)
    wrapped.set_action_policy(action_policy)
    wrapped.set_policy_confirm_callback(confirm)
    with mapped():
        register_engine(selectors_of(page, playwright))
        # refwright cannot put its proxy in front of a browser it did not launch: check every request instead.
        guard.intercept(page)
    return wrapped
