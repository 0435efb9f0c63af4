"""The session behind one refwright page: its parts, handed explicitly to the command handlers and the
resolver (they never reach into ``Page``), and what keeps it going when its tab crashes or is trapped.

A ``Page`` is a facade over one ``Tab``, as playwright-python's public classes are over their
implementation objects.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from urllib.parse import urlsplit

from playwright.async_api import BrowserContext, Dialog, FrameLocator, Locator, Selectors
from playwright.async_api import Page as PlaywrightPage

from ..._capabilities import Capabilities
from ..._config import Config
from ..._driver._notes import reason_sentence, refusal_notes
from ..._driver._selectors import to_playwright_selector
from ..._errors import PolicyDeniedError, RefwrightError, StaleRefError
from ..._files._outdir import OutputFolder
from ...safety import ActionType, clean_line, decide, declined_reason
from ...snapshot._format import quote
from ...snapshot._refs import parse_ref
from ...snapshot._types import RefEntry
from ..launch._attach import keeps_open
from ..launch._guard_wiring import NetworkGuard
from ..pipeline._translate import best_effort
from ..runtime._channel import RuntimeChannel
from ..runtime._runtime_engine import ENGINE, scope_for
from ._downloads import save_download
from ._listeners import Navigation, PageEvents
from ._network_recorder import NetworkRecorder
from ._tab_parts import (
    ConfirmCallback,
    Live,
    Opener,
    Origin,
    OutputWork,
    PolicyGate,
    Resolving,
    View,
    WindowSettings,
)
from ._tabgroup import TabGroup

__all__ = ["ConfirmCallback", "Opener", "Tab", "close_over_cdp"]

_log = logging.getLogger(__name__)


# A dialog kept open that still blocks the command that opened it after this long stops that command.
_DIALOG_GRACE = 0.4

# Closing a page: how often the close is sent, and how long each attempt waits for the page to go.
_CLOSE_ATTEMPTS = 4
_CLOSE_WAIT = 1_000


def _is_favicon(target: str) -> bool:
    return urlsplit(target).path == "/favicon.ico"


async def close_over_cdp(pw: PlaywrightPage) -> bool:
    """Close ``pw`` with CDP's Target.closeTarget, sent again until the page is gone (it skips
    beforeunload). False when CDP is not available here (not Chromium, or a persistent context)."""
    browser = pw.context.browser
    if browser is None:
        return False
    with best_effort() as reached:
        session = await pw.context.new_cdp_session(pw)
        info = await session.send("Target.getTargetInfo")
        target_id = info["targetInfo"]["targetId"]
        browser_session = await browser.new_browser_cdp_session()
    if reached.failed:
        return pw.is_closed()
    try:
        for _ in range(_CLOSE_ATTEMPTS):
            with best_effort():  # not closed within the wait: tried again, or left below
                async with pw.expect_event("close", timeout=_CLOSE_WAIT):
                    await browser_session.send("Target.closeTarget", {"targetId": target_id})
                return True
            if pw.is_closed():
                return True
    finally:
        with best_effort():  # gone with the browser
            await browser_session.detach()
    # Still open after every attempt: leave it rather than hang.
    return True


class Tab:
    """One tab's parts: the Playwright page (replaced after a crash), config, refs, network guard,
    listeners and navigation state, the runtime channel, the resolver's state, the action policy, the
    frame commands run in, and the tab group it belongs to (the tabs of its window)."""

    def __init__(self, pw: PlaywrightPage, *, config: Config, guard: NetworkGuard,
                 selectors: Callable[[], Selectors], opener: Opener | None = None,
                 own_context: BrowserContext | None = None, output: OutputFolder | None = None,
                 tabs: TabGroup[Tab, WindowSettings] | None = None, context: BrowserContext | None = None) -> None:
        self.pw = pw
        self.config = config
        # Where file-writing commands write: the browser's folder, or the page's own when wrapped.
        self.output = output or OutputFolder(config)
        self.work = OutputWork()
        self.guard = guard
        self.events = PageEvents(guard, Navigation(), config.dialogs)
        self.events.hooks.on_held = self._hold_dialog
        self.events.hooks.on_main_navigation = self._leave_frame
        if config.popups == "tab":
            self.events.hooks.adopt = self._adopt_popup
        if config.downloads == "save":
            self.events.hooks.save_download = lambda download: save_download(self.output, download)
        self.events.hooks.save_downloads_with = "--downloads save" if config.surface == "cli" else \
            'Config(downloads="save")'
        # Routes, the request log and HAR recording (`network ...`).
        self.network = NetworkRecorder(guard)
        self.channel = RuntimeChannel(lambda: self.pw, selectors, config, lambda: self.live.guarding)
        self.view = View()
        self.resolving = Resolving()
        # The actions the policy allowed for the command running now (the pipeline's authorize stage).
        self.granted: frozenset[ActionType] = frozenset()
        # A context made for this page alone (Browser.new_page(isolated=True)) is closed with the page; a
        # replacement page opens in the window's own context, which this tab may not own.
        self._origin = Origin(selectors, opener, own_context, context or own_context)
        # The public object over this session (a refwright Page), so that each tab has one.
        self.facade: object | None = None
        self.tabs: TabGroup[Tab, WindowSettings] = tabs if tabs is not None else TabGroup(WindowSettings())
        if tabs is None:
            self.tabs.add(self)
        self.attach(pw)

    def attach(self, pw: PlaywrightPage) -> None:
        self.pw = pw
        self.live = Live(pw, self.config.timeouts.probe / 1000)
        self.events.attach(pw)
        self.network.attach(pw)

    @property
    def url(self) -> str:
        return self.pw.url

    async def title(self) -> str:
        seen = self.events.dialogs_seen
        title = await self._read_title()
        if not title and self.events.dialogs_seen != seen:
            # A dialog that opened during the read cut it short (it answers empty): read it again.
            title = await self._read_title()
        return title

    async def _read_title(self) -> str:
        direct = await self.channel.title()
        return direct if direct is not None else await self.pw.title()

    def capabilities(self) -> Capabilities:
        return replace(self.guard.capabilities(), dialogs_dismissed=self.config.dialogs == "dismiss",
                       popups_closed=self.config.popups == "close")

    # -- lifecycle -----------------------------------------------------------------------------

    async def close(self) -> None:
        self.tabs.remove(self)
        if keeps_open(self.pw):
            return  # the person's own tab in a lent browser (or kept with keep_tabs): only forgotten
        if not self.pw.is_closed() and not await close_over_cdp(self.pw):
            with best_effort():  # closed meanwhile
                await self.pw.close()
        context = self._origin.own_context
        if context is not None:
            self._origin = replace(self._origin, own_context=None)
            with best_effort():  # gone with the browser
                await context.close()

    async def close_window(self) -> None:
        """Close every tab of this tab's window, then this one (closed already when `tab close` took it):
        the tabs and windows a page opened must not outlive it (a `window new` has a context of its own)."""
        for entry in self.tabs.entries:
            if entry.member is not self:
                await entry.member.close()
        await self.close()

    @property
    def replaceable(self) -> bool:
        """Whether a fresh tab can stand in for this one (refwright owns the browser)."""
        return self._origin.opener is not None

    async def recover(self) -> None:
        """After a crash or close, continue on a fresh page when refwright owns the browser."""
        if self._origin.opener is None:
            return
        self.attach(await self._origin.opener(self._origin.context))
        self.view.reset()
        await self.network.restore_routes()

    async def recover_quietly(self) -> None:
        """Recover when it can: the command's own error is the answer, so a failed recovery is only what
        the next command meets (and recovers from in turn)."""
        with best_effort(RefwrightError):
            await self.recover()

    async def escape_trap(self) -> bool:
        """Leave a page that keeps itself open with a beforeunload dialog: close it (a CDP close skips
        beforeunload) and go on in a fresh tab. Only where refwright owns the browser."""
        if self._origin.opener is None:
            return False
        trapped = self.pw
        await self.recover()
        await close_over_cdp(trapped)
        self.events.notes.append(
            "The page asked to stay open (a \"Leave site?\" beforeunload dialog); refwright dismissed the "
            "dialog, closed that page and continued in a fresh tab.")
        return True

    # -- tabs ----------------------------------------------------------------------------------

    def spawn(self, pw: PlaywrightPage, *, own_context: BrowserContext | None = None,
              label: str | None = None) -> Tab:
        """A new tab of this window on ``pw``, under the window's settings (policy, confirmation, providers);
        its own refs, listeners and frame. ``own_context`` (a new window's) is closed with the tab."""
        tab = Tab(pw, config=self.config, guard=self.guard, selectors=self._origin.selectors,
                      opener=self._origin.opener, own_context=own_context, output=self.output, tabs=self.tabs,
                      context=own_context or self._origin.context)
        self.tabs.add(tab, label)
        return tab

    def active_tab(self) -> Tab:
        """The tab commands run on. Tabs whose page closed itself (``window.close()``) are dropped first;
        when the active one was among them, its neighbour takes over and the answer says so."""
        active = self.tabs.active or self
        gone = [e for e in self.tabs.entries if e.member.pw.is_closed() and len(self.tabs) > 1]
        for entry in gone:
            if len(self.tabs) > 1:
                self.tabs.remove(entry.member)
        now = self.tabs.active or self
        if now is not active:
            closed = ", ".join(e.tab_id for e in gone)
            current = self.tabs.entry_of(now)
            now.events.notes.append(f"Tab [{closed}] was closed by its page; commands run on tab "
                                    f"[{current.tab_id if current else '?'}] now.")
        return now

    async def open_page(self, *, window: bool = False) -> tuple[PlaywrightPage, BrowserContext | None]:
        """A blank Playwright page for a new tab (in this window's context) or a new window (in a new
        context, whose cookies and storage are its own), with the network guard over it."""
        intercepted = not self.guard.capabilities().redirects_checked
        if window:
            browser = self.pw.context.browser
            if browser is None:
                raise RefwrightError("This browser cannot open another window (a persistent context); use "
                                     "`tab new` instead.")
            # A remote browser behind refwright's proxy (guard_listen) needs it on every context it makes.
            context = await browser.new_context(accept_downloads=self.config.downloads == "save",
                                                **self.guard.context_options())
            if intercepted:
                await self.guard.intercept(context)
            return await context.new_page(), context
        if self._origin.opener is not None:
            return await self._origin.opener(self._origin.context), None
        # A wrapped page: its routes are its own, so the new one is routed as well.
        pw = await self.pw.context.new_page()
        if intercepted:
            await self.guard.intercept(pw)
        return pw, None

    async def _adopt_popup(self, popup: PlaywrightPage) -> None:
        if self._origin.opener is None and not self.guard.capabilities().redirects_checked:
            await self.guard.intercept(popup)
        reason = await self.guard.verdict(popup.url)
        if reason is not None:
            self.events.notes.append(
                f"A popup window or new tab to {quote(clean_line(popup.url))} was closed: {reason_sentence(reason)}")
            await close_over_cdp(popup)
            return
        tab = self.spawn(popup)
        entry = self.tabs.entry_of(tab)
        tab_id = entry.tab_id if entry is not None else "t?"
        self.events.notes.append(f"A new tab [{tab_id}] opened ({quote(clean_line(popup.url))}); run `tab {tab_id}` to "
                                 "switch to it.")

    # -- dialogs and frames --------------------------------------------------------------------

    def _hold_dialog(self, dialog: Dialog) -> None:
        def release() -> None:
            self.events.release(dialog)
            self.events.notes.append(
                f"A JavaScript {dialog.type} dialog was dismissed: {quote(clean_line(dialog.message))} (it blocked the "
                "command, and the sync API cannot keep a dialog open while a command waits)")

        self.live.watchdog.hold_dialog(dialog, _DIALOG_GRACE, lambda: self.events.dialog is dialog, release)

    def _leave_frame(self) -> None:
        self.view.frame_path = ()

    @property
    def scope(self) -> PlaywrightPage | FrameLocator:
        """Where selectors and snapshots apply: the page, or the frame `frame <target>` switched to."""
        return scope_for(self.pw, self.view.frame_path)

    # -- safety --------------------------------------------------------------------------------

    @property
    def window(self) -> WindowSettings:
        """The settings every tab of this window shares (the policy, the confirm callback, the providers)."""
        return self.tabs.window

    @property
    def gate(self) -> PolicyGate:
        return self.tabs.window.gate

    async def authorize_step(self, action: ActionType | None) -> None:
        """A step the running command takes (a resolver's click, fill or select): allowed when the command
        was authorized for that action, else decided by the policy now (and asked, where it says to)."""
        if action is None or action in self.granted:
            return
        await self.check_policy(action, self.url)
        self.granted |= {action}

    async def check_policy(self, action: ActionType | None, url: str, command: str = "") -> None:
        """Refuse ``action`` on ``url`` unless the window's policy allows it (asking where it says to) and its
        permit gate lets it through; ``command``: the line being authorized, which the gate may show."""
        if action is None:
            return
        await self._check_action_policy(action, url)
        if self.gate.permit is not None:
            await self.gate.permit(action, url, command)

    async def _check_action_policy(self, action: ActionType, url: str) -> None:
        if self.gate.policy is None:
            return
        decision = decide(self.gate.policy, action, url)
        if decision.denied:
            raise PolicyDeniedError(decision.reason)
        if decision.needs_confirmation:
            if self.gate.confirm is None:
                raise PolicyDeniedError(declined_reason(action, url, asked=False))
            try:
                approved = bool(await self.gate.confirm(action, url))
            except Exception:
                # The caller's own prompt, which may fail in any way: one that failed did not say yes.
                _log.warning("the confirm callback failed; the action is refused", exc_info=True)
                approved = False
            if not approved:
                raise PolicyDeniedError(declined_reason(action, url))

    def origin(self) -> str:
        parts = urlsplit(self.pw.url)
        if parts.scheme in ("http", "https") and parts.netloc:
            return f"{parts.scheme}://{parts.netloc}{parts.path}"
        return parts.scheme + ":" if parts.scheme else "about:blank"

    def navigation_refusal(self, url: str, final_url: str | None = None) -> str | None:
        """Why the proxy refused a navigation to ``url`` or one of its redirect hops (``final_url``, where
        the browser shows the proxy's refusal), if it did. The refusals read here are the page's, so they
        are not repeated as notes after the next command."""
        self.events.remember_target(url)
        refused = [r for r in self.guard.take_refusals(self.events.requested) if not _is_favicon(r[0])]
        for target, _, _, reason in refused:
            if target == final_url:
                return reason
        return refused[0][3] if refused else None

    def refusal_notes(self) -> list[str]:
        # Chromium's own background requests go through the proxy too; only the page's are news. Its
        # favicon request for a refused page is Chromium's, not the page's.
        mine = [r for r in self.guard.take_refusals(self.events.requested) if not _is_favicon(r[0])]
        return refusal_notes(mine)

    # -- refs and locators ---------------------------------------------------------------------

    def locator(self, target: str, *, checked: bool = True) -> Locator:
        """A Playwright ``Locator`` for a ref (``@e3``, ``e3``, ``ref=e3``) or any selector.

        A ref's locator is ``checked``: once its element is gone, its document replaced, or its role or
        name changed since the snapshot that listed it, every use fails at once with a sentence that says
        so (a StaleRefError through ``_translate``). Unchecked, it matches nothing then, for the queries
        that answer a missing target (``get count`` is 0)."""
        ref = parse_ref(target)
        if ref is None:
            return self.scope.locator(to_playwright_selector(target))
        entry = self.view.refs.latest.get(ref)
        if entry is None:
            if not self.view.refs.ever_assigned(ref):
                raise RefwrightError(
                    f"There is no ref @{ref} on this page. Take a snapshot (`snapshot -i`) and use one of "
                    "the refs it lists."
                )
            if checked:
                raise StaleRefError(
                    f"@{ref} is not in the latest snapshot: it came from an earlier one, and refs act only as the "
                    "latest snapshot listed them. Take a new snapshot (`snapshot -i`) and use the refs it lists.")
            # A ref from an older snapshot resolves to nothing: it never acts on another element.
            return self.pw.locator(f"{ENGINE}=ref:stale:0")
        if not checked:
            return scope_for(self.pw, entry.frames).locator(entry.selector(ENGINE))
        return scope_for(self.pw, entry.checked_frames(ENGINE)).locator(entry.checked_selector(ENGINE))

    def ref(self, ref: str) -> RefEntry | None:
        parsed = parse_ref(ref)
        entry = self.view.refs.latest.get(parsed) if parsed else None
        return RefEntry(entry.ref, entry.role, entry.name) if entry else None
